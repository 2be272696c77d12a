/**
 * `npx tsx scripts/search-cost.ts --persist-to DIR [--runs N]`: what search and suggestions cost
 * SQLite on an existing local state (e.g. the scale state of
 * `npx tsx scripts/seed.ts --persist-to DIR --products 20000 --stores 50`). Each query runs through
 * the code the store serves (searchCatalogue, suggestSearches) against that state's local D1, and
 * the D1 `meta` of every statement it sends is added up per request: SQLite time (`duration`) and
 * rows read. `--candidates 200,150` runs each search with those candidate blocks in turn (decision 025).
 * Prints the mean of N runs (local D1 times whole milliseconds) after 3 warm-up runs, per query (and with
 * `--statements`, per statement: time and rows read).
 *
 * With `--sales`, a state with no sales first gets 30 days of deterministic sales rows (every
 * third product, 1-9 units a day) so popularity has something to read, and the search upkeep the
 * cron runs (searchUpkeep) runs once before measuring. Both write to the state: use a copy.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../app/server/platform/bindings";
import { CANDIDATES, searchCatalogue } from "../app/server/search/search.server";
import { suggestSearches } from "../app/server/search/search-suggest.server";
import { searchUpkeep } from "../app/server/search/search-upkeep.server";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const persistTo = option("--persist-to");
if (!persistTo) throw new Error("--persist-to DIR is required");
const runs = Number(option("--runs") ?? 25);
/** `--candidates 200,150`: search with these block sizes in turn (default: the store's CANDIDATES). */
const blocks = (option("--candidates") ?? String(CANDIDATES)).split(",").map(Number);

const SEARCHES = ["milk", "bread", "rice", "chocolate", "amul butter", "atta", "paneer", "tea", "choclate", "xyzzyq"];
const SUGGESTIONS = ["ma", "mi", "br", "amul", "choc"];

interface StatementCost {
  sql: string;
  ms: number;
  rowsRead: number;
}

const proxy = await getPlatformProxy<Env>({ persist: { path: path.join(persistTo, "v3") }, remoteBindings: false });
try {
  const db = proxy.env.DB;
  if (args.includes("--sales")) {
    const { n } = (await db.prepare("select count(*) as n from product_sales_daily").first<{ n: number }>()) ?? { n: 0 };
    if (!n) {
      const today = Math.floor(Date.now() / 86_400_000);
      for (let day = today - 29; day <= today; day++) {
        await db
          .prepare(
            `insert into product_sales_daily (product_id, day, units)
             select id, ?1, 1 + abs(rowid * 7 + ?1) % 9 from products where rowid % 3 = 0`,
          )
          .bind(day)
          .run();
      }
      console.log("Added 30 days of sales for every third product.");
    }
  }
  let statements: StatementCost[] = [];
  const measured = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "batch") {
        return async (batch: D1PreparedStatement[]) => {
          const results = await target.batch(batch);
          results.forEach((r, i) => {
            const sql = (batch[i] as unknown as { statement?: string }).statement ?? "";
            statements.push({ sql, ms: r.meta.duration, rowsRead: r.meta.rows_read ?? 0 });
          });
          return results;
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const context = { cloudflare: { env: { ...proxy.env, DB: measured }, ctx: proxy.ctx } } as unknown as AppLoadContext;
  if (args.includes("--sales")) {
    // The nightly run: popularity, the index renumbered in popularity order, and `optimize`.
    const at = new Date();
    at.setUTCHours(21, 0, 0, 0);
    console.log("search upkeep:", JSON.stringify(await searchUpkeep(context, at.getTime())));
  }
  // D1's local duration is whole milliseconds: the mean of many runs is the figure.
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

  /** Runs the variants of one query in turn, `runs` times each after 3 warm-up rounds, so each meets the same load. */
  async function cost(variants: { label: string; run: () => Promise<string> }[]) {
    const measured = variants.map(() => ({
      totals: [] as number[],
      rows: [] as number[],
      count: 0,
      shown: "",
      perStatement: new Map<string, { ms: number[]; rows: number[] }>(),
    }));
    for (let i = 0; i < runs + 3; i++) {
      for (const [v, variant] of variants.entries()) {
        const m = measured[v];
        statements = [];
        m.shown = await variant.run();
        m.count = statements.length;
        if (i < 3) continue;
        m.totals.push(statements.reduce((s, x) => s + x.ms, 0));
        m.rows.push(statements.reduce((s, x) => s + x.rowsRead, 0));
        statements.forEach((s, at) => {
          const key = `${at}: ${s.sql.replace(/\s+/g, " ").slice(0, 70)}`;
          const seen = m.perStatement.get(key) ?? { ms: [], rows: [] };
          m.perStatement.set(key, { ms: [...seen.ms, s.ms], rows: [...seen.rows, s.rowsRead] });
        });
      }
    }
    for (const [v, { label }] of variants.entries()) {
      const m = measured[v];
      console.log(
        `${label.padEnd(30)} ${mean(m.totals).toFixed(2).padStart(7)} ms  ${String(mean(m.rows)).padStart(7)} rows read  ${m.count} statements  → ${m.shown}`,
      );
      if (args.includes("--statements")) {
        for (const [key, s] of m.perStatement) console.log(`    ${mean(s.ms).toFixed(2).padStart(7)} ms  ${String(mean(s.rows)).padStart(7)} rows  ${key}`);
      }
    }
  }

  console.log(`SQLite time per request (mean of ${runs} runs) on ${persistTo}`);
  for (const q of SEARCHES) {
    await cost(
      blocks.map((candidates) => ({
        label: `search "${q}"${blocks.length > 1 || candidates !== CANDIDATES ? ` (block ${candidates})` : ""}`,
        run: async () => {
          const r = await searchCatalogue(context, {
            q,
            page: 1,
            pageSize: 10,
            cumulative: true,
            shape: "card",
            store: null,
            withCategoriesWhenEmpty: true,
            candidates,
          });
          return `${r.totalCount} found${r.corrected ? ` as "${r.searched}"` : ""}: ${r.items
            .slice(0, 3)
            .map((h) => h.name)
            .join(" | ")}`;
        },
      })),
    );
  }
  for (const q of SUGGESTIONS) {
    await cost([
      {
        label: `suggest "${q}"`,
        run: async () => {
          const s = await suggestSearches(context, q, null);
          return s
            .slice(0, 4)
            .map((x) => x.name)
            .join(" | ");
        },
      },
    ]);
  }
} finally {
  await proxy.dispose();
}
