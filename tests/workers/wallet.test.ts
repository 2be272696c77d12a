/**
 * Spending the FreshDash wallet (decision 050, "Spending the wallet"): the debit is in the order's
 * one batch, so 20 checkouts racing for one balance never take it below zero and every order that
 * got money from it says so; Stripe and the rider ask only for the rest; an order the wallet pays in
 * full is paid at once; a cancel gives the wallet's part back once; a balance spent meanwhile is a
 * clear 409; the account's `GET /api/wallet`; the page form without JavaScript.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { newId } from "~/lib/ids";
import { getDb } from "../../app/server/db/db.server";
import { commitOrder, planOrder, type OrderPlan } from "../../app/server/orders/place-order.server";
import { walletBalance, walletEntry } from "../../app/server/wallet/ledger.server";
import { addressFor, completedEvent, orderById, postForm, sendWebhook, sessionCookie, stripeSession } from "../security/support-pay";
import { api, login, makeProduct, newShopper } from "./api-client";
import { BASE, outcomeOf } from "./fixtures";
import { confirmAllLines } from "./pick-support";

const context = { cloudflare: { env } } as unknown as AppLoadContext;
const db = () => getDb(context);
const userIdOf = async (email: string) => (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;

/** A shopper with an address and `credit` paise in their wallet (goodwill written as support would). */
async function shopperWithWallet(credit: number) {
  const shopper = await newShopper();
  const userId = await userIdOf(shopper.email);
  const addressId = await addressFor(shopper.token);
  if (credit > 0) await walletEntry(db(), { userId, amount: credit, kind: "goodwill", ref: newId(), note: "Test credit" });
  return { ...shopper, userId, addressId };
}

const walletRow = async (orderId: string) =>
  (await env.DB.prepare("select wallet_paid as walletPaid, total, payment_status as paymentStatus, status from orders where id = ?")
    .bind(orderId)
    .first<{ walletPaid: number; total: number; paymentStatus: string; status: string }>())!;
const entriesOf = async (userId: string) =>
  (
    await env.DB.prepare("select kind, ref, amount from wallet_entries where user_id = ? order by rowid")
      .bind(userId)
      .all<{ kind: string; ref: string; amount: number }>()
  ).results;

let admin: string;
let storeId: string;

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
});

describe("GET /api/wallet", () => {
  it("answers the caller's own balance and entries, newest first, in rupees; an empty wallet is 0 and []", async () => {
    const empty = await shopperWithWallet(0);
    const none = await api("/api/wallet", { token: empty.token });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ balance: 0, entries: [] });

    const shopper = await shopperWithWallet(10000);
    const product = await makeProduct({ stock: 5, price: 30 });
    const order = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: shopper.addressId, useWallet: true },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const res = await api("/api/wallet", { token: shopper.token });
    expect(res.body.data.balance).toBe(70);
    expect(res.body.data.entries).toEqual([
      expect.objectContaining({
        kind: "order_payment",
        amount: -30,
        balanceAfter: 70,
        order_ref: order.body.data._id,
        description: `Paid for order ${order.body.data.orderId}`,
      }),
      expect.objectContaining({ kind: "goodwill", amount: 100, balanceAfter: 100, order_ref: null, description: "Goodwill from FreshDash" }),
    ]);
    expect((await api("/api/wallet", {})).status).toBe(401);
    expect((await api("/api/wallet", { method: "POST", token: shopper.token, body: {} })).status).toBe(405);
  });
});

describe("the wallet at checkout", () => {
  it("20 cash checkouts racing for one ₹100 balance never take it below zero, and exactly the orders that got money say so", async () => {
    const shopper = await shopperWithWallet(10000);
    // One product each: the cash limit per product plays no part.
    const products = await Promise.all(Array.from({ length: 20 }, () => makeProduct({ stock: 5, price: 30 })));
    const answers = await Promise.all(
      products.map((product) =>
        api("/api/order/cash-on-delivery", {
          method: "POST",
          token: shopper.token,
          body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: shopper.addressId, useWallet: true },
        }),
      ),
    );
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    for (const a of refused) {
      expect(a.status, JSON.stringify(a.body)).toBe(409);
      expect(a.body.message).toMatch(/^Your wallet balance changed/);
    }
    expect(refused.length).toBeGreaterThan(0);
    const balance = await walletBalance(db(), shopper.userId);
    expect(balance).toBeGreaterThanOrEqual(0);
    const payments = (await entriesOf(shopper.userId)).filter((e) => e.kind === "order_payment");
    const orders = await Promise.all(placed.map(async (a) => ({ id: a.body.data._id as string, ...(await walletRow(a.body.data._id)) })));
    const paidFromWallet = orders.filter((o) => o.walletPaid > 0);
    // Each order with wallet_paid has its one payment entry of that amount, and no entry is without its order.
    expect(payments.map((p) => [p.ref, -p.amount]).sort()).toEqual(paidFromWallet.map((o) => [o.id, o.walletPaid]).sort());
    expect(paidFromWallet.reduce((sum, o) => sum + o.walletPaid, 0)).toBe(10000 - balance);
    const refusedOrders = await env.DB.prepare("select count(*) as n from orders where user_id = ?").bind(shopper.userId).first<{ n: number }>();
    expect(refusedOrders!.n).toBe(placed.length);
  });

  it("refuses with 409 when the balance changed between the bill and the order, read from the balance and not the error", async () => {
    const shopper = await shopperWithWallet(5000);
    const product = await makeProduct({ stock: 5, price: 80 });
    const planned = await planOrder(context, {
      userId: shopper.userId,
      addressId: shopper.addressId,
      lines: [{ productId: product.id, quantity: 1 }],
      paymentMethod: "COD",
      useWallet: true,
    });
    const plan = (planned as { plan: OrderPlan }).plan;
    expect(plan.bill).toMatchObject({ walletPaid: 5000, due: 3000 });
    // Another checkout spends ₹20 of it meanwhile.
    await walletEntry(db(), { userId: shopper.userId, amount: -2000, kind: "order_payment", ref: newId() });
    const outcome = await outcomeOf(commitOrder(context, plan));
    expect(outcome).toMatchObject({ status: 409 });
    expect(String((outcome as { message: string }).message)).toBe(
      "Your wallet balance changed: it is ₹30 now, and this order needed ₹50 from it. Your order was not placed: review the bill and try again.",
    );
    expect(await walletBalance(db(), shopper.userId)).toBe(3000);
    expect(await env.DB.prepare("select count(*) as n from orders where id = ?").bind(plan.id).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("pays part of an online order: Stripe is asked only for the rest, and the webhook accepts that amount", async () => {
    const shopper = await shopperWithWallet(5000);
    const product = await makeProduct({ stock: 4, price: 99, discount: 10 });
    const res = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 2 }], addressId: shopper.addressId, useWallet: true },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ totalAmt: 178, walletPaid: 50, amountDue: 128 });
    const session = await stripeSession(res.body.id);
    expect(session.amount_total).toBe(12800);
    const order = res.body.data._id as string;
    expect(await walletRow(order)).toMatchObject({ walletPaid: 5000, total: 17800, paymentStatus: "PENDING" });
    expect((await sendWebhook(await completedEvent(res.body.id))).status).toBe(200);
    expect(await orderById(order)).toMatchObject({ payment_status: "PAID", status: "paid" });
    const details = await api(`/api/order/details?_id=${order}`, { token: shopper.token });
    expect(details.body.data).toMatchObject({ totalAmt: 178, walletPaid: 50, amountDue: 128, payment_method: "Online Payment" });
  });

  it("pays part of a cash order: only the cash part is rounded, and the rider collects the rest", async () => {
    const shopper = await shopperWithWallet(5025);
    const a = await makeProduct({ stock: 10, price: 99.63 });
    const b = await makeProduct({ stock: 10, price: 40 });
    const res = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: {
        list_items: [
          { productId: a.id, quantity: 2 },
          { productId: b.id, quantity: 1 },
        ],
        addressId: shopper.addressId,
        useWallet: true,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // ₹239.26: ₹50.25 from the wallet, ₹189.01 left, collected as ₹189.
    expect(res.body.data).toMatchObject({ walletPaid: 50.25, amountDue: 189, roundOff: -0.01, totalAmt: 239.25 });
    const id = res.body.data._id as string;
    const rider = await staff("rider");
    const picker = await staff("picker");
    await confirmAllLines(id);
    const lines = [
      { productId: a.id, picked: 2 },
      { productId: b.id, picked: 1 },
    ];
    expect((await api("/api/order/pick", { method: "POST", token: picker.token, body: { _id: id, lines } })).status).toBe(200);
    expect((await api("/api/order/ready", { method: "POST", token: picker.token, body: { _id: id } })).status).toBe(200);
    expect((await api("/api/order/dispatch", { method: "POST", token: picker.token, body: { _id: id, rider: { userId: rider.id } } })).status).toBe(200);
    const out = await api("/api/rider/deliveries", { token: rider.token });
    expect(out.body.data.deliveries).toEqual([expect.objectContaining({ _id: id, amountToCollect: 189 })]);
  });

  it("pays a whole order: paid at once, no Stripe session and nothing to collect", async () => {
    const shopper = await shopperWithWallet(50000);
    const product = await makeProduct({ stock: 4, price: 99.63 });
    const online = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: shopper.addressId, useWallet: true },
    });
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    expect(online.body).toMatchObject({ id: null, url: null, data: { walletPaid: 99.63, amountDue: 0 } });
    expect(await walletRow(online.body.data._id)).toMatchObject({ walletPaid: 9963, total: 9963, paymentStatus: "PAID", status: "paid" });

    const cash = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: shopper.addressId, useWallet: true },
    });
    expect(cash.status).toBe(201);
    // The wallet pays exact paise: no round off, nothing left in cash.
    expect(cash.body.data).toMatchObject({ walletPaid: 99.63, amountDue: 0, roundOff: 0, totalAmt: 99.63 });
    expect(await walletRow(cash.body.data._id)).toMatchObject({ walletPaid: 9963, paymentStatus: "PAID", status: "placed" });
    expect(await walletBalance(db(), shopper.userId)).toBe(50000 - 2 * 9963);
  });

  it("gives the wallet's part back when the order is cancelled, once however often the cancel is sent", async () => {
    const shopper = await shopperWithWallet(5000);
    const product = await makeProduct({ stock: 5, price: 120 });
    const res = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: shopper.addressId, useWallet: true },
    });
    const id = res.body.data._id as string;
    expect(await walletBalance(db(), shopper.userId)).toBe(0);
    const cancels = await Promise.all(Array.from({ length: 10 }, () => api("/api/order/cancel", { method: "POST", token: shopper.token, body: { _id: id } })));
    expect(cancels.filter((c) => c.status === 200)).toHaveLength(1);
    expect(await walletBalance(db(), shopper.userId)).toBe(5000);
    expect((await entriesOf(shopper.userId)).filter((e) => e.kind === "order_reversal")).toEqual([{ kind: "order_reversal", ref: id, amount: 5000 }]);
  });

  it("gives it back when an unpaid online checkout is replaced by a newer one, which may spend it again", async () => {
    const shopper = await shopperWithWallet(5000);
    const product = await makeProduct({ stock: 5, price: 120 });
    const body = { list_items: [{ productId: product.id, quantity: 1 }], addressId: shopper.addressId, useWallet: true };
    const first = await api("/api/order/checkout", { method: "POST", token: shopper.token, body: { ...body, idempotencyKey: newId() } });
    expect(first.body.data).toMatchObject({ walletPaid: 50, amountDue: 70 });
    const second = await api("/api/order/checkout", { method: "POST", token: shopper.token, body: { ...body, idempotencyKey: newId() } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data).toMatchObject({ walletPaid: 50, amountDue: 70 });
    expect(await walletRow(first.body.data._id)).toMatchObject({ status: "cancelled" });
    expect(await walletBalance(db(), shopper.userId)).toBe(0);
    expect((await entriesOf(shopper.userId)).map((e) => [e.kind, e.amount])).toEqual([
      ["goodwill", 5000],
      ["order_payment", -5000],
      ["order_reversal", 5000],
      ["order_payment", -5000],
    ]);
  });
});

describe("refunds of an order the wallet paid part of", () => {
  it("a short pick never sends Stripe more than it was paid: the rest of the line's refund goes back to the wallet, keyed by the line", async () => {
    const shopper = await shopperWithWallet(10000);
    const a = await makeProduct({ stock: 5, price: 150 });
    const b = await makeProduct({ stock: 5, price: 30 });
    const res = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: {
        list_items: [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 1 },
        ],
        addressId: shopper.addressId,
        useWallet: true,
      },
    });
    expect(res.body.data).toMatchObject({ totalAmt: 180, walletPaid: 100, amountDue: 80 });
    const event = await completedEvent(res.body.id);
    expect((await sendWebhook(event)).status).toBe(200);
    const id = res.body.data._id as string;
    const picker = await staff("picker");
    await confirmAllLines(id);
    const picked = await api("/api/order/pick", {
      method: "POST",
      token: picker.token,
      body: {
        _id: id,
        lines: [
          { productId: a.id, picked: 0 },
          { productId: b.id, picked: 1 },
        ],
      },
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    // ₹150 refunded: Stripe's ₹80 share first, ₹70 back to the wallet.
    const pi = event.data.object.payment_intent as string;
    const atStripe = (await (await fetch(`${inject("stripeBase")}/__control/refunds?payment_intent=${pi}`)).json()) as { refunds: { amount: number }[] };
    expect(atStripe.refunds.map((r) => r.amount)).toEqual([8000]);
    const line = await env.DB.prepare("select id from order_items where order_id = ? and product_id = ?").bind(id, a.id).first<{ id: string }>();
    expect((await entriesOf(shopper.userId)).filter((e) => e.kind === "refund")).toEqual([{ kind: "refund", ref: `pick-refund-${line!.id}`, amount: 7000 }]);
    expect(await walletBalance(db(), shopper.userId)).toBe(7000);
    expect(await walletRow(id)).toMatchObject({ total: 3000, walletPaid: 10000 });
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data).toMatchObject({ totalAmt: 30, walletPaid: 30, amountDue: 0 });
  });
});

describe("the checkout page without JavaScript", () => {
  it("the plain 'Use wallet balance' checkbox spends the wallet on a cash order", async () => {
    const shopper = await shopperWithWallet(3000);
    const product = await makeProduct({ stock: 3, price: 100 });
    expect((await api("/api/cart/create", { method: "POST", token: shopper.token, body: { productId: product.id } })).status).toBe(200);
    const cookie = await sessionCookie(shopper.email);
    const page = await (await pageOf("/checkout", cookie)).text();
    expect(page).toContain("Use wallet balance (<!-- -->₹30<!-- -->)");
    expect(page).toMatch(/<input[^>]*type="checkbox"[^>]*name="useWallet"[^>]*value="true"/);
    const placed = await postForm("/checkout", cookie, { intent: "cod", addressId: shopper.addressId, idempotencyKey: newId(), useWallet: "true" });
    expect(placed.status).toBe(303);
    const id = placed.headers.get("Location")!.split("/").pop()!;
    expect(await walletRow(id)).toMatchObject({ walletPaid: 3000, total: 10000 });
    expect(await walletBalance(db(), shopper.userId)).toBe(0);
    const orderPage = await (await pageOf(`/dashboard/myorders/${id}`, cookie)).text();
    expect(orderPage).toMatch(/Paid from wallet <strong>−<!-- -->₹30<\/strong>/);
    const profile = await (await pageOf("/dashboard/profile", cookie)).text();
    expect(profile).toContain("Paid for order");
  });
});

/** A page as the signed-in browser loads it. */
const pageOf = (path: string, cookie: string) => SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie } });

async function staff(role: "picker" | "rider") {
  const person = await newShopper();
  const res = await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: person.email, role } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: await login(person.email, "Test@12345"), id: await userIdOf(person.email) };
}
