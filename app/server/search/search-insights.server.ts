/**
 * Zero-result searches, for admins (docs/decisions/018-search-suggestions-and-insights.md).
 *
 * What is kept: the query as search words (lower case, letters and digits), how often it found
 * nothing, first and last seen. Never who searched: no user, session, IP or agent. Queries that look
 * like personal data (an email address, a phone or PIN number) or like noise are not kept, and the
 * table keeps at most INSIGHTS_MAX_ROWS rows, dropping the rarest and oldest first.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { SYNONYM_MAX_LENGTH, type INSIGHT_SORTS } from "~/lib/schemas/search";
import { foldText, SEARCH_MAX_LENGTH, searchWords } from "~/lib/search/normalise";
import { and, asc, count, desc, eq, exists, notInArray, type SQL, sql } from "drizzle-orm";
import { searchSynonyms, searchZeroResults } from "~/db/schema";
import { getDb } from "~/server/db/db.server";

/** As long as a synonym may be, so every recorded query can become one. */
const INSIGHT_QUERY_MAX_LENGTH = SYNONYM_MAX_LENGTH;
const INSIGHT_MAX_WORDS = 4;
const INSIGHT_MAX_WORD_LENGTH = 20;
const INSIGHTS_MAX_ROWS = 500;
const INSIGHTS_PAGE_SIZE = 50;

/** The text recorded for a search, or null when it is not worth keeping (noise, or possibly personal). */
export function insightQuery(q: string): string | null {
  if (q.includes("@")) return null;
  // Noise and personal data are judged on everything typed, before search drops fillers and numbers.
  const typed = foldText(q.slice(0, SEARCH_MAX_LENGTH));
  const typedWords = typed.split(" ").filter(Boolean);
  if (!typedWords.length || typedWords.length > INSIGHT_MAX_WORDS || typedWords.some((w) => w.length > INSIGHT_MAX_WORD_LENGTH)) return null;
  // Letters required; a run of 5+ digits is a phone, PIN or order number rather than a grocery.
  if (!/\p{L}/u.test(typed) || /\p{N}{5,}/u.test(typed)) return null;
  const text = searchWords(q).join(" ");
  if (text.length < 2 || text.length > INSIGHT_QUERY_MAX_LENGTH) return null;
  return text;
}

/**
 * Counts a search that found nothing, after the answer: the write is not awaited by the page
 * (`waitUntil` keeps the Worker alive for it). One atomic batch: the upsert (parallel identical
 * searches each add one) and the trim back to INSIGHTS_MAX_ROWS.
 */
export function recordZeroResultSearch(context: AppLoadContext, q: string): Promise<void> | undefined {
  const query = insightQuery(q);
  if (!query) return undefined;
  const db = getDb(context);
  const now = Date.now();
  // Every row but the kept ones (Drizzle drops `limit -1`, which `offset` alone would need).
  const kept = db
    .select({ query: searchZeroResults.query })
    .from(searchZeroResults)
    .orderBy(desc(searchZeroResults.count), desc(searchZeroResults.lastSeenAt))
    .limit(INSIGHTS_MAX_ROWS);
  const done = db
    .batch([
      db
        .insert(searchZeroResults)
        .values({ query, count: 1, firstSeenAt: now, lastSeenAt: now })
        .onConflictDoUpdate({ target: searchZeroResults.query, set: { count: sql`${searchZeroResults.count} + 1`, lastSeenAt: now } }),
      db.delete(searchZeroResults).where(notInArray(searchZeroResults.query, kept)),
    ])
    .then(() => undefined)
    .catch((error) => console.warn("could not record a zero-result search", error));
  context.cloudflare.ctx?.waitUntil?.(done);
  return done;
}

const ORDERS = {
  frequent: [desc(searchZeroResults.count), desc(searchZeroResults.lastSeenAt), asc(searchZeroResults.query)],
  recent: [desc(searchZeroResults.lastSeenAt), desc(searchZeroResults.count), asc(searchZeroResults.query)],
} satisfies Record<(typeof INSIGHT_SORTS)[number], SQL[]>;

/** One page of zero-result searches, most frequent or most recent first (one round trip). */
export async function listZeroResultSearches(context: AppLoadContext, { sort, page }: { sort: (typeof INSIGHT_SORTS)[number]; page: number }) {
  const db = getDb(context);
  const [items, [total]] = await db.batch([
    db
      .select({
        query: searchZeroResults.query,
        count: searchZeroResults.count,
        firstSeenAt: searchZeroResults.firstSeenAt,
        lastSeenAt: searchZeroResults.lastSeenAt,
      })
      .from(searchZeroResults)
      .orderBy(...ORDERS[sort])
      .limit(INSIGHTS_PAGE_SIZE)
      .offset((page - 1) * INSIGHTS_PAGE_SIZE),
    db.select({ n: count() }).from(searchZeroResults),
  ]);
  const totalCount = total?.n ?? 0;
  return { items, totalCount, page, totalPages: Math.max(1, Math.ceil(totalCount / INSIGHTS_PAGE_SIZE)) };
}

export type ZeroResultSearch = Awaited<ReturnType<typeof listZeroResultSearches>>["items"][number];

/**
 * Stores "shoppers typing `term` mean `canonical`" and resolves the zero-result row, in one atomic
 * batch: nothing is stored unless `canonical` is a word (or phrase) of the catalogue's search index
 * (names, descriptions, category names). False when it is not. Both sides come validated by
 * `searchInsightActionSchema` (lower case, letters, digits and single spaces).
 */
export async function addSynonymForQuery(context: AppLoadContext, term: string, canonical: string): Promise<boolean> {
  const db = getDb(context);
  const phrase = `{name description categories} : "${canonical}"`;
  const stored = eq(searchSynonyms.term, term);
  const [insert] = await db.batch([
    db
      .insert(searchSynonyms)
      // Raw SQL: the guard is an FTS5 `match` on the products_fts virtual table, which is not in the schema.
      .select(sql`select ${term}, ${canonical} where exists (select 1 from products_fts where products_fts match ${phrase})`)
      .onConflictDoUpdate({ target: searchSynonyms.term, set: { canonical } }),
    db.delete(searchZeroResults).where(
      and(
        eq(searchZeroResults.query, term),
        exists(
          db
            .select({ one: sql`1` })
            .from(searchSynonyms)
            .where(and(stored, eq(searchSynonyms.canonical, canonical))),
        ),
      ),
    ),
  ]);
  return (insert.meta.changes ?? 0) > 0;
}

/** Drops a zero-result row without a synonym (noise, or something the store does not sell). */
export async function dismissZeroResultSearch(context: AppLoadContext, term: string): Promise<void> {
  await getDb(context).delete(searchZeroResults).where(eq(searchZeroResults.query, term));
}
