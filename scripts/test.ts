/**
 * `npm test`: every layer, stopping at the first failing stage, exit non-zero on failure. Layers
 * that do not depend on each other run side by side (the machine has 2 cores; a layer's output is
 * printed when it ends, so they do not interleave):
 *   1. the static checks (typecheck, and `npm run lint`: ESLint, Prettier, knip, the layers with
 *      dependency-cruiser and their picture) beside build → unit;
 *   2. workers (ENVIRONMENT=test, the security suite included) beside workers-production (the same
 *      worker as deployed: production settings) → process (`npm start` stopped every way, the
 *      deploy's bindings): process is mostly waiting on the servers it starts;
 *   3. e2e (JavaScript on and off) alone, two tests at a time (playwright.config.ts): its journeys
 *      assert on time (live updates within 2 s).
 * Extra arguments go to Playwright.
 */
import { spawn } from "node:child_process";
import { root, wranglerEnv } from "./local-store";

type Step = [name: string, args: string[]];
/** Steps run one after another (stopping at the first failure); the chains of a stage run side by side. */
type Chain = Step[];

const env = { ...wranglerEnv, CI: process.env.CI ?? "" };

const stages: { name: string; chains: Chain[] }[] = [
  {
    name: "static checks, build and unit",
    chains: [
      [["typecheck", ["tsc"]]],
      [["eslint", ["eslint", "."]]],
      [["prettier", ["prettier", "--check", "."]]],
      [["knip", ["knip", "--no-progress", "--no-config-hints"]]],
      [
        ["depcruise", ["depcruise", "app", "workers", "tests", "scripts", "load-context.ts"]],
        ["layers picture", ["tsx", "scripts/layers-picture.ts", "--check"]],
      ],
      [
        ["build", ["remix", "vite:build"]],
        ["unit", ["vitest", "run", "--project", "unit"]],
      ],
    ],
  },
  {
    name: "workers beside workers-production and process",
    chains: [
      // Two files at a time: a file is mostly its own workerd starting and migrating (decision 034).
      [["workers", ["vitest", "run", "--project", "workers", "--maxWorkers=2"]]],
      [
        ["workers-production", ["vitest", "run", "--project", "workers-production"]],
        ["process", ["vitest", "run", "--project", "process"]],
      ],
    ],
  },
  { name: "e2e", chains: [[["e2e", ["playwright", "test", ...process.argv.slice(2)]]]] },
];

const since = (started: number) => ((Date.now() - started) / 1000).toFixed(1);

interface Result {
  name: string;
  status: number | null;
  seconds: string;
}

/** Runs one step with its output buffered (printed whole when it ends), or passed through when alone. */
function run([name, args]: Step, alone: boolean): Promise<Result> {
  const started = Date.now();
  console.log(`▶ ${name}: npx ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn("npx", args, { cwd: root, env, stdio: alone ? "inherit" : "pipe" });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (status) => {
      if (output.trim()) process.stdout.write(`\n── ${name}\n${output}`);
      const seconds = since(started);
      console.log(`${status === 0 ? "✔" : "✖"} ${name} (${seconds}s)`);
      resolve({ name, status, seconds });
    });
  });
}

async function runChain(chain: Chain, alone: boolean): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of chain) {
    const result = await run(step, alone);
    results.push(result);
    if (result.status !== 0) break;
  }
  return results;
}

const allStarted = Date.now();
for (const stage of stages) {
  const started = Date.now();
  const alone = stage.chains.length === 1 && stage.chains[0].length === 1;
  console.log(`\n▶▶ ${stage.name}`);
  const results = (await Promise.all(stage.chains.map((chain) => runChain(chain, alone)))).flat();
  const failed = results.find((r) => r.status !== 0);
  if (failed) {
    console.error(`\n✖ ${failed.name} failed (stage "${stage.name}" after ${since(started)}s)`);
    process.exit(failed.status ?? 1);
  }
  console.log(`✔✔ ${stage.name} (${since(started)}s)`);
}
console.log(`\n✔ all layers passed in ${since(allStarted)}s`);
