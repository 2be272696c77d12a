import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Suspense, createElement as h, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

/**
 * Our patch of react-dom's Web-streams server build (patches/, decision 016) keeps rendered chunks
 * as strings and encodes each flush once, instead of one TextEncoder call per attribute and text.
 * These hold both builds (the Worker runs the production one, `remix vite:dev` the development
 * one) to what React writes: the bytes of the same markup, and a late Suspense boundary in a later
 * chunk after a complete shell.
 */
const require = createRequire(import.meta.url);
const cjs = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
const builds = ["react-dom-server.browser.production.min.js", "react-dom-server.browser.development.js"];
type ServerBuild = Pick<typeof import("react-dom/server"), "renderToReadableStream" | "renderToString">;
const load = (file: string): ServerBuild => require(path.join(cjs, file));
/** React's string renderer, which has always written strings: the reference markup. */
const { renderToString } = load("react-dom-server-legacy.browser.production.min.js");

function page(): ReactNode {
  return h("main", { id: "top", className: "grid", style: { fontSize: 12, color: "red" }, "data-x": 'a&b<"c">' }, [
    h("h1", { key: "h" }, "Fresh fruit ", "& veg ", "🍎"),
    ...Array.from({ length: 300 }, (_, i) =>
      h("a", { key: i, href: `/p/${i}?q=é&x=<y>`, "aria-label": `Item ${i} ₹${i * 3}.50` }, "Item ", i, " 😀".repeat(i % 3)),
    ),
    h("textarea", { key: "t", defaultValue: "x".repeat(2_000), readOnly: true }),
    h("input", { key: "i", type: "checkbox", defaultChecked: true, disabled: true }),
  ]);
}

async function chunksOf(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return chunks;
}

const text = (chunks: Uint8Array[]) => new TextDecoder().decode(Buffer.concat(chunks));

describe("document writing (patched react-dom server, Web streams)", () => {
  it("is applied: both builds carry the patch", () => {
    for (const file of builds) expect(readFileSync(path.join(cjs, file), "utf8")).toContain("grocery-store patch");
  });

  for (const file of builds) {
    describe(file, () => {
      const { renderToReadableStream } = load(file);

      it("writes the UTF-8 bytes of the markup React renders, multi-byte text and escapes included", async () => {
        const expected = renderToString(page());
        expect(expected).toContain("😀");
        const chunks = await chunksOf(await renderToReadableStream(page()));
        expect(Buffer.concat(chunks).equals(Buffer.from(new TextEncoder().encode(expected)))).toBe(true);
      });

      it("sends a complete shell first and a late Suspense boundary in a later chunk", async () => {
        let reveal!: () => void;
        const late = new Promise<void>((resolve) => (reveal = resolve));
        let ready = false;
        function Late() {
          if (!ready) throw late;
          return h("p", null, "Arrives later ✓");
        }
        const stream = await renderToReadableStream(
          h("div", null, h("span", null, "Shell é"), h(Suspense, { fallback: h("i", null, "Loading…") }, h(Late))),
          { nonce: "n0nce" },
        );
        const reader = stream.getReader();
        const shell = await reader.read();
        expect(text([shell.value!])).toBe('<div><span>Shell é</span><!--$?--><template id="B:0"></template><i>Loading…</i><!--/$--></div>');
        ready = true;
        reveal();
        const rest: Uint8Array[] = [];
        for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(r.value);
        expect(rest.length).toBeGreaterThan(0);
        const tail = text(rest);
        expect(tail).toContain('<div hidden id="S:0"><p>Arrives later ✓</p></div>');
        expect(tail).toContain('<script nonce="n0nce">');
      });
    });
  }
});
