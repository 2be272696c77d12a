/**
 * GST 2.0's 40 % slab (migration 0041, decision 045): a product takes 40 through /api and the admin
 * forms, 41 is refused with 400; a 40 % line is invoiced as CGST 20 % + SGST 20 % (or IGST 40 %);
 * and the migration left the triggers and indexes on products as they were and search working.
 * Row survival across 0041 on a seeded database is checked by scripts/check-0041.ts.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, makeProduct, newShopper } from "./api-client";
import { BASE, TINY_PNG } from "./fixtures";
import { adminCookie, editPath, formOf, htmlText, imageFile, openEditForm, pageGet, pagePost, productFields, someRefs } from "../security/support-admin";
import { sessionCookie } from "../security/support-pay";
import { codOrder, deliver } from "./invoice-support";

let admin: string;
let adminPage: string;
beforeAll(async () => {
  [admin, adminPage] = await Promise.all([login("admin@example.com", "Admin@12345"), adminCookie()]);
});

const rateOf = async (id: string) => (await env.DB.prepare("select gst_rate as r from products where id = ?").bind(id).first<{ r: number }>())!.r;

async function apiBody(name: string) {
  const refs = await someRefs();
  return {
    name,
    description: "Aerated, added sugar.",
    image: ["/images/seed/milk.webp"],
    unit: "750 ml",
    stock: 5,
    price: 40,
    discount: 0,
    category: [refs.category],
    subCategory: [refs.subCategory],
    hsnCode: "22021010",
  };
}

describe("a product at 40 %", () => {
  it("/api creates and updates it at 40; 41 is refused with 400 and nothing changes", async () => {
    const body = await apiBody(`Fizz Api ${Date.now()}`);
    const refused = await api("/api/product/create", { method: "POST", token: admin, body: { ...body, gstRate: 41 } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/GST rate must be 0, 5, 12, 18, 28 or 40/);
    expect(await env.DB.prepare("select count(*) as n from products where name = ?").bind(body.name).first<{ n: number }>()).toEqual({ n: 0 });

    const created = await api("/api/product/create", { method: "POST", token: admin, body: { ...body, gstRate: 40 } });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    expect(await rateOf(id)).toBe(40);
    const details = await api("/api/product/get-product-details", { method: "POST", body: { productId: id } });
    expect(details.body.data).toMatchObject({ hsnCode: "22021010", gstRate: 40 });

    const update = { ...body, _id: id, version: details.body.data.version };
    expect((await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...update, gstRate: 28 } })).status).toBe(200);
    expect(await rateOf(id)).toBe(28);
    const version = (await api("/api/product/get-product-details", { method: "POST", body: { productId: id } })).body.data.version;
    const bad = await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...update, version, gstRate: 41 } });
    expect(bad.status).toBe(400);
    expect(await rateOf(id)).toBe(28);
    expect((await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...update, version, gstRate: 40 } })).status).toBe(200);
    expect(await rateOf(id)).toBe(40);
  });

  it("the admin forms offer 40 %, create and save at 40, and refuse 41 with 400", async () => {
    const name = `Fizz Form ${Date.now()}`;
    const refs = await someRefs();
    const upload = {
      name,
      description: "x",
      category: refs.category,
      subCategory: refs.subCategory,
      unit: "1 l",
      stock: "3",
      price: "50",
      discount: "0",
      hsnCode: "22021010",
    };
    const form = await (await pageGet("/dashboard/upload-product", adminPage)).text();
    expect(form).toMatch(/<option value="40">40<!-- --> %<\/option>/);
    const refused = await pagePost("/dashboard/upload-product", formOf({ ...upload, gstRate: "41", newImage: imageFile(TINY_PNG) }), { cookie: adminPage });
    expect(refused.status).toBe(400);
    expect(htmlText(await refused.text())).toContain("GST rate must be 0, 5, 12, 18, 28 or 40 %");
    const created = await pagePost("/dashboard/upload-product", formOf({ ...upload, gstRate: "40", newImage: imageFile(TINY_PNG) }), { cookie: adminPage });
    expect(created.status).toBe(303);
    const row = (await env.DB.prepare("select id, gst_rate as r from products where name = ?").bind(name).first<{ id: string; r: number }>())!;
    expect(row.r).toBe(40);

    const product = await makeProduct({ name: "Fizz Edit" });
    const opened = await openEditForm(adminPage, product.id);
    expect(opened.html).toMatch(/<option value="40">40<!-- --> %<\/option>/);
    const save = async (gstRate: string) =>
      pagePost(editPath(product.id), formOf({ ...(await productFields(product.id, { gstRate, stockSeen: opened.stockSeen })), version: opened.version }), {
        cookie: adminPage,
      });
    const bad = await save("41");
    expect(bad.status).toBe(400);
    expect(await rateOf(product.id)).toBe(5);
    expect((await save("40")).status).toBe(303);
    expect(await rateOf(product.id)).toBe(40);
  });

  it("the database itself refuses 41 and takes 40 (the CHECK widened by 0041)", async () => {
    const product = await makeProduct({ name: "Fizz Check" });
    await expect(env.DB.prepare("update products set gst_rate = 41 where id = ?").bind(product.id).run()).rejects.toThrow();
    await env.DB.prepare("update products set gst_rate = 40 where id = ?").bind(product.id).run();
    expect(await rateOf(product.id)).toBe(40);
  });
});

describe("an order of a 40 % product", () => {
  let fizz: Awaited<ReturnType<typeof makeProduct>>;
  beforeAll(async () => {
    fizz = await makeProduct({ name: "Fizz Cola", price: 140 });
    await env.DB.prepare("update products set hsn_code = '22021010', gst_rate = 40 where id = ?").bind(fizz.id).run();
  });

  it("is invoiced CGST 20 % + SGST 20 % within the store's state: ₹140 is ₹100 + ₹20 + ₹20", async () => {
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: fizz.id, quantity: 1 }]);
    await deliver(id);
    const res = await SELF.fetch(`${BASE}/invoice/${id}`, { headers: { Cookie: await sessionCookie(shopper.email) } });
    expect(res.status).toBe(200);
    const html = htmlText(await res.text());
    expect(html).toContain("GST 40%: taxable ₹100.00, CGST 20% ₹20.00 + SGST 20% ₹20.00");
    expect(html).toMatch(/data-testid="invoice-cgst"[^>]*>₹20\.00</);
    expect(html).toMatch(/data-testid="invoice-sgst"[^>]*>₹20\.00</);
  });

  it("is IGST 40 % to another state", async () => {
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: fizz.id, quantity: 2 }]);
    await env.DB.prepare("update orders set delivery_address = json_set(delivery_address, '$.state', 'Tamil Nadu', '$.pincode', '600028') where id = ?")
      .bind(id)
      .run();
    await deliver(id);
    const html = htmlText(await (await SELF.fetch(`${BASE}/invoice/${id}`, { headers: { Cookie: await sessionCookie(shopper.email) } })).text());
    expect(html).toContain("GST 40%: taxable ₹200.00, IGST 40% ₹80.00");
    expect(html).toMatch(/data-testid="invoice-igst"[^>]*>₹80\.00</);
  });
});

describe("migration 0041 left products' schema as it was", () => {
  // Read from a database migrated up to 0040 (scripts/check-0041.ts makes one): each index and
  // trigger on products with the SHA-256 of its SQL text (first 16 hex digits; '' has no SQL).
  const BEFORE_0041: [type: string, name: string, sha256: string][] = [
    ["index", "products_created_idx", "4fc3a5731e41b71c"],
    ["index", "sqlite_autoindex_products_1", "e3b0c44298fc1c14"],
    ["trigger", "product_bins_product_deleted", "c7553c43a5c97b7e"],
    ["trigger", "product_categories_created_at_update", "768d0e8d5a456fc8"],
    ["trigger", "product_sub_categories_created_at_update", "954f7f440aa21db1"],
    ["trigger", "products_fts_delete", "1b26913f57fd632d"],
    ["trigger", "products_fts_insert", "8004f1333d220003"],
    ["trigger", "products_fts_update", "e15728bf7b90876d"],
    ["trigger", "search_vocabulary_product_delete", "8664e5999bd1cd87"],
    ["trigger", "search_vocabulary_product_insert", "f04a78be897973ca"],
    ["trigger", "search_vocabulary_product_rename", "b255293b1c728b9a"],
    ["trigger", "store_stock_product_deleted", "05c9053cb093abb1"],
  ];
  const sha = async (text: string) =>
    [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("")
      .slice(0, 16);

  it("every index and trigger on products is still there, word for word", async () => {
    const { results } = await env.DB.prepare("select type, name, sql from sqlite_master where tbl_name = 'products' and type in ('index', 'trigger')").all<{
      type: string;
      name: string;
      sql: string | null;
    }>();
    const now = await Promise.all(results.map(async (r) => [r.type, r.name, await sha(r.sql ?? "")] as [string, string, string]));
    for (const entry of BEFORE_0041) expect(now, entry[1]).toContainEqual(entry);
    // The temporary column is gone and gst_rate keeps its default.
    const columns = await env.DB.prepare(
      "select name, dflt_value as d, \"notnull\" as nn from pragma_table_info('products') where name like 'gst_rate%'",
    ).all();
    expect(columns.results).toEqual([{ name: "gst_rate", d: "5", nn: 1 }]);
  });

  it("search finds a product renamed after the migration (the FTS triggers still fire)", async () => {
    const product = await makeProduct({ name: "Fizz Search" });
    const word = `zorbly${Date.now().toString(36)}`;
    await env.DB.prepare("update products set name = ?, gst_rate = 40 where id = ?").bind(`Sparkling ${word} Cola`, product.id).run();
    const found = await api("/api/product/search-product", { method: "POST", body: { search: word } });
    expect(found.status).toBe(200);
    expect(found.body.data.map((p: { _id: string }) => p._id)).toEqual([product.id]);
  });
});
