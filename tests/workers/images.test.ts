/**
 * /images/<key>: R2 objects with a fixed type, nosniff, a long immutable cache, and conditional GETs
 * answered 304 from R2's own check (issue 28 item 9c: the conditions are a plain R2Conditional built
 * from the headers, which also crosses `npm run dev`'s proxy; tests/process/dev-images.test.ts).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, TINY_WEBP } from "./fixtures";

const KEY = `uploads/conditional-${Date.now()}.webp`;
const url = `${BASE}/images/${KEY}`;
let etag = "";
let uploaded: Date;

beforeAll(async () => {
  const object = await env.IMAGES.put(KEY, TINY_WEBP, { httpMetadata: { contentType: "image/webp" } });
  etag = object!.httpEtag;
  uploaded = object!.uploaded;
});

const get = (headers: Record<string, string> = {}) => SELF.fetch(url, { headers });

describe("conditional GETs of an image", () => {
  it("no condition: 200 with the bytes and its ETag", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("ETag")).toBe(etag);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_WEBP);
  });

  it.each([
    ["its own ETag", () => ({ "If-None-Match": etag })],
    ["its ETag, weak", () => ({ "If-None-Match": `W/${etag}` })],
    ["a list holding its ETag", () => ({ "If-None-Match": `"0123", ${etag}` })],
    ["any ETag (*)", () => ({ "If-None-Match": "*" })],
    ["If-Modified-Since its upload", () => ({ "If-Modified-Since": new Date(uploaded.getTime() + 1000).toUTCString() })],
  ])("%s: 304, no body, the ETag and the cache headers", async (_name, headers) => {
    const res = await get(headers());
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("ETag")).toBe(etag);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it.each([
    ["another ETag", () => ({ "If-None-Match": '"0123"' })],
    ["a list without its ETag", () => ({ "If-None-Match": '"0123", W/"4567"' })],
    ["If-Modified-Since long before its upload", () => ({ "If-Modified-Since": new Date(uploaded.getTime() - 86_400_000).toUTCString() })],
    [
      "If-None-Match wins over If-Modified-Since",
      () => ({ "If-None-Match": '"0123"', "If-Modified-Since": new Date(uploaded.getTime() + 1000).toUTCString() }),
    ],
    ["an unreadable If-Modified-Since", () => ({ "If-Modified-Since": "yesterday" })],
  ])("%s: 200 with the bytes", async (_name, headers) => {
    const res = await get(headers());
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_WEBP);
  });
});
