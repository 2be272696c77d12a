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

/** The patch's write functions of one build, reached by evaluating its source with one line added. */
interface Writing {
  beginWriting(destination: object): void;
  writeChunk(destination: object, chunk: string): void;
  completeWriting(destination: object): void;
}
const writingAnchors: Record<string, [string, string]> = {
  "react-dom-server.browser.production.min.js": ["var ca=new TextEncoder;", "exports.__writing={beginWriting:gsB,writeChunk:p,completeWriting:ba};"],
  "react-dom-server.browser.development.js": [
    "function close(destination) {",
    "exports.__writing = { beginWriting: beginWriting, writeChunk: writeChunk, completeWriting: completeWriting };\n",
  ],
};
function writingOf(file: string): Writing {
  const source = readFileSync(path.join(cjs, file), "utf8");
  const [anchor, line] = writingAnchors[file];
  expect(source.split(anchor).length, `${file}: one "${anchor}"`).toBe(2);
  const module = { exports: {} as { __writing?: Writing } };
  new Function("exports", "require", "module", source.replace(anchor, line + anchor))(module.exports, require, module);
  return module.exports.__writing!;
}

/** A stand-in for a request's stream controller: what it was sent, as text. */
function destination({ failing = false } = {}) {
  const chunks: Uint8Array[] = [];
  return {
    chunks,
    enqueue(chunk: Uint8Array) {
      if (failing) throw new TypeError("the stream is closed");
      chunks.push(chunk);
    },
    get text() {
      return text(chunks);
    },
  };
}

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

      it("keeps the buffer to the destination whose flush is writing: any other write throws", () => {
        const { beginWriting, writeChunk, completeWriting } = writingOf(file);
        const a = destination();
        const b = destination();
        expect(() => writeChunk(a, "before any flush")).toThrow(/outside its destination's flush/);
        beginWriting(a);
        writeChunk(a, "<p>A é</p>");
        expect(() => writeChunk(b, "<p>B</p>")).toThrow(/outside its destination's flush/);
        expect(() => beginWriting(b)).toThrow(/another destination was writing/);
        expect(() => completeWriting(b)).toThrow(/not writing/);
        completeWriting(a);
        expect(a.text).toBe("<p>A é</p>");
        expect(b.chunks).toHaveLength(0);
        // After its flush, a late write for A lands nowhere, not in B's next flush.
        expect(() => writeChunk(a, "late A")).toThrow(/outside its destination's flush/);
        beginWriting(b);
        writeChunk(b, "<p>B</p>");
        completeWriting(b);
        completeWriting(b); // the flush's own second completeWriting (its finally) sends nothing more
        expect(b.text).toBe("<p>B</p>");
        expect(a.text).toBe("<p>A é</p>");
      });

      it("is ready for the next flush after a destination refuses its bytes", () => {
        const { beginWriting, writeChunk, completeWriting } = writingOf(file);
        const closed = destination({ failing: true });
        beginWriting(closed);
        writeChunk(closed, "never sent");
        expect(() => completeWriting(closed)).toThrow(/the stream is closed/);
        completeWriting(closed); // the flush's finally: nothing is being written any more
        const next = destination();
        beginWriting(next);
        writeChunk(next, "next");
        completeWriting(next);
        expect(next.text).toBe("next");
      });

      it("writes each of two interleaved renders' bytes to its own stream", async () => {
        const reveals: Array<() => void> = [];
        function tree(who: string) {
          let ready = false;
          const late = new Promise<void>((resolve) => reveals.push(() => ((ready = true), resolve())));
          function Late() {
            if (!ready) throw late;
            return h("p", null, `${who} late ✓`);
          }
          return h("div", null, h("span", null, `${who} shell`), h(Suspense, { fallback: h("i", null, "…") }, h(Late)));
        }
        const [alpha, bravo] = await Promise.all([renderToReadableStream(tree("Alpha")), renderToReadableStream(tree("Bravo"))]);
        const [ra, rb] = [alpha.getReader(), bravo.getReader()];
        const got = { Alpha: [] as Uint8Array[], Bravo: [] as Uint8Array[] };
        got.Bravo.push((await rb.read()).value!);
        got.Alpha.push((await ra.read()).value!);
        reveals[1](); // Bravo's boundary first, then Alpha's, while both streams are open
        reveals[0]();
        for (const [who, reader] of [
          ["Alpha", ra],
          ["Bravo", rb],
        ] as const)
          for (let r = await reader.read(); !r.done; r = await reader.read()) got[who].push(r.value);
        for (const [who, other] of [
          ["Alpha", "Bravo"],
          ["Bravo", "Alpha"],
        ] as const) {
          const all = text(got[who]);
          expect(all).toContain(`<span>${who} shell</span>`);
          expect(all).toContain(`<p>${who} late ✓</p>`);
          expect(all).not.toContain(other);
        }
      });

      it("sends a complete shell first and a late Suspense boundary in a later chunk", async () => {
        let reveal!: () => void;
        const late = new Promise<void>((resolve) => (reveal = resolve));
        let ready = false;
        function Late() {
          if (!ready) throw late;
          return h("p", null, "Arrives later ✓");
        }
        const stream = await renderToReadableStream(h("div", null, h("span", null, "Shell é"), h(Suspense, { fallback: h("i", null, "Loading…") }, h(Late))), {
          nonce: "n0nce",
        });
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
