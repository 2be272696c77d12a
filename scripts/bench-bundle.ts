/**
 * The worker's size as a deploy uploads it (issue 15: ≤ 400 KB gzip): `wrangler deploy --dry-run`
 * bundles workers/app.ts and the built server with wrangler.toml's settings (minify included) into
 * a scratch folder, and the JavaScript there is measured raw and gzipped.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root, wranglerEnv } from "./local-store";

export const WORKER_GZIP_BUDGET_KB = 400;

export function workerBundleKb(): { rawKb: number; gzipKb: number } {
  const outdir = path.join(root, ".state", "bench", "worker-bundle");
  rmSync(outdir, { recursive: true, force: true });
  const result = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], { cwd: root, env: wranglerEnv, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${result.stderr}`);
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(outdir, { recursive: true, encoding: "utf8" })) {
    if (!/\.(m?js|wasm)$/.test(file)) continue;
    const bytes = readFileSync(path.join(outdir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { rawKb: raw / 1024, gzipKb: gzip / 1024 };
}
