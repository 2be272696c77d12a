/**
 * `npm test`: typecheck, lint (ESLint, Prettier, knip), build, unit, workers (ENVIRONMENT=test, the security suite included),
 * workers-production (the same worker as deployed: production settings), process (`npm start`
 * stopped every way, the deploy's bindings), then e2e (JavaScript on and off). Stops at the first
 * failing layer and exits non-zero.
 */
import { spawnSync } from "node:child_process";
import { root, wranglerEnv } from "./local-store";

const steps: [string, string[]][] = [
  ["typecheck", ["tsc"]],
  // `npm run lint`, step by step: rules and import direction, formatting, dead code.
  ["eslint", ["eslint", "."]],
  ["prettier", ["prettier", "--check", "."]],
  ["knip", ["knip", "--no-progress", "--no-config-hints"]],
  ["build", ["remix", "vite:build"]],
  ["unit", ["vitest", "run", "--project", "unit"]],
  ["workers", ["vitest", "run", "--project", "workers"]],
  ["workers-production", ["vitest", "run", "--project", "workers-production"]],
  ["process", ["vitest", "run", "--project", "process"]],
  ["e2e", ["playwright", "test", ...process.argv.slice(2)]],
];

for (const [name, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}: npx ${args.join(" ")}`);
  const result = spawnSync("npx", args, { cwd: root, stdio: "inherit", env: { ...wranglerEnv, CI: process.env.CI ?? "" } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
