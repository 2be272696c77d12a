/**
 * Helpers shared by `npm start`, the e2e web server and the benchmark: apply migrations to a local
 * D1 state directory, seed it when empty, and serve the built worker with wrangler on that state.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { constants } from "node:os";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../app/server/platform/bindings";
import { isSeeded, largeCatalogue, seedStore, type CatalogueFile } from "./seed-lib";
import { seedScale } from "./seed-scale";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The bindings the seed writes to (D1 and R2), named as in wrangler.toml so it writes the same state. */
const seedConfig = path.join(root, "scripts", "seed.wrangler.toml");

export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "1",
};

export function build() {
  // Vite lists every file it writes; one line says the same, and a failure prints the whole output.
  const result = spawnSync("npx", ["remix", "vite:build"], { cwd: root, env: wranglerEnv, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`npx remix vite:build failed with ${result.status}`);
  }
  console.log("Built the app into build/.");
}

/** `persistTo` is a wrangler --persist-to directory (undefined = wrangler's default .wrangler/state). */
export function migrate(persistTo?: string) {
  const args = ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  // wrangler prints its table of migrations again after each one it applies; one line says the
  // same, and a failure still prints wrangler's whole output.
  const result = spawnSync("npx", args, { cwd: root, env: wranglerEnv, encoding: "utf8" });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0) {
    process.stderr.write(output);
    throw new Error(`npx ${args.join(" ")} failed with ${result.status}`);
  }
  const applied = new Set(output.match(/\d{4}_\S+\.sql(?=\s+│ ✅)/g)).size;
  console.log(applied ? `Local D1: applied ${applied} migrations.` : "Local D1: migrations up to date.");
}

/** `scale`: the scale state (scripts/seed-scale.ts) instead of the demo or `large` catalogue. */
export async function seed(persistTo: string | undefined, { large = false, scale }: { large?: boolean; scale?: { products: number; stores: number } } = {}) {
  const statePath = path.join(persistTo ?? path.join(root, ".wrangler", "state"), "v3");
  // The seed needs only D1 and R2: the store's own config would also declare the LiveChannel
  // Durable Object, which a proxy without the worker's code warns "will fail at runtime".
  const proxy = await getPlatformProxy<Env>({ configPath: seedConfig, persist: { path: statePath }, remoteBindings: false });
  try {
    if (await isSeeded(proxy.env.DB)) {
      console.log("Local D1 already has a catalogue: keeping it.");
      return;
    }
    const catalogue = JSON.parse(await readFile(path.join(root, "seed", "catalogue.json"), "utf8")) as CatalogueFile;
    // A plain ArrayBuffer: miniflare's proxy cannot serialise Node's pooled Buffer views.
    const loadImage = async (file: string) => {
      const bytes = await readFile(path.join(root, "seed", "images", file));
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    };
    if (scale) {
      const counts = await seedScale(proxy.env.DB, proxy.env.IMAGES, catalogue, scale, { loadImage });
      console.log(
        `Seeded ${counts.categories} categories, ${counts.subCategories} sub-categories, ${counts.products} products, ${counts.stores} stores with stock at each and the demo accounts.`,
      );
      return;
    }
    const data = large ? largeCatalogue(catalogue) : catalogue;
    const counts = await seedStore(proxy.env.DB, proxy.env.IMAGES, data, { loadImage });
    console.log(`Seeded ${counts.categories} categories, ${counts.subCategories} sub-categories, ${counts.products} products and the demo accounts.`);
  } finally {
    await proxy.dispose();
  }
}

export interface ServeOptions {
  port: number;
  persistTo?: string;
  /** Vars for the worker; ENVIRONMENT is required: wrangler.toml's own is "production" (decision 012). */
  vars: { ENVIRONMENT: "development" | "test" | "production" } & Record<string, string>;
  stdio?: "inherit" | "ignore";
}

/**
 * Starts `wrangler dev` under scripts/serve-guard.ts, in a process group of its own: stop it with
 * killGroup(child.pid). The guard also stops it when this process ends in any way, even SIGKILL
 * (the guard's stdin is a pipe from us), so no server outlives the script that started it.
 */
export function serve({ port, persistTo, vars, stdio = "inherit" }: ServeOptions) {
  const args = [
    "wrangler",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    // The OS picks the devtools port: servers started side by side never race for 9229.
    "--inspector-port",
    "0",
    "--show-interactive-dev-session=false",
    // The store, then the invoice PDF worker its INVOICE_PDF service binding calls (decision 031).
    "-c",
    "wrangler.toml",
    "-c",
    "workers/invoice/wrangler.toml",
    "--log-level",
    "warn",
    // Development serves /__scheduled, which runs the cron's work once (`npm run cron`): wrangler
    // triggers no cron locally, and its /cdn-cgi/handler/scheduled reaches the invoice worker.
    ...(vars.ENVIRONMENT === "development" ? ["--test-scheduled"] : []),
    ...(persistTo ? ["--persist-to", persistTo] : []),
    ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
  ];
  const guard = path.join(root, "scripts", "serve-guard.ts");
  return spawn(process.execPath, ["--import", "tsx", guard, "npx", ...args], {
    cwd: root,
    stdio: ["pipe", stdio, stdio],
    // wrangler bundles React for NODE_ENV, which `wrangler dev` takes as development unless told
    // otherwise, and `wrangler deploy` as production: a production worker (the bench) runs the
    // production build that deploys ship, not React's development one (decision 016).
    env: { ...wranglerEnv, NODE_ENV: vars.ENVIRONMENT === "production" ? "production" : "development" },
    detached: true,
  });
}

/** Stops a server started by serve() (the guard's whole group). */
export function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    /* already gone */
  }
}

/**
 * Makes the server end with this script, whatever ends it: a signal (INT, TERM, HUP), a normal
 * exit or process.exit() from anyone (wrangler's own SIGINT/SIGTERM handlers, loaded with
 * getPlatformProxy, call process.exit() before ours run), or our parent going away (`npm start`'s
 * npm or shell killed: we are re-parented). SIGKILL of this script is the guard's to catch. The
 * script ends when the server does.
 */
export function stopWithThisProcess(server: ChildProcess) {
  process.on("exit", () => killGroup(server.pid));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => process.exit(128 + constants.signals[signal]));
  }
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(129);
  }, 500).unref();
  server.on("exit", (code) => process.exit(code ?? 1));
}

export async function waitForServer(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server at ${url} did not start within ${timeoutMs / 1000}s`);
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
  });
}
