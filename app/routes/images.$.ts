import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getImage, isImageType, PRIVATE_IMAGE_PREFIX } from "~/server/catalogue/images.server";

/** Serves R2 objects with a fixed, checked content type, nosniff and a long immutable cache. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  // Private objects (a report's photo) have routes of their own that decide who may see them.
  if (!/^[a-z0-9][a-z0-9/_.-]{0,200}$/i.test(key) || key.includes("..") || key.toLowerCase().startsWith(PRIVATE_IMAGE_PREFIX)) {
    return new Response("Not found", { status: 404 });
  }
  const object = await getImage(context.cloudflare.env.IMAGES, key, request.headers);
  if (!object) return new Response("Not found", { status: 404 });
  const contentType = object.contentType;
  const headers = new Headers({
    "Content-Type": isImageType(contentType) ? contentType : "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    ETag: object.httpEtag,
  });
  if (!object.body) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}
