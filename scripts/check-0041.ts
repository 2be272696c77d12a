/**
 * `npx tsx scripts/check-0041.ts`: migration 0041 (products.gst_rate takes 40) keeps every row that
 * refers to a product. Migrates a temporary local D1 up to 0040, seeds it, adds a cart row, a
 * notify-me request and an order line for seeded products, counts the rows of every table with a
 * product_id, applies 0041 and counts again. Exits non-zero when a count, the products' GST rates
 * or the indexes and triggers on products differ.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../app/server/platform/bindings";
import { root, seed, wranglerEnv } from "./local-store";
import { PRODUCT_GST, SUB_CATEGORY_GST } from "./seed-lib";

const dir = mkdtempSync(path.join(tmpdir(), "check-0041-"));
const migrations = path.join(dir, "migrations");
const persistTo = path.join(dir, "state");
const config = path.join(dir, "wrangler.toml");
writeFileSync(
  config,
  `name = "check-0041"\ncompatibility_date = "2026-04-01"\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "grocery-store"\ndatabase_id = "00000000-0000-0000-0000-000000000000"\nmigrations_dir = "migrations"\n`,
);

function copyMigrations(upTo: string) {
  for (const file of readdirSync(path.join(root, "migrations"))) {
    if (file.endsWith(".sql") && file.slice(0, 4) <= upTo) cpSync(path.join(root, "migrations", file), path.join(migrations, file));
  }
}

function apply() {
  const result = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo, "-c", config], {
    cwd: root,
    env: wranglerEnv,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${result.stdout}${result.stderr}`);
}

async function withDb<T>(run: (db: D1Database) => Promise<T>): Promise<T> {
  const proxy = await getPlatformProxy<Env>({ configPath: config, persist: { path: path.join(persistTo, "v3") }, remoteBindings: false });
  try {
    return await run(proxy.env.DB);
  } finally {
    await proxy.dispose();
  }
}

async function snapshot(db: D1Database) {
  const tables = await db
    .prepare(
      "SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'product_id') ORDER BY m.name",
    )
    .all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of [{ name: "products" }, { name: "products_fts" }, ...tables.results]) {
    const where = name === "order_items" ? " WHERE product_id IS NOT NULL" : "";
    counts[name] = (await db.prepare(`SELECT count(*) AS n FROM "${name}"${where}`).first<{ n: number }>())!.n;
  }
  const schema = await db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'products' AND type IN ('index', 'trigger') ORDER BY type, name")
    .all<{ type: string; name: string; sql: string | null }>();
  const rates = await db.prepare("SELECT gst_rate, count(*) AS n FROM products GROUP BY gst_rate ORDER BY gst_rate").all();
  return { counts, schema: schema.results, rates: rates.results };
}

try {
  copyMigrations("0040");
  apply();
  // Before 0041 the table cannot hold 40: the seed writes those drinks at 28, as they were then.
  for (const entry of Object.values(SUB_CATEGORY_GST)) if (entry[1] === 40) entry[1] = 28;
  for (const entry of PRODUCT_GST) if (entry[3] === 40) entry[3] = 28;
  await seed(persistTo);
  const before = await withDb(async (db) => {
    const user = await db.prepare("SELECT id FROM users ORDER BY id LIMIT 1").first<{ id: string }>();
    const store = await db.prepare("SELECT id FROM stores ORDER BY is_default DESC, id LIMIT 1").first<{ id: string }>();
    const products = await db.prepare("SELECT id, name, price FROM products ORDER BY id LIMIT 3").all<{ id: string; name: string; price: number }>();
    const [a, b, c] = products.results;
    await db.batch([
      db.prepare("INSERT INTO cart_items (id, user_id, product_id, quantity) VALUES ('c0041', ?, ?, 2)").bind(user!.id, a.id),
      db
        .prepare(
          "INSERT INTO notify_requests (id, subscriber, user_id, email, product_id, store_id, origin) VALUES ('n0041', ?, ?, 'a@example.com', ?, ?, 'http://localhost')",
        )
        .bind(`user:${user!.id}`, user!.id, b.id, store!.id),
      db
        .prepare(
          "INSERT INTO orders (id, order_id, user_id, delivery_address, payment_method, sub_total, total, store_id) VALUES ('o0041', 'ORD-0041', ?, '{}', 'COD', ?, ?, ?)",
        )
        .bind(user!.id, c.price, c.price, store!.id),
      db
        .prepare(
          "INSERT INTO order_items (id, order_id, product_id, name, quantity, unit_price, unit_final_price, gst_rate) VALUES ('i0041', 'o0041', ?, ?, 1, ?, ?, 28)",
        )
        .bind(c.id, c.name, c.price, c.price),
    ]);
    return snapshot(db);
  });
  copyMigrations("0041");
  apply();
  const after = await withDb(snapshot);
  // And after it, those drinks move to 40 as an admin would move them.
  const moved = await withDb(async (db) => {
    const { meta } = await db.prepare("UPDATE products SET gst_rate = 40 WHERE gst_rate = 28 AND hsn_code LIKE '2202%'").run();
    return meta.changes;
  });
  console.log("table".padEnd(28), "before".padStart(8), "after".padStart(8));
  let same = JSON.stringify(before.schema) === JSON.stringify(after.schema);
  for (const [table, n] of Object.entries(before.counts)) {
    console.log(table.padEnd(28), String(n).padStart(8), String(after.counts[table]).padStart(8));
    if (after.counts[table] !== n) same = false;
  }
  console.log(
    `indexes and triggers on products: ${before.schema.length} before, ${after.schema.length} after, ${JSON.stringify(before.schema) === JSON.stringify(after.schema) ? "identical" : "DIFFERENT"}`,
  );
  console.log("gst_rate before:", JSON.stringify(before.rates));
  console.log("gst_rate after: ", JSON.stringify(after.rates));
  console.log(`moved to 40 % after 0041: ${moved} products`);
  if (!same || JSON.stringify(before.rates) !== JSON.stringify(after.rates)) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
