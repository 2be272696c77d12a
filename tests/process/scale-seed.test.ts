/**
 * Issue 29 item 1: `scripts/seed.ts --products N --stores M` builds the scale state. Runs the real
 * script, small (400 products, 6 stores: the 3 demo stores and 3 more), into throw-away state
 * directories and reads them through local D1 as the app would: every count, stock for every
 * product at every store with some zeros, store areas that never overlap, the search index, the
 * same data for the same arguments, and a seeded state left alone by a second run.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getPlatformProxy } from "wrangler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "1" };
const states = [mkdtempSync(path.join(os.tmpdir(), "store-scale-")), mkdtempSync(path.join(os.tmpdir(), "store-scale-"))];
const ARGS = ["--products", "400", "--stores", "6"];

async function runSeed(state: string) {
  const { stdout, stderr } = await promisify(execFile)("npx", ["tsx", "scripts/seed.ts", "--persist-to", state, ...ARGS], { cwd: root, env });
  return stdout + stderr;
}

/** Runs `read` against a state directory's local D1, through the binding the seed itself uses. */
async function withDb<T>(state: string, read: (db: D1Database) => Promise<T>): Promise<T> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: path.join(root, "wrangler.toml"),
    persist: { path: path.join(state, "v3") },
    remoteBindings: false,
  });
  try {
    return await read(proxy.env.DB);
  } finally {
    await proxy.dispose();
  }
}

const one = async <T>(db: D1Database, sql: string) => (await db.prepare(sql).first<T>())!;

interface Facts {
  products: number;
  stores: number;
  defaults: number;
  demoStores: number;
  stock: number;
  pairs: number;
  zeroShare: number;
  zeroShareMin: number;
  zeroShareMax: number;
  overlaps: number;
  servesUnserved: number;
  categories: number;
  subCategories: number;
  ftsRows: number;
  milk: number;
  vocabularyDiffers: number;
  vocabularyWords: number;
  vocabularyDirty: number;
  fingerprint: string;
}

async function facts(state: string): Promise<Facts> {
  return withDb(state, async (db) => ({
    products: (await one<{ n: number }>(db, "select count(*) n from products")).n,
    stores: (await one<{ n: number }>(db, "select count(*) n from stores")).n,
    defaults: (await one<{ n: number }>(db, "select count(*) n from stores where is_default = 1 and name = 'FreshDash Indiranagar'")).n,
    demoStores: (
      await one<{ n: number }>(db, "select count(*) n from stores where name in ('FreshDash Indiranagar', 'FreshDash Saket', 'FreshDash Andheri West')")
    ).n,
    stock: (await one<{ n: number }>(db, "select count(*) n from store_stock")).n,
    pairs: (
      await one<{ n: number }>(db, "select count(*) n from products p cross join stores s join store_stock ss on ss.store_id = s.id and ss.product_id = p.id")
    ).n,
    zeroShare: (await one<{ z: number }>(db, "select avg(stock = 0) z from store_stock")).z,
    ...(await one<{ zeroShareMin: number; zeroShareMax: number }>(
      db,
      "select min(z) zeroShareMin, max(z) zeroShareMax from (select avg(stock = 0) z from store_stock group by store_id)",
    )),
    overlaps: (
      await one<{ n: number }>(
        db,
        `select count(*) n from store_pincode_ranges a join store_pincode_ranges b
         on a.rowid < b.rowid and a.from_pincode <= b.to_pincode and b.from_pincode <= a.to_pincode`,
      )
    ).n,
    servesUnserved: (await one<{ n: number }>(db, "select count(*) n from store_pincode_ranges where 110099 between from_pincode and to_pincode")).n,
    categories: (await one<{ n: number }>(db, "select count(distinct category_id) n from product_categories")).n,
    subCategories: (await one<{ n: number }>(db, "select count(distinct sub_category_id) n from product_sub_categories")).n,
    ftsRows: (
      await one<{ n: number }>(
        db,
        "select count(*) n from products_fts f join products_fts_rows r on r.fts_rowid = f.rowid join products p on p.id = r.product_id",
      )
    ).n,
    milk: (await one<{ n: number }>(db, "select count(*) n from products_fts where products_fts match 'milk'")).n,
    // The stored word list equals the index's own, and is marked clean (migration 0027).
    vocabularyDiffers: (
      await one<{ n: number }>(
        db,
        `select count(*) n from (select term, sum(doc) doc from products_vocab where col in ('name', 'subcats', 'categories') group by term
           except select term, doc from search_vocabulary)`,
      )
    ).n,
    vocabularyWords: (await one<{ n: number }>(db, "select count(*) n from search_vocabulary")).n,
    vocabularyDirty: (await one<{ dirty: number }>(db, "select dirty from search_vocabulary_state")).dirty,
    fingerprint: JSON.stringify(
      await db
        .prepare(
          `select (select group_concat(id || name || unit || price || discount || created_at, '|') from (select * from products order by id)) products,
             (select group_concat(store_id || product_id || stock, '|') from (select * from store_stock order by store_id, product_id)) stock,
             (select group_concat(store_id || from_pincode || to_pincode, '|') from (select * from store_pincode_ranges order by store_id, from_pincode)) ranges`,
        )
        .first(),
    ),
  }));
}

let first: Facts;
let twin: Facts;

beforeAll(async () => {
  // Two states from the same arguments, side by side: the second is for determinism.
  const outputs = await Promise.all(states.map(runSeed));
  for (const output of outputs) expect(output).toMatch(/Seeded .*400 products, 6 stores/);
  first = await facts(states[0]);
  twin = await facts(states[1]);
});

afterAll(() => {
  for (const state of states) rmSync(state, { recursive: true, force: true });
});

describe("seed --products 400 --stores 6", () => {
  it("makes 400 products over every category and sub-category, and 6 stores: the 3 demo stores (Indiranagar the default) and 3 more", () => {
    expect(first.products).toBe(400);
    expect(first.stores).toBe(6);
    expect(first.demoStores).toBe(3);
    expect(first.defaults).toBe(1);
    expect(first.categories).toBe(14);
    expect(first.subCategories).toBe(66);
  });

  it("stocks every product at every store, with 5-25 % zeros that differ between stores", () => {
    expect(first.stock).toBe(400 * 6);
    expect(first.pairs).toBe(400 * 6);
    expect(first.zeroShare).toBeGreaterThanOrEqual(0.05);
    expect(first.zeroShare).toBeLessThanOrEqual(0.25);
    expect(first.zeroShareMax).toBeGreaterThan(first.zeroShareMin);
  });

  it("gives stores pincode ranges that never overlap, and still serves no one at 110099", () => {
    expect(first.overlaps).toBe(0);
    expect(first.servesUnserved).toBe(0);
  });

  it("indexes every product for search, with did you mean's stored word list equal to the index's and clean", () => {
    expect(first.ftsRows).toBe(400);
    expect(first.milk).toBeGreaterThan(0);
    expect(first.vocabularyWords).toBeGreaterThan(100);
    expect(first.vocabularyDiffers).toBe(0);
    expect(first.vocabularyDirty).toBe(0);
  });

  it("makes the same data for the same arguments, and a second run keeps a seeded state as it is", async () => {
    expect(twin.fingerprint).toBe(first.fingerprint);

    const again = await runSeed(states[0]);
    expect(again).toMatch(/already has a catalogue: keeping it/);
    expect(await facts(states[0])).toEqual(first);
  });
});
