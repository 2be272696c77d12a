import type { AppLoadContext } from "@remix-run/cloudflare";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../app/server/platform/bindings";
import { searchCatalogue } from "../app/server/search/search.server";
import { QUERIES } from "./search-eval-queries";
const [dir, out] = process.argv.slice(2);
const proxy = await getPlatformProxy<Env>({ persist: { path: path.join(dir, "v3") }, remoteBindings: false });
const context = { cloudflare: { env: proxy.env, ctx: proxy.ctx } } as unknown as AppLoadContext;
const res: Record<string, string[]> = {};
for (const q of QUERIES) {
  const r = await searchCatalogue(context, { q: q.q, page: 1, pageSize: 10, cumulative: true, shape: "card", store: null });
  res[q.q] = r.items.map((i) => `${i.id} ${i.name}`);
}
writeFileSync(out, JSON.stringify(res, null, 1));
await proxy.dispose();
