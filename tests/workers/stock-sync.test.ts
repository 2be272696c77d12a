import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { adminCookie, pagePost, sessionCookie } from "../security/support-admin";

/**
 * Stock in bulk (issue 29 part 4, decision 024): `POST /api/store/stock-sync`. Who may call it,
 * what it refuses, per-row outcomes, a 20,000-row sync applied exactly once under retries (in turn,
 * at once, after a half-applied first attempt), and a compare-and-set sync racing sales.
 */

const BULK = 20_000;
const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");

let adminToken: string;
let adminPage: string;
/** 20,000 products of this file's own (no stock anywhere until a test syncs it). */
let bulk: string[];

beforeAll(async () => {
  [adminToken, adminPage] = await Promise.all([login("admin@example.com", "Admin@12345"), adminCookie()]);
  bulk = Array.from({ length: BULK }, hex);
  const tag = hex().slice(0, 6);
  for (let start = 0; start < BULK; start += 5000) {
    const slice = bulk.slice(start, start + 5000).map((id, i) => [id, `Sync Bulk ${tag} ${start + i}`]);
    await env.DB.prepare("insert into products (id, name, price) select json_extract(value, '$[0]'), json_extract(value, '$[1]'), 1000 from json_each(?)")
      .bind(JSON.stringify(slice))
      .run();
  }
}, 120_000);

/** A store of the test's own, so syncs never share stock. */
async function newStore() {
  const id = hex();
  await env.DB.prepare("insert into stores (id, name, address, city, base_delivery_minutes) values (?, ?, 'Plot 9', 'Pune', 12)")
    .bind(id, `Sync Store ${id.slice(0, 6)}`)
    .run();
  return id;
}

async function stockAt(storeId: string): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare("select product_id, stock from store_stock where store_id = ?")
    .bind(storeId)
    .all<{ product_id: string; stock: number }>();
  return new Map(results.map((r) => [r.product_id, r.stock]));
}

async function setStock(storeId: string, productId: string, stock: number) {
  await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, ?) on conflict do update set stock = excluded.stock")
    .bind(storeId, productId, stock)
    .run();
}

const sync = (body: unknown, { token = adminToken, key }: { token?: string; key?: string } = {}) =>
  api("/api/store/stock-sync", { method: "POST", token, body, headers: key ? { "Idempotency-Key": key } : {} });

/** A store's integration token, created on its tokens page as an admin would. */
async function storeToken(storeId: string) {
  const res = await pagePost(`/dashboard/stores/${storeId}/tokens`, new URLSearchParams({ intent: "create", label: "Chain ERP" }), { cookie: adminPage });
  expect(res.status).toBe(200);
  const token = /fdst_[0-9a-f]{64}/.exec(await res.text())?.[0];
  expect(token).toBeTruthy();
  return token!;
}

describe("stock sync: who may call it", () => {
  it("guest 401, shopper 403, admin ok, a store's token for its store only, a revoked token 401", async () => {
    const [store, other] = await Promise.all([newStore(), newStore()]);
    const body = (storeId: string) => ({ storeId, rows: [{ productId: bulk[0], stock: 7 }] });
    expect((await api("/api/store/stock-sync", { method: "POST", body: body(store) })).status).toBe(401);
    const { token: shopper } = await newShopper();
    expect((await sync(body(store), { token: shopper })).status).toBe(403);
    const byAdmin = await sync(body(store));
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data).toEqual({ applied: 1, unchanged: 0, conflicts: 0, errors: [], bins: 0 });

    const token = await storeToken(store);
    const own = await sync({ storeId: store, rows: [{ productId: bulk[0], stock: 8 }] }, { token });
    expect(own.status).toBe(200);
    expect((await stockAt(store)).get(bulk[0])).toBe(8);
    const foreign = await sync(body(other), { token });
    expect(foreign.status).toBe(403);
    expect((await stockAt(other)).size).toBe(0);
    // A token opens nothing else: not an admin /api route.
    expect((await api("/api/order/admin/list", { token })).status).toBe(401);

    const page = await (
      await pagePost(`/dashboard/stores/${store}/tokens`, new URLSearchParams({ intent: "create", label: "x" }), { cookie: adminPage })
    ).text();
    expect(page).toContain("not shown again");
    const { results } = await env.DB.prepare("select id, token_hash from store_sync_tokens where store_id = ? order by created_at, id").bind(store).all<{
      id: string;
      token_hash: string;
    }>();
    expect(results).toHaveLength(2);
    expect(results.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash) && !page.includes(r.token_hash))).toBe(true);
    for (const { id } of results) {
      const revoke = await pagePost(`/dashboard/stores/${store}/tokens`, new URLSearchParams({ intent: "revoke", id }), { cookie: adminPage });
      expect(revoke.status).toBe(303);
    }
    const revoked = await sync(body(store), { token });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/revoked/);
    expect((await sync(body(store), { token: "fdst_" + "0".repeat(64) })).status).toBe(401);
  });

  it("only admins manage tokens: a shopper's form post is refused and creates none", async () => {
    const store = await newStore();
    const { email } = await newShopper();
    const cookie = await sessionCookie(email);
    const res = await pagePost(`/dashboard/stores/${store}/tokens`, new URLSearchParams({ intent: "create", label: "mine" }), { cookie });
    expect(res.status).toBe(403);
    const n = await env.DB.prepare("select count(*) as n from store_sync_tokens where store_id = ?").bind(store).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });
});

describe("stock sync: bodies and rows", () => {
  it("refuses bad bodies with 400 and writes nothing", async () => {
    const store = await newStore();
    const bad: unknown[] = [
      "not json{",
      {},
      { storeId: store },
      { storeId: store, rows: [] },
      { storeId: "nope", rows: [{ productId: bulk[0], stock: 1 }] },
      { storeId: store, rows: [{ productId: bulk[0], stock: -1 }] },
      { storeId: store, rows: [{ productId: bulk[0], stock: 1.5 }] },
      { storeId: store, rows: [{ productId: bulk[0], stock: 100_001 }] },
      { storeId: store, rows: [{ productId: bulk[0] }] },
      { storeId: store, mode: "delta", rows: [{ productId: bulk[0], stock: 1 }] },
      { storeId: store, mode: "other", rows: [{ productId: bulk[0], stock: 1 }] },
      { storeId: store, rows: "all" },
    ];
    for (const body of bad) {
      const res = await sync(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(true);
    }
    // A delta sync must carry a key, and a key must be printable ASCII.
    expect((await sync({ storeId: store, mode: "delta", rows: [{ productId: bulk[0], delta: 1 }] })).status).toBe(400);
    expect((await sync({ storeId: store, rows: [{ productId: bulk[0], stock: 1 }] }, { key: "a key with spaces" })).status).toBe(400);
    expect((await stockAt(store)).size).toBe(0);
  });

  it("refuses more than 20,000 rows, a body over 4 MB (413), and an unknown store (404)", async () => {
    const store = await newStore();
    const rows = Array.from({ length: BULK + 1 }, (_, i) => ({ productId: bulk[i % BULK], stock: 1 }));
    const over = await sync({ storeId: store, rows });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/At most 20000 rows/);
    const huge = await sync(`{"storeId":"${store}","rows":[${'{"productId":"x","stock":1},'.repeat(160_000)}{"productId":"x","stock":1}]}`);
    expect(huge.status).toBe(413);
    expect((await sync({ storeId: hex(), rows: [{ productId: bulk[0], stock: 1 }] })).status).toBe(404);
    expect((await stockAt(store)).size).toBe(0);
  });

  it("reports unknown and duplicate products, compare-and-set conflicts and deltas below zero per row, and applies every other row", async () => {
    const store = await newStore();
    const [a, b, c, d, e] = bulk.slice(100, 105);
    await Promise.all([setStock(store, a, 5), setStock(store, b, 5), setStock(store, c, 5), setStock(store, d, 2)]);
    const set = await sync({
      storeId: store,
      rows: [
        { productId: a, stock: 9, expected: 5 }, // CAS ok
        { productId: b, stock: 9, expected: 4 }, // CAS conflict: it is 5
        { productId: c, stock: 5 }, // unchanged
        { productId: hex(), stock: 3 }, // unknown id
        { productId: "Amul Butter", stock: 3 }, // not an id
        { productId: a, stock: 1 }, // duplicate of row 0
        { productId: e, stock: 4, expected: 0 }, // no row counts as 0: applies
        { productId: d, stock: 0 }, // absolute set: the chain's count wins
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ applied: 3, unchanged: 1, conflicts: 1 });
    expect(set.body.data.errors.map((x: { index: number; reason: string; stock?: number }) => [x.index, x.reason, x.stock])).toEqual([
      [1, "conflict", 5],
      [3, "unknown", undefined],
      [4, "unknown", undefined],
      [5, "duplicate", undefined],
    ]);
    expect(set.body.data.errors[0].message).toBe("The stock here is 5 now, not the expected 4: not applied");
    expect(Object.fromEntries(await stockAt(store))).toEqual({ [a]: 9, [b]: 5, [c]: 5, [d]: 0, [e]: 4 });

    const delta = await sync(
      {
        storeId: store,
        mode: "delta",
        rows: [
          { productId: a, delta: -9 }, // to 0
          { productId: b, delta: -6 }, // below 0: refused
          { productId: c, delta: 24 }, // "+24 received"
          { productId: bulk[106], delta: 3 }, // no row yet: 0 + 3
          { productId: bulk[107], delta: -1 }, // no row: below 0
        ],
      },
      { key: `delta-${hex()}` },
    );
    expect(delta.status).toBe(200);
    expect(delta.body.data).toMatchObject({ applied: 3, unchanged: 0, conflicts: 0 });
    expect(delta.body.data.errors.map((x: { index: number; reason: string; stock?: number }) => [x.index, x.reason, x.stock])).toEqual([
      [1, "below-zero", 5],
      [4, "below-zero", 0],
    ]);
    expect(Object.fromEntries(await stockAt(store))).toEqual({ [a]: 0, [b]: 5, [c]: 29, [d]: 0, [e]: 4, [bulk[106]]: 3 });
  });

  it("the same key with another body is 422 and applies nothing", async () => {
    const store = await newStore();
    const key = `k-${hex()}`;
    expect((await sync({ storeId: store, rows: [{ productId: bulk[0], stock: 1 }] }, { key })).status).toBe(200);
    const other = await sync({ storeId: store, rows: [{ productId: bulk[0], stock: 2 }] }, { key });
    expect(other.status).toBe(422);
    expect((await stockAt(store)).get(bulk[0])).toBe(1);
    // Keys are per store: the same key at another store is a sync of its own.
    const elsewhere = await newStore();
    expect((await sync({ storeId: elsewhere, rows: [{ productId: bulk[0], stock: 2 }] }, { key })).status).toBe(200);
  });

  it("remembers a key for 7 days: the store's next sync forgets older ones, and the key is then new", async () => {
    const store = await newStore();
    const key = `old-${hex()}`;
    expect((await sync({ storeId: store, rows: [{ productId: bulk[0], stock: 1 }] }, { key })).status).toBe(200);
    const age = async (days: number) =>
      env.DB.prepare("update stock_syncs set created_at = ? where store_id = ? and idempotency_key = 'api:' || ?")
        .bind(Date.now() - days * 86_400_000, store, key)
        .run();
    await age(6.9);
    expect((await sync({ storeId: store, rows: [{ productId: bulk[0], stock: 2 }] }, { key })).status).toBe(422);
    await age(7.1);
    const again = await sync({ storeId: store, rows: [{ productId: bulk[0], stock: 2 }] }, { key });
    expect(again.status).toBe(200);
    expect((await stockAt(store)).get(bulk[0])).toBe(2);
    const left = await env.DB.prepare("select count(*) as n from stock_syncs where store_id = ?").bind(store).first<{ n: number }>();
    expect(left?.n).toBe(1);
  });
});

describe("stock sync: 20,000 rows, exactly once", () => {
  const expectRows = (stock: Map<string, number>, want: (i: number) => number) => {
    let wrong = 0;
    bulk.forEach((id, i) => {
      if ((stock.get(id) ?? 0) !== want(i)) wrong++;
    });
    expect(wrong).toBe(0);
  };

  it("applies every row, and a retry with the same key answers the same without applying again", async () => {
    const store = await newStore();
    const key = `full-${hex()}`;
    const body = { storeId: store, rows: bulk.map((productId, i) => ({ productId, stock: i % 97 })) };
    const started = Date.now();
    const first = await sync(body, { key });
    const took = Date.now() - started;
    expect(first.status).toBe(200);
    // i % 97 === 0 sets 0 where there is no row: unchanged.
    const zeros = bulk.filter((_, i) => i % 97 === 0).length;
    expect(first.body.data).toEqual({ applied: BULK - zeros, unchanged: zeros, conflicts: 0, errors: [], bins: 0 });
    expectRows(await stockAt(store), (i) => i % 97);
    console.log(`stock-sync: ${BULK} rows applied in ${took} ms`);

    // A sale after the sync: a retry that applied again would write its row back.
    await env.DB.prepare("update store_stock set stock = stock - 1 where store_id = ? and product_id = ?").bind(store, bulk[1]).run();
    const retry = await sync(body, { key });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expectRows(await stockAt(store), (i) => (i === 1 ? 0 : i % 97));
  }, 120_000);

  it("two copies at once (a delta, which would show a double application) apply once and answer alike", async () => {
    const store = await newStore();
    const key = `twice-${hex()}`;
    const body = { storeId: store, mode: "delta", rows: bulk.map((productId, i) => ({ productId, delta: (i % 5) + 1 })) };
    const [a, b] = await Promise.all([sync(body, { key }), sync(body, { key })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data).toEqual({ applied: BULK, unchanged: 0, conflicts: 0, errors: [], bins: 0 });
    expect(b.body.data).toEqual(a.body.data);
    expectRows(await stockAt(store), (i) => (i % 5) + 1);
    const chunks = await env.DB.prepare("select count(*) as n from stock_sync_chunks c join stock_syncs s on s.id = c.sync_id where s.store_id = ?")
      .bind(store)
      .first<{ n: number }>();
    expect(chunks!.n).toBe(Math.ceil(BULK / 2500));
  }, 120_000);

  it("a first attempt that died after some chunks: the retry applies only the chunks not yet applied", async () => {
    const store = await newStore();
    const key = `halfway-${hex()}`;
    const body = { storeId: store, mode: "delta", rows: bulk.map((productId) => ({ productId, delta: 2 })) };
    // The third chunk's batch fails (as if the Worker died there): chunks 0 and 1 stay applied.
    await env.DB.prepare(
      "create trigger test_sync_dies before insert on stock_sync_chunks when new.chunk = 2 begin select raise(abort, 'worker died'); end",
    ).run();
    try {
      const died = await sync(body, { key });
      expect(died.status).toBe(500);
    } finally {
      await env.DB.prepare("drop trigger test_sync_dies").run();
    }
    expectRows(await stockAt(store), (i) => (i < 5000 ? 2 : 0));
    const retry = await sync(body, { key });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual({ applied: BULK, unchanged: 0, conflicts: 0, errors: [], bins: 0 });
    expectRows(await stockAt(store), () => 2);
  }, 120_000);
});

describe("stock sync racing sales", () => {
  it("a compare-and-set sync during 20 parallel sales loses no sale", async () => {
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => newShopper()));
    const addresses = await Promise.all(
      shoppers.map(async ({ token }) => {
        const res = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
        expect(res.status).toBe(201);
        return res.body.data._id as string;
      }),
    );
    const { env: e } = await import("cloudflare:test");
    const defaultStore = (await e.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
    // Four products at 50 (the default store serves 560034); one sells before the sync starts.
    const hot = await Promise.all(Array.from({ length: 4 }, (_, i) => makeProduct({ name: `Sync Race ${i}`, stock: 50 })));
    const sale = (n: number) =>
      api("/api/order/cash-on-delivery", {
        method: "POST",
        token: shoppers[n % 4].token,
        body: { list_items: [{ productId: hot[n % 4].id, quantity: 1 }], addressId: addresses[n % 4] },
        // Each sale is an order of its own (the same lines again would be taken for a retry).
        headers: { "Idempotency-Key": `sale-${hex()}` },
      });
    expect((await sale(0)).status).toBe(201);

    // 19,996 filler rows (this file's products, written: 0 → 1) make the sync last several batches;
    // the hot rows end chunks 1, 3, 5 and 7, so sales land before some of them and after others.
    const filler = bulk.slice(0, BULK - 4).map((productId) => ({ productId, stock: 1, expected: 0 }));
    const rows = hot.flatMap((p, k) => [...filler.slice(k * 4999, (k + 1) * 4999), { productId: p.id, stock: 100, expected: 50 }]);
    expect(rows).toHaveLength(BULK);
    // Sales every 40 ms from t = 0, the sync from t = 60 ms: some sales land before it and some
    // after (local workerd runs a request's batches back to back, so what lands is decided there).
    const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const [result, ...sales] = await Promise.all([
      after(60).then(() => sync({ storeId: defaultStore, rows }, { key: `race-${hex()}` })),
      ...Array.from({ length: 20 }, (_, n) => after(n * 40).then(() => sale(n))),
    ]);
    expect(sales.map((s) => s.status)).toEqual(Array(20).fill(201));
    expect(result.status).toBe(200);
    const conflicts = new Map<string, number>(
      result.body.data.errors.map((x: { productId: string; reason: string; stock: number }) => {
        expect(x.reason).toBe("conflict");
        return [x.productId, x.stock];
      }),
    );
    // The product that sold before the sync started is a conflict, reported at what it was then.
    expect(conflicts.get(hot[0].id)).toBeLessThanOrEqual(49);
    expect(result.body.data.applied).toBe(BULK - result.body.data.conflicts);
    console.log(`stock-sync race: ${result.body.data.conflicts} of 4 hot rows conflicted`);
    for (const p of hot) {
      const sold = (await e.DB.prepare("select coalesce(sum(quantity), 0) as n from order_items where product_id = ?").bind(p.id).first<{ n: number }>())!.n;
      const now = (await stockAt(defaultStore)).get(p.id);
      // Applied: no sale came before it (its expected 50 held), so every sale came after. Refused: all
      // sales count against the old stock. Either way no sale is lost.
      expect(now, p.name).toBe(conflicts.has(p.id) ? 50 - sold : 100 - sold);
      if (conflicts.has(p.id)) expect(conflicts.get(p.id)).toBeLessThan(50);
    }
    const totalSold = (
      await Promise.all(hot.map((p) => e.DB.prepare("select sum(quantity) as n from order_items where product_id = ?").bind(p.id).first<{ n: number }>()))
    ).reduce((s, r) => s + r!.n, 0);
    expect(totalSold).toBe(21);
  }, 120_000);
});

describe("shelf locations in a sync (issue 30)", () => {
  async function binsAt(storeId: string) {
    const { results } = await env.DB.prepare("select product_id, bin from product_bins where store_id = ?")
      .bind(storeId)
      .all<{ product_id: string; bin: string }>();
    return Object.fromEntries(results.map((r) => [r.product_id, r.bin]));
  }

  it("sets a row's bin for every known product whatever its stock's outcome, leaves it when empty or left out, and once per key", async () => {
    const store = await newStore();
    const [a, b, c, d] = bulk.slice(0, 4);
    await setStock(store, c, 5);
    await env.DB.prepare("insert into product_bins (store_id, product_id, bin) values (?, ?, 'KEEP')").bind(store, d).run();
    const rows = [
      { productId: a, stock: 1, bin: " A-1 " },
      { productId: b, stock: 0, bin: "B 2" },
      { productId: c, stock: 2, expected: 4, bin: "C/3" }, // a compare-and-set conflict: stock kept, bin set
      { productId: d, stock: 3, bin: "" },
      { productId: hex(), stock: 1, bin: "NOWHERE" },
      { productId: a, stock: 9, bin: "DUP" },
    ];
    const res = await sync({ storeId: store, rows }, { key: `bins-${hex()}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ applied: 2, conflicts: 1, bins: 3 });
    expect(res.body.message).toContain("3 shelf locations set");
    expect(await binsAt(store)).toEqual({ [a]: "A-1", [b]: "B 2", [c]: "C/3", [d]: "KEEP" });
    expect(Object.fromEntries(await stockAt(store))).toMatchObject({ [a]: 1, [c]: 5, [d]: 3 });

    // A delta row may carry one too; the same key again applies nothing again.
    const key = `bins-delta-${hex()}`;
    const delta = { storeId: store, mode: "delta", rows: [{ productId: a, delta: 2, bin: "A-2" }] };
    expect((await sync(delta, { key })).status).toBe(200);
    await env.DB.prepare("update product_bins set bin = 'MOVED' where store_id = ? and product_id = ?").bind(store, a).run();
    const again = await sync(delta, { key });
    expect(again.status).toBe(200);
    expect((await binsAt(store))[a]).toBe("MOVED");
    expect((await stockAt(store)).get(a)).toBe(3);
  });

  it("refuses a bad bin with 400, as the product form does", async () => {
    const store = await newStore();
    for (const bin of ["X".repeat(33), "A;1", "<b>", 12]) {
      const res = await sync({ storeId: store, rows: [{ productId: bulk[0], stock: 1, bin }] });
      expect(res.status, String(bin)).toBe(400);
    }
    expect(await binsAt(store)).toEqual({});
  });
});
