import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, formOf, htmlText, pageGet, pagePost } from "../security/support-admin";
import { api, login, makeProduct, stockOf } from "./api-client";

/**
 * Stock per store on the admin's product form and the /api product create/update (issue 12,
 * decision 020): `stock` is the default store's, `storeStock` the others'; every store must be an
 * active one; a save writes every store's stock inside the product's version guard.
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

  it("updates each store's stock in the product's save, once per version; a stale version changes no store", async () => {
    const [store, product] = await Promise.all([newStore(), makeProduct({ name: "Per Store Ghee", stock: 6 })]);
    const version = await versionOf(product.id);
    const body = await productBody({ _id: product.id, version, stock: 5, storeStock: [{ store: store.id, stock: 11 }] });
    const saved = await api("/api/product/update-product-details", { method: "PUT", token: admin, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect([await stockOf(product.id), await stockAtStore(store.id, product.id), await versionOf(product.id)]).toEqual([5, 11, version + 1]);

    const stale = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: { ...body, stock: 1, storeStock: [{ store: store.id, stock: 2 }] },
    });
    expect(stale.status).toBe(409);
    expect([await stockOf(product.id), await stockAtStore(store.id, product.id), await versionOf(product.id)]).toEqual([5, 11, version + 1]);
  });

  it("without a version, writes no stock: the stock sent must be the stock now at every store named", async () => {
    const [store, product] = await Promise.all([newStore(), makeProduct({ name: "Unversioned Jaggery", stock: 3 })]);
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 7)").bind(store.id, product.id).run();
    const differs = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: await productBody({ _id: product.id, stock: 3, storeStock: [{ store: store.id, stock: 1 }] }),
    });
    expect(differs.status).toBe(409);
    expect(await stockAtStore(store.id, product.id)).toBe(7);
    const same = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: await productBody({ _id: product.id, stock: 3, price: 55, storeStock: [{ store: store.id, stock: 7 }] }),
    });
    expect(same.status).toBe(200);
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
      Array.from({ length: 101 }, () => ({ store: hex(), stock: 1 })),
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
    const base = await productBody({ _id: product.id, version });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("/api/product/update-product-details", {
          method: "PUT",
          token: admin,
          body: { ...base, stock: i, storeStock: [{ store: store.id, stock: 100 + i }] },
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

describe("the admin's product form: stock per store, without JavaScript", () => {
  it("shows a stock field for each other active store with its stock, and saves them", async () => {
    const [store, inactive, product] = await Promise.all([newStore(), newStore({ active: false }), makeProduct({ name: "Form Store Stock", stock: 2 })]);
    await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 13)").bind(store.id, product.id).run();
    const editPath = `/dashboard/product?${new URLSearchParams({ dialog: "edit-product", id: product.id })}`;
    const html = await (await pageGet(editPath, adminPage)).text();
    const field = new RegExp(
      `Stock at ${store.name} \\(Pune\\)<input type="hidden" name="storeStockStore" value="${store.id}"/><input name="storeStockValue" type="number"[^>]*value="13"`,
    );
    expect(htmlText(html)).toMatch(field);
    expect(html).not.toContain(inactive.name);

    const version = await versionOf(product.id);
    const body = await productBody({ stock: 2 });
    const res = await pagePost(
      editPath,
      formOf({
        intent: "save",
        id: product.id,
        version,
        name: body.name,
        description: body.description,
        image: body.image,
        category: body.category,
        subCategory: body.subCategory,
        unit: body.unit,
        stock: "3",
        price: "180",
        discount: "0",
        storeStockStore: [store.id],
        storeStockValue: ["21"],
      }),
      { cookie: adminPage },
    );
    expect(res.status).toBe(303);
    expect([await stockOf(product.id), await stockAtStore(store.id, product.id), await versionOf(product.id)]).toEqual([3, 21, version + 1]);

    const bad = await pagePost(
      editPath,
      formOf({
        intent: "save",
        id: product.id,
        version: version + 1,
        ...body,
        stock: "3",
        price: "180",
        discount: "0",
        storeStockStore: [store.id],
        storeStockValue: ["-4"],
      }),
      { cookie: adminPage },
    );
    expect(bad.status).toBe(400);
    expect(htmlText(await bad.text())).toContain("Stock at a store cannot be negative");
    expect(await stockAtStore(store.id, product.id)).toBe(21);
  });
});
