import { inlineScriptJson } from "~/lib/inline-json";

/**
 * A page whose largest paint is an image marked `fetchpriority="high"` (home's banner) fetches its
 * JavaScript once that image has loaded and a frame has gone by; any other page when the parser
 * reaches the end of `<body>`, where Remix's `<Scripts>` stands (an inline script runs once the
 * stylesheet is in, so after the page could first paint) (decision 016).
 *
 * Every document is sent complete and works without JavaScript (decision 008): links are links and
 * forms post. The ~95 KB gzip of modules only hydrate it. Fetched at once, as `<Scripts>` asks (a
 * `modulepreload` per module and an inline module script importing them), they share a phone's slow
 * link with the stylesheet and the banner, and their evaluation can land before the first paint.
 * So the document carries them inert: each preload keeps its `<link>` but not its `rel` (hydration
 * matches elements by tag, so the page hydrates as rendered), and Remix's own module script, unchanged,
 * is handed to a small classic script in its place, which adds the preloads and the module script:
 * at once on a page without such an image; otherwise once it has painted, or after
 * {@link LATEST_START_MS} whatever happens (a banner that never loads, a tab opened in the
 * background, where frames do not run). A tap before then is a plain link or form.
 *
 * Reads React's output of `<Scripts nonce>`, which is fixed (`<link rel="modulepreload" href>`, the
 * script's `nonce`, then `type="module" async=""`); a document without it is returned as it was.
 * `tests/workers/catalogue.test.ts` fails if a Remix upgrade changes that output, and the e2e CSP
 * test that the page hydrates without an error.
 */

/** The longest a page waits for its largest image before it fetches its JavaScript anyway. */
export const LATEST_START_MS = 3_000;

const MODULE_PRELOAD = /<link rel="modulepreload" href=/g;
const INERT_PRELOAD = '<link data-rel="modulepreload" href=';
const REMIX_MODULE_SCRIPT = /<script( nonce="[^"]*") type="module" async="">([\s\S]*?)<\/script>/;

export function fetchScriptsAfterPaint(html: string): string {
  const moduleScript = REMIX_MODULE_SCRIPT.exec(html);
  if (!moduleScript) return html;
  const [tag, nonceAttribute, source] = moduleScript;
  const starter = `<script${nonceAttribute}>(${startAfterPaint.toString()})(${inlineScriptJson(source)},${LATEST_START_MS})</script>`;
  return html.replace(MODULE_PRELOAD, INERT_PRELOAD).replace(tag, () => starter);
}

/**
 * Runs in the browser, as the source of an inline classic script: self-contained (the Worker is
 * bundled with `keep_names = false`, so esbuild adds no `__name` calls to it), and it takes its
 * nonce from its own element, so an edge-cached copy whose nonces are renewed still passes the CSP.
 * Nodes added after `<head>`'s and `<body>`'s server-rendered children do not disturb hydration
 * (React leaves trailing nodes in those two alone).
 */
function startAfterPaint(source: string, latestStartMs: number) {
  const nonce = (document.currentScript as HTMLScriptElement).nonce;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const inert of document.querySelectorAll<HTMLLinkElement>('link[data-rel="modulepreload"]')) {
      const preload = document.createElement("link");
      preload.rel = "modulepreload";
      preload.href = inert.href;
      document.head.appendChild(preload);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = source;
    document.body.appendChild(script);
  };
  const largestImage = document.querySelector("img[fetchpriority=high]") as HTMLImageElement | null;
  if (!largestImage) return start();
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start));
  if (largestImage.complete) afterNextPaint();
  else {
    largestImage.addEventListener("load", afterNextPaint);
    largestImage.addEventListener("error", afterNextPaint);
  }
  setTimeout(start, latestStartMs);
}
