import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicOriginOf } from "~/server/platform/env.server";
import { pagesSitemap, parseSitemapName, productSitemap, xmlResponse } from "~/server/catalogue/sitemap.server";

const notFound = () => new Response("No such sitemap", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** A child of /sitemap.xml: `pages.xml`, or `products-<category id>-<k>-of-<n>.xml` (sitemap.server.ts). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const file = parseSitemapName(params.file);
  if (!file) return notFound();
  const origin = publicOriginOf(context.cloudflare.env, request);
  if (file.kind === "pages") return xmlResponse(await pagesSitemap(context, origin));
  const xml = await productSitemap(context, origin, file);
  return xml === null ? notFound() : xmlResponse(xml);
}
