/**
 * Admin surface as an attacker sees it: every admin /api endpoint and every admin page action as a
 * shopper (403) and as a guest (401, or the login redirect on pages), each request one that an admin
 * could really make (proved by replaying it as the admin at the end), with D1 and R2 unchanged;
 * mass assignment on product create/update; and racing product saves (decision 010).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "../workers/api-client";
import { BASE, TINY_PNG } from "../workers/fixtures";
import {
  adminCookie,
  editPath,
  formOf,
  htmlText,
  imageFile,
  newR2Keys,
  openEditForm,
  pageGet,
  pagePost,
  productFields,
  productRow,
  r2Keys,
  sessionCookie,
  someRefs,
  storeSnapshot,
} from "./support-admin";

let admin: string;
let adminPage: string;
let shopper: { token: string; cookie: string };
beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  adminPage = await adminCookie();
  const { token, email } = await newShopper();
  shopper = { token, cookie: await sessionCookie(email) };
});

const newCategory = async (name = "Victim") => {
  const id = crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
  await env.DB.prepare("insert into categories (id, name, image) values (?, ?, '/images/seed/milk.webp')")
    .bind(id, `${name} ${id.slice(0, 8)}`)
    .run();
  return id;
};

const newSubCategory = async () => {
  const category = await newCategory("Victim Parent");
  const id = crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
  await env.DB.batch([
    env.DB.prepare("insert into sub_categories (id, name, image) values (?, ?, '/images/seed/milk.webp')").bind(id, `Victim Sub ${id.slice(0, 8)}`),
    env.DB.prepare("insert into sub_category_categories (sub_category_id, category_id, position) values (?, ?, 0)").bind(id, category),
  ]);
  return { id, category };
};

/** A cash-on-delivery order placed by someone, as the admin endpoints act on. */
async function placedOrder() {
  const buyer = await newShopper();
  const product = await makeProduct({ name: "Victim Order Atta", stock: 5 });
  const address = await api("/api/address/create", { method: "POST", token: buyer.token, body: VALID_ADDRESS });
  const order = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token: buyer.token,
    body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: address.body.data._id },
  });
  expect(order.status).toBe(201);
  return (await env.DB.prepare("select id from orders where user_id = (select id from users where email = ?)").bind(buyer.email).first<{ id: string }>())!.id;
}

const productBody = async (extra: Record<string, unknown> = {}) => {
  const refs = await someRefs();
  return {
    name: "Injected Product",
    description: "Not from an admin.",
    image: ["/images/seed/milk.webp"],
    category: [refs.category],
    subCategory: [refs.subCategory],
    unit: "1 kg",
    stock: 5,
    price: 10,
    discount: 0,
    ...extra,
  };
};

type ApiCall = { method: string; path: string; body?: unknown; multipart?: () => FormData; adminStatus: number };

/** Every admin /api endpoint, each with a request an admin would get `adminStatus` for. */
const API_ENDPOINTS: [string, () => Promise<ApiCall>][] = [
  [
    "POST /api/category/add-category",
    async () => ({
      method: "POST",
      path: "/api/category/add-category",
      body: { name: `Injected ${Date.now()}`, image: "/images/seed/milk.webp" },
      adminStatus: 201,
    }),
  ],
  [
    "PUT /api/category/update",
    async () => ({
      method: "PUT",
      path: "/api/category/update",
      body: { _id: await newCategory(), name: `Renamed ${Date.now()}`, image: "/images/seed/milk.webp" },
      adminStatus: 200,
    }),
  ],
  ["DELETE /api/category/delete", async () => ({ method: "DELETE", path: "/api/category/delete", body: { _id: await newCategory() }, adminStatus: 200 })],
  [
    "POST /api/subcategory/create",
    async () => ({
      method: "POST",
      path: "/api/subcategory/create",
      body: { name: "Injected Sub", image: "/images/seed/milk.webp", category: [await newCategory()] },
      adminStatus: 201,
    }),
  ],
  [
    "PUT /api/subcategory/update",
    async () => {
      const sub = await newSubCategory();
      return {
        method: "PUT",
        path: "/api/subcategory/update",
        body: { _id: sub.id, name: "Renamed Sub", image: "/images/seed/milk.webp", category: [sub.category] },
        adminStatus: 200,
      };
    },
  ],
  [
    "DELETE /api/subcategory/delete",
    async () => ({ method: "DELETE", path: "/api/subcategory/delete", body: { _id: (await newSubCategory()).id }, adminStatus: 200 }),
  ],
  ["POST /api/product/create", async () => ({ method: "POST", path: "/api/product/create", body: await productBody(), adminStatus: 201 })],
  [
    "PUT /api/product/update-product-details",
    async () => {
      const product = await makeProduct({ name: "Victim Price", stock: 5 });
      return { method: "PUT", path: "/api/product/update-product-details", body: await productBody({ _id: product.id, price: 1, stock: 5 }), adminStatus: 200 };
    },
  ],
  [
    "DELETE /api/product/delete-product",
    async () => ({ method: "DELETE", path: "/api/product/delete-product", body: { _id: (await makeProduct({ name: "Victim Delete" })).id }, adminStatus: 200 }),
  ],
  [
    "POST /api/file/upload",
    async () => ({ method: "POST", path: "/api/file/upload", multipart: () => formOf({ image: imageFile(TINY_PNG) }), adminStatus: 201 }),
  ],
  ["GET /api/order/admin/list", async () => ({ method: "GET", path: "/api/order/admin/list", adminStatus: 200 })],
  [
    "POST /api/order/admin/update-status",
    async () => ({ method: "POST", path: "/api/order/admin/update-status", body: { _id: await placedOrder(), status: "packed" }, adminStatus: 200 }),
  ],
  ["POST /api/order/admin/cancel", async () => ({ method: "POST", path: "/api/order/admin/cancel", body: { _id: await placedOrder() }, adminStatus: 200 })],
  // A cash-on-delivery order has nothing to refund: the admin gets the business refusal, never 401/403.
  ["POST /api/order/admin/refund", async () => ({ method: "POST", path: "/api/order/admin/refund", body: { _id: await placedOrder() }, adminStatus: 409 })],
];

function send(call: ApiCall, auth: { token?: string; cookie?: string }) {
  const headers: Record<string, string> = { Origin: BASE };
  if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.Cookie = auth.cookie;
  let body: BodyInit | undefined;
  if (call.multipart) body = call.multipart();
  else if (call.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(call.body);
  }
  return SELF.fetch(`${BASE}${call.path}`, { method: call.method, headers, body });
}

describe("every admin /api endpoint refuses shoppers (403) and guests (401) and changes nothing", () => {
  it.each(API_ENDPOINTS)("%s", async (_name, build) => {
    const call = await build();
    const before = await storeSnapshot();
    const keys = await r2Keys();
    expect((await send(call, { token: shopper.token })).status).toBe(403);
    expect((await send(call, { cookie: shopper.cookie })).status).toBe(403);
    expect((await send(call, {})).status).toBe(401);
    // A forged or expired bearer token is a guest.
    expect((await send(call, { token: `${admin.slice(0, -4)}AAAA` })).status).toBe(401);
    expect(await storeSnapshot()).toEqual(before);
    expect(await newR2Keys(keys)).toEqual([]);
    // The same request from the admin is accepted: the refusals above were about who asked.
    expect((await send(call, { token: admin })).status).toBe(call.adminStatus);
  });
});

type PageCall = { path: string; form: () => FormData | URLSearchParams; adminStatus: number };

/** Every admin page action (the forms of the dashboard's admin pages). */
const PAGE_ACTIONS: [string, () => Promise<PageCall>][] = [
  [
    "create a category (with an image)",
    async () => ({
      path: "/dashboard/category",
      form: () => formOf({ intent: "create-category", name: `Page Injected ${Date.now()}`, newImage: imageFile(TINY_PNG) }),
      adminStatus: 303,
    }),
  ],
  [
    "update a category",
    async () => {
      const id = await newCategory();
      return {
        path: "/dashboard/category",
        form: () => formOf({ intent: "update-category", id, name: `Page Renamed ${Date.now()}`, image: "/images/seed/milk.webp" }),
        adminStatus: 303,
      };
    },
  ],
  [
    "delete a category",
    async () => {
      const id = await newCategory();
      return { path: "/dashboard/category", form: () => new URLSearchParams({ intent: "delete-category", id }), adminStatus: 303 };
    },
  ],
  [
    "create a sub-category",
    async () => {
      const category = await newCategory();
      return {
        path: "/dashboard/subcategory",
        form: () => formOf({ intent: "create-subcategory", name: "Page Sub", category, newImage: imageFile(TINY_PNG) }),
        adminStatus: 303,
      };
    },
  ],
  [
    "delete a sub-category",
    async () => {
      const { id } = await newSubCategory();
      return { path: "/dashboard/subcategory", form: () => new URLSearchParams({ intent: "delete-subcategory", id }), adminStatus: 303 };
    },
  ],
  [
    "upload a product",
    async () => {
      const refs = await someRefs();
      const fields = {
        intent: "save",
        name: "Page Product",
        description: "x",
        category: refs.category,
        subCategory: refs.subCategory,
        unit: "1 kg",
        stock: "3",
        price: "10",
        discount: "0",
      };
      return { path: "/dashboard/upload-product", form: () => formOf({ ...fields, newImage: imageFile(TINY_PNG) }), adminStatus: 303 };
    },
  ],
  [
    "edit a product",
    async () => {
      const product = await makeProduct({ name: "Page Victim", stock: 4 });
      const { version } = await openEditForm(adminPage, product.id);
      const fields = await productFields(product.id, { price: "1" });
      return { path: editPath(product.id), form: () => formOf({ ...fields, version }), adminStatus: 303 };
    },
  ],
  [
    "delete a product",
    async () => {
      const product = await makeProduct({ name: "Page Delete Victim" });
      return { path: "/dashboard/product", form: () => new URLSearchParams({ intent: "delete-product", id: product.id }), adminStatus: 303 };
    },
  ],
  [
    "move an order on",
    async () => {
      const orderId = await placedOrder();
      return {
        path: "/dashboard/orders",
        form: () => new URLSearchParams({ intent: "move", orderId, to: "packed", redirectTo: "/dashboard/orders" }),
        adminStatus: 303,
      };
    },
  ],
];

describe("every admin page action refuses shoppers (403) and guests (login redirect) and changes nothing", () => {
  it.each(PAGE_ACTIONS)("%s", async (_name, build) => {
    const call = await build();
    const before = await storeSnapshot();
    const keys = await r2Keys();
    const asShopper = await pagePost(call.path, call.form(), { cookie: shopper.cookie });
    expect(asShopper.status).toBe(403);
    const asGuest = await pagePost(call.path, call.form());
    expect(asGuest.status).toBe(302);
    expect(asGuest.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await storeSnapshot()).toEqual(before);
    expect(await newR2Keys(keys)).toEqual([]);
    expect((await pagePost(call.path, call.form(), { cookie: adminPage })).status).toBe(call.adminStatus);
    expect(await storeSnapshot()).not.toEqual(before);
  });

  it("admin pages show shoppers 'Do not have permission' (403) and send guests to log in", async () => {
    for (const path of ["/dashboard/category", "/dashboard/subcategory", "/dashboard/upload-product", "/dashboard/product", "/dashboard/orders"]) {
      const asShopper = await pageGet(path, shopper.cookie);
      expect(asShopper.status, path).toBe(403);
      expect(await asShopper.text(), path).toContain("Do not have permission");
      const asGuest = await pageGet(path);
      expect(asGuest.status, path).toBe(302);
      expect(asGuest.headers.get("Location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });
});

describe("mass assignment on products", () => {
  it("create ignores _id, timestamps, version and unknown keys", async () => {
    const forcedId = "a".repeat(24);
    const created = await api("/api/product/create", {
      method: "POST",
      token: admin,
      body: await productBody({
        _id: forcedId,
        id: forcedId,
        created_at: 1,
        createdAt: 1,
        updated_at: 1,
        version: 999,
        publish: false,
        isAdmin: true,
        role: "ADMIN",
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data._id).not.toBe(forcedId);
    expect(await env.DB.prepare("select count(*) as n from products where id = ?").bind(forcedId).first("n")).toBe(0);
    const row = await env.DB.prepare("select version, publish, created_at as createdAt, updated_at as updatedAt from products where id = ?")
      .bind(created.body.data._id)
      .first<{ version: number; publish: number; createdAt: number; updatedAt: number }>();
    expect(row).toMatchObject({ version: 0, publish: 1 });
    expect(row!.createdAt).toBeGreaterThan(Date.now() - 60_000);
    expect(row!.updatedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("update cannot retarget another product, backdate it, hide it or set its version", async () => {
    const [victim, bystander] = await Promise.all([makeProduct({ name: "Mass Victim", stock: 3 }), makeProduct({ name: "Mass Bystander", stock: 3 })]);
    const created = (await env.DB.prepare("select created_at as c from products where id = ?").bind(victim.id).first<{ c: number }>())!.c;
    const bystanderBefore = await productRow(bystander.id);
    const { version } = await productRow(victim.id);
    const res = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: await productBody({ _id: victim.id, id: bystander.id, productId: bystander.id, version, stock: 3, price: 12, created_at: 1, publish: false }),
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("select version, publish, created_at as createdAt, price from products where id = ?").bind(victim.id).first();
    expect(row).toEqual({ version: version + 1, publish: 1, createdAt: created, price: 1200 });
    expect(await productRow(bystander.id)).toEqual(bystanderBefore);
  });

  it("hostile field types are 400 and change nothing", async () => {
    const product = await makeProduct({ name: "Typed Victim", stock: 3 });
    const before = await storeSnapshot();
    const hostile: Record<string, unknown>[] = [
      { stock: "3; update products set stock = 999" },
      { stock: null },
      { stock: true },
      { stock: "" },
      { price: "" },
      { price: [1] },
      { version: "1 or 1=1" },
      { version: -1 },
      { name: "x".repeat(121) },
      { more_details: { ["k".repeat(61)]: "v" } },
      { image: ["javascript:alert(1)"] },
      { image: ["/images/../../etc/passwd"] },
      // Would make every <img> of the product request the logout endpoint with the viewer's cookie.
      { image: ["/images/seed/../../api/user/logout"] },
    ];
    for (const change of hostile) {
      const res = await api("/api/product/update-product-details", {
        method: "PUT",
        token: admin,
        body: await productBody({ _id: product.id, stock: 3, ...change }),
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
    }
    expect(await storeSnapshot()).toEqual(before);
  });
});

describe("racing product saves (the SQL guard decides)", () => {
  it("30 parallel /api saves from the same version: exactly one wins, the rest are 409, the winner's values are stored", async () => {
    const product = await makeProduct({ name: "Race Paneer", stock: 7, price: 100 });
    const { version } = await productRow(product.id);
    const base = await productBody({ _id: product.id, version, stock: 7 });
    // Every request is valid and passes every check before the batch: only the guarded statement can refuse.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...base, price: 200 + i } })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    const winner = statuses.indexOf(200);
    expect(await productRow(product.id)).toMatchObject({ price: (200 + winner) * 100, stock: 7, version: version + 1 });
    const images = await env.DB.prepare("select count(*) as n from product_images where product_id = ?").bind(product.id).first("n");
    expect(images).toBe(1);
  });

  it("10 parallel page saves from one opened form: exactly one 303, the rest re-render with the reason (409)", async () => {
    const product = await makeProduct({ name: "Race Page Paneer", stock: 6, price: 100 });
    const { version } = await openEditForm(adminPage, product.id);
    const fields = await productFields(product.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => pagePost(editPath(product.id), formOf({ ...fields, version, price: String(300 + i) }), { cookie: adminPage })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const loser = results[statuses.indexOf(409)];
    expect(htmlText(await loser.text())).toContain("Someone else saved this product since you opened it. Review and save again.");
    expect(await productRow(product.id)).toMatchObject({ price: (300 + statuses.indexOf(303)) * 100, stock: 6, version: Number(version) + 1 });
  });

  it("a sale racing an admin save is never lost: a save that leaves stock alone always applies; a restock applies only over the stock it saw", async () => {
    /** One product (stock 10, price 100), one sale of 3 and one admin save of price 90 and `stock` given 10 seen: in parallel, or in the order given. */
    async function saleAndSave(order: "race" | "sale first" | "save first", stock: number) {
      const product = await makeProduct({ name: "Race Sale Ghee", stock: 10, price: 100 });
      const buyer = await newShopper();
      const address = await api("/api/address/create", { method: "POST", token: buyer.token, body: VALID_ADDRESS });
      const { version } = await productRow(product.id);
      const sell = () =>
        api("/api/order/cash-on-delivery", {
          method: "POST",
          token: buyer.token,
          body: { list_items: [{ productId: product.id, quantity: 3 }], addressId: address.body.data._id },
        });
      const save = async () =>
        api("/api/product/update-product-details", {
          method: "PUT",
          token: admin,
          body: await productBody({ _id: product.id, version, stock, stockSeen: 10, price: 90 }),
        });
      let sold: Awaited<ReturnType<typeof sell>>;
      let saved: Awaited<ReturnType<typeof save>>;
      if (order === "race") [sold, saved] = await Promise.all([sell(), save()]);
      else if (order === "sale first") [sold, saved] = [await sell(), await save()];
      else [saved, sold] = [await save(), await sell()];
      expect(sold.status).toBe(201);
      expect([200, 409]).toContain(saved.status);
      const row = await productRow(product.id);
      // The sale's 3 units stay sold whatever happened to the save.
      expect(row.stock).toBe(saved.status === 200 ? stock - 3 : 7);
      expect(row.price).toBe(saved.status === 200 ? 9000 : 10_000);
      return saved.status;
    }
    const unchanged = await Promise.all(Array.from({ length: 5 }, () => saleAndSave("race", 10)));
    expect(unchanged).toEqual([200, 200, 200, 200, 200]);
    expect(await saleAndSave("sale first", 10)).toBe(200);
    const restocks = await Promise.all(Array.from({ length: 5 }, () => saleAndSave("race", 20)));
    expect(restocks).toHaveLength(5);
    // Which one wins a race is up to timing; each order on its own has exactly one outcome.
    expect(await saleAndSave("sale first", 20)).toBe(409);
    expect(await saleAndSave("save first", 20)).toBe(200);
  }, 60_000);
});
