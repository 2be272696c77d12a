/**
 * `npm run search:eval`: the relevance evaluation (docs/decisions/014-search-relevance.md). Builds a
 * throw-away local D1 (migrations + the demo catalogue) in a temporary directory, runs every query
 * of scripts/search-eval-queries.ts through the same search the store serves (searchCatalogue), and
 * prints success@3 (a right product in the first three), top-1 and the zero-result rate, overall and
 * by kind of query. Exits 1 below the targets (success@3 95 %, top-1 85 %, zero results only for
 * what the store does not sell).
 *
 * Options (env): SEARCH_EVAL_VERBOSE=1 lists every query with its first three results.
 * `--persist-to DIR` evaluates an existing local state instead (e.g. the scale state of
 * `npx tsx scripts/seed.ts --persist-to DIR --products 20000 --stores 50`), unchanged.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../app/server/platform/bindings";
import { searchCatalogue } from "../app/server/search/search.server";
import { migrate, root } from "./local-store";
import { QUERIES, type EvalQuery } from "./search-eval-queries";
import { seedStore, type CatalogueFile } from "./seed-lib";

const TARGETS = { successAt3: 0.95, top1: 0.85 };
const verbose = process.env.SEARCH_EVAL_VERBOSE === "1";

const catalogue = JSON.parse(readFileSync(path.join(root, "seed", "catalogue.json"), "utf8")) as CatalogueFile;
const subKeyByName = new Map(catalogue.subCategories.map((s) => [s.name, s.key]));
for (const q of QUERIES) {
  for (const key of q.expect === "nothing" ? [] : (q.expect.sub ?? [])) {
    if (!catalogue.subCategories.some((s) => s.key === key)) throw new Error(`search-eval: "${q.q}" expects unknown sub-category "${key}"`);
  }
}

interface Hit {
  name: string;
  subCategories: { name: string }[];
}

function isRight(query: EvalQuery, hit: Hit): boolean {
  if (query.expect === "nothing") return false;
  const { sub, product } = query.expect;
  if (product && hit.name.toLowerCase().includes(product.toLowerCase())) return true;
  return !!sub && hit.subCategories.some((s) => sub.includes(subKeyByName.get(s.name) ?? ""));
}

const persistAt = process.argv.indexOf("--persist-to");
const existing = persistAt >= 0 ? process.argv[persistAt + 1] : undefined;
const state = existing ?? mkdtempSync(path.join(tmpdir(), "search-eval-"));
try {
  if (!existing) migrate(state);
  const proxy = await getPlatformProxy<Env>({ persist: { path: path.join(state, "v3") }, remoteBindings: false });
  try {
    if (!existing) await seedStore(proxy.env.DB, null, catalogue, { withAccounts: false });
    const context = { cloudflare: { env: proxy.env, ctx: proxy.ctx } } as unknown as AppLoadContext;
    const byKind = new Map<string, { n: number; at3: number; top1: number; zero: number }>();
    const misses: string[] = [];
    let soldN = 0,
      at3 = 0,
      top1 = 0,
      zero = 0,
      notSoldN = 0,
      notSoldFound = 0;
    for (const query of QUERIES) {
      const result = await searchCatalogue(context, { q: query.q, page: 1, pageSize: 10, cumulative: false, shape: "full", store: null });
      const first3 = result.items.slice(0, 3);
      const shown = `${query.q}${result.corrected ? ` → "${result.searched}"` : ""}: ${first3.map((h) => h.name).join(" | ") || "(nothing)"}`;
      if (verbose) console.log(`[${query.kind}] ${shown}`);
      if (query.expect === "nothing") {
        notSoldN++;
        if (result.totalCount > 0) notSoldFound++;
        continue;
      }
      const stats = byKind.get(query.kind) ?? { n: 0, at3: 0, top1: 0, zero: 0 };
      byKind.set(query.kind, stats);
      soldN++;
      stats.n++;
      const hit3 = first3.some((h) => isRight(query, h));
      const hit1 = !!first3[0] && isRight(query, first3[0]);
      if (hit3) {
        at3++;
        stats.at3++;
      }
      if (hit1) {
        top1++;
        stats.top1++;
      }
      if (!result.totalCount) {
        zero++;
        stats.zero++;
      }
      if (!hit1) misses.push(`${hit3 ? "top-3 only" : "MISS"} [${query.kind}] ${shown}`);
    }
    const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
    console.log(`\nSearch relevance: ${QUERIES.length} queries (${soldN} for things the store sells, ${notSoldN} for things it does not)\n`);
    console.log("| queries | n | success@3 | top-1 | zero results |\n| --- | --- | --- | --- | --- |");
    for (const [kind, s] of byKind) console.log(`| ${kind} | ${s.n} | ${pct(s.at3, s.n)} | ${pct(s.top1, s.n)} | ${pct(s.zero, s.n)} |`);
    console.log(`| **all sold** | ${soldN} | **${pct(at3, soldN)}** | **${pct(top1, soldN)}** | **${pct(zero, soldN)}** |`);
    console.log(`| not sold | ${notSoldN} | | | ${pct(notSoldN - notSoldFound, notSoldN)} |`);
    if (misses.length) console.log(`\nNot first:\n- ${misses.join("\n- ")}`);
    const ok = at3 / soldN >= TARGETS.successAt3 && top1 / soldN >= TARGETS.top1 && zero === 0;
    console.log(ok ? "\nTargets met." : "\nTargets missed (success@3 ≥ 95 %, top-1 ≥ 85 %, no zero result for a thing the store sells).");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await proxy.dispose();
  }
} finally {
  if (!existing) rmSync(state, { recursive: true, force: true });
}
