/**
 * `npx tsx scripts/capacity.ts [results.json]`: the tables of docs/capacity.md, from the last
 * `npm run bench` (.state/bench/results.json by default). Measured figures are copied; the
 * 25,000 × 1,000 column and the capacity figures are computed here by the rules docs/capacity.md
 * states, from the assumptions below: change one and re-run to see what follows.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { root } from "./local-store";

/** The projected chain. */
const PROJECTED = { products: 25_000, stores: 1_000 };
/** What one database is planned to be busy for, per second (D1 runs a database's queries one at a time). */
const UTILISATION = 0.5;
/** A dark store's orders per day and the share of them in the busiest hour (assumptions, not measurements). */
const ORDERS_PER_STORE_DAY = 2_000;
const PEAK_HOUR_SHARE = 0.12;
/** Lines in a typical order: its cost is interpolated between the measured 1- and 20-line orders. */
const TYPICAL_LINES = 10;
/** Requests reaching D1 per order placed (a shopper's visits that end in an order, and those that do not), by page. */
const REQUESTS_PER_ORDER: Record<string, number> = {
  "/ (home)": 3,
  listing: 6,
  product: 10,
  "/search?q=milk": 4,
  "GET /api/product/suggest?q=mil": 6,
  "GET /api/product/suggest?q=ma": 6,
  "/cart, signed in": 5,
};
/** The issue's goal for search and suggestions: the mix again with them at this many ms. */
const SEARCH_GOAL_MS = 2;

interface Measured {
  d1: number | null;
  statements: number | null;
  sqlMs: number | null;
  rowsRead: number | null;
}
interface Size {
  label: string;
  products: number;
  stores: number;
  targets: { t: { name: string; growth?: string }; r: Measured }[];
  orders: { lines: number; trips: number; statements: number; sqlMs: number; rowsRead: number; rowsWritten: number }[];
  storage?: { bytesPerRow: number; databaseBytes: number; stockRows: number };
  /** Adding a product to the cart (absent from results of bench runs before it was measured). */
  cartAdd?: { statements: number; sqlMs: number; rowsWritten: number };
}
interface Results {
  at: string;
  sizes: Size[];
}

const file = process.argv[2] ?? path.join(root, ".state", "bench", "results.json");
const results = JSON.parse(readFileSync(file, "utf8")) as Results;
const [small, large] = results.sizes;
if (!large) throw new Error(`${file}: no large size (run npm run bench without BENCH_LARGE=0)`);

const table = (header: string[], rows: (string | number)[][]) =>
  [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
const n = (x: number | null | undefined, digits = 0) =>
  x === null || x === undefined || Number.isNaN(x) ? "" : x.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * A page's reads grow with the catalogue when its rows read grew more than 1.5× from the small size
 * to the large one: they are projected in proportion to the products (20,000 → 25,000). Reads of one
 * store's stock are by primary key and do not grow with the number of stores (see docs/capacity.md).
 */
const productFactor = PROJECTED.products / large.products;
function project(s: Measured | undefined, l: Measured) {
  const grows = s?.rowsRead && l.rowsRead ? l.rowsRead / s.rowsRead > 1.5 : false;
  const f = grows ? productFactor : 1;
  return { grows, sqlMs: (l.sqlMs ?? 0) * f, rowsRead: (l.rowsRead ?? 0) * f, statements: l.statements ?? 0 };
}

console.log(`From ${path.relative(root, file)} (bench run of ${results.at}).\n`);
console.log(`### Per page: D1's cost per request\n`);
const pages = large.targets.filter((x) => x.t.name !== "/ping (baseline)");
const projected = new Map<string, ReturnType<typeof project>>();
console.log(
  table(
    [
      "page",
      `${small.label}: trips / statements / SQL ms / rows read`,
      `${large.label}: trips / statements / SQL ms / rows read`,
      `${PROJECTED.products.toLocaleString("en")} × ${PROJECTED.stores.toLocaleString("en")} (projected): SQL ms / rows read`,
    ],
    pages.map(({ t, r }) => {
      const s = small.targets.find((x) => x.t.name === t.name)?.r;
      const p = project(s, r);
      projected.set(t.name, p);
      return [
        t.name,
        s ? `${s.d1} / ${n(s.statements)} / ${n(s.sqlMs, 2)} / ${n(s.rowsRead)}` : "",
        `${r.d1} / ${n(r.statements)} / ${n(r.sqlMs, 2)} / ${n(r.rowsRead)}`,
        `${n(p.sqlMs, 2)} / ${n(p.rowsRead)}${p.grows ? " (× products)" : " (flat)"}`,
      ];
    }),
  ),
);

console.log(`\n### Per order (cash on delivery, through /api)\n`);
console.log(
  table(
    ["size", "lines", "round trips", "statements", "SQL ms", "rows read", "rows written"],
    [small, large].flatMap((size) =>
      size.orders.map((o) => [size.label, o.lines, n(o.trips), n(o.statements), n(o.sqlMs, 2), n(o.rowsRead), n(o.rowsWritten)]),
    ),
  ),
);
const orderAt = (size: Size, lines: number, pick: (o: Size["orders"][number]) => number) => {
  const [one, twenty] = [size.orders.find((o) => o.lines === 1)!, size.orders.find((o) => o.lines === 20)!];
  return pick(one) + ((pick(twenty) - pick(one)) * (lines - 1)) / 19;
};
console.log(
  `\nA ${TYPICAL_LINES}-line order at ${large.label} (interpolated): ${n(orderAt(large, TYPICAL_LINES, (o) => o.statements))} statements, ` +
    `${n(orderAt(large, TYPICAL_LINES, (o) => o.rowsWritten))} rows written, ${n(
      orderAt(large, TYPICAL_LINES, (o) => o.sqlMs),
      2,
    )} ms SQLite time. ` +
    `Projected the same at ${PROJECTED.products.toLocaleString("en")} × ${PROJECTED.stores.toLocaleString("en")}: every statement is per line or per order, by key.`,
);

console.log(`\n### What one database carries (${UTILISATION * 100} % busy, one query at a time)\n`);
const perSecond = (ms: number) => (ms > 0 ? (UTILISATION * 1000) / ms : Infinity);
console.log(
  table(
    ["request", `${large.label}: per second`, `${PROJECTED.products.toLocaleString("en")} × ${PROJECTED.stores.toLocaleString("en")}: per second`],
    [
      ...pages.map(({ t, r }) => [t.name, n(perSecond(r.sqlMs ?? 0)), n(perSecond(projected.get(t.name)!.sqlMs))]),
      [
        `order, ${TYPICAL_LINES} lines`,
        n(perSecond(orderAt(large, TYPICAL_LINES, (o) => o.sqlMs))),
        n(perSecond(orderAt(large, TYPICAL_LINES, (o) => o.sqlMs))),
      ],
    ],
  ),
);

const mixMs = (sqlOf: (name: string) => number, searchCap?: number) =>
  Object.entries(REQUESTS_PER_ORDER).reduce((sum, [name, count]) => {
    const isSearch = name.includes("search") || name.includes("suggest");
    const ms = sqlOf(name);
    return sum + count * (searchCap !== undefined && isSearch ? Math.min(ms, searchCap) : ms);
  }, 0);
// The writes of one order: its lines added to the cart one by one, then the order.
const orderMs = orderAt(large, TYPICAL_LINES, (o) => o.sqlMs) + TYPICAL_LINES * (large.cartAdd?.sqlMs ?? 0);
const cartNote = large.cartAdd
  ? `, its ${TYPICAL_LINES} lines added to the cart one by one (${n(large.cartAdd.sqlMs, 2)} ms SQLite time each)`
  : " (no cart writes in these results)";
const peakOrdersPerStore = (ORDERS_PER_STORE_DAY * PEAK_HOUR_SHARE) / 3600;
const rows: (string | number)[][] = [];
for (const [label, sqlOf, cap] of [
  [`${large.label}, today's code`, (name: string) => large.targets.find((x) => x.t.name === name)?.r.sqlMs ?? 0, undefined],
  [
    `${PROJECTED.products.toLocaleString("en")} × ${PROJECTED.stores.toLocaleString("en")}, today's code`,
    (name: string) => projected.get(name)?.sqlMs ?? 0,
    undefined,
  ],
  [
    `${PROJECTED.products.toLocaleString("en")} × ${PROJECTED.stores.toLocaleString("en")}, search and suggestions at ${SEARCH_GOAL_MS} ms`,
    (name: string) => projected.get(name)?.sqlMs ?? 0,
    SEARCH_GOAL_MS,
  ],
] as const) {
  const readsMs = mixMs(sqlOf, cap);
  const perOrder = readsMs + orderMs;
  const ordersPerDb = perSecond(perOrder);
  const ordersPrimaryOnly = perSecond(orderMs);
  rows.push([
    label,
    n(readsMs, 1),
    n(orderMs, 2),
    n(ordersPerDb, 1),
    n(ordersPerDb / peakOrdersPerStore),
    n(ordersPrimaryOnly),
    n(ordersPrimaryOnly / peakOrdersPerStore),
  ]);
}
const requests = Object.values(REQUESTS_PER_ORDER).reduce((a, b) => a + b, 0);
console.log(
  `\nPer order placed: ${requests} requests reaching D1 (${Object.entries(REQUESTS_PER_ORDER)
    .map(([k, v]) => `${v} ${k}`)
    .join(
      ", ",
    )}) and one ${TYPICAL_LINES}-line order${cartNote}. A store's busiest hour: ${ORDERS_PER_STORE_DAY.toLocaleString("en")} orders a day × ${PEAK_HOUR_SHARE * 100} % = ${peakOrdersPerStore.toFixed(3)} orders/s.\n`,
);
console.log(
  table(
    [
      "case",
      "reads per order, SQL ms",
      "the order's writes (cart included), SQL ms",
      "orders/s, one database for all",
      "stores per database",
      "orders/s, primary with reads on replicas",
      "stores per primary",
    ],
    rows,
  ),
);

if (large.storage) {
  const bytes = large.storage.bytesPerRow;
  const projectedRows = PROJECTED.products * PROJECTED.stores;
  console.log(
    `\n### Storage\n\nstore_stock: ${n(bytes)} bytes per row with its indexes (${n(bytes)} MB per million rows); ${large.label}: ` +
      `${n(large.storage.stockRows)} rows, the whole database ${n(large.storage.databaseBytes / 1e6)} MB. ` +
      `${PROJECTED.products.toLocaleString("en")} × ${PROJECTED.stores.toLocaleString("en")}: ${n(projectedRows / 1e6)} million rows, ` +
      `${n((projectedRows * bytes) / 1e9, 2)} GB of store_stock against D1's 10 GB per database.`,
  );
}
