/**
 * Sitemaps that scale with the catalogue (docs/decisions/026-read-replicas-and-bookmarks.md):
 * `/sitemap.xml` is a sitemap index naming `/sitemaps/pages.xml` (home and every listing) and, per
 * category, one or more product sitemaps. Each answer stays within what search engines take
 * (50,000 URLs and 50 MB per file) and costs bounded SQL:
 *
 * - the index counts each category's products on `product_categories_category_idx` (a covering
 *   index, no product row read) to know how many files a category needs;
 * - a category's file k of n reads one range of that index, `category_id = ? and product_id in
 *   [lo, hi)`, and the products it names by primary key. Product ids are random hex, so n equal
 *   ranges of the id space split a category into n nearly equal files, each found without OFFSET
 *   or counting, and a stale index's file names still split correctly.
 *
 * A product in several categories is listed in each (sitemaps may repeat a URL).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, count, eq, gte, lt, sql } from "drizzle-orm";
import { categories, productCategories, products, subCategories, subCategoryCategories } from "~/db/schema";
import { listingPath, productPath } from "~/lib/slugs";
import { getDb } from "~/server/db/db.server";
import { renamed } from "./rows.server";

/** Search engines' limit per sitemap file (sitemaps.org): 50,000 URLs (and 50 MB). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Products per file the index aims for. Half the limit: a file of random ids deviates from its
 * share by a few hundred, never by 25,000. A product URL is at most ~300 bytes (names are capped
 * at 120 characters), so even a full 50,000-URL file is ~15 MB, under the 50 MB limit.
 */
export const SITEMAP_TARGET_URLS = 25_000;

/** At most this many files per category (6.4 million products in one category at the target). */
const MAX_PARTS = 256;

/** Sitemaps change when the catalogue does; crawlers come rarely. An hour at the edge, five minutes in a browser. */
export const SITEMAP_CACHE_CONTROL = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function xmlResponse(xml: string): Response {
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL } });
}

function urlset(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/** How many files a category of `products` products is split into. */
export function partsFor(products: number): number {
  return Math.min(MAX_PARTS, Math.max(1, Math.ceil(products / SITEMAP_TARGET_URLS)));
}

/**
 * File k (1-based) of n covers product ids in [lo, hi): the id space split evenly on its first six
 * hex digits. The first file has no lower bound and the last no upper one, so every id, whatever
 * its shape, falls in exactly one file.
 */
export function idRange(part: number, parts: number): { lo: string | null; hi: string | null } {
  const space = 16 ** 6;
  const at = (k: number) =>
    Math.floor((k * space) / parts)
      .toString(16)
      .padStart(6, "0");
  return { lo: part === 1 ? null : at(part - 1), hi: part === parts ? null : at(part) };
}

/** A product sitemap's file name: the category and which of its n files. */
function productSitemapName(categoryId: string, part: number, parts: number): string {
  return `products-${categoryId}-${part}-of-${parts}.xml`;
}

export type SitemapFile = { kind: "pages" } | { kind: "products"; categoryId: string; part: number; parts: number };

/** Reads a child sitemap's file name; anything else (or an impossible part) is null, a 404. */
export function parseSitemapName(name: string | undefined): SitemapFile | null {
  if (name === "pages.xml") return { kind: "pages" };
  const match = /^products-([0-9a-f]{24})-([1-9][0-9]{0,2})-of-([1-9][0-9]{0,2})\.xml$/.exec(name ?? "");
  if (!match) return null;
  const part = Number(match[2]);
  const parts = Number(match[3]);
  if (part > parts || parts > MAX_PARTS) return null;
  return { kind: "products", categoryId: match[1], part, parts };
}

/** `/sitemap.xml`: the index. One read: each category with its product count from the covering index. */
export async function sitemapIndex(context: AppLoadContext, origin: string): Promise<string> {
  const db = getDb(context);
  const rows = await db
    .select({ id: categories.id, products: count(productCategories.productId) })
    .from(categories)
    .innerJoin(productCategories, eq(productCategories.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.id));
  const files = [`${origin}/sitemaps/pages.xml`];
  for (const row of rows) {
    const parts = partsFor(row.products);
    for (let part = 1; part <= parts; part++) files.push(`${origin}/sitemaps/${productSitemapName(row.id, part, parts)}`);
  }
  const entries = files.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

/** `/sitemaps/pages.xml`: home and every listing (category × sub-category). Bounded by the category tree, not the products. */
export async function pagesSitemap(context: AppLoadContext, origin: string): Promise<string> {
  const db = getDb(context);
  const listings = await db
    .select({
      categoryId: renamed(categories.id, "category_id"),
      categoryName: renamed(categories.name, "category_name"),
      subId: subCategories.id,
      subName: subCategories.name,
    })
    .from(subCategoryCategories)
    .innerJoin(categories, eq(categories.id, subCategoryCategories.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, subCategoryCategories.subCategoryId))
    .orderBy(asc(categories.name), asc(subCategories.name));
  const locs = [`${origin}/`, ...listings.map((l) => `${origin}${listingPath({ id: l.categoryId, name: l.categoryName }, { id: l.subId, name: l.subName })}`)];
  return urlset(locs.map((loc) => `<url><loc>${escapeXml(loc)}</loc></url>`));
}

/** A category's product file k of n, or null when it names no product (an unknown category, an empty range). */
export async function productSitemap(context: AppLoadContext, origin: string, file: Extract<SitemapFile, { kind: "products" }>): Promise<string | null> {
  const db = getDb(context);
  const { lo, hi } = idRange(file.part, file.parts);
  const rows = await db
    .select({ id: products.id, name: products.name, updatedAt: products.updatedAt })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(
      and(
        eq(productCategories.categoryId, file.categoryId),
        lo === null ? undefined : gte(productCategories.productId, lo),
        hi === null ? undefined : lt(productCategories.productId, hi),
      ),
    )
    // The index's own order: no sort step.
    .orderBy(sql`${productCategories.categoryId}`, asc(productCategories.productId))
    .limit(SITEMAP_MAX_URLS);
  if (!rows.length) return null;
  return urlset(
    rows.map((p) => `<url><loc>${escapeXml(`${origin}${productPath(p)}`)}</loc><lastmod>${new Date(p.updatedAt).toISOString().slice(0, 10)}</lastmod></url>`),
  );
}
