/**
 * Picks verified by scan (docs/decisions/042-picks-verified-by-scan.md): every product's barcode
 * (valid, unique, through /api, the admin form, the stock CSV and the stock sync), the pick line's
 * confirmation by scan, typed code or by hand, the wrong item refused on the spot, the pick never
 * marking more units picked than are confirmed, and the store's scan rate per picker.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { barcodeFrom } from "../../app/lib/barcode";
import { adminCookie, formOf, imageFile, pageGet, pagePost, sessionCookie, someRefs } from "../security/support-admin";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { TINY_PNG } from "./fixtures";

let admin: string;
let storeId: string;
let staff: { token: string; email: string };
/** A fresh 12-digit body for a barcode no other test uses (prefix 400: an ordinary GS1 range). */
const freshCode = () => barcodeFrom(`4${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`);

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  staff = await newShopper();
  expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: staff.email } })).status).toBe(200);
});

const barcodeOf = async (productId: string) =>
  (await env.DB.prepare("select barcode from products where id = ?").bind(productId).first<{ barcode: string | null }>())?.barcode ?? null;

async function productBody(name: string, extra: Record<string, unknown> = {}) {
  const refs = await someRefs();
  return {
    name: `${name} ${crypto.randomUUID().slice(0, 6)}`,
    description: "A test product",
    image: ["/images/seed/milk.webp"],
    category: [refs.category],
    subCategory: [refs.subCategory],
    unit: "500 ml",
    stock: 5,
    price: 40,
    discount: 0,
    more_details: {},
    ...extra,
  };
}

/** A cash order at the default store; returns its id. */
async function codOrder(token: string, lines: { productId: string; quantity: number }[]) {
  const address = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  const res = await api("/api/order/cash-on-delivery", { method: "POST", token, body: { list_items: lines, addressId: address.body.data._id } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

const confirm = (body: Record<string, unknown>, token = staff.token) => api("/api/order/pick/confirm", { method: "POST", token, body });
const pick = (id: string, lines: { productId: string; picked: number }[], token = staff.token) =>
  api("/api/order/pick", { method: "POST", token, body: { _id: id, lines } });
const pickPage = (id: string) => `/dashboard/stores/${storeId}/queue/${id}`;
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'");

describe("every product has a barcode", () => {
  it("a product saved without one is numbered by the store: 200 + row + a valid check digit, and /api shows it", async () => {
    const product = await makeProduct({ name: "Numbered Dahi" });
    const code = await barcodeOf(product.id);
    expect(code).toMatch(/^200[0-9]{10}$/);
    expect(code).toBe(barcodeFrom(code!.slice(0, 12)));
    const details = await api("/api/product/get-product-details", { method: "POST", body: { productId: product.id } });
    expect(details.body.data.barcode).toBe(code);
    // The migration numbered every product there was, and the seed gave its own 890 codes.
    expect(await env.DB.prepare("select count(*) as n from products where barcode is null").first<{ n: number }>()).toEqual({ n: 0 });
    expect((await env.DB.prepare("select count(*) as n from products where barcode like '890%'").first<{ n: number }>())!.n).toBeGreaterThan(0);
  });

  it("/api create and update: a valid code is kept (UPC-A as its EAN-13), a bad check digit is 400, another product's code is 409", async () => {
    const ean = freshCode();
    const created = await api("/api/product/create", { method: "POST", token: admin, body: await productBody("Barcode Milk", { barcode: ean }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await barcodeOf(created.body.data._id)).toBe(ean);

    const wrongDigit = ean.slice(0, 12) + String((Number(ean[12]) + 1) % 10);
    const bad = await api("/api/product/create", { method: "POST", token: admin, body: await productBody("Bad Digit Milk", { barcode: wrongDigit }) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/valid check digit/);

    const upcBody = `0${String(Date.now()).slice(-10)}`;
    const upc = barcodeFrom(`0${upcBody}`).slice(1); // 12 digits: UPC-A
    const withUpc = await api("/api/product/create", { method: "POST", token: admin, body: await productBody("UPC Milk", { barcode: upc }) });
    expect(withUpc.status, JSON.stringify(withUpc.body)).toBe(201);
    expect(await barcodeOf(withUpc.body.data._id)).toBe(`0${upc}`);

    const body = await productBody("Duplicate Milk", { barcode: ean });
    const duplicate = await api("/api/product/create", { method: "POST", token: admin, body });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(`Barcode ${ean} is already on ${await nameOf(created.body.data._id)}: each product has its own`);
    expect(await env.DB.prepare("select count(*) as n from products where name = ?").bind(body.name).first<{ n: number }>()).toEqual({ n: 0 });

    // An update to another product's code is 409 and changes nothing; keeping its own code is fine.
    const other = withUpc.body.data._id as string;
    const read = (await api("/api/product/get-product-details", { method: "POST", body: { productId: other } })).body.data;
    const update = (extra: Record<string, unknown>) =>
      api("/api/product/update-product-details", {
        method: "PUT",
        token: admin,
        body: {
          ...read,
          _id: other,
          category: read.category.map((c: { _id: string }) => c._id),
          subCategory: read.subCategory.map((c: { _id: string }) => c._id),
          ...extra,
        },
      });
    const taken = await update({ barcode: ean, description: "changed" });
    expect(taken.status, JSON.stringify(taken.body)).toBe(409);
    expect(taken.body.message).toMatch(new RegExp(`^Barcode ${ean} is already on `));
    expect(await barcodeOf(other)).toBe(`0${upc}`);
    expect((await env.DB.prepare("select description from products where id = ?").bind(other).first<{ description: string }>())!.description).toBe(
      "A test product",
    );
    expect((await update({ description: "kept code" })).status).toBe(200);
    expect(await barcodeOf(other)).toBe(`0${upc}`);
  });

  it("the store's own range is kept but never typed anew", async () => {
    const numbered = await makeProduct({ name: "Own Range Curd" });
    const own = (await barcodeOf(numbered.id))!;
    const reserved = barcodeFrom("200999999999");
    const res = await api("/api/product/create", { method: "POST", token: admin, body: await productBody("Reserved Milk", { barcode: reserved }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/numbered by the store/);
    // Another product cannot take a store-numbered code either (it is taken).
    const res2 = await api("/api/product/create", { method: "POST", token: admin, body: await productBody("Stolen Milk", { barcode: own }) });
    expect(res2.status).toBe(400);
  });

  it("two creates with the same code at once: exactly one is saved, the other is a 409", async () => {
    const code = freshCode();
    const bodies = await Promise.all([productBody("Race Milk A", { barcode: code }), productBody("Race Milk B", { barcode: code })]);
    const results = await Promise.all(bodies.map((body) => api("/api/product/create", { method: "POST", token: admin, body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await env.DB.prepare("select count(*) as n from products where barcode = ?").bind(code).first<{ n: number }>()).toEqual({ n: 1 });
  });

  it("the admin's product form: a bad check digit and a duplicate come back on the field; a good code saves", async () => {
    const cookie = await adminCookie();
    const refs = await someRefs();
    const taken = await makeProduct({ name: "Form Taken Ghee" });
    const takenCode = (await barcodeOf(taken.id))!;
    const form = (name: string, barcode: string) =>
      formOf({
        intent: "save",
        name,
        description: "Form product",
        newImage: imageFile(TINY_PNG),
        category: refs.category,
        subCategory: refs.subCategory,
        unit: "1 kg",
        stock: "3",
        price: "50",
        discount: "0",
        barcode,
      });
    const bad = await pagePost("/dashboard/upload-product", form("Form Bad Ghee", "8901234567891"), { cookie });
    expect(bad.status).toBe(400);
    expect(text(await bad.text())).toContain("Barcode must be an EAN-13 (13 digits) or UPC-A (12 digits) code with a valid check digit");
    const fresh = freshCode();
    const ok = await pagePost("/dashboard/upload-product", form(`Form Good Ghee ${fresh}`, fresh), { cookie });
    expect(ok.status).toBeLessThan(400);
    expect(await env.DB.prepare("select name from products where barcode = ?").bind(fresh).first<{ name: string }>()).toEqual({
      name: `Form Good Ghee ${fresh}`,
    });
    // A code of the store's range taken by another product: refused for the range; a taken ordinary code: 409.
    const dup = await pagePost("/dashboard/upload-product", form("Form Dup Ghee", fresh), { cookie });
    expect(dup.status).toBe(409);
    expect(text(await dup.text())).toContain(`Barcode ${fresh} is already on Form Good Ghee ${fresh}`);
    expect((await pagePost("/dashboard/upload-product", form("Form Range Ghee", takenCode), { cookie })).status).toBe(400);
  });
});

async function nameOf(id: string) {
  return (await env.DB.prepare("select name from products where id = ?").bind(id).first<{ name: string }>())!.name;
}

describe("the stock sync and the CSV import name products by barcode", () => {
  it("/api/store/stock-sync: a row by barcode applies; an unknown code is reported; a bad check digit is 400", async () => {
    const product = await makeProduct({ name: "Synced Paneer", stock: 2 });
    const code = (await barcodeOf(product.id))!;
    const unknown = barcodeFrom("499999999999");
    const res = await api("/api/store/stock-sync", {
      method: "POST",
      token: admin,
      body: {
        storeId,
        rows: [
          { barcode: code, stock: 9 },
          { barcode: unknown, stock: 1 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.applied).toBe(1);
    expect(res.body.data.errors).toEqual([{ index: 1, productId: "", barcode: unknown, reason: "unknown", message: "No product with this barcode" }]);
    expect((await env.DB.prepare("select stock from store_stock where store_id = ? and product_id = ?").bind(storeId, product.id).first())!.stock).toBe(9);
    const bad = await api("/api/store/stock-sync", { method: "POST", token: admin, body: { storeId, rows: [{ barcode: "8901234567891", stock: 1 }] } });
    expect(bad.status).toBe(400);
    const both = await api("/api/store/stock-sync", {
      method: "POST",
      token: admin,
      body: { storeId, rows: [{ productId: product.id, barcode: code, stock: 1 }] },
    });
    expect(both.status).toBe(400);
  });

  it("the CSV import matches a row by its barcode (EAN-13 or UPC-A)", async () => {
    const cookie = await adminCookie();
    const product = await makeProduct({ name: "Csv Barcode Butter", stock: 1 });
    const code = (await barcodeOf(product.id))!;
    const path = `/dashboard/stores/${storeId}/stock`;
    const previewed = await pagePost(path, formOf({ intent: "preview", csv: `product,stock\n${code},7\n` }), { cookie });
    expect(previewed.status).toBe(303);
    const importId = /[?&]import=([0-9a-f]{24})$/.exec(previewed.headers.get("Location")!)![1];
    const page = text(await (await pageGet(`${path}?import=${importId}`, cookie)).text());
    expect(page).toContain(product.name);
    expect((await pagePost(`${path}?import=${importId}`, formOf({ intent: "confirm", importId }), { cookie })).status).toBe(303);
    expect((await env.DB.prepare("select stock from store_stock where store_id = ? and product_id = ?").bind(storeId, product.id).first())!.stock).toBe(7);
  });
});

describe("pick lines are confirmed before the pick", () => {
  it("a wrong item is refused with both names; an unknown code says it is not in the catalogue; nothing is recorded", async () => {
    const shopper = await newShopper();
    const ordered = await makeProduct({ name: "Amul Lactose Free", stock: 5 });
    const scanned = await makeProduct({ name: "Amul Kool", stock: 5 });
    const id = await codOrder(shopper.token, [{ productId: ordered.id, quantity: 2 }]);
    const wrong = await confirm({ _id: id, productId: ordered.id, code: (await barcodeOf(scanned.id))! });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(`This is ${scanned.name}, not ${ordered.name}`);
    const unknown = await confirm({ _id: id, productId: ordered.id, code: barcodeFrom("498888888888") });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`Barcode ${barcodeFrom("498888888888")} is not in the catalogue: this is not ${ordered.name}`);
    expect((await confirm({ _id: id, productId: ordered.id, code: "12345" })).status).toBe(400);
    expect(await env.DB.prepare("select count(*) as n from pick_confirmations where order_id = ?").bind(id).first()).toEqual({ n: 0 });

    // The page without JavaScript: the same refusal beside the line, the typed code kept.
    const cookie = await sessionCookie(staff.email);
    const res = await pagePost(
      pickPage(id),
      new URLSearchParams({ intent: "confirm", productId: ordered.id, method: "typed", code: (await barcodeOf(scanned.id))!, units: "1" }),
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain(`This is ${scanned.name}, not ${ordered.name}`);
  });

  it("the right code confirms: scanned over /api, typed through the page without JavaScript", async () => {
    const shopper = await newShopper();
    const product = await makeProduct({ name: "Scan Curd", stock: 5 });
    const code = (await barcodeOf(product.id))!;
    const id = await codOrder(shopper.token, [{ productId: product.id, quantity: 2 }]);
    const scanned = await confirm({ _id: id, productId: product.id, code });
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    expect(scanned.body.data).toMatchObject({ confirmed: 1, quantity: 2, method: "scan" });
    const cookie = await sessionCookie(staff.email);
    const typed = await pagePost(pickPage(id), new URLSearchParams({ intent: "confirm", productId: product.id, method: "typed", code, units: "1" }), {
      cookie,
    });
    expect(typed.status).toBe(303);
    const { results } = await env.DB.prepare("select method, units, code from pick_confirmations where order_id = ? order by created_at, rowid").bind(id).all();
    expect(results).toEqual([
      { method: "scan", units: 1, code },
      { method: "typed", units: 1, code },
    ]);
    expect(text(await (await pageGet(pickPage(id), cookie)).text())).toContain("✓ All 2 confirmed");
  });

  it("a manual confirmation is recorded with who and when, and the page shows it", async () => {
    const shopper = await newShopper();
    const product = await makeProduct({ name: "Manual Bread", stock: 5 });
    const id = await codOrder(shopper.token, [{ productId: product.id, quantity: 3 }]);
    const name = `Picker ${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("update users set name = ? where email = ?").bind(name, staff.email).run();
    const before = Date.now();
    const res = await confirm({ _id: id, productId: product.id, manual: true, units: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (await env.DB.prepare(
      "select c.method, c.units, c.code, c.created_at as at, u.email from pick_confirmations c join users u on u.id = c.user_id where c.order_id = ?",
    )
      .bind(id)
      .first<{ method: string; units: number; code: string | null; at: number; email: string }>())!;
    expect(row).toMatchObject({ method: "manual", units: 2, code: null, email: staff.email });
    expect(row.at).toBeGreaterThanOrEqual(before);
    const page = text(await (await pageGet(pickPage(id), await sessionCookie(staff.email))).text());
    expect(page).toContain(`2 confirmed by hand, no scan by ${name} at`);
    expect(page).toContain("2 of 3 confirmed");
    // A code and manual at once, or neither, is a 400.
    expect((await confirm({ _id: id, productId: product.id, manual: true, code: "x" })).status).toBe(400);
    expect((await confirm({ _id: id, productId: product.id })).status).toBe(400);
  });

  it("another store's staff get 404, shoppers 403, guests 401; a picked order is 409", async () => {
    const shopper = await newShopper();
    const product = await makeProduct({ name: "Access Ghee", stock: 5 });
    const id = await codOrder(shopper.token, [{ productId: product.id, quantity: 1 }]);
    const otherStore = (await env.DB.prepare("select id from stores where is_default = 0 order by name limit 1").first<{ id: string }>())!.id;
    const other = await newShopper();
    expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: otherStore, email: other.email } })).status).toBe(200);
    expect((await confirm({ _id: id, productId: product.id, manual: true }, other.token)).status).toBe(404);
    expect((await confirm({ _id: id, productId: product.id, manual: true }, shopper.token)).status).toBe(403);
    expect((await api("/api/order/pick/confirm", { method: "POST", body: { _id: id, productId: product.id, manual: true } })).status).toBe(401);
    expect((await confirm({ _id: id, productId: product.id, manual: true }, admin)).status).toBe(200);
    expect((await pick(id, [{ productId: product.id, picked: 1 }])).status).toBe(200);
    const late = await confirm({ _id: id, productId: product.id, manual: true });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/already picked/);
  });

  it("finishing the pick is refused above the confirmed units, naming the line; at or below them it applies", async () => {
    const shopper = await newShopper();
    const a = await makeProduct({ name: "Finish Atta", stock: 6 });
    const b = await makeProduct({ name: "Finish Dal", stock: 6 });
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
    expect((await confirm({ _id: id, productId: a.id, code: (await barcodeOf(a.id))! })).status).toBe(200);
    const none = await pick(id, [
      { productId: a.id, picked: 1 },
      { productId: b.id, picked: 1 },
    ]);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(`${b.name}: 1 picked but 0 confirmed: scan, type the code or confirm the rest before finishing`);
    const over = await pick(id, [
      { productId: a.id, picked: 2 },
      { productId: b.id, picked: 0 },
    ]);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`${a.name}: 2 picked but 1 confirmed: scan, type the code or confirm the rest before finishing`);
    expect((await env.DB.prepare("select status from orders where id = ?").bind(id).first())!.status).toBe("placed");
    // The page's finish form says the same beside the line.
    const cookie = await sessionCookie(staff.email);
    const page = await pagePost(pickPage(id), new URLSearchParams({ intent: "pick", [`picked.${a.id}`]: "2", [`picked.${b.id}`]: "0" }), { cookie });
    expect(page.status).toBe(409);
    expect(text(await page.text())).toContain(`${a.name}: 2 picked but 1 confirmed`);
    // Picked as confirmed: a short line for what was not confirmed.
    const done = await pick(id, [
      { productId: a.id, picked: 1 },
      { productId: b.id, picked: 0 },
    ]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await env.DB.prepare("select status from orders where id = ?").bind(id).first())!.status).toBe("packed");
  });

  it("parallel confirmations of one line never confirm more than its quantity", async () => {
    const shopper = await newShopper();
    const product = await makeProduct({ name: "Race Eggs", stock: 9 });
    const code = (await barcodeOf(product.id))!;
    const id = await codOrder(shopper.token, [{ productId: product.id, quantity: 3 }]);
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm({ _id: id, productId: product.id, code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(`${product.name}: all 3 confirmed already`);
    expect(await env.DB.prepare("select sum(units) as n from pick_confirmations where order_id = ?").bind(id).first()).toEqual({ n: 3 });
    // Two manual confirmations of 2 units each at once: only one fits in the 0 left.
    const id2 = await codOrder(shopper.token, [{ productId: product.id, quantity: 3 }]);
    const two = await Promise.all([1, 2].map(() => confirm({ _id: id2, productId: product.id, manual: true, units: 2 })));
    expect(two.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(two.find((r) => r.status === 409)!.body.message).toBe(`${product.name}: only 1 more of 3 can be confirmed (2 confirmed already)`);
  });
});

describe("the store's metrics show the scan rate per picker", () => {
  it("scanned or typed vs by hand, per picker, on the page and in the CSV", async () => {
    const picker = await newShopper();
    const name = `Rate Picker ${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("update users set name = ? where email = ?").bind(name, picker.email).run();
    expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: picker.email } })).status).toBe(200);
    const shopper = await newShopper();
    const a = await makeProduct({ name: "Rate Rice", stock: 9 });
    const b = await makeProduct({ name: "Rate Oil", stock: 9 });
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
    expect((await confirm({ _id: id, productId: a.id, code: (await barcodeOf(a.id))! }, picker.token)).status).toBe(200);
    expect((await confirm({ _id: id, productId: a.id, code: (await barcodeOf(a.id))!, typed: true }, picker.token)).status).toBe(200);
    expect((await confirm({ _id: id, productId: b.id, manual: true }, picker.token)).status).toBe(200);
    const cookie = await sessionCookie(picker.email);
    const csv = await (await pageGet(`/dashboard/stores/${storeId}/metrics.csv`, cookie)).text();
    expect(csv).toContain(`picker ${name}: lines confirmed,3\r\n`);
    expect(csv).toContain(`picker ${name}: scanned or typed,2\r\n`);
    expect(csv).toContain(`picker ${name}: by hand,1\r\n`);
    expect(csv).toContain(`picker ${name}: scan rate (%),66.7\r\n`);
    const page = text(await (await pageGet(`/dashboard/stores/${storeId}/metrics`, cookie)).text());
    expect(page).toMatch(new RegExp(`data-picker="${name}"[^]*?66\\.7 %`));
  });
});
