/**
 * Client JS per storefront page from the build alone (`npx remix vite:build` first): the gzip size
 * of every script a page's HTML links (the entry, root and each route of the page with their
 * imports), from the browser manifest Remix writes to build/client/assets. The same files
 * `npm run bench` counts from a served page, with no server, for the pages it does not visit
 * (checkout, a shopper's order). Budget: 100 KB gzip per page (issue 15).
 *
 *   npx tsx scripts/client-js-pages.ts
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const client = path.join(import.meta.dirname, "..", "build", "client");
const manifestFile = readdirSync(path.join(client, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!manifestFile) throw new Error("No build/client/assets/manifest-*.js: run `npx remix vite:build` first");
const manifest = JSON.parse(
  readFileSync(path.join(client, "assets", manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;?\s*$/, ""),
) as Manifest;

const PAGES: Record<string, string> = {
  home: "routes/_index",
  listing: "routes/$category.$subCategory",
  product: "routes/product.$product",
  search: "routes/search",
  cart: "routes/cart",
  checkout: "routes/checkout",
  "shopper's order": "routes/dashboard.myorders_.$orderId",
};

const gzipKb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(client, f))).length, 0) / 1024;

for (const [page, id] of Object.entries(PAGES)) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route: ManifestRoute | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  if (!manifest.routes[id]) throw new Error(`No route ${id} in the manifest`);
  console.log(`${page.padEnd(16)} ${gzipKb(files).toFixed(1).padStart(6)} KB gzip (${files.size} files)`);
}
