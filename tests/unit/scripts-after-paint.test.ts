import { describe, expect, it } from "vitest";
import { fetchScriptsAfterPaint, LATEST_START_MS } from "../../app/server/http/scripts-after-paint.server";

/** The tail of a document as React renders Remix's `<Scripts nonce>` (the workers test reads a real one). */
const scripts = (source: string) =>
  '<link rel="modulepreload" href="/assets/entry.client-a.js"/><link rel="modulepreload" href="/assets/shell-b.js"/>' +
  '<script nonce="n0nce">window.__remixContext = {};</script>' +
  `<script nonce="n0nce" type="module" async="">${source}</script>`;
const documentWith = (body: string) => `<!DOCTYPE html><html><head></head><body><main>Milk</main>${body}</body></html>`;

/** The starter's arguments, read back out of the document. */
function starterArguments(html: string) {
  const call = /<script nonce="n0nce">\(function[^<]*\)\(("(?:[^"\\<]|\\.)*"),(\d+)\)<\/script>/.exec(html);
  expect(call, html).not.toBeNull();
  return { source: JSON.parse(call![1]) as string, latest: Number(call![2]) };
}

describe("fetchScriptsAfterPaint", () => {
  it("keeps each preload as an inert <link> and hands Remix's module script, unchanged, to one starter", () => {
    const source = 'import * as route0 from "/assets/root-c.js";\nimport("/assets/entry.client-a.js");';
    const html = fetchScriptsAfterPaint(documentWith(scripts(source)));
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect([...html.matchAll(/<link data-rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1])).toEqual([
      "/assets/entry.client-a.js",
      "/assets/shell-b.js",
    ]);
    expect(html).not.toContain('type="module"');
    expect(html).toContain("<main>Milk</main>");
    expect(html).toContain('<script nonce="n0nce">window.__remixContext = {};</script>');
    expect(starterArguments(html)).toEqual({ source, latest: LATEST_START_MS });
  });

  it("escapes every `<` of the source, which inside a classic script could open a comment and swallow the page", () => {
    const source = 'window.x = "<!-- <script> < 1";';
    const html = fetchScriptsAfterPaint(documentWith(scripts(source)));
    expect(html).not.toContain("<!--");
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(starterArguments(html).source).toBe(source);
  });

  it("replacement patterns in the source are kept as written", () => {
    const source = "window.y = '$& $1 $$';";
    expect(starterArguments(fetchScriptsAfterPaint(documentWith(scripts(source)))).source).toBe(source);
  });

  it("leaves a document without Remix's module script as it was", () => {
    const html = documentWith('<link rel="modulepreload" href="/assets/a.js"/><script>1</script>');
    expect(fetchScriptsAfterPaint(html)).toBe(html);
  });
});
