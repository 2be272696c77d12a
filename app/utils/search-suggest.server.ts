/**
 * Suggestions as the shopper types (`GET /api/product/suggest`, the search bar's combobox): up to 8
 * sub-categories and products whose names start words with what was typed, in ONE D1 round trip
 * (a `batch()` of two reads). See docs/decisions/018-search-suggestions-and-insights.md.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { searchWords } from "~/lib/search/normalise";
import { listingPath, productPath } from "~/lib/slugs";
import { getD1 } from "./db.server";
import { bundledMeanings } from "./search.server";

export const SUGGESTION_LIMIT = 8;
/** Sub-categories shown before products when both match (more when few products match). */
const SUB_CATEGORY_SHARE = 3;
/** Shorter input is not worth a round trip: one letter prefixes most of the catalogue. */
const MIN_QUERY_CHARS = 2;
/** Meanings searched per typed word (itself and up to two catalogue words). */
const MAX_MEANINGS = 3;

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
export function suggestionMeanings(q: string): string[][] {
  return searchWords(q).map((word) => bundledMeanings(word).slice(0, MAX_MEANINGS));
}

/** Sub-category names with punctuation as spaces, so every word starts after a space. */
const SUB_CATEGORY_WORDS = `' ' || lower(replace(replace(replace(replace(s.name, '&', ' '), ',', ' '), '-', ' '), '/', ' '))`;

export async function suggestSearches(context: AppLoadContext, q: string): Promise<Suggestion[]> {
  const meanings = suggestionMeanings(q);
  if (!meanings.length || meanings.map(([typed]) => typed).join("").length < MIN_QUERY_CHARS) return [];
  // Folded words hold only letters, digits and spaces: each meaning a quoted prefix phrase, any
  // meaning of a word, every word.
  const match = meanings.map((alternatives) => `(${alternatives.map((m) => `"${m}"*`).join(" OR ")})`).join(" AND ");
  const d1 = getD1(context);
  // Every word must start a word of the sub-category's name (instr: no pattern, no wildcard).
  const wordStarts = meanings
    .map((alternatives) => `(${alternatives.map(() => `instr(${SUB_CATEGORY_WORDS}, ' ' || ?) > 0`).join(" or ")})`)
    .join(" and ");
  const [subRows, productRows] = await d1.batch([
    d1
      .prepare(
        `select s.id, s.name, s.image, c.id as categoryId, c.name as categoryName
           from sub_categories s
           join sub_category_categories sc on sc.sub_category_id = s.id
            and sc.position = (select min(position) from sub_category_categories where sub_category_id = s.id)
           join categories c on c.id = sc.category_id
          where ${wordStarts}
          order by lower(s.name) = ? desc, length(s.name), s.name collate nocase, s.id
          limit ?`,
      )
      .bind(...meanings.flat(), meanings.map(([typed]) => typed).join(" "), SUGGESTION_LIMIT),
    d1
      .prepare(
        `with hits as (select product_id, bm25(products_fts, 0, 10, 0, 0, 0, 0, 0) as score from products_fts
                        where products_fts match ? order by score limit ?)
         select p.id, p.name, p.unit,
                coalesce((select url from product_images where product_id = p.id order by position limit 1), '') as image
           from hits join products p on p.id = hits.product_id
          order by p.stock > 0 desc, hits.score, p.id`,
      )
      .bind(`{name} : (${match})`, SUGGESTION_LIMIT),
  ]);
  const subCategories = (subRows.results as { id: string; name: string; image: string; categoryId: string; categoryName: string }[]).map(
    (s): Suggestion => ({
      kind: "subCategory",
      id: s.id,
      name: s.name,
      url: listingPath({ id: s.categoryId, name: s.categoryName }, s),
      image: s.image,
      detail: s.categoryName,
    }),
  );
  const products = (productRows.results as { id: string; name: string; unit: string; image: string }[]).map(
    (p): Suggestion => ({ kind: "product", id: p.id, name: p.name, url: productPath(p), image: p.image, detail: p.unit }),
  );
  const subCount = Math.max(SUB_CATEGORY_SHARE, SUGGESTION_LIMIT - products.length);
  return [...subCategories.slice(0, subCount), ...products].slice(0, SUGGESTION_LIMIT);
}

/** The /api shape: `_id` like every other /api entity. */
export const serializeSuggestion = ({ id, ...rest }: Suggestion) => ({ _id: id, ...rest });
