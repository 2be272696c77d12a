import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicOriginOf } from "~/server/platform/env.server";
import { sitemapIndex, xmlResponse } from "~/server/catalogue/sitemap.server";

/** The sitemap index: the pages file and each category's product files (sitemap.server.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return xmlResponse(await sitemapIndex(context, publicOriginOf(context.cloudflare.env, request)));
}
