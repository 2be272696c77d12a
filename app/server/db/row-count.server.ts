/**
 * Row counts (LIMIT, OFFSET) written into a statement's SQL instead of bound as parameters.
 *
 * D1 compiles a statement whose LIMIT or OFFSET is a bound parameter afresh on every run; with the
 * count written in, the compiled statement is reused (measured in docs/bench/025-search-at-scale.md).
 *
 * Only for counts the code chose (its constants, page sizes already validated by a schema): the
 * value must be a whole number ≥ 0, or this throws.
 */
import { sql, type SQL } from "drizzle-orm";

export function rowCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${n} is not a row count`);
  return String(n);
}

/**
 * {@link rowCount} for Drizzle's `.limit()`: the builder writes an SQL chunk it is given as SQL
 * (its type says number, so the chunk is cast).
 */
export const writtenLimit = (n: number) => sql.raw(rowCount(n)) as unknown as number;

/**
 * A LIMIT computed by SQL, for Drizzle's `.limit()`. SQLite evaluates a statement's LIMIT once,
 * before it reads any row, and a LIMIT of 0 reads none: a condition that holds for the whole
 * statement (e.g. "only when this product is out of stock") goes here rather than in the WHERE,
 * where it is checked per row after each row is read.
 */
export const limitBy = (expression: SQL) => expression as unknown as number;
