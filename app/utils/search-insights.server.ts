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
import { getD1 } from "./db.server";

/** As long as a synonym may be, so every recorded query can become one. */
export const INSIGHT_QUERY_MAX_LENGTH = SYNONYM_MAX_LENGTH;
const INSIGHT_MAX_WORDS = 4;
const INSIGHT_MAX_WORD_LENGTH = 20;
export const INSIGHTS_MAX_ROWS = 500;
export const INSIGHTS_PAGE_SIZE = 50;

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
  const d1 = getD1(context);
  const now = Date.now();
  const done = d1
    .batch([
      d1
        .prepare(
          `insert into search_zero_results (query, count, first_seen_at, last_seen_at) values (?1, 1, ?2, ?2)
           on conflict(query) do update set count = count + 1, last_seen_at = excluded.last_seen_at`,
        )
        .bind(query, now),
      d1
        .prepare(
          `delete from search_zero_results where query in
             (select query from search_zero_results order by count desc, last_seen_at desc limit -1 offset ?)`,
        )
        .bind(INSIGHTS_MAX_ROWS),
    ])
    .then(() => undefined)
    .catch((error) => console.warn("could not record a zero-result search", error));
  context.cloudflare.ctx?.waitUntil?.(done);
  return done;
}

export interface ZeroResultSearch {
  query: string;
  count: number;
  firstSeenAt: number;
  lastSeenAt: number;
}

/** One page of zero-result searches, most frequent or most recent first (one round trip). */
export async function listZeroResultSearches(context: AppLoadContext, { sort, page }: { sort: (typeof INSIGHT_SORTS)[number]; page: number }) {
  const d1 = getD1(context);
  const order = sort === "recent" ? "last_seen_at desc, count desc, query" : "count desc, last_seen_at desc, query";
  const [items, total] = await d1.batch([
    d1
      .prepare(
        `select query, count, first_seen_at as firstSeenAt, last_seen_at as lastSeenAt from search_zero_results
          order by ${order} limit ? offset ?`,
      )
      .bind(INSIGHTS_PAGE_SIZE, (page - 1) * INSIGHTS_PAGE_SIZE),
    d1.prepare("select count(*) as n from search_zero_results"),
  ]);
  const totalCount = (total.results[0] as { n: number } | undefined)?.n ?? 0;
  return { items: items.results as ZeroResultSearch[], totalCount, page, totalPages: Math.max(1, Math.ceil(totalCount / INSIGHTS_PAGE_SIZE)) };
}

/**
 * Stores "shoppers typing `term` mean `canonical`" and resolves the zero-result row, in one atomic
 * batch: nothing is stored unless `canonical` is a word (or phrase) of the catalogue's search index
 * (names, descriptions, category names). False when it is not. Both sides come validated by
 * `searchInsightActionSchema` (lower case, letters, digits and single spaces).
 */
export async function addSynonymForQuery(context: AppLoadContext, term: string, canonical: string): Promise<boolean> {
  const d1 = getD1(context);
  const [stored] = await d1.batch([
    d1
      .prepare(
        `insert into search_synonyms (term, canonical)
         select ?1, ?2 where exists (select 1 from products_fts where products_fts match ?3)
         on conflict(term) do update set canonical = excluded.canonical`,
      )
      .bind(term, canonical, `{name description categories} : "${canonical}"`),
    d1
      .prepare("delete from search_zero_results where query = ?1 and exists (select 1 from search_synonyms where term = ?1 and canonical = ?2)")
      .bind(term, canonical),
  ]);
  return (stored.meta.changes ?? 0) > 0;
}

/** Drops a zero-result row without a synonym (noise, or something the store does not sell). */
export async function dismissZeroResultSearch(context: AppLoadContext, term: string): Promise<void> {
  await getD1(context).prepare("delete from search_zero_results where query = ?").bind(term).run();
}
