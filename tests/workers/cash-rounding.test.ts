/**
 * Cash in whole rupees: a cash-on-delivery order's total is rounded to the rupee (half up) with its
 * round off on the order, the staff page ("Collect ₹…"), the /api and the invoice, before and after
 * a short pick; a flat coupon keeps its face value after a short pick while the order still meets
 * its minimum, and is pro-rated (with a note the shopper sees) once it does not. Online orders are exact.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";
import { deliver } from "./invoice-support";
import { htmlText, sessionCookie } from "../security/support-admin";
import { confirmAllLines } from "./pick-support";

let admin: string;
let staff: { token: string; email: string };
let storeId: string;

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  staff = await newShopper();
  expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: staff.email } })).status).toBe(200);
});

const DAY = 24 * 60 * 60 * 1000;
let codes = 0;

async function flatCoupon(value: number, minOrder: number) {
  const code = `CASH${Date.now().toString(36).toUpperCase()}${(codes++).toString(36).toUpperCase()}`.slice(0, 20);
  const res = await api("/api/coupon/create", {
    method: "POST",
    token: admin,
    body: { code, type: "flat", value, minOrder, startsAt: Date.now() - DAY, endsAt: Date.now() + 365 * DAY },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return code;
}

/** The text of the page near an element (its tags stripped): enough to read a line of the bill. */
function near(html: string, testId: string): string | null {
  const at = html.indexOf(`data-testid="${testId}"`);
  if (at < 0) return null;
  const tail = html.slice(at, at + 400);
  return htmlText(tail.slice(tail.indexOf(">") + 1).replace(/<[^>]+>/g, "")).replace(/\s+/g, " ");
}

const orderRow = async (id: string) =>
  (await env.DB.prepare("select sub_total as subTotal, discount, tip, total from orders where id = ?")
    .bind(id)
    .first<{ subTotal: number; discount: number; tip: number; total: number }>())!;

/** A cash order of 2 × ₹99.63 + 1 × ₹40 (₹239.26 of items) with a flat coupon and a ₹10 tip. */
async function cashOrder(code: string) {
  const a = await makeProduct({ stock: 10, price: 99.63 });
  const b = await makeProduct({ stock: 10, price: 40 });
  const shopper = await newShopper();
  const address = await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS });
  const res = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token: shopper.token,
    body: {
      list_items: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
      addressId: address.body.data._id,
      couponCode: code,
      tip: 10,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data._id as string, created: res.body.data, shopper, a, b };
}

async function pages(id: string, shopperEmail: string) {
  const [mine, store] = await Promise.all([sessionCookie(shopperEmail), sessionCookie(staff.email)]);
  const shopperPage = await (await SELF.fetch(`${BASE}/dashboard/myorders/${id}`, { headers: { Cookie: mine } })).text();
  const staffPage = await (await SELF.fetch(`${BASE}/dashboard/stores/${storeId}/queue/${id}`, { headers: { Cookie: store } })).text();
  return { shopperPage, staffPage, mine };
}

describe("a cash order is collected in whole rupees", () => {
  it("rounds the total with a round off before and after a short pick; a flat coupon keeps its ₹50; the invoice's amount paid is what was collected", async () => {
    const code = await flatCoupon(50, 150);
    const { id, created, shopper, a, b } = await cashOrder(code);
    // ₹239.26 − ₹50 + ₹10 = ₹199.26 → ₹199 in cash (round off −₹0.26).
    expect(created).toMatchObject({ subTotalAmt: 239.26, discount: 50, tip: 10, roundOff: -0.26, totalAmt: 199 });
    expect(await orderRow(id)).toEqual({ subTotal: 23926, discount: 5000, tip: 1000, total: 19900 });
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data).toMatchObject({ subTotalAmt: 239.26, discount: 50, roundOff: -0.26, totalAmt: 199 });
    let { shopperPage, staffPage } = await pages(id, shopper.email);
    expect(near(shopperPage, "order-round-off")).toContain("−₹0.26");
    expect(near(shopperPage, "order-total")).toContain("Total ₹199");
    expect(near(staffPage, "store-order-collect")).toContain("Collect ₹199 in cash");

    // B is short: ₹199.26 of items stay, over the ₹150 minimum, so the ₹50 stays whole.
    await confirmAllLines(id);
    const pick = await api("/api/order/pick", {
      method: "POST",
      token: staff.token,
      body: {
        _id: id,
        lines: [
          { productId: a.id, picked: 2 },
          { productId: b.id, picked: 0 },
        ],
      },
    });
    expect(pick.status, JSON.stringify(pick.body)).toBe(200);
    expect(pick.body.message).toContain("collect ₹159");
    // ₹199.26 − ₹50 + ₹10 = ₹159.26 → ₹159.
    expect(await orderRow(id)).toEqual({ subTotal: 19926, discount: 5000, tip: 1000, total: 15900 });
    const after = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(after.body.data).toMatchObject({ subTotalAmt: 199.26, discount: 50, tip: 10, roundOff: -0.26, totalAmt: 159 });
    ({ shopperPage, staffPage } = await pages(id, shopper.email));
    expect(near(shopperPage, "order-coupon")).toContain("−₹50");
    expect(near(shopperPage, "order-round-off")).toContain("−₹0.26");
    expect(near(shopperPage, "order-total")).toContain("Total ₹159");
    expect(shopperPage).not.toContain('data-testid="order-coupon-note"');
    expect(near(staffPage, "store-order-collect")).toContain("Collect ₹159 in cash");
    expect(near(staffPage, "store-order-round-off")).toContain("−₹0.26");

    // Delivered: the invoice, issued now, says the rider collected ₹159.
    await deliver(id);
    const { mine } = await pages(id, shopper.email);
    const invoicePage = await (await SELF.fetch(`${BASE}/invoice/${id}`, { headers: { Cookie: mine } })).text();
    expect(near(invoicePage, "invoice-round-off")).toContain("−₹0.26");
    expect(near(invoicePage, "invoice-paid")).toContain("₹159.00");
    const doc = JSON.parse((await env.DB.prepare("select document from invoices where order_id = ?").bind(id).first<{ document: string }>())!.document);
    expect(doc.maths.totals).toMatchObject({ invoiceValue: 14926, tip: 1000, roundOff: -26, amountPaid: 15900 });
    expect(doc.maths.totals.amountPaid).toBe((await orderRow(id)).total);
  });

  it("below the flat coupon's minimum after a pick, the discount is pro-rated as before and the shopper is told", async () => {
    const code = await flatCoupon(50, 210);
    const { id, shopper, a, b } = await cashOrder(code);
    await confirmAllLines(id);
    const pick = await api("/api/order/pick", {
      method: "POST",
      token: staff.token,
      body: {
        _id: id,
        lines: [
          { productId: a.id, picked: 2 },
          { productId: b.id, picked: 0 },
        ],
      },
    });
    expect(pick.status, JSON.stringify(pick.body)).toBe(200);
    // ₹199.26 is below ₹210: ₹50 × 19926 / 23926 = ₹41.64 (rounded in the shopper's favour by under a paisa).
    const row = await orderRow(id);
    expect(row.subTotal).toBe(19926);
    expect(row.discount).toBe(4164);
    // ₹199.26 − ₹41.64 + ₹10 = ₹167.62 → ₹168 (round off +₹0.38).
    expect(row.total).toBe(16800);
    const after = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(after.body.data).toMatchObject({ discount: 41.64, roundOff: 0.38, totalAmt: 168 });
    const { shopperPage } = await pages(id, shopper.email);
    expect(near(shopperPage, "order-coupon-note")).toContain(`${code} needs items of ₹210`);
    expect(near(shopperPage, "order-coupon-note")).toContain("became ₹41.64");
    expect(near(shopperPage, "order-round-off")).toContain("+₹0.38");
  });

  it("checkout's bill shows the cash round off and the whole rupees to pay (hidden by CSS while online is chosen)", async () => {
    const product = await makeProduct({ stock: 10, price: 99.63 });
    const shopper = await newShopper();
    expect((await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS })).status).toBe(201);
    expect((await api("/api/cart/create", { method: "POST", token: shopper.token, body: { productId: product.id } })).status).toBe(200);
    const html = await (await SELF.fetch(`${BASE}/checkout`, { headers: { Cookie: await sessionCookie(shopper.email) } })).text();
    expect(near(html, "grand-total")).toContain("₹99.63");
    expect(near(html, "bill-round-off")).toContain("+₹0.37");
    expect(near(html, "bill-cash-total")).toContain("₹100");
    expect(html).toMatch(/class="[^"]*group-has-\[#pay-online:checked\]:hidden[^"]*" data-testid="bill-cash"/);
  });

  it("an online order pays the exact total", async () => {
    const product = await makeProduct({ stock: 10, price: 99.63 });
    const shopper = await newShopper();
    const address = await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS });
    const res = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 2 }], addressId: address.body.data._id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ totalAmt: 199.26 });
    const id = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!.id;
    expect((await orderRow(id)).total).toBe(19926);
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data).toMatchObject({ roundOff: 0, totalAmt: 199.26 });
  });
});
