/**
 * Suggestions as the shopper types (`GET /api/product/suggest`, the search bar's combobox): up to 8
 * sub-categories and products whose names start words with what was typed, in ONE D1 round trip
 * (a `batch()` of two reads). See docs/decisions/018-search-suggestions-and-insights.md, and 025
 * for the candidates' cap.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, min, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { categories, products, subCategories, subCategoryCategories } from "~/db/schema";
import { searchWords } from "~/lib/search/normalise";
import { listingPath, productPath } from "~/lib/slugs";
import { renamed, subCategoryColumns } from "~/server/catalogue/rows.server";
import { getDb } from "~/server/db/db.server";
import { rowCount, writtenLimit } from "~/server/db/row-count.server";
import { firstImageUrl } from "~/server/catalogue/product-columns.server";
import { bundledMeanings } from "~/lib/search/synonyms";
import { stockAt, type StockStore } from "~/server/stores/store-stock.server";

const SUGGESTION_LIMIT = 8;
/** Sub-categories shown before products when both match (more when few products match). */
const SUB_CATEGORY_SHARE = 3;
/** Shorter input is not worth a round trip: one letter prefixes most of the catalogue. */
const MIN_QUERY_CHARS = 2;
/** Meanings searched per typed word (itself and up to two catalogue words). */
const MAX_MEANINGS = 3;
/**
 * Matches ranked per keystroke (decision 025): the first this many in the index's own order (its
 * rowids, renumbered nightly most-sold first: no sort), so two typed letters cost the same whatever
 * the catalogue.
 */
const SUGGESTION_CANDIDATES = 400;

export interface Suggestion {
  kind: "subCategory" | "product";
  id: string;
  name: string;
  /** Where choosing it goes: the listing or the product page. */
  url: string;
  image: string;
  /** The parent category (sub-categories) or the unit (products), shown beside the name. */
  detail: string;
}

/**
 * The one place typed text becomes suggestion words: the search normaliser's words, each with what
 * it means in the bundled shopper vocabulary ("doodh" → doodh or milk).
 */
function suggestionMeanings(q: string): string[][] {
  return searchWords(q).map((word) => bundledMeanings(word).slice(0, MAX_MEANINGS));
}

/** Sub-category names with punctuation as spaces, so every word starts after a space. */
const subCategoryWords = sql`' ' || lower(replace(replace(replace(replace(${subCategories.name}, '&', ' '), ',', ' '), '-', ' '), '/', ' '))`;

/** Another read of the links table, for a sub-category's first parent. */
const siblingLinks = alias(subCategoryCategories, "sibling_links");

export async function suggestSearches(context: AppLoadContext, q: string, store: StockStore): Promise<Suggestion[]> {
  const meanings = suggestionMeanings(q);
  const typed = meanings.map(([word]) => word);
  if (!meanings.length || typed.join("").length < MIN_QUERY_CHARS) return [];
  // Folded words hold only letters, digits and spaces: each meaning a quoted prefix phrase, any
  // meaning of a word, every word.
  const match = meanings.map((alternatives) => `(${alternatives.map((m) => `"${m}"*`).join(" OR ")})`).join(" AND ");
  const db = getDb(context);
  // Every word must start a word of the sub-category's name (instr: no pattern, no wildcard).
  const wordStarts = and(...meanings.map((alternatives) => or(...alternatives.map((m) => sql`instr(${subCategoryWords}, ' ' || ${m}) > 0`))));
  // Raw SQL: products_fts is an FTS5 virtual table (migrations), outside the schema; `match` and
  // `bm25` have no builder. The rest of the read is the builder's. Limits are written into the SQL
  // (row-count.server.ts): a bound count recompiles the statement on every run.
  const hits = db.$with("hits", { productId: sql<string>`product_id`.as("product_id"), score: sql<number>`score`.as("score") }).as(
    sql`select product_id, score from (select product_id, bm25(products_fts, 0, 10, 0, 0, 0, 0, 0) as score from products_fts
           where products_fts match ${`{name} : (${match})`} order by rowid limit ${sql.raw(rowCount(SUGGESTION_CANDIDATES))})
         order by score limit ${sql.raw(rowCount(SUGGESTION_LIMIT))}`,
  );
  const [subRows, productRows] = await db.batch([
    db
      .select({ ...subCategoryColumns, categoryId: renamed(categories.id, "category_id"), categoryName: renamed(categories.name, "category_name") })
      .from(subCategories)
      .innerJoin(
        subCategoryCategories,
        and(
          eq(subCategoryCategories.subCategoryId, subCategories.id),
          eq(
            subCategoryCategories.position,
            db
              .select({ first: min(siblingLinks.position) })
              .from(siblingLinks)
              .where(eq(siblingLinks.subCategoryId, subCategories.id)),
          ),
        ),
      )
      .innerJoin(categories, eq(categories.id, subCategoryCategories.categoryId))
      .where(wordStarts)
      .orderBy(
        sql`lower(${subCategories.name}) = ${typed.join(" ")} desc`,
        sql`length(${subCategories.name})`,
        sql`${subCategories.name} collate nocase`,
        asc(subCategories.id),
      )
      .limit(writtenLimit(SUGGESTION_LIMIT)),
    db
      .with(hits)
      .select({ id: products.id, name: products.name, unit: products.unit, image: firstImageUrl })
      .from(hits)
      .innerJoin(products, eq(products.id, hits.productId))
      .orderBy(sql`${stockAt(store)} > 0 desc`, asc(hits.score), asc(products.id)),
  ]);
  const subCategorySuggestions = subRows.map((s): Suggestion => ({
    kind: "subCategory",
    id: s.id,
    name: s.name,
    url: listingPath({ id: s.categoryId, name: s.categoryName }, s),
    image: s.image,
    detail: s.categoryName,
  }));
  const productSuggestions = productRows.map((p): Suggestion => ({
    kind: "product",
    id: p.id,
    name: p.name,
    url: productPath(p),
    image: p.image,
    detail: p.unit,
  }));
  const subCount = Math.max(SUB_CATEGORY_SHARE, SUGGESTION_LIMIT - productSuggestions.length);
  return [...subCategorySuggestions.slice(0, subCount), ...productSuggestions].slice(0, SUGGESTION_LIMIT);
}

/** The /api shape: `_id` like every other /api entity. */
export const serializeSuggestion = ({ id, ...rest }: Suggestion) => ({ _id: id, ...rest });
