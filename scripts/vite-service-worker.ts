/**
 * Builds the service worker (app/service-worker.ts) into build/client/sw.js at the end of the build
 * (decision 036), so Workers' static assets serve it at /sw.js. It runs after the server build,
 * the last of Remix's two, because Remix writes its browser manifest (assets/manifest-HASH.js, the
 * client's modules and what each imports) only then. It fills in the worker's two constants:
 *
 * - `__SW_PRECACHE__`: what the storefront's shell needs, read from that manifest: the client entry,
 *   the root route and the storefront's routes ({@link SHELL_ROUTES}) with every chunk they import
 *   and their CSS, the manifest itself, the stylesheet, and the public files of
 *   {@link PUBLIC_FILES}. Admin and account routes are left to the network.
 * - `__SW_VERSION__`: a hash of those paths and of the public files' contents, so any change to
 *   them changes sw.js's bytes, which is what makes browsers install the new worker.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";
import { OFFLINE_PAGE } from "../app/lib/pwa/cache-rules";

/** Public files the worker precaches, by URL, and the file each is served from. */
const PUBLIC_FILES: Record<string, string> = {
  [OFFLINE_PAGE]: "offline.html",
  "/manifest.webmanifest": "manifest.webmanifest",
  "/favicon.ico": "favicon.ico",
  "/icons/icon-192.png": "icons/icon-192.png",
  "/icons/icon-512.png": "icons/icon-512.png",
  "/icons/icon-maskable-192.png": "icons/icon-maskable-192.png",
  "/icons/icon-maskable-512.png": "icons/icon-maskable-512.png",
  "/icons/apple-touch-icon.png": "icons/apple-touch-icon.png",
};

/** The storefront's routes (Remix route ids): their code is the shell a shopper's pages run on. */
const SHELL_ROUTES = ["root", "routes/_index", "routes/$", "routes/$category.$subCategory", "routes/product.$product", "routes/search", "routes/cart"];

/** The largest service worker the budget allows (issue 40: 25 KB gzip). */
const SW_BUDGET_GZIP = 25 * 1024;

/** Where wrangler.toml's [assets] serves from: Remix's client build directory. */
const CLIENT_DIR = "build/client";

interface ManifestEntry {
  module: string;
  imports?: string[];
  css?: string[];
}

export function serviceWorker(): Plugin {
  let server = false;
  let root = "";
  return {
    name: "freshdash-service-worker",
    apply: "build",
    configResolved(config) {
      server = !!config.build.ssr;
      root = config.root;
    },
    async closeBundle() {
      if (!server) return;
      const clientDir = path.join(root, CLIENT_DIR);
      const publicDir = path.join(root, "public");
      const assets = readdirSync(path.join(clientDir, "assets"));
      const manifestFile = assets.find((f) => /^manifest-[0-9a-f]+\.js$/.test(f));
      if (!manifestFile) throw new Error("service worker: no Remix manifest in build/client/assets");
      const manifestText = readFileSync(path.join(clientDir, "assets", manifestFile), "utf8");
      const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("=") + 1).replace(/;\s*$/, "")) as {
        entry: ManifestEntry;
        routes: Record<string, ManifestEntry>;
      };
      const shell = new Set([`/assets/${manifestFile}`, ...assets.filter((f) => f.endsWith(".css")).map((f) => `/assets/${f}`)]);
      for (const entry of [manifest.entry, ...SHELL_ROUTES.map((id) => manifest.routes[id])]) {
        if (!entry) throw new Error(`service worker: a storefront route is missing from the manifest (${SHELL_ROUTES.join(", ")})`);
        for (const file of [entry.module, ...(entry.imports ?? []), ...(entry.css ?? [])]) shell.add(file);
      }
      const precache = [...[...shell].sort(), ...Object.keys(PUBLIC_FILES)];
      const version = createHash("sha256");
      for (const url of precache) version.update(`${url}\n`);
      for (const file of Object.values(PUBLIC_FILES)) version.update(readFileSync(path.join(publicDir, file)));
      await build({
        configFile: false,
        root,
        logLevel: "warn",
        publicDir: false,
        define: {
          __SW_PRECACHE__: JSON.stringify(precache),
          __SW_VERSION__: JSON.stringify(version.digest("hex").slice(0, 16)),
        },
        build: {
          outDir: clientDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          target: "es2020",
          lib: { entry: path.join(root, "app/service-worker.ts"), formats: ["iife"], name: "sw", fileName: () => "sw.js" },
        },
      });
      const gzip = gzipSync(readFileSync(path.join(clientDir, "sw.js"))).length;
      if (gzip > SW_BUDGET_GZIP) throw new Error(`sw.js is ${gzip} bytes gzip, over its ${SW_BUDGET_GZIP}-byte budget`);
      console.log(`sw.js: ${precache.length} files precached, ${(gzip / 1024).toFixed(1)} KB gzip`);
    },
  };
}
