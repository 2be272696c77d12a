/**
 * Issue 16 item 14: what `npm run deploy` uploads runs as production unless someone deliberately
 * says otherwise. Runs the deploy script's own `wrangler deploy …` offline (`--dry-run`), as a
 * deploy would bundle it, and reads the bindings wrangler reports.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const outDir = mkdtempSync(path.join(os.tmpdir(), "store-deploy-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function withoutNodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.NODE_ENV;
  return copy;
}

const deployScript = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.deploy;

describe("npm run deploy", () => {
  it("deploys with plain `wrangler deploy`: no --env, no --var to forget or to get wrong", () => {
    const steps = deployScript.split("&&").map((s) => s.trim());
    expect(steps.at(-1)).toBe("wrangler deploy");
  });

  it("uploads a worker that runs as production, with D1, R2, both rate limiters and no secret in plain vars", async () => {
    const wranglerDeploy = deployScript.split("&&").at(-1)!.trim().split(/\s+/);
    const { stdout, stderr } = await promisify(execFile)("npx", [...wranglerDeploy, "--dry-run", "--outdir", outDir], {
      cwd: root,
      // As `npm run deploy` runs: without vitest's NODE_ENV=test, which wrangler would bundle in.
      env: { ...withoutNodeEnv(process.env), WRANGLER_SEND_METRICS: "false", CI: "1" },
    });
    const report = stdout + stderr;
    expect(report).toMatch(/env\.ENVIRONMENT \("production"\)\s+Environment Variable/);
    expect(report).toMatch(/env\.DB \(grocery-store\)\s+D1 Database/);
    expect(report).toMatch(/env\.IMAGES \(grocery-store-images\)\s+R2 Bucket/);
    expect(report).toMatch(/env\.PUBLIC_FORM_LIMITER \(\d+ requests\/60s\)\s+Rate Limit/);
    expect(report).toMatch(/env\.UPLOAD_LIMITER \(\d+ requests\/60s\)\s+Rate Limit/);
    expect(report).not.toMatch(/env\.SESSION_SECRET/);
  });

  it("uploads at most 410 KB gzip of JavaScript for every storefront request (the invoice PDF is a worker of its own, decision 031; the budget: decision 052)", () => {
    // Runs after the dry run above, which bundled into outDir. The react-dom stand-in (decision 033)
    // keeps react-dom's client build out: 407 KiB with it, ~363 KiB without.
    const scripts = readdirSync(outDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    const gzipBytes = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file))).length, 0);
    expect(gzipBytes).toBeLessThanOrEqual(410_000);
  });

  it("uploads the invoice worker in at most 621 KiB gzip, everything it ships counted: JavaScript, HarfBuzz's wasm and the fonts (decision 045)", async () => {
    const invoiceOut = mkdtempSync(path.join(os.tmpdir(), "invoice-deploy-"));
    try {
      await promisify(execFile)("npx", ["wrangler", "deploy", "-c", "workers/invoice/wrangler.toml", "--dry-run", "--outdir", invoiceOut], {
        cwd: root,
        env: { ...withoutNodeEnv(process.env), WRANGLER_SEND_METRICS: "false", CI: "1" },
      });
      const modules = readdirSync(invoiceOut, { recursive: true, encoding: "utf8" }).filter((file) => /\.(m?js|wasm|ttf)$/.test(file));
      // The worker, HarfBuzz and five fonts: a module left out would make the sum below too small.
      expect(modules.filter((file) => file.endsWith(".wasm"))).toHaveLength(1);
      expect(modules.filter((file) => file.endsWith(".ttf"))).toHaveLength(5);
      const gzipBytes = modules.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(invoiceOut, file))).length, 0);
      expect(gzipBytes).toBeLessThanOrEqual(621 * 1024);
    } finally {
      rmSync(invoiceOut, { recursive: true, force: true });
    }
  });
});
