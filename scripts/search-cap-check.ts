/**
 * `npx tsx scripts/search-cap-check.ts --persist-to DIR`: how the capped candidates of search
 * (docs/decisions/025-search-at-scale.md) change what shoppers see on a state (e.g. the scale state
 * of `npx tsx scripts/seed.ts --persist-to DIR --products 20000 --stores 50`). Runs every query of
 * `npm run search:eval` with no cap and with blocks of 50, 100 and CANDIDATES, and prints how many
 * queries keep the same first result, first three and first ten, and the overlap of the first ten.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../app/server/platform/bindings";
import { CANDIDATES, searchCatalogue } from "../app/server/search/search.server";
import { QUERIES } from "./search-eval-queries";

const args = process.argv.slice(2);
const at = args.indexOf("--persist-to");
if (at < 0 || !args[at + 1]) throw new Error("--persist-to DIR is required");
const proxy = await getPlatformProxy<Env>({ persist: { path: path.join(args[at + 1], "v3") }, remoteBindings: false });
try {
  const context = { cloudflare: { env: proxy.env, ctx: proxy.ctx } } as unknown as AppLoadContext;
  const top10 = async (q: string, candidates: number) =>
    (await searchCatalogue(context, { q, page: 1, pageSize: 10, cumulative: true, shape: "card", store: null, candidates })).items.map((i) => i.id);
  const uncapped = new Map<string, string[]>();
  for (const { q } of QUERIES) uncapped.set(q, await top10(q, 1_000_000));
  console.log(
    `${QUERIES.length} queries, compared with no cap\n\n| block | same top 1 | same top 3 | same top 10 | overlap@10 | top 3 differs for |\n| --- | --- | --- | --- | --- | --- |`,
  );
  for (const block of [50, 100, CANDIDATES]) {
    let same1 = 0,
      same3 = 0,
      same10 = 0,
      shared = 0,
      shown = 0;
    const differ: string[] = [];
    for (const { q } of QUERIES) {
      const full = uncapped.get(q)!;
      const capped = await top10(q, block);
      const same = (n: number) => full.slice(0, n).join() === capped.slice(0, n).join();
      same1 += same(1) ? 1 : 0;
      same3 += same(3) ? 1 : 0;
      same10 += same(10) ? 1 : 0;
      if (!same(3)) differ.push(q);
      shared += capped.filter((id) => full.includes(id)).length;
      shown += full.length;
    }
    console.log(`| ${block} | ${same1} | ${same3} | ${same10} | ${((100 * shared) / Math.max(1, shown)).toFixed(1)} % | ${differ.slice(0, 8).join(", ")} |`);
  }
} finally {
  await proxy.dispose();
}
