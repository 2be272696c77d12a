import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, formOf, htmlText, pageGet, pagePost } from "../security/support-admin";
import { api, login, makeProduct, stockOf } from "./api-client";

/**
 * Stock per store on the admin's product form and the /api product create/update (issue 12,
 * decisions 020 and 023): `stock` is the default store's, `storeStock` the others'; every store must
 * be an active one; an update sets each store's stock given what the editor saw there, all or nothing.
 */

let admin: string;
let adminPage: string;
beforeAll(async () => {
  [admin, adminPage] = await Promise.all([login("admin@example.com", "Admin@12345"), adminCookie()]);
});

const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");

let nextPincode = 990_001;
/** A store of the test's own, serving a pincode of its own (returned). */
async function newStore({ active = true } = {}) {
  const id = hex();
  const pincode = nextPincode++;
  await env.DB.batch([
    env.DB.prepare("insert into stores (id, name, address, city, base_delivery_minutes, active) values (?, ?, 'Plot 1', 'Pune', 12, ?)").bind(
      id,
      `Test Store ${id.slice(0, 6)}`,
      active ? 1 : 0,
    ),
    env.DB.prepare("insert into store_pincode_ranges (store_id, from_pincode, to_pincode) values (?, ?, ?)").bind(id, pincode, pincode),
  ]);
  return { id, name: `Test Store ${id.slice(0, 6)}`, pincode: String(pincode) };
}

const stockAtStore = async (storeId: string, productId: string) =>
  (await env.DB.prepare("select stock from store_stock where store_id = ? and product_id = ?").bind(storeId, productId).first<{ stock: number }>())?.stock ??
  null;

const versionOf = async (productId: string) =>
  (await env.DB.prepare("select version from products where id = ?").bind(productId).first<{ version: number }>())!.version;

async function productBody(extra: Record<string, unknown> = {}) {
  const refs = await env.DB.prepare("select category_id as c, sub_category_id as s from sub_category_categories limit 1").first<{ c: string; s: string }>();
  return {
    name: `Kokum Sherbet ${hex().slice(0, 6)}`,
    description: "Cooling kokum syrup.",
    image: ["/images/seed/milk.webp"],
    category: [refs!.c],
    subCategory: [refs!.s],
    unit: "750 ml",
    stock: 4,
    price: 180,
    discount: 0,
    ...extra,
  };
}

const defaultStoreId = async () => (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;

describe("/api product create and update: stock per store", () => {
  it("creates a product with its stock at the default store and at another; a shopper there sees that store's", async () => {
    const store = await newStore();
    const created = await api("/api/product/create", {
      method: "POST",
      token: admin,
      body: await productBody({ stock: 4, storeStock: [{ store: store.id, stock: 9 }] }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id;
    expect(await stockOf(id)).toBe(4);
    expect(await stockAtStore(store.id, id)).toBe(9);
    const there = await api("/api/product/get-product-details", { method: "POST", body: { productId: id, pincode: store.pincode } });
    expect(there.body.data.stock).toBe(9);
    const byDefault = await api("/api/product/get-product-details", { method: "POST", body: { productId: id } });
    expect(byDefault.body.data.stock).toBe(4);
  });

  it("updates each store's stock given what the editor saw there; a store that moved refuses the whole save (409 naming it)", async () => {
    const [store, product] = await Promise.all([newStore(), makeProduct({ name: "Per Store Ghee", stock: 6 })]);
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 2)").bind(store.id, product.id).run();
    const version = await versionOf(product.id);
    const body = await productBody({ _id: product.id, version, stock: 5, stockSeen: 6, storeStock: [{ store: store.id, stock: 11, seen: 2 }] });
    const res = await api("/api/product/update-product-details", { method: "PUT", token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([await stockOf(product.id), await stockAtStore(store.id, product.id), await versionOf(product.id)]).toEqual([5, 11, version + 1]);

    // The default store still holds what this editor saw (5), the other store moved (a sale: 11 → 10).
    await env.DB.prepare("update store_stock set stock = 10 where store_id = ? and product_id = ?").bind(store.id, product.id).run();
    const moved = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: { ...body, version: version + 1, stock: 1, stockSeen: 5, name: "Per Store Ghee 2", storeStock: [{ store: store.id, stock: 30, seen: 11 }] },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(`Stock at ${store.name} changed since you opened it (you saw 11, now 10). Review and save again.`);
    expect(moved.body.data.conflicts).toEqual([{ store: store.id, storeName: store.name, seen: 11, stock: 10 }]);
    expect([await stockOf(product.id), await stockAtStore(store.id, product.id), await versionOf(product.id)]).toEqual([5, 10, version + 1]);
  });

  it("without what was seen, stock is the stock as read: never written, and the answer names the stores where it is not the stock now", async () => {
    const [store, product] = await Promise.all([newStore(), makeProduct({ name: "Unversioned Jaggery", stock: 3 })]);
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 7)").bind(store.id, product.id).run();
    const res = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: await productBody({ _id: product.id, stock: 3, price: 55, storeStock: [{ store: store.id, stock: 1 }] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.stockNotChanged).toEqual([{ store: store.id, storeName: store.name, seen: 1, stock: 7 }]);
    expect([await stockOf(product.id), await stockAtStore(store.id, product.id)]).toEqual([3, 7]);
  });

  it("refuses hostile per-store stock with 400 and changes nothing", async () => {
    const [store, inactive, product] = await Promise.all([newStore(), newStore({ active: false }), makeProduct({ name: "Hostile Store Stock", stock: 8 })]);
    const version = await versionOf(product.id);
    const defaultId = await defaultStoreId();
    const cases: unknown[] = [
      [{ store: hex(), stock: 1 }],
      [{ store: inactive.id, stock: 1 }],
      [
        { store: store.id, stock: 1 },
        { store: store.id, stock: 2 },
      ],
      [{ store: store.id, stock: -1 }],
      [{ store: store.id, stock: 1.5 }],
      [{ store: store.id, stock: 1e9 }],
      [{ store: store.id, stock: "many" }],
      [{ store: store.id }],
      [{ store: "'; drop table stores; --", stock: 1 }],
      [{ store: defaultId, stock: 3 }],
      { [store.id]: 3 },
      "all of it",
      Array.from({ length: 1001 }, () => ({ store: hex(), stock: 1 })),
      [{ store: store.id, stock: 1, seen: -1 }],
    ];
    for (const storeStock of cases) {
      const res = await api("/api/product/update-product-details", {
        method: "PUT",
        token: admin,
        body: await productBody({ _id: product.id, version, stock: 2, storeStock }),
      });
      expect(res.status, JSON.stringify(storeStock).slice(0, 80)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect([await stockOf(product.id), await stockAtStore(store.id, product.id), await versionOf(product.id)]).toEqual([8, null, version]);
  });

  it("of 20 saves racing from one version with different stocks, exactly one applies, whole", async () => {
    const [store, product] = await Promise.all([newStore(), makeProduct({ name: "Racing Store Stock", stock: 10 })]);
    const version = await versionOf(product.id);
    const base = await productBody({ _id: product.id, version, stockSeen: 10 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("/api/product/update-product-details", {
          method: "PUT",
          token: admin,
          body: { ...base, stock: i, storeStock: [{ store: store.id, stock: 100 + i, seen: 0 }] },
        }),
      ),
    );
    const winners = results.map((r, i) => (r.status === 200 ? i : -1)).filter((i) => i >= 0);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect([await stockOf(product.id), await stockAtStore(store.id, product.id), await versionOf(product.id)]).toEqual([
      winners[0],
      100 + winners[0],
      version + 1,
    ]);
  });
});

describe("the admin's product page: stock across stores, without JavaScript", () => {
  it("summarises every store's stock with a search, sets one given the stock shown, and adds units received", async () => {
    const [store, product] = await Promise.all([newStore(), makeProduct({ name: "Form Store Stock", stock: 2 })]);
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 13)").bind(store.id, product.id).run();
    const editPath = (extra: Record<string, string> = {}) => `/dashboard/product?${new URLSearchParams({ dialog: "edit-product", id: product.id, ...extra })}`;
    const found = htmlText(await (await pageGet(editPath({ storeSearch: store.name }), adminPage)).text());
    expect(found).toContain(`${store.name}, Pune: 13 in stock`);
    expect(found).not.toContain("FreshDash Saket");
    // No stock field per store on the product form itself.
    expect(found).not.toContain("storeStockValue");

    const set = (stock: string, seen: string) =>
      pagePost(editPath(), formOf({ intent: "set-store-stock", id: product.id, store: store.id, stock, seen }), { cookie: adminPage });
    expect((await set("21", "13")).status).toBe(303);
    expect(await stockAtStore(store.id, product.id)).toBe(21);

    // A form showing 13 set after a sale (21 → 20): refused, naming the store and both counts.
    await env.DB.prepare("update store_stock set stock = 20 where store_id = ? and product_id = ?").bind(store.id, product.id).run();
    const stale = await set("40", "21");
    expect(stale.status).toBe(409);
    expect(htmlText(await stale.text())).toContain(`Stock at ${store.name} changed since you opened it (you saw 21, now 20). Review and save again.`);
    expect(await stockAtStore(store.id, product.id)).toBe(20);

    const add = (delta: string) => pagePost(editPath(), formOf({ intent: "add-store-stock", id: product.id, store: store.id, delta }), { cookie: adminPage });
    expect((await add("24")).status).toBe(303);
    expect(await stockAtStore(store.id, product.id)).toBe(44);
    const tooMany = await add("-50");
    expect(tooMany.status).toBe(409);
    expect(htmlText(await tooMany.text())).toContain(`Only 44 in stock at ${store.name}: you cannot remove 50`);
    for (const [delta, message] of [
      ["0", "Enter the units received"],
      ["2.5", "Units must be a whole number"],
      ["lots", "Units must be a number"],
    ]) {
      const bad = await add(delta);
      expect(bad.status).toBe(400);
      expect(htmlText(await bad.text())).toContain(message);
    }
    expect((await set("-1", "44")).status).toBe(400);
    expect(await stockAtStore(store.id, product.id)).toBe(44);
    // Other stores and the product itself are untouched by these forms.
    expect(await stockOf(product.id)).toBe(2);
  });

  it("20 'received' forms at once add every unit; 20 sets from one shown stock apply once", async () => {
    const [store, product] = await Promise.all([newStore(), makeProduct({ name: "Parallel Receive Rice", stock: 1 })]);
    const path = `/dashboard/product?${new URLSearchParams({ dialog: "edit-product", id: product.id })}`;
    const adds = await Promise.all(
      Array.from({ length: 20 }, () =>
        pagePost(path, formOf({ intent: "add-store-stock", id: product.id, store: store.id, delta: "5" }), { cookie: adminPage }),
      ),
    );
    expect(adds.map((r) => r.status)).toEqual(Array(20).fill(303));
    expect(await stockAtStore(store.id, product.id)).toBe(100);
    const sets = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pagePost(path, formOf({ intent: "set-store-stock", id: product.id, store: store.id, stock: String(200 + i), seen: "100" }), { cookie: adminPage }),
      ),
    );
    expect(sets.filter((r) => r.status === 303)).toHaveLength(1);
    expect(sets.filter((r) => r.status === 409)).toHaveLength(19);
    const winner = sets.findIndex((r) => r.status === 303);
    expect(await stockAtStore(store.id, product.id)).toBe(200 + winner);
  });
});
