import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import type { Env } from "./app/server/platform/bindings";
import { getLoadContext } from "./load-context";
import { serviceWorker } from "./scripts/vite-service-worker";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const ROOT_MODULE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

/**
 * The app's own modules that root.tsx imports (its layout, header, cart and helpers) load on every
 * page, so the client build puts them in ONE chunk rather than one each: the same bytes on every
 * page in fewer requests (decision 016). Libraries keep Vite's chunking; a module some page loads
 * without root never lands here, because root is on every page.
 */
function shellChunks(): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    if (!shell) {
      shell = new Set();
      const queue = [...(getModuleInfo(ROOT_MODULE)?.importedIds ?? [])];
      for (let next = queue.pop(); next; next = queue.pop()) {
        if (shell.has(next) || next.includes("/node_modules/") || next.startsWith("\0")) continue;
        shell.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? "shell" : undefined;
  };
}

/**
 * The server build also exports workers/wiring.ts as `wiring`: the app modules workers/app.ts runs
 * (settings, CORS, edge cache, queues, the live channels' Durable Object…). Imported by the worker
 * directly, wrangler bundled a second copy of each beside the build's own.
 */
function workerWiring(): Plugin {
  const wiring = fileURLToPath(new URL("./workers/wiring.ts", import.meta.url));
  return {
    name: "worker-wiring",
    apply: "build",
    transform(code, id, options) {
      if (!options?.ssr || id !== "\0virtual:remix/server-build") return;
      return `${code}\nexport * as wiring from ${JSON.stringify(wiring)};\n`;
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // `npm run dev` is local: development, whatever wrangler.toml says for deploys (decision 012).
    // Only the dev server needs the local bindings: a build that started them would also start the
    // Durable Object binding without its class, and wrangler would warn that it cannot work.
    command === "serve" &&
      remixCloudflareDevProxy({
        // STATE_DIR, as `npm start` takes it: a wrangler --persist-to directory for local D1/R2 (tests
        // give the dev server its own); without it, wrangler's default .wrangler/state.
        ...(process.env.STATE_DIR ? { persist: { path: path.join(process.env.STATE_DIR, "v3") } } : {}),
        getLoadContext: ({ request, context }) =>
          getLoadContext({
            request,
            context: { cloudflare: { ...context.cloudflare, env: { ...(context.cloudflare.env as Env), ENVIRONMENT: "development" } } },
          }),
      }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
    // /sw.js, built after the client (decision 036).
    serviceWorker(),
    workerWiring(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: {
    // The browser's code goes through terser: ~4 % less gzip than esbuild's minifier on the shell
    // every page loads (react-dom, the routers), against the 100 KB per page budget. Not the
    // server's: wrangler minifies the worker again, with its libraries, and terser gained nothing there.
    minify: isSsrBuild ? true : "terser",
    ...(isSsrBuild ? {} : { terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } } }),
    rollupOptions: isSsrBuild
      ? // A server chunk imports only what it uses: Rollup's hoisted bare imports of its importers'
        // libraries (`import "zod"`) are dropped by wrangler's bundler anyway, with a warning each.
        { output: { hoistTransitiveImports: false } }
      : { output: { manualChunks: shellChunks() } },
  },
}));
