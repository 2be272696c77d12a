/**
 * Client JS per storefront page from the build alone (`npx remix vite:build` first): the gzip size
 * of every script a page's HTML links (the entry, root and each route of the page with their
 * imports), from the browser manifest Remix writes to build/client/assets. The same files
 * `npm run bench` counts from a served page, with no server, for the pages it does not visit
 * (checkout, a shopper's order). Budget: 100 KB gzip per page (issue 15); the process fails when a
 * page is over it, and so does tests/process/client-js.test.ts.
 *
 * Beside each page, what it fetches later on demand (a chunk a linked script imports with
 * `import()`: a dialog when it opens, a form only some orders show): reported, not budgeted. What
 * every page can fetch on demand (the header's) is reported once, on the first line.
 *
 *   npx tsx scripts/client-js-pages.ts
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const CLIENT_JS_BUDGET_KB = 100;

/** The storefront pages held to the budget, by their route's id in Remix's manifest. */
const PAGES: Record<string, string> = {
  home: "routes/_index",
  listing: "routes/$category.$subCategory",
  product: "routes/product.$product",
  search: "routes/search",
  cart: "routes/cart",
  checkout: "routes/checkout",
  "shopper's order": "routes/dashboard.myorders_.$orderId",
};

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageScripts {
  page: string;
  /** Gzip KB of the scripts the page's HTML links. */
  kb: number;
  files: string[];
  /** Gzip KB of the chunks those scripts import on demand (and what those import beyond the page's). */
  onDemandKb: number;
  onDemand: string[];
}

export function clientJsPages(client = path.join(import.meta.dirname, "..", "build", "client")): PageScripts[] {
  const assets = path.join(client, "assets");
  const manifestFile = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error("No build/client/assets/manifest-*.js: run `npx remix vite:build` first");
  const manifest = JSON.parse(
    readFileSync(path.join(assets, manifestFile), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;?\s*$/, ""),
  ) as Manifest;
  const read = (file: string) => readFileSync(path.join(client, file));
  const gzipKb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSync(read(f)).length, 0) / 1024;
  /** The chunks a built script names, statically (`from"./x.js"`) or on demand (`import("./x.js")`). */
  const named = (file: string, pattern: RegExp) => [...read(file).toString("utf8").matchAll(pattern)].map((m) => `/assets/${m[1]}`);

  /** What `files` import on demand (and what those import in turn), beyond `files` and `known`. */
  const onDemand = (files: Set<string>, known = new Set<string>()) => {
    const later = new Set<string>();
    const queue = [...files].flatMap((file) => named(file, /\bimport\("\.\/([\w.-]+\.js)"\)/g));
    for (let next = queue.pop(); next; next = queue.pop()) {
      if (files.has(next) || known.has(next) || later.has(next)) continue;
      later.add(next);
      queue.push(...named(next, /\bfrom"\.\/([\w.-]+\.js)"/g));
    }
    return later;
  };
  const linked = (id: string) => {
    if (!manifest.routes[id]) throw new Error(`No route ${id} in the manifest`);
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (let route: ManifestRoute | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    return files;
  };
  // The header's dialogs and cart panel, on demand from every page: reported once, as the root's.
  const everyPage = onDemand(linked("root"));
  return [["every page", "root"], ...Object.entries(PAGES)].map(([page, id]) => {
    const files = linked(id);
    const later = onDemand(files, id === "root" ? undefined : everyPage);
    return { page, kb: gzipKb(files), files: [...files], onDemandKb: gzipKb(later), onDemand: [...later] };
  });
}

if (import.meta.filename === process.argv[1]) {
  let over = 0;
  for (const { page, kb, files, onDemandKb, onDemand } of clientJsPages()) {
    const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, "");
    const later = onDemand.length ? `, + ${onDemandKb.toFixed(1)} KB on demand: ${onDemand.map(chunkName).join(", ")}` : "";
    if (page === "every page") {
      console.log(`every page: the root's ${kb.toFixed(1)} KB gzip (${files.length} files)${later}`);
      continue;
    }
    const verdict = kb > CLIENT_JS_BUDGET_KB ? `  OVER the ${CLIENT_JS_BUDGET_KB} KB budget` : "";
    if (verdict) over++;
    console.log(`${page.padEnd(16)} ${kb.toFixed(1).padStart(6)} KB gzip (${files.length} files${later})${verdict}`);
  }
  if (over) process.exitCode = 1;
}
