import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { BASE, TINY_PNG } from "./fixtures";
import {
  adminCookie,
  formOf,
  htmlText,
  imageFile,
  newR2Keys,
  editPath,
  openEditForm,
  pagePost,
  productFields,
  productRow,
  r2Keys,
  someRefs,
  storeSnapshot,
} from "../security/support-admin";

let admin: string;
let shopper: string;
beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  shopper = (await newShopper()).token;
});

async function upload(token: string | undefined, bytes: Uint8Array<ArrayBuffer>, name = "x.png", type = "image/png") {
  const form = new FormData();
  form.set("image", new File([bytes], name, { type }));
  const res = await SELF.fetch(`${BASE}/api/file/upload`, { method: "POST", headers: token ? { Authorization: `Bearer ${token}` } : {}, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

const someCategory = async () => (await env.DB.prepare("select id from categories order by name limit 1").first<{ id: string }>())!.id;

describe("admin endpoints refuse shoppers (403) and guests (401), changing nothing", () => {
  const calls: [string, string, unknown][] = [
    ["/api/category/add-category", "POST", { name: "Hacked", image: "/images/seed/milk.webp" }],
    ["/api/category/update", "PUT", { _id: "0".repeat(24), name: "x", image: "/images/seed/milk.webp" }],
    ["/api/category/delete", "DELETE", { _id: "0".repeat(24) }],
    ["/api/subcategory/create", "POST", { name: "x", image: "/images/seed/milk.webp", category: ["0".repeat(24)] }],
    ["/api/subcategory/update", "PUT", { _id: "0".repeat(24) }],
    ["/api/subcategory/delete", "DELETE", { _id: "0".repeat(24) }],
    ["/api/product/create", "POST", {}],
    ["/api/product/update-product-details", "PUT", {}],
    ["/api/product/delete-product", "DELETE", { _id: "0".repeat(24) }],
  ];
  it.each(calls)("%s", async (path, method, body) => {
    const before = await storeSnapshot();
    expect((await api(path, { method, body, token: shopper })).status).toBe(403);
    expect((await api(path, { method, body })).status).toBe(401);
    expect(await storeSnapshot()).toEqual(before);
    const hacked = await env.DB.prepare("select count(*) as n from categories where name = 'Hacked'").first<{ n: number }>();
    expect(hacked!.n).toBe(0);
  });
  it("upload too (nothing stored in R2)", async () => {
    const keys = await r2Keys();
    expect((await upload(shopper, TINY_PNG)).status).toBe(403);
    expect((await upload(undefined, TINY_PNG)).status).toBe(401);
    expect(await newR2Keys(keys)).toEqual([]);
  });
});

describe("uploads", () => {
  it("stores real images under random keys and refuses others", async () => {
    const keys = await r2Keys();
    const ok = await upload(admin, TINY_PNG);
    expect(ok.status).toBe(201);
    // Root-relative without PUBLIC_ORIGIN, never on the request's Host (issue 28, item 9.4).
    expect(ok.body.data.url).toMatch(/^\/images\/uploads\/[0-9a-f]{24}\.png$/);
    expect(ok.body.data.data.url).toBe(ok.body.data.url);
    expect(await newR2Keys(keys)).toEqual([ok.body.data.url.slice("/images/".length)]);
    const afterOk = await r2Keys();
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>");
    expect((await upload(admin, svg, "a.svg", "image/svg+xml")).status).toBe(415);
    expect((await upload(admin, new TextEncoder().encode("<html>"), "a.png")).status).toBe(415);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(TINY_PNG);
    expect((await upload(admin, big)).status).toBe(413);
    expect(await newR2Keys(afterOk)).toEqual([]);
  });
});

describe("categories and sub-categories", () => {
  it("creates, renames and refuses to delete a category in use, then deletes it once unused", async () => {
    const created = await api("/api/category/add-category", {
      method: "POST",
      token: admin,
      body: { name: "Festive Hampers", image: "/images/seed/gift.webp" },
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    expect(
      (await api("/api/category/add-category", { method: "POST", token: admin, body: { name: "Festive Hampers", image: "/images/seed/gift.webp" } })).status,
    ).toBe(409);
    expect((await api("/api/category/add-category", { method: "POST", token: admin, body: { name: "", image: "javascript:alert(1)" } })).status).toBe(400);
    const renamed = await api("/api/category/update", {
      method: "PUT",
      token: admin,
      body: { _id: id, name: "Diwali Hampers", image: "/images/seed/gift.webp" },
    });
    expect(renamed.body.data.name).toBe("Diwali Hampers");
    const categoryRow = () => env.DB.prepare("select name from categories where id = ?").bind(id).first<{ name: string }>();
    expect(await categoryRow()).toEqual({ name: "Diwali Hampers" });

    const sub = await api("/api/subcategory/create", {
      method: "POST",
      token: admin,
      body: { name: "Dry Fruit Boxes", image: "/images/seed/gift.webp", category: [{ _id: id, name: "Diwali Hampers" }, id] },
    });
    expect(sub.status).toBe(201);
    const subs = await api("/api/subcategory/get", { method: "POST" });
    expect(subs.body.data.find((s: any) => s._id === sub.body.data._id).category).toEqual([{ _id: id, name: "Diwali Hampers" }]);

    const refused = await api("/api/category/delete", { method: "DELETE", token: admin, body: { _id: id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/used by 1 sub-category and 0 products/);
    expect(await categoryRow()).toEqual({ name: "Diwali Hampers" });
    expect((await api("/api/subcategory/delete", { method: "DELETE", token: admin, body: { _id: sub.body.data._id } })).status).toBe(200);
    expect((await api("/api/category/delete", { method: "DELETE", token: admin, body: { _id: id } })).status).toBe(200);
    expect(await categoryRow()).toBeNull();
    expect((await api("/api/category/delete", { method: "DELETE", token: admin, body: { _id: id } })).status).toBe(404);
  });

  it("refuses renaming a category to another's name (409) or an unknown one (404), changing nothing", async () => {
    const taken = await env.DB.prepare("select name, image from categories order by name limit 1").first<{ name: string; image: string }>();
    const created = await api("/api/category/add-category", {
      method: "POST",
      token: admin,
      body: { name: "Puja Essentials", image: "/images/seed/gift.webp" },
    });
    expect(created.status).toBe(201);
    const before = await storeSnapshot();
    const clash = await api("/api/category/update", {
      method: "PUT",
      token: admin,
      body: { _id: created.body.data._id, name: taken!.name, image: taken!.image },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors.name).toEqual(["A category with this name already exists"]);
    const unknown = await api("/api/category/update", {
      method: "PUT",
      token: admin,
      body: { _id: "0".repeat(24), name: "Nowhere", image: "/images/seed/gift.webp" },
    });
    expect(unknown.status).toBe(404);
    expect(await storeSnapshot()).toEqual(before);
    expect((await api("/api/category/delete", { method: "DELETE", token: admin, body: { _id: created.body.data._id } })).status).toBe(200);
  });

  it("validates sub-categories: at least one existing category", async () => {
    const before = await storeSnapshot();
    const none = await api("/api/subcategory/create", { method: "POST", token: admin, body: { name: "X", image: "/images/seed/gift.webp", category: [] } });
    expect(none.status).toBe(400);
    const missing = await api("/api/subcategory/create", {
      method: "POST",
      token: admin,
      body: { name: "X", image: "/images/seed/gift.webp", category: ["0".repeat(24)] },
    });
    expect(missing.status).toBe(400);
    const unknown = await api("/api/subcategory/update", {
      method: "PUT",
      token: admin,
      body: { _id: "0".repeat(24), name: "X", image: "/images/seed/gift.webp", category: [await someCategory()] },
    });
    expect(unknown.status).toBe(404);
    expect(await storeSnapshot()).toEqual(before);
  });
});

describe("products", () => {
  async function refs() {
    const row = await env.DB.prepare("select category_id as c, sub_category_id as s from sub_category_categories limit 1").first<{ c: string; s: string }>();
    return { category: [row!.c], subCategory: [row!.s] };
  }
  const base = async () => ({
    name: "Kesar Pista Kulfi <b>bold</b>",
    description: "Rich kulfi.",
    image: ["/images/seed/ice-cream.webp", "/images/seed/milk.webp"],
    unit: "4 pcs",
    stock: 12,
    price: 120,
    discount: 10,
    more_details: { "Shelf Life": "6 months" },
    ...(await refs()),
  });

  it("creates, updates and deletes a product; it appears in search, and leaves carts when deleted", async () => {
    const created = await api("/api/product/create", { method: "POST", token: admin, body: await base() });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    const details = await api("/api/product/get-product-details", { method: "POST", body: { productId: id } });
    expect(details.body.data).toMatchObject({ name: "Kesar Pista Kulfi <b>bold</b>", price: 120, discount: 10, more_details: { "Shelf Life": "6 months" } });
    expect(details.body.data.image).toEqual(["/images/seed/ice-cream.webp", "/images/seed/milk.webp"]);
    const found = await api("/api/product/search-product", { method: "POST", body: { search: "kulfi" } });
    expect(found.body.data.map((p: any) => p._id)).toContain(id);

    const updated = await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...(await base()), _id: id, price: 99.5 } });
    expect(updated.status).toBe(200);
    expect((await api("/api/product/get-product-details", { method: "POST", body: { productId: id } })).body.data.price).toBe(99.5);

    const buyer = await newShopper();
    await api("/api/cart/create", { method: "POST", token: buyer.token, body: { productId: id } });
    const session = await api("/api/user/login", {
      method: "POST",
      body: { email: buyer.email, password: "Test@12345" },
      headers: { "CF-Connecting-IP": "10.9.9.9" },
    });
    const cookie = (session.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect((await api("/api/product/delete-product", { method: "DELETE", token: admin, body: { _id: id } })).status).toBe(200);
    expect((await api("/api/cart/get", { token: buyer.token })).body.data).toEqual([]);
    // The shopper is told once, on their next page.
    const note = "Kesar Pista Kulfi &lt;b&gt;bold&lt;/b&gt; is no longer available and was removed from your cart";
    const first = await SELF.fetch(`${BASE}/cart`, { headers: { Cookie: cookie } });
    expect(await first.text()).toContain(note);
    const second = await SELF.fetch(`${BASE}/cart`, { headers: { Cookie: cookie } });
    expect(await second.text()).not.toContain(note);
    expect((await api("/api/product/search-product", { method: "POST", body: { search: "kulfi" } })).body.data.map((p: any) => p._id)).not.toContain(id);
    expect((await api("/api/product/delete-product", { method: "DELETE", token: admin, body: { _id: id } })).status).toBe(404);
  });

  it("refuses bad product input with field errors, creating and changing nothing", async () => {
    const good = await base();
    const product = await makeProduct();
    const before = await storeSnapshot();
    const cases: [string, Record<string, unknown>][] = [
      ["price", { price: -1 }],
      ["discount", { discount: 150 }],
      ["stock", { stock: 2.5 }],
      ["stock", { stock: "lots" }],
      ["image", { image: [] }],
      ["category", { category: [] }],
      ["more_details", { more_details: { "": "x" } }],
      ["name", { name: "" }],
    ];
    for (const [field, change] of cases) {
      const res = await api("/api/product/create", { method: "POST", token: admin, body: { ...good, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.body.errors as object).join(" "), JSON.stringify(change)).toContain(field);
    }
    const missing = await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...good, _id: "0".repeat(24) } });
    expect(missing.status).toBe(404);
    const bogusSub = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: { ...good, _id: product.id, subCategory: ["0".repeat(24)] },
    });
    expect(bogusSub.status).toBe(400);
    expect(await storeSnapshot()).toEqual(before);
  });
});

describe("a deleted product in a guest's cookie cart", () => {
  it("drops out with a note, and the cookie is rewritten", async () => {
    const product = await makeProduct({ name: "Guest Gone Paneer" });
    const added = await SELF.fetch(`${BASE}/cart`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", productId: product.id, redirectTo: "/cart" }),
      redirect: "manual",
    });
    expect(added.status).toBe(303);
    const cartCookie = (added.headers.getSetCookie().find((c) => c.startsWith("__cart=")) ?? "").split(";")[0];
    expect(cartCookie).toMatch(/^__cart=/);
    await api("/api/product/delete-product", { method: "DELETE", token: admin, body: { _id: product.id } });
    const page = await SELF.fetch(`${BASE}/cart`, { headers: { Cookie: cartCookie } });
    expect(await page.text()).toContain("An item in your cart is no longer available and was removed");
    expect(page.headers.getSetCookie().some((c) => c.startsWith("__cart="))).toBe(true);
  });
});

describe("admin edits and sales (decision 023: the product's version is its own fields', stock is compare-and-set)", () => {
  async function placeOrder(productId: string, quantity: number, pincode?: string) {
    const buyer = await newShopper();
    const address = await api("/api/address/create", { method: "POST", token: buyer.token, body: pincode ? { ...VALID_ADDRESS, pincode } : VALID_ADDRESS });
    const order = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: buyer.token,
      body: { list_items: [{ productId, quantity }], addressId: address.body.data._id },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
  }

  it("an order placed while the edit form is open: a save that leaves stock alone applies, and the sale is kept", async () => {
    const cookie = await adminCookie();
    const product = await makeProduct({ name: "Open Form Ghee", stock: 10 });
    const opened = await openEditForm(cookie, product.id);
    await placeOrder(product.id, 2);
    const before = await productRow(product.id);
    expect(before.version).toBe(Number(opened.version));

    const saved = await pagePost(
      editPath(product.id),
      formOf({
        ...(await productFields(product.id, { name: "Renamed Ghee", price: "99", stock: "10", stockSeen: opened.stockSeen })),
        version: opened.version,
      }),
      { cookie },
    );
    expect(saved.status).toBe(303);
    expect(await productRow(product.id)).toMatchObject({ name: "Renamed Ghee", price: 9900, stock: 8, version: before.version + 1 });
  });

  it("a stock edit from a form opened before a sale: 409 naming the store and both counts, the form keeps what was typed, nothing is written; saving again applies", async () => {
    const cookie = await adminCookie();
    const product = await makeProduct({ name: "Stale Stock Ghee", stock: 10 });
    const opened = await openEditForm(cookie, product.id);
    await placeOrder(product.id, 2);
    const before = await productRow(product.id);

    const stale = await pagePost(
      editPath(product.id),
      formOf({ ...(await productFields(product.id, { name: "Restocked Ghee", stock: "30", stockSeen: opened.stockSeen })), version: opened.version }),
      { cookie },
    );
    const html = htmlText(await stale.text());
    expect(stale.status).toBe(409);
    expect(html).toContain("Stock at FreshDash Indiranagar changed since you opened it (you saw 10, now 8). Review and save again.");
    expect(html).toContain('value="Restocked Ghee"');
    expect(await productRow(product.id)).toEqual(before);

    // The form comes back with the stock it is now as what was seen: saving again is the admin's decision.
    const seenNow = /<input type="hidden" name="stockSeen" value="(\d+)"/.exec(html)![1];
    expect(seenNow).toBe("8");
    const saved = await pagePost(
      editPath(product.id),
      formOf({ ...(await productFields(product.id, { name: "Restocked Ghee", stock: "30", stockSeen: seenNow })), version: opened.version }),
      { cookie },
    );
    expect(saved.status).toBe(303);
    expect(await productRow(product.id)).toMatchObject({ name: "Restocked Ghee", stock: 30, version: before.version + 1 });
  });

  it("two admins edit the same product: the first save wins, the second is told and changes nothing", async () => {
    const [first, second] = await Promise.all([adminCookie(), adminCookie()]);
    const product = await makeProduct({ name: "Two Admins Paneer", stock: 5, price: 100 });
    const [a, b] = await Promise.all([openEditForm(first, product.id), openEditForm(second, product.id)]);
    expect(a.version).toBe(b.version);
    const saveA = await pagePost(editPath(product.id), formOf({ ...(await productFields(product.id, { price: "111" })), version: a.version }), {
      cookie: first,
    });
    expect(saveA.status).toBe(303);
    const afterA = await productRow(product.id);
    const saveB = await pagePost(
      editPath(product.id),
      formOf({ ...(await productFields(product.id, { price: "222", stock: "50", stockSeen: b.stockSeen })), version: b.version }),
      { cookie: second },
    );
    expect(saveB.status).toBe(409);
    expect(htmlText(await saveB.text())).toContain("Someone else saved this product since you opened it. Review and save again.");
    expect(await productRow(product.id)).toEqual(afterA);
    expect(afterA).toMatchObject({ price: 11100, stock: 5 });
  });

  it("10 price saves while 20 sales hit the product at three stores: every save applies, every sale applies, no stock lost", async () => {
    const cookie = await adminCookie();
    const product = await makeProduct({ name: "Busy Seller Atta", stock: 40, price: 50 });
    const stores = (await env.DB.prepare(
      "select r.store_id as id, min(r.from_pincode) as pin from store_pincode_ranges r group by r.store_id order by 1 limit 3",
    ).all<{
      id: string;
      pin: number;
    }>())!.results;
    expect(stores).toHaveLength(3);
    for (const store of stores) {
      await env.DB.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, 40) on conflict do update set stock = 40")
        .bind(store.id, product.id)
        .run();
    }
    const sales = Array.from({ length: 20 }, (_, i) => placeOrder(product.id, 1, String(stores[i % 3].pin)));
    const saves = (async () => {
      const codes: number[] = [];
      for (let i = 1; i <= 10; i++) {
        const opened = await openEditForm(cookie, product.id);
        const res = await pagePost(
          editPath(product.id),
          formOf({
            ...(await productFields(product.id, { price: String(50 + i), stock: opened.stockSeen, stockSeen: opened.stockSeen })),
            version: opened.version,
          }),
          { cookie },
        );
        codes.push(res.status);
      }
      return codes;
    })();
    const [codes] = await Promise.all([saves, ...sales]);
    expect(codes).toEqual(Array(10).fill(303));
    const row = await productRow(product.id);
    expect(row.price).toBe(6000);
    const left = await env.DB.prepare(
      `select coalesce(sum(stock), 0) as n from store_stock where store_id in (${stores.map(() => "?").join(",")}) and product_id = ?`,
    )
      .bind(...stores.map((s) => s.id), product.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(120 - 20);
  }, 60_000);

  it("/api: a stale version is 409 with the version now; a client that sends what it saw sets stock by compare-and-set", async () => {
    const product = await makeProduct({ name: "Api Version Curd", stock: 9, price: 40 });
    const read = await api("/api/product/get-product-details", { method: "POST", body: { productId: product.id } });
    expect(read.body.data.version).toBe((await productRow(product.id)).version);
    await placeOrder(product.id, 1);
    const ok = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: { ...read.body.data, _id: product.id, description: "Thick curd.", price: 45 },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await productRow(product.id)).toMatchObject({ price: 4500, stock: 8, version: read.body.data.version + 1 });

    const before = await productRow(product.id);
    const stale = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: { ...read.body.data, _id: product.id, description: "Thick curd.", price: 50 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("Someone else saved this product since you opened it. Review and save again.");
    expect(stale.body.data).toEqual({ _id: product.id, version: before.version });
    expect(await productRow(product.id)).toEqual(before);

    const fresh = (await api("/api/product/get-product-details", { method: "POST", body: { productId: product.id } })).body.data;
    await placeOrder(product.id, 1);
    const conflict = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: { ...fresh, _id: product.id, stock: 20, stockSeen: fresh.stock },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe("Stock at FreshDash Indiranagar changed since you opened it (you saw 8, now 7). Review and save again.");
    expect(conflict.body.data.conflicts).toEqual([expect.objectContaining({ storeName: "FreshDash Indiranagar", seen: 8, stock: 7 })]);
    const set = await api("/api/product/update-product-details", {
      method: "PUT",
      token: admin,
      body: { ...fresh, _id: product.id, stock: 20, stockSeen: 7 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await productRow(product.id)).toMatchObject({ stock: 20, version: before.version + 1 });
  });

  it("/api like the original client (every field, no version, no stockSeen): the fields apply, a stale stock is never written back, and the answer says so", async () => {
    const product = await makeProduct({ name: "No Version Butter", stock: 6, price: 50 });
    const { version: _v, ...read } = (await api("/api/product/get-product-details", { method: "POST", body: { productId: product.id } })).body.data;
    const fetched = { ...read, description: "Salted butter." };
    await placeOrder(product.id, 2);
    const echo = await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...fetched, _id: product.id, price: 60 } });
    expect(echo.status, JSON.stringify(echo.body)).toBe(200);
    expect(echo.body.message).toBe(
      "Product updated successfully. Stock was not changed (FreshDash Indiranagar has 4, not the 6 sent): send stockSeen with the stock you read to change it.",
    );
    expect(await productRow(product.id)).toMatchObject({ price: 6000, stock: 4 });
    const same = await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...fetched, _id: product.id, stock: 4, price: 61 } });
    expect(same.body.message).toBe("Product updated successfully");
    expect(await productRow(product.id)).toMatchObject({ price: 6100, stock: 4 });
  });
});

describe("images from the admin page forms", () => {
  const png = () => imageFile(TINY_PNG);

  it("are stored only when the whole form is valid: an invalid submit with a good image leaves no object in R2", async () => {
    const cookie = await adminCookie();
    const refs = await someRefs();
    const product = await makeProduct({ name: "Orphan Check Lassi" });
    const { version } = await openEditForm(cookie, product.id);
    const keys = await r2Keys();
    const snapshot = await storeSnapshot();
    const invalid: [string, FormData, number][] = [
      ["/dashboard/category", formOf({ intent: "create-category", name: "", newImage: png() }), 400],
      ["/dashboard/subcategory", formOf({ intent: "create-subcategory", name: "Orphan Sub", newImage: png() }), 400],
      [
        "/dashboard/upload-product",
        formOf({
          intent: "save",
          name: "Orphan Product",
          description: "x",
          newImage: [png(), png()],
          category: refs.category,
          subCategory: refs.subCategory,
          unit: "1 kg",
          stock: "3",
          price: "",
          discount: "0",
        }),
        400,
      ],
      ["/dashboard/upload-product", formOf({ intent: "add-field", name: "Orphan Step", newImage: png(), newFieldName: "Origin" }), 200],
      [editPath(product.id), formOf({ ...(await productFields(product.id, { discount: "150" })), version, newImage: png() }), 400],
    ];
    for (const [path, form, status] of invalid) {
      const res = await pagePost(path, form, { cookie });
      expect(res.status, path).toBe(status);
      expect(htmlText(await res.text()), path).toContain("Choose the new images again");
    }
    expect(await newR2Keys(keys)).toEqual([]);
    expect(await storeSnapshot()).toEqual(snapshot);
  });

  it("are removed again when the database refuses the save (duplicate name, stale version)", async () => {
    const cookie = await adminCookie();
    const taken = (await env.DB.prepare("select name from categories limit 1").first<{ name: string }>())!.name;
    const product = await makeProduct({ name: "Orphan Stale Lassi" });
    const { version } = await openEditForm(cookie, product.id);
    await env.DB.prepare("update products set version = version + 1 where id = ?").bind(product.id).run();
    const keys = await r2Keys();
    const snapshot = await storeSnapshot();
    expect((await pagePost("/dashboard/category", formOf({ intent: "create-category", name: taken, newImage: png() }), { cookie })).status).toBe(409);
    expect((await pagePost(editPath(product.id), formOf({ ...(await productFields(product.id)), version, newImage: png() }), { cookie })).status).toBe(409);
    expect(await newR2Keys(keys)).toEqual([]);
    expect(await storeSnapshot()).toEqual(snapshot);
  });

  it("a valid submit stores exactly the images it uses", async () => {
    const cookie = await adminCookie();
    const keys = await r2Keys();
    const name = `Orphanless ${Date.now()}`;
    const res = await pagePost("/dashboard/category", formOf({ intent: "create-category", name, newImage: [png(), png()] }), { cookie });
    expect(res.status).toBe(303);
    const row = await env.DB.prepare("select image from categories where name = ?").bind(name).first<{ image: string }>();
    expect((await newR2Keys(keys)).map((key) => `/images/${key}`)).toEqual([row!.image]);
  });
});
