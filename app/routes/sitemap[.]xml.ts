import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listingPath, productPath } from "~/lib/slugs";
import { getD1 } from "~/utils/db.server";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Home, every category listing (category × its sub-categories) and every product; one batch. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const d1 = getD1(context);
  const [listings, products] = await d1.batch([
    d1.prepare(
      `select c.id as categoryId, c.name as categoryName, s.id as subId, s.name as subName
         from sub_category_categories sc join categories c on c.id = sc.category_id join sub_categories s on s.id = sc.sub_category_id
        order by c.name, s.name`,
    ),
    d1.prepare("select id, name, updated_at as updatedAt from products order by created_at desc"),
  ]);
  const urls = [
    `${origin}/`,
    ...(listings.results as { categoryId: string; categoryName: string; subId: string; subName: string }[]).map(
      (l) => `${origin}${listingPath({ id: l.categoryId, name: l.categoryName }, { id: l.subId, name: l.subName })}`,
    ),
  ].map((loc) => `<url><loc>${escapeXml(loc)}</loc></url>`);
  for (const p of products.results as { id: string; name: string; updatedAt: number }[]) {
    urls.push(`<url><loc>${escapeXml(`${origin}${productPath(p)}`)}</loc><lastmod>${new Date(p.updatedAt).toISOString().slice(0, 10)}</lastmod></url>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
