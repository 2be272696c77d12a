/**
 * `node --conditions=worker --single-threaded scripts/bench-patches-requests.mjs <warm-up> <measured>`
 * (after `npx remix vite:build`): renders requests through the built server (build/server, its
 * dependencies resolved from node_modules as the Worker's bundle takes them) with a D1 that answers
 * every statement with no rows, so each page runs its loaders' query building, routing and React
 * render but no SQL. Prints `ready` after the warm-up and `done` after the measured requests: the
 * driver (scripts/bench-patches-ab.sh) counts the instructions in between with callgrind, with each
 * patch applied and reversed. Statuses are printed so a change of what is rendered shows.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const build = await import(path.join(root, "build/server/index.js"));
const handle = createRequestHandler(build, "production");

const meta = { duration: 0, changes: 0, rows_read: 0, rows_written: 0, last_row_id: 0, changed_db: false, size_after: 0 };
const statement = {
  bind: () => statement,
  all: async () => ({ results: [], success: true, meta }),
  raw: async () => [],
  first: async () => null,
  run: async () => ({ results: [], success: true, meta }),
};
const DB = {
  prepare: () => statement,
  batch: async (statements) => statements.map(() => ({ results: [], success: true, meta })),
  withSession: () => DB,
  getBookmark: () => null,
};
const env = { DB, ENVIRONMENT: "test", SESSION_SECRET: "bench-secret-bench-secret-bench-secret-0123" };

async function render(pathname) {
  const request = new Request(`http://store.test${pathname}`);
  const context = {
    cloudflare: { env, ctx: { waitUntil() {}, passThroughOnException() {} }, cf: undefined, caches: undefined },
    corsClient: null,
    memo: {},
    d1: { db: DB, start: "first-unconstrained", wrote: false, bookmark: () => null, leavesBookmark: false },
  };
  const response = await handle(request, context);
  await response.arrayBuffer();
  return response.status;
}

const PAGES = ["/", "/search?q=milk", "/category/fruits-vegetables-0123456789abcdef01234567", "/product/nothing-0123456789abcdef01234567", "/login"];
const [warm = "30", measured = "20"] = process.argv.slice(2);
const statuses = new Set();
for (let i = 0; i < Number(warm); i++) statuses.add(`${PAGES[i % PAGES.length]} ${await render(PAGES[i % PAGES.length])}`);
console.log("ready", [...statuses].sort().join(", "));
// The driver turns counting on, then presses Enter.
if (process.env.WAIT_FOR_ENTER) await new Promise((resolve) => createInterface({ input: process.stdin }).once("line", resolve));
for (let i = 0; i < Number(measured); i++) await render(PAGES[i % PAGES.length]);
console.log("done");
process.exit(0);
