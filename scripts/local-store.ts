/**
 * Helpers shared by `npm start`, the e2e web server and the benchmark: apply migrations to a local
 * D1 state directory, seed it when empty, and serve the built worker with wrangler on that state.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../load-context";
import { isSeeded, largeCatalogue, seedStore, type CatalogueFile } from "./seed-lib";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "1",
};

function run(cmd: string, args: string[]) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: wranglerEnv });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed with ${result.status}`);
}

export function build() {
  run("npx", ["remix", "vite:build"]);
}

/** `persistTo` is a wrangler --persist-to directory (undefined = wrangler's default .wrangler/state). */
export function migrate(persistTo?: string) {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])]);
}

export async function seed(persistTo: string | undefined, { large = false } = {}) {
  const statePath = path.join(persistTo ?? path.join(root, ".wrangler", "state"), "v3");
  const proxy = await getPlatformProxy<Env>({ persist: { path: statePath }, remoteBindings: false });
  try {
    if (await isSeeded(proxy.env.DB)) {
      console.log("Local D1 already has a catalogue: keeping it.");
      return;
    }
    const catalogue = JSON.parse(await readFile(path.join(root, "seed", "catalogue.json"), "utf8")) as CatalogueFile;
    const data = large ? largeCatalogue(catalogue) : catalogue;
    const counts = await seedStore(proxy.env.DB, proxy.env.IMAGES, data, {
      // A plain ArrayBuffer: miniflare's proxy cannot serialise Node's pooled Buffer views.
      loadImage: async (file) => {
        const bytes = await readFile(path.join(root, "seed", "images", file));
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
    });
    console.log(
      `Seeded ${counts.categories} categories, ${counts.subCategories} sub-categories, ${counts.products} products and the demo accounts.`,
    );
  } finally {
    await proxy.dispose();
  }
}

export interface ServeOptions {
  port: number;
  persistTo?: string;
  vars?: Record<string, string>;
  stdio?: "inherit" | "ignore" | "pipe";
  /** Own process group (kill with killGroup); false keeps it in ours so our killer reaches it. */
  detached?: boolean;
}

/** Starts `wrangler dev` detached in its own process group; kill it with killGroup(child.pid). */
export function serve({ port, persistTo, vars = {}, stdio = "inherit", detached = true }: ServeOptions) {
  const args = [
    "wrangler",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    ...(persistTo ? ["--persist-to", persistTo] : []),
    ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
  ];
  return spawn("npx", args, { cwd: root, stdio, env: wranglerEnv, detached });
}

export function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    /* already gone */
  }
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
