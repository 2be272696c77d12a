import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicOriginOf } from "~/server/platform/env.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  const origin = publicOriginOf(context.cloudflare.env, request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /search",
    "Disallow: /dev/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
