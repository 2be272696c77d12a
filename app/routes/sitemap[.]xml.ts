import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { asc, desc, eq } from "drizzle-orm";
import { categories, products, subCategories, subCategoryCategories } from "~/db/schema";
import { listingPath, productPath } from "~/lib/slugs";
import { renamed } from "~/server/catalogue/rows.server";
import { getDb } from "~/server/db/db.server";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Home, every category listing (category × its sub-categories) and every product; one batch. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const db = getDb(context);
  const [listings, productRows] = await db.batch([
    db
      .select({
        categoryId: renamed(categories.id, "category_id"),
        categoryName: renamed(categories.name, "category_name"),
        subId: subCategories.id,
        subName: subCategories.name,
      })
      .from(subCategoryCategories)
      .innerJoin(categories, eq(categories.id, subCategoryCategories.categoryId))
      .innerJoin(subCategories, eq(subCategories.id, subCategoryCategories.subCategoryId))
      .orderBy(asc(categories.name), asc(subCategories.name)),
    db.select({ id: products.id, name: products.name, updatedAt: products.updatedAt }).from(products).orderBy(desc(products.createdAt)),
  ]);
  const urls = [
    `${origin}/`,
    ...listings.map((l) => `${origin}${listingPath({ id: l.categoryId, name: l.categoryName }, { id: l.subId, name: l.subName })}`),
  ].map((loc) => `<url><loc>${escapeXml(loc)}</loc></url>`);
  for (const p of productRows) {
    urls.push(`<url><loc>${escapeXml(`${origin}${productPath(p)}`)}</loc><lastmod>${new Date(p.updatedAt).toISOString().slice(0, 10)}</lastmod></url>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
