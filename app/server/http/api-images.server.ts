/**
 * Image URLs in `/api` answers are absolute when PUBLIC_ORIGIN is set
 * (docs/decisions/015-api-for-any-front-end.md): a front end on another origin resolves `/images/…`
 * against its own host and shows broken pictures. The store keeps and renders root-relative paths;
 * the Worker rewrites every `/api` JSON answer on its way out, so every route (and any added later)
 * answers the same way and pages are untouched.
 *
 * Never on the request's own origin: that is its `Host` header, which the client chooses, and
 * catalogue answers are shared-cacheable (`public, s-maxage`) without `Vary: Host`, so
 * `Host: evil.example` would have put `http://evil.example/images/…` in a cached answer for everyone.
 * Without PUBLIC_ORIGIN the paths stay root-relative.
 *
 * Only the fields that hold images are rewritten (`image`, a string or a list; `avatar`; the `url`
 * of an upload), and only values naming a stored image (`/images/…`). `more_details` is the
 * admin's free text and is left alone, whatever its keys are called.
 */
const IMAGE_FIELDS = new Set(["image", "avatar", "url"]);
const FREE_TEXT_FIELDS = new Set(["more_details"]);
const STORED_IMAGE = "/images/";

/** The origin image URLs are built on: PUBLIC_ORIGIN, or none (root-relative paths), never the request's. */
export function imageOrigin(publicOrigin: string | null): string | null {
  return publicOrigin;
}

export async function withAbsoluteImageUrls(response: Response, origin: string): Promise<Response> {
  if (!response.body || !/^application\/json\b/i.test(response.headers.get("Content-Type") ?? "")) return response;
  const text = await response.text();
  // Most answers (writes, errors, tokens) name no image: no need to parse them.
  if (!text.includes(`"${STORED_IMAGE}`)) return new Response(text, response);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(JSON.stringify(absolutize(body, origin, null)), { status: response.status, statusText: response.statusText, headers });
}

function absolutize(value: unknown, origin: string, field: string | null): unknown {
  if (typeof value === "string") return field && IMAGE_FIELDS.has(field) && value.startsWith(STORED_IMAGE) ? origin + value : value;
  // The items of a list are the list's field (`image: [...]`); objects inside name their own fields.
  if (Array.isArray(value)) return value.map((item) => absolutize(item, origin, field));
  if (value && typeof value === "object") {
    // fromEntries defines each key as data, so even a "__proto__" key stays a plain field.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, FREE_TEXT_FIELDS.has(key) ? item : absolutize(item, origin, key)]));
  }
  return value;
}
