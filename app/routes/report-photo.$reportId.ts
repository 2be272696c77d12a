import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { getApiUser } from "~/server/identity/auth.server";
import { readReportPhoto } from "~/server/reports/photo.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

/**
 * A report's photo (decision 050): only to the report's shopper, the store's staff and admins (the
 * session cookie or a bearer token); anyone else, a guest included, gets the same 404 as for no
 * such photo. Never cached by anyone but the browser's own memory: `private, no-store`.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  if (!isId(params.reportId)) return notFound();
  const photo = await readReportPhoto(context, await getApiUser(request, context), params.reportId);
  if (!photo) return notFound();
  return new Response(photo.body, {
    headers: {
      "Content-Type": photo.contentType,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      ETag: photo.etag,
    },
  });
}
