/**
 * GST tax invoices (issue 31 part 5, docs/decisions/031-gst-invoices.md): the pure maths on awkward
 * carts, the gap-free number under parallel first downloads, who may read an invoice, the PDF from
 * the invoice worker behind the service binding, and the GST fields on products and stores.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDocument } from "~/lib/invoice/document";
import { computeInvoice, financialYear, invoiceNumber, prorate, type InvoiceLineInput } from "~/lib/invoice/maths";
import { gstinCheckChar, gstinProblem, isIntraState } from "~/lib/invoice/gst";
import { storeFormSchema } from "~/lib/schemas/store";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";
import { sessionCookie } from "../security/support-pay";
import { codOrder, deliver, invoicePdf, pdfText } from "./invoice-support";
import { confirmAllLines } from "./pick-support";

const line = (unitPrice: number, quantity: number, gstRate: number, name = "Item"): InvoiceLineInput => ({ name, hsn: "1905", gstRate, quantity, unitPrice });

describe("the invoice maths (pure, paise)", () => {
  it("takes GST out of inclusive prices: ₹118 at 18 % is ₹100 + ₹9 CGST + ₹9 SGST, or ₹100 + ₹18 IGST", () => {
    const intra = computeInvoice({ lines: [line(11800, 1, 18)], discount: 0, tip: 0, intraState: true });
    expect(intra.lines[0]).toMatchObject({ taxable: 10000, cgst: 900, sgst: 900, igst: 0, value: 11800 });
    const inter = computeInvoice({ lines: [line(11800, 1, 18)], discount: 0, tip: 0, intraState: false });
    expect(inter.lines[0]).toMatchObject({ taxable: 10000, cgst: 0, sgst: 0, igst: 1800, value: 11800 });
  });

  it("rounds half up per half of the tax, so CGST always equals SGST: ₹1 at 5 % is 96 + 2 + 2 paise (IGST 95 + 5)", () => {
    expect(computeInvoice({ lines: [line(100, 1, 5)], discount: 0, tip: 0, intraState: true }).lines[0]).toMatchObject({ taxable: 96, cgst: 2, sgst: 2 });
    expect(computeInvoice({ lines: [line(100, 1, 5)], discount: 0, tip: 0, intraState: false }).lines[0]).toMatchObject({ taxable: 95, igst: 5 });
  });

  it("pro-rates a discount by line value, leftover paise to the largest remainders (ties: the earlier line)", () => {
    expect(prorate(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(prorate(1, [1, 1])).toEqual([1, 0]);
    expect(prorate(5000, [2999, 7001])).toEqual([1500, 3500]);
    expect(prorate(333, [100, 200, 700])).toEqual([33, 67, 233]);
    expect(prorate(10_000, [3000, 2000])).toEqual([3000, 2000]); // more than the cart: capped at the cart
    expect(prorate(0, [3000, 2000])).toEqual([0, 0]);
  });

  // Awkward carts: odd paise, 0 % and 28 % lines, discounts that do not divide, tips, whole-cart discounts.
  const carts: { name: string; lines: InvoiceLineInput[]; discount: number; tip: number }[] = [
    { name: "one odd line", lines: [line(9999, 3, 18)], discount: 0, tip: 0 },
    {
      name: "0 % and 28 % with a coupon and a tip",
      lines: [line(2700, 2, 0, "Milk"), line(4000, 3, 28, "Cola"), line(12345, 1, 5, "Atta")],
      discount: 3333,
      tip: 1700,
    },
    {
      name: "every slab, a ₹50 flat coupon",
      lines: [line(101, 7, 0), line(1999, 1, 5), line(4999, 2, 12), line(8999, 1, 18), line(3333, 3, 28)],
      discount: 5000,
      tip: 2000,
    },
    { name: "a coupon of the whole cart", lines: [line(4999, 1, 18), line(101, 1, 5)], discount: 5100, tip: 3000 },
    { name: "a coupon bigger than the cart", lines: [line(4999, 1, 18)], discount: 9999, tip: 0 },
    { name: "one paisa lines", lines: [line(1, 1, 28), line(1, 1, 18), line(1, 1, 5)], discount: 1, tip: 1 },
    { name: "a custom tip of ₹199.99", lines: [line(55555, 2, 12)], discount: 11111, tip: 19999 },
  ];

  for (const intraState of [true, false]) {
    for (const cart of carts) {
      it(`${cart.name} (${intraState ? "CGST + SGST" : "IGST"}): every line and the totals add up to what was paid, to the paisa`, () => {
        const { lines, totals } = computeInvoice({ ...cart, intraState });
        const gross = cart.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
        const discount = Math.min(cart.discount, gross);
        expect(totals.gross).toBe(gross);
        expect(totals.discount).toBe(discount);
        expect(totals.invoiceValue).toBe(gross - discount);
        expect(totals.amountPaid).toBe(gross - discount + cart.tip);
        expect(totals.taxable + totals.cgst + totals.sgst + totals.igst).toBe(totals.invoiceValue);
        for (const l of lines) {
          expect(l.discount).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeLessThanOrEqual(l.gross);
          expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.value);
          if (intraState) {
            expect(l.cgst).toBe(l.sgst);
            expect(l.igst).toBe(0);
          } else expect(l.cgst + l.sgst).toBe(0);
          if (l.gstRate === 0) expect(l.cgst + l.sgst + l.igst).toBe(0);
          // The tax is the rate's share of the inclusive value, within half a paisa per tax amount.
          const exact = (l.value * l.gstRate) / (100 + l.gstRate);
          expect(Math.abs(l.cgst + l.sgst + l.igst - exact)).toBeLessThanOrEqual(intraState ? 1 : 0.5);
        }
        // The per-rate summary is the same money again.
        const byRate = totals.byRate.reduce((s, r) => s + r.taxable + r.cgst + r.sgst + r.igst, 0);
        expect(byRate).toBe(totals.invoiceValue);
      });
    }
  }

  it("the 28 % line of a mixed cart carries the most tax, the 0 % line none", () => {
    const { lines } = computeInvoice({ lines: [line(2700, 2, 0), line(4000, 3, 28)], discount: 0, tip: 0, intraState: true });
    expect(lines[0]).toMatchObject({ taxable: 5400, cgst: 0, sgst: 0 });
    // 12000 × 14 / 128 = 1312.5 → 1313 each half; taxable 12000 − 2626.
    expect(lines[1]).toMatchObject({ taxable: 9374, cgst: 1313, sgst: 1313 });
  });

  it("financial years run April to March in IST, and numbers are at most 16 characters", () => {
    expect(financialYear(Date.parse("2026-03-31T18:29:59Z"))).toBe(2025); // 23:59:59 IST on 31 March
    expect(financialYear(Date.parse("2026-03-31T18:30:00Z"))).toBe(2026); // 00:00 IST on 1 April
    expect(invoiceNumber("BLR", 2026, 12)).toBe("BLR/2627/0000012");
    expect(invoiceNumber("Z9Z", 2099, 9_999_999).length).toBeLessThanOrEqual(16);
  });

  it("same state or not: by GST state code, old names and spellings included", () => {
    expect(isIntraState("Karnataka", "karnataka ")).toBe(true);
    expect(isIntraState("Delhi", "New Delhi")).toBe(true);
    expect(isIntraState("Odisha", "Orissa")).toBe(true);
    expect(isIntraState("Karnataka", "Tamil Nadu")).toBe(false);
  });

  it("a GSTIN is checked for shape, state code and its check character", () => {
    const first14 = "29AACCF4821K1Z";
    const good = `${first14}${gstinCheckChar(first14)}`;
    expect(gstinProblem(good)).toBeNull();
    expect(gstinProblem(`${first14}${gstinCheckChar(first14) === "A" ? "B" : "A"}`)).toMatch(/check character/);
    expect(gstinProblem("99AACCF4821K1ZQ")).toMatch(/not a GST state code|check character/);
    expect(gstinProblem("29AACCF4821K1Z")).toMatch(/15 characters/);
    // A published example (the GSTN's own check digit).
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
  });
});

let admin: string;
let storeId: string;
let otherStoreId: string;
let staff: { token: string; email: string };
let otherStaff: { token: string; email: string };

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  otherStoreId = (await env.DB.prepare("select id from stores where is_default = 0 order by name limit 1").first<{ id: string }>())!.id;
  staff = await newShopper();
  otherStaff = await newShopper();
  expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: staff.email } })).status).toBe(200);
  expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: otherStoreId, email: otherStaff.email } })).status).toBe(200);
});

/** A cash order of the shopper's, with the given lines. */
/** Milk at 0 % GST, cola at 28 % (10 % off) and ghee at 12 %, each with its HSN code: a cart of every rate. */
async function gstProducts() {
  const made = [
    await makeProduct({ name: "Inv Milk", price: 27 }),
    await makeProduct({ name: "Inv Cola", price: 40, discount: 10 }),
    await makeProduct({ name: "Inv Ghee", price: 649.5 }),
  ];
  await env.DB.batch([
    env.DB.prepare("update products set hsn_code = '0401', gst_rate = 0 where id = ?").bind(made[0]!.id),
    env.DB.prepare("update products set hsn_code = '22021010', gst_rate = 28 where id = ?").bind(made[1]!.id),
    env.DB.prepare("update products set hsn_code = '0405', gst_rate = 12 where id = ?").bind(made[2]!.id),
  ]);
  return made;
}

describe("an order's invoice", () => {
  let shopper: { token: string; email: string };
  let orderId: string;
  let products: Awaited<ReturnType<typeof makeProduct>>[];

  beforeAll(async () => {
    shopper = await newShopper();
    products = await gstProducts();
    orderId = await codOrder(shopper.token, [
      { productId: products[0]!.id, quantity: 3 },
      { productId: products[1]!.id, quantity: 2 },
      { productId: products[2]!.id, quantity: 1 },
    ]);
  });

  it("is not there before delivery (409 for its shopper), then is a PDF with its number", async () => {
    const early = await invoicePdf(orderId, shopper.token);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toMatch(/once the order is delivered/);
    await deliver(orderId);
    const res = await invoicePdf(orderId, shopper.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Cache-Control")).toMatch(/no-store/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const row = (await env.DB.prepare("select fy, seq, series, number from invoices where order_id = ?")
      .bind(orderId)
      .first<{ fy: number; seq: number; series: string; number: string }>())!;
    expect(row.seq).toBeGreaterThanOrEqual(1);
    const number = invoiceNumber(row.series, row.fy, row.seq);
    expect(row.number).toBe(number);
    const text = await pdfText(bytes);
    expect(text).toContain(`Invoice no. ${number}`);
    expect(text).toContain("Inv Cola");
    expect(text).toContain("22021010");
    // Downloading again keeps the number.
    await invoicePdf(orderId, shopper.token);
    const again = (await env.DB.prepare("select seq from invoices where order_id = ?").bind(orderId).first<{ seq: number }>())!;
    expect(again.seq).toBe(row.seq);
  });

  it("the printable page shows CGST + SGST (Karnataka store, Karnataka address) and totals equal to the order's total", async () => {
    const cookie = await sessionCookie(shopper.email);
    const res = await SELF.fetch(`${BASE}/invoice/${orderId}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/no-store/);
    const html = await res.text();
    const total = (await env.DB.prepare("select total from orders where id = ?").bind(orderId).first<{ total: number }>())!.total;
    // 3 × ₹27 + 2 × ₹36 (₹40 less 10 %) + ₹649.50 = ₹802.50, collected in cash as ₹803 (50 paise round up).
    expect(total).toBe(8100 + 7200 + 64950 + 50);
    expect(/data-testid="invoice-round-off"[^>]*>([^<]+(?:<!-- -->[^<]+)?)</.exec(html)![1]!.replace("<!-- -->", "")).toBe("+₹0.50");
    const paid = /data-testid="invoice-paid"[^>]*>([^<]+)</.exec(html)![1];
    expect(paid).toBe(new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(total / 100));
    expect(html).toContain('data-testid="invoice-cgst"');
    expect(html).not.toContain('data-testid="invoice-igst"');
    expect(html).toMatch(/GSTIN: <span class="font-mono">29[0-9A-Z]{13}</);
    expect(html).toContain("Place of supply: Karnataka (29)");
  });

  it("is IGST when the delivery address is in another state", async () => {
    const other = await newShopper();
    const id = await codOrder(other.token, [{ productId: products[2]!.id, quantity: 2 }]);
    await env.DB.prepare("update orders set delivery_address = json_set(delivery_address, '$.state', 'Tamil Nadu', '$.pincode', '600028') where id = ?")
      .bind(id)
      .run();
    await deliver(id);
    const html = await (await SELF.fetch(`${BASE}/invoice/${id}`, { headers: { Cookie: await sessionCookie(other.email) } })).text();
    expect(html).toContain('data-testid="invoice-igst"');
    expect(html).not.toContain('data-testid="invoice-cgst"');
    // 2 × ₹649.50 at 12 %: IGST = round(129900 × 12 / 112) = 13918 paise.
    expect(html).toMatch(/data-testid="invoice-igst"[^>]*>₹139\.18</);
  });

  it('takes the place of supply from the delivery pincode, not the typed state (an old address\'s "Karnatka" on 560038)', async () => {
    const other = await newShopper();
    const id = await codOrder(other.token, [{ productId: products[2]!.id, quantity: 1 }]);
    await env.DB.prepare("update orders set delivery_address = json_set(delivery_address, '$.state', 'Karnatka', '$.pincode', '560038') where id = ?")
      .bind(id)
      .run();
    await deliver(id);
    const html = await (await SELF.fetch(`${BASE}/invoice/${id}`, { headers: { Cookie: await sessionCookie(other.email) } })).text();
    expect(html).toContain('data-testid="invoice-cgst"');
    expect(html).not.toContain('data-testid="invoice-igst"');
    expect(html).toContain("Place of supply: Karnataka (29)");
  });

  it("bills what was supplied: a short pick's missing units are not on it, and it still equals the order's total", async () => {
    const other = await newShopper();
    const id = await codOrder(other.token, [
      { productId: products[0]!.id, quantity: 4 },
      { productId: products[1]!.id, quantity: 1 },
    ]);
    await confirmAllLines(id);
    const picked = await api("/api/order/pick", {
      method: "POST",
      token: staff.token,
      body: {
        _id: id,
        lines: [
          { productId: products[0]!.id, picked: 1 },
          { productId: products[1]!.id, picked: 1 },
        ],
      },
    });
    expect(picked.status).toBe(200);
    await deliver(id);
    const html = await (await SELF.fetch(`${BASE}/invoice/${id}`, { headers: { Cookie: await sessionCookie(other.email) } })).text();
    const total = (await env.DB.prepare("select total from orders where id = ?").bind(id).first<{ total: number }>())!.total;
    expect(total).toBe(2700 + 3600);
    expect(/data-testid="invoice-paid"[^>]*>([^<]+)</.exec(html)![1]).toBe("₹63.00");
  });

  it("shows the coupon's discount (as it stands after a short pick) and the tip, and still equals what the shopper paid", async () => {
    const other = await newShopper();
    // Products of its own: the shared ones may be sold out by the tests before it.
    const own = await gstProducts();
    const code = `INV${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    const coupon = await api("/api/coupon/create", {
      method: "POST",
      token: admin,
      body: { code, type: "percent", value: 15, startsAt: Date.now() - 86_400_000, endsAt: Date.now() + 86_400_000 },
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(201);
    const address = await api("/api/address/create", { method: "POST", token: other.token, body: VALID_ADDRESS });
    const placed = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: other.token,
      body: {
        list_items: [
          { productId: own[0]!.id, quantity: 3 },
          { productId: own[1]!.id, quantity: 1 },
          { productId: own[2]!.id, quantity: 1 },
        ],
        addressId: address.body.data._id,
        couponCode: code.toLowerCase(),
        tip: 20,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.data._id as string;
    await confirmAllLines(id);
    const picked = await api("/api/order/pick", {
      method: "POST",
      token: staff.token,
      body: {
        _id: id,
        lines: [
          { productId: own[0]!.id, picked: 2 },
          { productId: own[1]!.id, picked: 1 },
          { productId: own[2]!.id, picked: 1 },
        ],
      },
    });
    expect(picked.status).toBe(200);
    await deliver(id);
    const row = (await env.DB.prepare("select total, discount, tip from orders where id = ?")
      .bind(id)
      .first<{ total: number; discount: number; tip: number }>())!;
    // Supplied: 2 × ₹27 + ₹36 + ₹649.50 = ₹739.50; 15 % off (the pricing module's rounding) and the ₹20 tip.
    expect(row.tip).toBe(2000);
    expect(row.discount).toBeGreaterThan(0);
    // Cash is collected in whole rupees: the total is the exact bill rounded half up, the round off on the invoice.
    const exact = 73950 - row.discount + 2000;
    expect(row.total).toBe(Math.floor((exact + 50) / 100) * 100);
    expect(row.total).not.toBe(exact);
    const html = await (await SELF.fetch(`${BASE}/invoice/${id}`, { headers: { Cookie: await sessionCookie(other.email) } })).text();
    const inr = (paise: number) => new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(paise / 100);
    expect(/data-testid="invoice-paid"[^>]*>([^<]+)</.exec(html)![1]).toBe(inr(row.total));
    expect(/data-testid="invoice-value"[^>]*>([^<]+)</.exec(html)![1]).toBe(inr(exact - row.tip));
    expect(html.replaceAll("<!-- -->", "")).toContain(`Discount (coupon)</dt><dd class="text-right" data-testid="invoice-discount">−${inr(row.discount)}`);
    expect(/data-testid="invoice-tip"[^>]*>([^<]+)</.exec(html)![1]).toBe(inr(2000));
    // The PDF prints every amount of the HTML invoice, as the page prints it (₹, Indian grouping, "−" for the discount), and no other.
    const text = await pdfText(new Uint8Array(await (await invoicePdf(id, other.token)).arrayBuffer()));
    const lines = text.split("\n");
    expect(lines).toContain(inr(row.total));
    expect(lines).toContain(inr(exact - row.tip));
    expect(lines).toContain(`−${inr(row.discount)}`);
    expect(lines).toContain(inr(2000));
    expect(text).not.toContain("Rs.");
    const page = html.replaceAll("<!-- -->", "");
    const sheet = page.slice(page.indexOf('class="invoice-sheet'), page.indexOf("</article>"));
    const amounts = (of: string) => [...of.matchAll(/−?₹[\d,]+\.\d\d/g)].map((m) => m[0]).sort();
    expect(amounts(sheet).length).toBeGreaterThan(20);
    expect(amounts(text)).toEqual(amounts(sheet));
  });

  it('the PDF worker prints ₹ with Indian grouping in lakhs, shrinks a long amount rather than cut it, prints Devanagari, and "?" only for what no font has', async () => {
    const maths = computeInvoice({
      lines: [line(12_345_678, 1, 18, "Pressure cooker — Café édition"), line(5000, 2, 0, "दूध"), line(100, 1, 0, "Gift 🎁")],
      discount: 0,
      tip: 0,
      intraState: true,
    });
    const invoice: InvoiceDocument = {
      title: "Tax invoice",
      number: "3F9A/2627/000099",
      date: Date.parse("2026-11-20T10:00:00Z"),
      orderNumber: "ORD-LAKH",
      paymentMethod: "Cash on delivery",
      seller: {
        name: "Quick Grocer Pvt Ltd",
        storeName: "Indiranagar",
        address: ["12 100 Feet Road"],
        state: "Karnataka",
        stateCode: "29",
        gstin: "",
        fssaiLicence: "",
      },
      buyer: { name: "Zoë D'Souza", address: ["Flat 4B"], state: "Karnataka", stateCode: "29", gstin: "", mobile: "9876543210" },
      placeOfSupply: "Karnataka (29)",
      maths,
    };
    const res = await env.INVOICE_PDF!.fetch("https://invoice/render", { method: "POST", body: JSON.stringify(invoice) });
    expect(res.status).toBe(200);
    const lines = (await pdfText(new Uint8Array(await res.arrayBuffer()))).split("\n");
    expect(lines).toContain("₹1,23,456.78"); // the line's rate, its total and the invoice value
    expect(lines).toContain(new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(maths.totals.amountPaid / 100));
    expect(lines).toContain(`₹${(maths.totals.taxable / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`);
    expect(lines).toContain("Pressure cooker — Café édition");
    expect(lines).toContain("दूध");
    expect(lines).toContain("Gift ?"); // no font of the worker has emoji
    expect(lines).toContain("Zoë D'Souza");
  });

  it("is read by its shopper, admins and the serving store's staff; anyone else gets 404, as for an unknown order", async () => {
    const stranger = await newShopper();
    expect((await invoicePdf(orderId, shopper.token)).status).toBe(200);
    expect((await invoicePdf(orderId, admin)).status).toBe(200);
    expect((await invoicePdf(orderId, staff.token)).status).toBe(200);
    expect((await invoicePdf(orderId, stranger.token)).status).toBe(404);
    expect((await invoicePdf(orderId, otherStaff.token)).status).toBe(404);
    expect((await invoicePdf(orderId)).status).toBe(404);
    expect((await invoicePdf("0".repeat(24), admin)).status).toBe(404);
    expect((await invoicePdf("nope", admin)).status).toBe(400);
    const post = await SELF.fetch(`${BASE}/api/order/invoice?_id=${orderId}`, { method: "POST", headers: { Authorization: `Bearer ${admin}` } });
    expect(post.status).toBe(405);
  });

  it("the HTML page and its PDF follow the same rule (guests go to the login page)", async () => {
    const stranger = await newShopper();
    const page = (path: string, cookie?: string) => SELF.fetch(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
    expect((await page(`/invoice/${orderId}`, await sessionCookie(stranger.email))).status).toBe(404);
    expect((await page(`/invoice/${orderId}/pdf`, await sessionCookie(stranger.email))).status).toBe(404);
    expect((await page(`/invoice/${orderId}`, await sessionCookie(otherStaff.email))).status).toBe(404);
    expect((await page(`/invoice/${orderId}`, await sessionCookie(staff.email))).status).toBe(200);
    const pdf = await page(`/invoice/${orderId}/pdf`, await sessionCookie(staff.email));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const guest = await page(`/invoice/${orderId}`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("invoice numbers", () => {
  it("20 parallel first downloads of 20 delivered orders give 1..20 at a new store: no gap, no duplicate; one order asked 5 times at once keeps one number", async () => {
    // A store of the test's own, so its sequence starts at 1.
    const newStore = crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
    await env.DB.prepare(
      "insert into stores (id, name, address, city, state, legal_name, gstin) values (?, ?, 'Test Road', 'Bengaluru', 'Karnataka', 'Test Retail Pvt Ltd', '')",
    )
      .bind(newStore, `Invoice test store ${newStore.slice(0, 6)}`)
      .run();
    const shopper = await newShopper();
    const product = await makeProduct({ name: "Inv Seq", price: 10, stock: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await codOrder(shopper.token, [{ productId: product.id, quantity: 1 }]));
    for (const id of ids) await deliver(id);
    await env.DB.prepare(`update orders set store_id = ? where id in (${ids.map(() => "?").join(",")})`)
      .bind(newStore, ...ids)
      .run();
    const answers = await Promise.all(ids.map((id) => invoicePdf(id, shopper.token)));
    expect(answers.map((r) => r.status)).toEqual(ids.map(() => 200));
    // Made at once in one PDF worker, each PDF is whole and its own: it reads its own number.
    const texts = await Promise.all(answers.map(async (r) => pdfText(new Uint8Array(await r.arrayBuffer()))));
    const numbers = texts.map((text) => /Invoice no\. (\S+)/.exec(text)?.[1]);
    expect(new Set(numbers).size).toBe(20);
    for (const text of texts) expect(text).toContain("₹10.00");
    const { results } = await env.DB.prepare(`select seq, fy from invoices where store_id = ? order by seq`).bind(newStore).all<{ seq: number; fy: number }>();
    expect(results.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.fy)).size).toBe(1);
    const counter = await env.DB.prepare(
      "select last from invoice_series_counters where series = (select invoice_series from stores where id = ?) and gstin = ''",
    )
      .bind(newStore)
      .first<{ last: number }>();
    expect(counter!.last).toBe(20);

    // Another delivered order at that store asked for 5 times at once: number 21, once.
    const one = await codOrder(shopper.token, [{ productId: product.id, quantity: 1 }]);
    await deliver(one);
    await env.DB.prepare("update orders set store_id = ? where id = ?").bind(newStore, one).run();
    const five = await Promise.all(Array.from({ length: 5 }, () => invoicePdf(one, shopper.token)));
    expect(five.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await Promise.all(five.map((r) => r.arrayBuffer()));
    expect((await env.DB.prepare("select seq from invoices where order_id = ?").bind(one).first<{ seq: number }>())!.seq).toBe(21);
    expect(
      (await env.DB.prepare("select last from invoice_series_counters where series = (select invoice_series from stores where id = ?) and gstin = ''")
        .bind(newStore)
        .first<{ last: number }>())!.last,
    ).toBe(21);
  }, 60_000);

  it("an order not delivered never takes a number", async () => {
    const shopper = await newShopper();
    const product = await makeProduct({ name: "Inv Undelivered", price: 10 });
    const id = await codOrder(shopper.token, [{ productId: product.id, quantity: 1 }]);
    expect((await invoicePdf(id, admin)).status).toBe(409);
    expect(await env.DB.prepare("select number from invoices where order_id = ?").bind(id).first()).toBeNull();
  });
});

describe("GST fields", () => {
  it("products take an HSN code and a GST slab through /api, and show them in their details", async () => {
    const product = await makeProduct({ name: "Inv Api" });
    const details = await api("/api/product/get-product-details", { method: "POST", body: { productId: product.id } });
    expect(details.status).toBe(200);
    const body = {
      ...details.body.data,
      _id: product.id,
      category: details.body.data.category.map((c: { _id: string }) => c._id),
      subCategory: details.body.data.subCategory.map((c: { _id: string }) => c._id),
      image: ["/images/seed/milk.webp"],
      description: "A test product",
    };
    const bad = await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...body, hsnCode: "12a4", gstRate: 7 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/HSN code is 4, 6 or 8 digits/);
    expect(JSON.stringify(bad.body)).toMatch(/GST rate must be 0, 5, 12, 18, 28 or 40/);
    const good = await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...body, hsnCode: "04061000", gstRate: 12 } });
    expect(good.status).toBe(200);
    const after = await api("/api/product/get-product-details", { method: "POST", body: { productId: product.id } });
    expect(after.body.data).toMatchObject({ hsnCode: "04061000", gstRate: 12 });
    // Left out of an update, they are kept.
    const { hsnCode: _h, gstRate: _g, ...without } = body;
    expect(
      (await api("/api/product/update-product-details", { method: "PUT", token: admin, body: { ...without, version: after.body.data.version } })).status,
    ).toBe(200);
    expect((await api("/api/product/get-product-details", { method: "POST", body: { productId: product.id } })).body.data).toMatchObject({
      hsnCode: "04061000",
      gstRate: 12,
    });
  });

  it("a store's GSTIN must be valid and registered in the store's state", () => {
    const base = { name: "S", address: "A", city: "C", opensAt: "06:00", closesAt: "23:00", baseDeliveryMinutes: "10", pincodes: "560001" };
    const first14 = "29AACCF4821K1Z";
    const gstin = `${first14}${gstinCheckChar(first14)}`;
    expect(storeFormSchema.safeParse({ ...base, legalName: "X Pvt Ltd", state: "Karnataka", gstin: gstin.toLowerCase() }).data).toMatchObject({
      gstin,
      state: "Karnataka",
    });
    const wrongState = storeFormSchema.safeParse({ ...base, state: "Delhi", gstin });
    expect(wrongState.success).toBe(false);
    expect(wrongState.error!.issues[0]!.message).toMatch(/registered in state 29, not Delhi/);
    expect(storeFormSchema.safeParse({ ...base, state: "Karnataka", gstin: "29AACCF4821K1ZZ" }).success).toBe(gstin.endsWith("Z"));
    expect(storeFormSchema.safeParse({ ...base, state: "Atlantis" }).success).toBe(false);
    expect(storeFormSchema.safeParse({ ...base, legalName: "Bad\u0007name" }).success).toBe(false);
    // All three may be left blank (an older store): the invoice then shows the store's name.
    expect(storeFormSchema.safeParse(base).data).toMatchObject({ legalName: "", state: "", gstin: "" });
  });

  it("the demo stores are seeded with their legal name, state and a valid GSTIN; products with HSN codes", async () => {
    const { results } = await env.DB.prepare("select state, gstin, legal_name as legalName from stores where gstin != '' order by name").all<{
      state: string;
      gstin: string;
      legalName: string;
    }>();
    expect(results.length).toBeGreaterThanOrEqual(3);
    for (const store of results) expect(gstinProblem(store.gstin)).toBeNull();
    const unset = await env.DB.prepare(
      "select count(*) as n from products where hsn_code = '' and id in (select id from products where name not like 'Inv %' and name not like 'Test %')",
    ).first<{ n: number }>();
    expect(unset!.n).toBe(0);
  });
});
