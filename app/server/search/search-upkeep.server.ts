/**
 * What search keeps up on a schedule (docs/decisions/025-search-at-scale.md), run by the Worker's
 * cron (`scheduled` in workers/app.ts, every 5 minutes):
 * - popularity, at the first run of each hour: units ordered in the last 30 days per product and
 *   per category, recomputed from product_sales_daily into product_popularity and
 *   category_popularity, so a search reads one row per candidate instead of summing sales per hit;
 * - the stored word list of "did you mean" (search_vocabulary, migration 0027): every run, when the
 *   catalogue's words have changed since the last, only its changed rows rewritten;
 * - the FTS5 index: every run, a bounded incremental merge (at most {@link MERGE_PAGES} pages, and
 *   only where a level holds enough segments to be worth it); once a day, in the night of the
 *   stores' customers, its rowids renumbered in popularity order (search scans matches in rowid
 *   order, the most bought first) and `optimize` (one b-tree, the fastest index to read).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getD1 } from "~/server/db/db.server";

/** The popularity window: units ordered from this many days ago until today (as decision 014). */
const POPULARITY_DAYS = 30;
/** Pages of index an incremental merge may write per run (~4 KB each). */
const MERGE_PAGES = 200;
/** The hour (UTC) of the daily `optimize`: 21:00 UTC is 02:30 in India, when few orders come. */
const OPTIMIZE_HOUR_UTC = 21;
/** The cron's period: a job "at the first run of the hour" runs when the minute is below it. */
const CRON_MINUTES = 5;

interface SearchUpkeep {
  /** Popularity rows written (changed or added) and removed, when it ran this time. */
  popularity: { written: number; removed: number } | null;
  /** Word list rows written and removed, when the catalogue's words had changed. */
  vocabulary: { written: number; removed: number } | null;
  merge: "incremental" | "optimize";
  /** Index rows renumbered in popularity order, on the nightly run. */
  renumbered: number | null;
}

/** Recomputes product and category popularity in one atomic batch, writing only rows that change. */
async function refreshPopularity(context: AppLoadContext, now = Date.now()): Promise<{ written: number; removed: number }> {
  const d1 = getD1(context);
  const since = Math.floor(now / 86_400_000) - POPULARITY_DAYS;
  // Raw SQL: upserts from an aggregate (INSERT … SELECT … GROUP BY … ON CONFLICT DO UPDATE … WHERE
  // changed) and deletes by anti-join, in one batch; the tables are two-column reads by search.
  const recent = "select product_id, sum(units) as units from product_sales_daily where day >= ?1 group by product_id having sum(units) > 0";
  const results = await d1.batch([
    d1.prepare(`delete from product_popularity where product_id not in (select product_id from (${recent}))`).bind(since),
    d1
      .prepare(
        `insert into product_popularity (product_id, units) select product_id, units from (${recent}) where true
         on conflict (product_id) do update set units = excluded.units where product_popularity.units <> excluded.units`,
      )
      .bind(since),
    d1.prepare(
      `delete from category_popularity where category_id not in
         (select pc.category_id from product_categories pc join product_popularity pp on pp.product_id = pc.product_id)`,
    ),
    d1.prepare(
      `insert into category_popularity (category_id, units)
         select pc.category_id, sum(pp.units) from product_categories pc join product_popularity pp on pp.product_id = pc.product_id
          where true group by pc.category_id
       on conflict (category_id) do update set units = excluded.units where category_popularity.units <> excluded.units`,
    ),
  ]);
  const changes = (at: number) => results[at].meta.changes ?? 0;
  return { written: changes(1) + changes(3), removed: changes(0) + changes(2) };
}

/** The index's name and (sub-)category words, with how many products use each (as search reads them). */
const INDEX_WORDS = "select term, sum(doc) as doc from products_vocab where col in ('name', 'subcats', 'categories') group by term";

/**
 * Brings search_vocabulary up to the index's words in one atomic batch, when the triggers of
 * migration 0027 have marked them changed: removes the words no product uses any more, writes the
 * new and changed counts (only those rows), and marks the list clean. A write between the check and
 * the batch is in the batch's reading (the batch is one transaction); one after it marks the list
 * changed again for the next run. Also run by the seed, after loading a catalogue.
 */
export async function refreshSearchVocabulary(d1: D1Database, { ifChanged = true } = {}): Promise<{ written: number; removed: number } | null> {
  if (ifChanged) {
    const state = await d1.prepare("select dirty from search_vocabulary_state").first<{ dirty: number }>();
    if (state && !state.dirty) return null;
  }
  // Raw SQL: fts5vocab (products_vocab) is a virtual table outside the schema; an upsert from an
  // aggregate that writes only changed rows, and a delete by anti-join.
  const results = await d1.batch([
    d1.prepare(`delete from search_vocabulary where term not in (select term from (${INDEX_WORDS}))`),
    d1.prepare(
      `insert into search_vocabulary (term, doc) select term, doc from (${INDEX_WORDS}) where true
       on conflict (term) do update set doc = excluded.doc where search_vocabulary.doc <> excluded.doc`,
    ),
    d1.prepare("insert into search_vocabulary_state (id, dirty) values (1, 0) on conflict (id) do update set dirty = 0 where dirty <> 0"),
  ]);
  return { written: results[1].meta.changes ?? 0, removed: results[0].meta.changes ?? 0 };
}

/**
 * Renumbers the search index's rowids in popularity order (units desc, then the old order, so new
 * products stay behind the ones that sell), in one atomic batch through the staging table of
 * migration 0026: every index row is copied out in the new order, the index emptied and refilled
 * with the new rowids, and products_fts_rows (the triggers' product → rowid map) rewritten.
 * ~20,000 index rows deleted and inserted at 20,000 products: seconds of writes, once a night.
 */
async function renumberSearchIndex(context: AppLoadContext): Promise<number> {
  const d1 = getD1(context);
  const columns = "product_id, name, subcats, categories, description, sub_parts, name_core";
  // Raw SQL: the FTS5 virtual table and its rowids, which Drizzle does not model.
  const results = await d1.batch([
    d1.prepare("delete from search_renumbering"),
    d1.prepare(
      `insert into search_renumbering (${columns})
       select f.product_id, f.name, f.subcats, f.categories, f.description, f.sub_parts, f.name_core
         from products_fts f left join product_popularity pp on pp.product_id = f.product_id
        order by coalesce(pp.units, 0) desc, f.rowid`,
    ),
    d1.prepare("delete from products_fts"),
    d1.prepare(`insert into products_fts (rowid, ${columns}) select rowid, ${columns} from search_renumbering order by rowid`),
    d1.prepare("delete from products_fts_rows"),
    d1.prepare("insert into products_fts_rows (product_id, fts_rowid) select product_id, rowid from search_renumbering"),
    d1.prepare("delete from search_renumbering"),
  ]);
  return results[1].meta.changes ?? 0;
}

/** The index upkeep: `optimize` merges every segment into one; a positive `merge` does bounded work only where it is due. */
async function maintainSearchIndex(context: AppLoadContext, kind: "incremental" | "optimize"): Promise<void> {
  const d1 = getD1(context);
  // Raw SQL: FTS5's own commands are inserts into the virtual table's hidden column of its name.
  if (kind === "optimize") await d1.prepare("insert into products_fts (products_fts) values ('optimize')").run();
  else await d1.prepare("insert into products_fts (products_fts, rank) values ('merge', ?)").bind(MERGE_PAGES).run();
}

/** One cron run's search upkeep, by the run's scheduled time. */
export async function searchUpkeep(context: AppLoadContext, scheduledTime: number): Promise<SearchUpkeep> {
  const at = new Date(scheduledTime);
  const firstOfHour = at.getUTCMinutes() < CRON_MINUTES;
  const popularity = firstOfHour ? await refreshPopularity(context, scheduledTime) : null;
  const vocabulary = await refreshSearchVocabulary(getD1(context));
  const merge = firstOfHour && at.getUTCHours() === OPTIMIZE_HOUR_UTC ? "optimize" : "incremental";
  const renumbered = merge === "optimize" ? await renumberSearchIndex(context) : null;
  await maintainSearchIndex(context, merge);
  return { popularity, vocabulary, merge, renumbered };
}
