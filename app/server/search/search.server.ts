/**
 * Product search on D1 (docs/decisions/014-search-relevance.md): the words a shopper typed, read
 * with the shopper vocabulary (Hinglish and Indian-English synonyms), ranked the way a shopper
 * expects, and corrected when they find nothing (typos, split or joined words).
 *
 * Round trips: ONE batch for a query that finds something; a second only when the query is
 * corrected, relaxed, has nothing to show, or meets a synonym row changed since the deploy.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { correctWords, MAX_SPLIT_LOOKUPS, splitsOf, suggestionsFor, type Correction, type VocabularyWord } from "~/lib/search/correction";
import { searchWords } from "~/lib/search/normalise";
import { ftsQuery, phraseForms, planSlots, type Slot } from "~/lib/search/plan";
import { BUNDLED_SYNONYMS, firstLetters, synonymIndex, withTableRows, type SynonymRow } from "~/lib/search/synonyms";
import { listingPath } from "~/lib/slugs";
import { columnsFor, paged, shapeRows, type CardRow, type CatalogueProduct, type Page, type Shape } from "~/server/catalogue/rows.server";
import { getD1 } from "~/server/db/db.server";
import { rowCount } from "~/server/db/row-count.server";
import { rawStockAt, type StockStore } from "~/server/stores/store-stock.server";

// ---------------------------------------------------------------------------------------------
// Ranking: the one place the score is defined

/** Numbered `?N` parameters, one per distinct value (D1 allows 100 per statement). */
class Params {
  readonly values: unknown[] = [];
  ref(value: unknown): string {
    const at = this.values.indexOf(value);
    if (at >= 0) return `?${at + 1}`;
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

/**
 * THE SCORE. Results are ordered by, in turn:
 *  1. `named`: the query names the product's sub-category — 2 when a slot is a whole part of the
 *     sub-category's name ("milk" → Milk, "butter" → Butter & Cheese, "crisps" → Chips & Crisps),
 *     1 when it is the last word of a part ("tea" → Green & Herbal Tea, "fruits" → Fresh Fruits);
 *     only for products where every slot matched more than the description;
 *  2. `tier`: for each slot, where its best alternative matched, summed over slots —
 *     6 a whole word of the name, 5 a prefix of a word in the name, 4 a whole word of a
 *     sub-category name, 3 of a category name, 2 a prefix in a (sub-)category name, 1 the
 *     description only (0 when a relaxed query left the slot unmatched); singular and plural count
 *     as the same whole word;
 *  3. in stock before out of stock;
 *  4. `head`: slots that are the last word of the name before any bracket, which says what the
 *     product is ("Kissan Mixed Fruit Jam" is jam, "Jim Jam Cream Biscuits" are biscuits);
 *  5. popularity: units ordered in the last 30 days (product_popularity, kept by the cron);
 *  6. bm25 (name 10, sub-categories 4, categories 2, description 1), then the id: a stable order.
 *
 * These keys are computed for CANDIDATES only, never for every match (decision 025). The index's
 * rowids are in popularity order (renumbered nightly by the search upkeep), so the index gives the
 * matches most shoppers buy first without scoring any: that sequence is cut in blocks of
 * {@link CANDIDATES}; the keys (bm25 included) order each block, and a page reads only the blocks it
 * reaches (the first, for any page up to CANDIDATES results). Every page of a query therefore comes
 * from one total order: block, then the keys above.
 * The keys read the index's stored text from its content table by rowid (`products_fts_content`,
 * columns c0…c6 in the order of the table's columns), a plain b-tree lookup, and stock and
 * popularity by the product id stored there: no `products` row is read for a candidate.
 */
function rankedHitsSql(slots: Slot[], mode: "all" | "any", params: Params, blocks: number, block: number) {
  const column = { product_id: "c0", name: "c1", subcats: "c2", categories: "c3", sub_parts: "c5", name_core: "c6" } as const;
  const text = (name: keyof typeof column) => `f.${column[name]}`;
  const whole = (name: keyof typeof column, alt: string) =>
    phraseForms(alt)
      .map((form) => `instr(${text(name)}, ' ' || ${params.ref(form)} || ' ')`)
      .join(" or ");
  const prefix = (name: keyof typeof column, alt: string) => `instr(${text(name)}, ' ' || ${params.ref(alt)})`;
  const ends = (alt: string) =>
    phraseForms(alt)
      .map((form) => `substr(${text("name_core")}, -length(${params.ref(form)}) - 2) = ' ' || ${params.ref(form)} || ' '`)
      .join(" or ");
  const altTier = (alt: string) =>
    `case when ${ends(alt)} then 7 when ${whole("name", alt)} then 6 when ${prefix("name", alt)} then 5 when ${whole("subcats", alt)} then 4
       when ${whole("categories", alt)} then 3 when ${prefix("subcats", alt)} or ${prefix("categories", alt)} then 2 else 0 end`;
  const altNamed = (alt: string) => {
    const forms = phraseForms(alt);
    const part = forms.map((f) => `instr(${text("sub_parts")}, '|' || ${params.ref(f)} || '|')`).join(" or ");
    const head = forms.map((f) => `instr(${text("sub_parts")}, ' ' || ${params.ref(f)} || '|')`).join(" or ");
    return `case when ${part} then 2 when ${head} then 1 else 0 end`;
  };
  const floor = mode === "all" ? 1 : 0;
  const slotTiers = slots.map((s, i) => `max(${floor}, ${s.alternatives.map(altTier).join(", ")}) as s${i}`);
  const wholeQuery = slots.length > 1 ? [slots.map((s) => s.typed).join(" ")] : [];
  const named = `max(0, ${[...slots.flatMap((s) => s.alternatives), ...wholeQuery].map(altNamed).join(", ")})`;
  const columns = slots.map((_, i) => `s${i}`);
  const match = params.ref(ftsQuery(slots, mode));
  // A sub-category counts as named only when every slot matched more than the description
  // ("dal makhani" must not lift a plain dal whose description mentions makhani).
  // The candidates: the first matches in the index's rowid (popularity) order, cut at the blocks
  // the page needs; bm25 is computed for those only. One block (any page up to CANDIDATES results)
  // needs no numbering, which would cost a window over every candidate.
  const blockOf = blocks > 1 ? `(row_number() over (order by rowid) - 1) / ${rowCount(block)}` : "0";
  const candidates = `select rowid as fts_rowid, bm, ${blockOf} as block
      from (select rowid, bm25(products_fts, 0, 10, 4, 2, 1, 0, 0) as bm from products_fts where products_fts match ${match}
             order by rowid limit ${rowCount(blocks * block)})`;
  return {
    match,
    sql: `select id, block, bm, ${columns.map((c) => `min(6, ${c})`).join(" + ")} as tier, ${columns.map((c) => `(${c} = 7)`).join(" + ")} as head,
              case when min(99, ${columns.join(", ")}) >= 2 then named else 0 end as named
            from (select ${text("product_id")} as id, candidates.block, candidates.bm, ${named} as named, ${slotTiers.join(", ")}
                    from (${candidates}) as candidates join products_fts_content f on f.id = candidates.fts_rowid)`,
  };
}

/**
 * Matches ranked per block (decision 025): the keys of {@link rankedHitsSql} are computed for this
 * many matches at a time, the most popular first. Large enough that what a shopper means is in the
 * first block (`npm run search:eval` gives the same figures at 150 as at 200, on the demo and on the
 * 20,000-product scale state; scripts/search-cap-check.ts compares blocks with no cap), small
 * enough that a search reads the same number of rows whatever the catalogue's size and stays
 * within the search budget there (decision 025; docs/bench/025-search-at-scale.md). Deeper pages
 * read more blocks.
 */
export const CANDIDATES = 150;

interface Window {
  limit: number;
  offset: number;
  /** Candidates per block (CANDIDATES; scripts/search-cap-check.ts compares others). */
  block: number;
}

function searchStatements(d1: D1Database, slots: Slot[], mode: "all" | "any", shape: Shape, { limit, offset, block }: Window, store: StockStore) {
  const params = new Params();
  const hits = rankedHitsSql(slots, mode, params, Math.max(1, Math.ceil((offset + limit) / block)), block);
  const stock = rawStockAt(store, (value) => params.ref(value));
  const candidateStock = rawStockAt(store, (value) => params.ref(value), "hits.id");
  // Sort the candidates on their keys alone, then build the page's rows (images, categories) for the page only.
  // Raw SQL: FTS5 `match`/`bm25` ranking over products_fts with numbered, de-duplicated parameters
  // (D1 binds at most 100 a statement; Drizzle's `sql` would bind every repeated value again).
  const page = d1
    .prepare(
      `with hits as (${hits.sql}),
       ranked as (
         select hits.id, hits.block, hits.named, hits.tier, (${candidateStock} > 0) as inStock, hits.head,
                coalesce((select units from product_popularity pp where pp.product_id = hits.id), 0) as units,
                hits.bm
           from hits
          order by block, named desc, tier desc, inStock desc, head desc, units desc, bm, hits.id
          limit ${rowCount(limit)} offset ${rowCount(offset)})
       select ${columnsFor(shape, stock)} from ranked join products p on p.id = ranked.id
        order by ranked.block, ranked.named desc, ranked.tier desc, ranked.inStock desc, ranked.head desc, ranked.units desc, ranked.bm, ranked.id`,
    )
    .bind(...params.values);
  // Raw SQL: FTS5 `match` on the products_fts virtual table (not in the schema).
  const count = d1.prepare("select count(*) as n from products_fts where products_fts match ?").bind(ftsQuery(slots, mode));
  return { page, count, match: ftsQuery(slots, mode) };
}

// ---------------------------------------------------------------------------------------------
// Correction: typos, split and joined words, from the index's own word list

/**
 * The count of the query's matches, then (only when that count is 0) the word list: name and
 * (sub-)category words with how many products use each, from the words' first letters, plus every
 * word a split could produce. The first row is the count (`term` null). The word list's scans sit
 * behind `limit` 0 unless nothing matched: SQLite reads a limit once, before it scans, so a query
 * that finds something reads no word at all (a `where` guard is checked per row, after the scan).
 * The words come from search_vocabulary (migration 0027, kept by the cron) by primary key; while
 * the catalogue's words have changed since the cron last wrote it (search_vocabulary_state), from
 * the index's own word list, products_vocab, as the same guard chooses: one source or the other.
 */
function countAndVocabularyStatement(d1: D1Database, words: string[], match: string) {
  const params = new Params();
  // A missing state row reads as changed: the index's own list is always right, only slower.
  const guard = (stored: boolean) =>
    `limit (select case when matched.n = 0 and coalesce((select dirty from search_vocabulary_state), 1) ${stored ? "= 0" : "<> 0"} then -1 else 0 end from matched)`;
  const arms = (condition: string) => [
    `select * from (select term, doc from search_vocabulary where ${condition} ${guard(true)})`,
    `select * from (select term, sum(doc) as doc from products_vocab where col in ('name', 'subcats', 'categories') and ${condition} group by term ${guard(false)})`,
  ];
  // fts5vocab uses one constraint on `term` (OR-ed ranges read nothing) and D1 allows at most 5
  // compound SELECT terms: one range from the first to the last first letter, and the exact words,
  // each from both sources (4 terms).
  const letters = firstLetters(words).sort();
  const to = String.fromCharCode(letters[letters.length - 1].charCodeAt(0) + 1);
  const selects = arms(`term >= ${params.ref(letters[0])} and term < ${params.ref(to)}`);
  const halves = [...new Set(words.flatMap(splitsOf).flat())].slice(0, MAX_SPLIT_LOOKUPS);
  if (halves.length) selects.push(...arms(`term in (${halves.map((h) => params.ref(h)).join(", ")})`));
  // Raw SQL: an FTS5 `match` count and the fts5vocab table products_vocab, neither in the schema.
  return d1
    .prepare(
      `with matched as materialized (select count(*) as n from products_fts where products_fts match ${params.ref(match)})
       select null as term, n as doc from matched
       union all
       select term, doc from (${selects.join(" union ")})`,
    )
    .bind(...params.values);
}

/** The count and the word list of {@link countAndVocabularyStatement}'s answer. */
function countAndVocabulary(result: D1Result): { total: number; vocab: VocabularyWord[] } {
  const rows = result.results as unknown as { term: string | null; doc: number }[];
  return {
    total: rows.find((r) => r.term === null)?.doc ?? 0,
    vocab: rows.filter((r): r is VocabularyWord => r.term !== null),
  };
}

/**
 * The synonym table's rows for the words' first letters: one primary-key range per letter
 * (`term >= 'm' and term < 'n'`), so only those rows are read, not the whole table.
 */
function synonymRowsStatement(d1: D1Database, letters: string[]) {
  const params = new Params();
  const ranges = letters.map((l) => `(term >= ${params.ref(l)} and term < ${params.ref(String.fromCodePoint(l.codePointAt(0)! + 1))})`);
  // Raw SQL: in the one batch with the FTS5 statements (see topCategoriesStatement).
  return d1.prepare(`select term, canonical from search_synonyms where ${ranges.join(" or ")}`).bind(...params.values);
}

// ---------------------------------------------------------------------------------------------
// Top categories for a search that found nothing

interface CategoryLink {
  id: string;
  name: string;
  image: string;
  href: string;
}

function topCategoriesStatement(d1: D1Database) {
  // Raw SQL: runs in one D1 batch with the FTS5 statements above, and Drizzle's db.batch takes only
  // Drizzle queries (a Drizzle query here would cost a round trip of its own).
  return d1.prepare(
    `select c.id, c.name, c.image,
         (select json_object('id', s.id, 'name', s.name) from sub_category_categories sc join sub_categories s on s.id = sc.sub_category_id
           where sc.category_id = c.id order by s.name collate nocase, s.id limit 1) as firstSub,
         coalesce((select cp.units from category_popularity cp where cp.category_id = c.id), 0) as units
       from categories c order by units desc, c.name collate nocase, c.id limit 8`,
  );
}

function toCategoryLinks(result: D1Result): CategoryLink[] {
  const links: CategoryLink[] = [];
  for (const row of result.results as { id: string; name: string; image: string; firstSub: string | null }[]) {
    const sub = row.firstSub ? (JSON.parse(row.firstSub) as { id: string; name: string }) : null;
    if (sub) links.push({ id: row.id, name: row.name, image: row.image, href: listingPath(row, sub) });
  }
  return links;
}

// ---------------------------------------------------------------------------------------------
// The search

export interface SearchOptions<S extends Shape> {
  q: string;
  page: number;
  pageSize: number;
  /** Pages 1..page at once (the no-JS "load more" page) rather than page alone. */
  cumulative: boolean;
  shape: S;
  /** Whose stock the products show (and rank in-stock first by). */
  store: StockStore;
  /** Correct and relax a query that finds (almost) nothing. Off: "search instead for" what was typed. */
  correct?: boolean;
  /** When nothing is found, also load the top categories to offer instead (the search page). */
  withCategoriesWhenEmpty?: boolean;
  /** Candidates ranked per block (decision 025); only scripts/search-cap-check.ts sets another. */
  candidates?: number;
}

export interface SearchResult<T> extends Page<T> {
  /** The words searched, as the shopper will read them ("ice cream"); empty when nothing was searchable. */
  searched: string;
  /** True when `searched` is a correction of what was typed (show "Showing results for"). */
  corrected: boolean;
  /** True when no product has every word and these match some of them. */
  anyWord: boolean;
  /** Close words to try, when nothing matched. */
  suggestions: string[];
  /** Categories to browse, when nothing matched and `withCategoriesWhenEmpty` was asked. */
  topCategories: CategoryLink[];
}

type Item<S extends Shape> = S extends "card" ? CardRow : CatalogueProduct;

const countOf = (result: D1Result) => (result.results[0] as { n: number } | undefined)?.n ?? 0;

export async function searchCatalogue<S extends Shape>(
  context: AppLoadContext,
  { q, page, pageSize, cumulative, shape, store, correct = true, withCategoriesWhenEmpty = false, candidates = CANDIDATES }: SearchOptions<S>,
): Promise<SearchResult<Item<S>>> {
  const words = searchWords(q);
  const limit = cumulative ? page * pageSize : pageSize;
  const offset = cumulative ? 0 : (page - 1) * pageSize;
  const window: Window = { limit, offset, block: candidates };
  const result = (items: unknown[], total: number, extra: Partial<SearchResult<Item<S>>> = {}): SearchResult<Item<S>> => ({
    ...paged<Item<S>>(shapeRows(shape, items) as Item<S>[], total, page, pageSize),
    searched: words.join(" "),
    corrected: false,
    anyWord: false,
    suggestions: [],
    topCategories: [],
    ...extra,
  });
  if (!words.length) return result([], 0);

  const d1 = getD1(context);
  const slots = planSlots(words, BUNDLED_SYNONYMS);
  const first = searchStatements(d1, slots, "all", shape, window, store);
  const letters = firstLetters(words);
  const [synonymRows, items, counted] = await d1.batch([synonymRowsStatement(d1, letters), first.page, countAndVocabularyStatement(d1, words, first.match)]);

  // The table is the truth: a synonym added, changed or removed since the deploy re-plans the query.
  const synonyms = synonymIndex(synonymRows.results as unknown as SynonymRow[]);
  const plan = planSlots(words, synonyms);
  const stale = JSON.stringify(plan) !== JSON.stringify(slots);
  const { total, vocab } = countAndVocabulary(counted);

  let fix: Correction = { words, changed: false };
  const synonymTerms = (synonymRows.results as unknown as SynonymRow[]).map((r) => r.term);
  if (correct && total === 0 && vocab.length) fix = correctWords(words, vocab, synonyms, synonymTerms);
  const relax = correct && total === 0 && plan.length > 1;
  if (!stale && !fix.changed && (total > 0 || (!relax && !withCategoriesWhenEmpty))) {
    return result(items.results, total, total ? {} : { suggestions: suggestionsFor(words, vocab) });
  }

  // Second (last) round trip: the re-planned or corrected query, its any-word relaxation, and the
  // categories to offer should it still find nothing.
  const rerun = stale || fix.changed;
  const finalWords = fix.changed ? fix.words : words;
  // Corrected words may start with other letters: the table's rows where read, the bundle elsewhere.
  const finalPlan = fix.changed ? planSlots(finalWords, withTableRows(synonyms, letters)) : plan;
  const statements: D1PreparedStatement[] = [];
  const queue = (...more: D1PreparedStatement[]) => statements.push(...more) - more.length;
  const all = rerun ? searchStatements(d1, finalPlan, "all", shape, window, store) : null;
  const allAt = all ? queue(all.page, all.count) : -1;
  const any = correct && finalPlan.length > 1 && (rerun || total === 0) ? searchStatements(d1, finalPlan, "any", shape, window, store) : null;
  const anyAt = any ? queue(any.page, any.count) : -1;
  const categoriesAt = withCategoriesWhenEmpty ? queue(topCategoriesStatement(d1)) : -1;
  const results = await d1.batch(statements);
  const searched = finalWords.join(" ");
  const allTotal = all ? countOf(results[allAt + 1]) : total;
  if (allTotal > 0) return result((all ? results[allAt] : items).results, allTotal, { searched, corrected: fix.changed });
  const anyTotal = any ? countOf(results[anyAt + 1]) : 0;
  if (anyTotal > 0) return result(results[anyAt].results, anyTotal, { searched, corrected: fix.changed, anyWord: true });
  return result([], 0, {
    suggestions: suggestionsFor(words, vocab),
    topCategories: categoriesAt >= 0 ? toCategoryLinks(results[categoriesAt]) : [],
  });
}
