/**
 * `npm test`: the static checks (typecheck, and `npm run lint`: ESLint, Prettier, knip) side by side,
 * then build, unit, workers (ENVIRONMENT=test, the security suite included), workers-production (the
 * same worker as deployed: production settings), process (`npm start` stopped every way, the
 * deploy's bindings), then e2e (JavaScript on and off). Stops at the first failing layer and exits
 * non-zero.
 */
import { spawn, spawnSync } from "node:child_process";
import { root, wranglerEnv } from "./local-store";

type Step = [name: string, args: string[]];

const env = { ...wranglerEnv, CI: process.env.CI ?? "" };

/** Read-only checks, run at once; each one's output is printed when it ends, so they do not interleave. */
const staticChecks: Step[] = [
  ["typecheck", ["tsc"]],
  ["eslint", ["eslint", "."]],
  ["prettier", ["prettier", "--check", "."]],
  ["knip", ["knip", "--no-progress", "--no-config-hints"]],
];

const layers: Step[] = [
  ["build", ["remix", "vite:build"]],
  ["unit", ["vitest", "run", "--project", "unit"]],
  ["workers", ["vitest", "run", "--project", "workers"]],
  ["workers-production", ["vitest", "run", "--project", "workers-production"]],
  ["process", ["vitest", "run", "--project", "process"]],
  ["e2e", ["playwright", "test", ...process.argv.slice(2)]],
];

const since = (started: number) => ((Date.now() - started) / 1000).toFixed(1);

function fail(name: string, started: number, status: number | null): never {
  console.error(`\n✖ ${name} failed after ${since(started)}s`);
  process.exit(status ?? 1);
}

function runBuffered([name, args]: Step): Promise<{ name: string; status: number | null; output: string; seconds: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npx", args, { cwd: root, env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (status) => resolve({ name, status, output, seconds: since(started) }));
  });
}

const checksStarted = Date.now();
console.log(`\n▶ static checks: ${staticChecks.map(([, args]) => `npx ${args.join(" ")}`).join(" | ")}`);
const results = await Promise.all(staticChecks.map(runBuffered));
for (const { name, status, output, seconds } of results) {
  if (output.trim()) process.stdout.write(`\n── ${name}\n${output}`);
  console.log(`${status === 0 ? "✔" : "✖"} ${name} (${seconds}s)`);
}
const failed = results.find((r) => r.status !== 0);
if (failed) fail(failed.name, checksStarted, failed.status);

for (const [name, args] of layers) {
  const started = Date.now();
  console.log(`\n▶ ${name}: npx ${args.join(" ")}`);
  const result = spawnSync("npx", args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) fail(name, started, result.status);
  console.log(`✔ ${name} (${since(started)}s)`);
}
