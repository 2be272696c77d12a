import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./db.server";

type Item = BatchItem<"sqlite">;
type Named = Record<string, Item | readonly Item[]>;
/** What one named entry answers: a statement's result, or a list of statements' results. */
type ResultOf<S> = S extends readonly (infer I)[] ? Awaited<I>[] : Awaited<S>;
export type NamedResults<T extends Named> = { [K in keyof T]: ResultOf<T[K]> };

/**
 * Runs named statements (or lists of them, possibly empty) as ONE `db.batch`, in the order they are
 * named, and answers each one's result under its name: a batch assembled from optional parts is
 * read without counting positions.
 */
export async function namedBatch<T extends Named>(db: Database, named: T): Promise<NamedResults<T>> {
  const statements: Item[] = [];
  const spans: { name: string; start: number; count: number; list: boolean }[] = [];
  for (const [name, entry] of Object.entries(named)) {
    const list = Array.isArray(entry);
    const items: readonly Item[] = list ? entry : [entry as Item];
    spans.push({ name, start: statements.length, count: items.length, list });
    statements.push(...items);
  }
  const [first, ...rest] = statements;
  const results: unknown[] = first ? await db.batch([first, ...rest]) : [];
  return Object.fromEntries(
    spans.map(({ name, start, count, list }) => [name, list ? results.slice(start, start + count) : results[start]]),
  ) as NamedResults<T>;
}
