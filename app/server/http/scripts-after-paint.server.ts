import { inlineScriptJson } from "~/lib/inline-json";

/**
 * Fetches a page's JavaScript after its first paint (why and what it measured: decision 016,
 * "Home's JavaScript after its banner"). The document carries Remix's modulepreloads inert (the
 * `<link>` without its `rel`, so the page hydrates as rendered) and hands Remix's module script,
 * unchanged, to a small classic script that adds them: on a page with an image marked
 * `fetchpriority="high"`, once it has painted or after {@link LATEST_START_MS}; on any other page
 * at once, at the end of `<body>`. Without JavaScript nothing is fetched; links and forms work.
 *
 * Reads React's fixed output of `<Scripts nonce>` (`<link rel="modulepreload" href>`, the script's
 * `nonce`, then `type="module" async=""`); a document without it is returned as it was. The
 * catalogue workers test fails if a Remix upgrade changes that output, and the e2e CSP test if the
 * page no longer hydrates.
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
