import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api, login, makeProduct, newShopper, randomIp, stockOf, VALID_ADDRESS } from "./api-client";
import worker from "../../workers/app";
import { BASE } from "./fixtures";
import { completedEvent, sendWebhook, sessionEvent } from "../security/support-pay";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../app/server/db/db.server";
import { cancelStatements } from "../../app/server/orders/order-cancel.server";

let admin: string;
beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
});

async function addressFor(token: string) {
  const res = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  return res.body.data._id as string;
}

/** A cash-on-delivery order of the test's own products; returns its id and the products. */
async function codOrder(token: string, lines: { stock?: number; quantity?: number }[] = [{}]) {
  const addressId = await addressFor(token);
  const products = await Promise.all(lines.map((l) => makeProduct({ stock: l.stock ?? 10, price: 50 })));
  const res = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token,
    body: { list_items: products.map((p, i) => ({ productId: p.id, quantity: lines[i].quantity ?? 2 })), addressId },
  });
  expect(res.status).toBe(201);
  return { id: res.body.data._id as string, orderId: res.body.data.orderId as string, products };
}

/** An online order paid through a signed webhook; `paymentIntent` starting `pi_refuse` makes the fake Stripe refuse refunds. */
async function paidOnlineOrder(token: string, paymentIntent: string) {
  const addressId = await addressFor(token);
  const product = await makeProduct({ stock: 6, price: 80 });
  const res = await api("/api/order/checkout", { method: "POST", token, body: { list_items: [{ productId: product.id, quantity: 2 }], addressId } });
  expect(res.status).toBe(200);
  const order = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!;
  const hook = await sendWebhook(await completedEvent(res.body.id, { payment_intent: paymentIntent }));
  expect(hook).toEqual({ status: 200, body: expect.objectContaining({ message: "Processed" }) });
  return { id: order.id, product };
}

const move = (id: string, status: string, version?: number, token = admin) =>
  api("/api/order/admin/update-status", { method: "POST", token, body: { _id: id, status, ...(version === undefined ? {} : { version }) } });

async function orderRow(id: string) {
  return (await env.DB.prepare(
    "select status, version, payment_status as paymentStatus, refund_id as refundId, needs_attention as needsAttention, attention_note as attentionNote from orders where id = ?",
  )
    .bind(id)
    .first<{ status: string; version: number; paymentStatus: string; refundId: string | null; needsAttention: number; attentionNote: string | null }>())!;
}

async function refundsAtStripe(paymentIntent: string) {
  const res = await fetch(`${inject("stripeBase")}/__control/refunds?payment_intent=${paymentIntent}`);
  return ((await res.json()) as { refunds: { id: string; payment_intent: string; amount: number }[] }).refunds;
}

const uniquePi = (prefix = "pi") => `${prefix}_${crypto.randomUUID().replace(/-/g, "")}`;

describe("admin moves an order along", () => {
  it("placed → packed → ready → out for delivery → delivered, each recorded with who and when, and the shopper sees it", async () => {
    const shopper = await newShopper();
    const { id } = await codOrder(shopper.token);
    for (const [i, status] of ["packed", "ready", "out_for_delivery", "delivered"].entries()) {
      const res = await move(id, status, i);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: id, status, version: i + 1 });
    }
    const history = await env.DB.prepare(
      "select h.status, u.email from order_status_history h left join users u on u.id = h.actor_user_id where h.order_id = ? order by h.created_at, h.rowid",
    )
      .bind(id)
      .all<{ status: string; email: string }>();
    expect(history.results).toEqual([
      { status: "placed", email: shopper.email },
      { status: "packed", email: "admin@example.com" },
      { status: "ready", email: "admin@example.com" },
      { status: "out_for_delivery", email: "admin@example.com" },
      { status: "delivered", email: "admin@example.com" },
    ]);
    const detail = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(detail.body.data.status).toBe("delivered");
    expect(detail.body.data.status_history.map((h: any) => h.status)).toEqual(["placed", "packed", "ready", "out_for_delivery", "delivered"]);
    expect(Date.parse(detail.body.data.delivery_due_at) - Date.parse(detail.body.data.createdAt)).toBe(10 * 60 * 1000);
  });

  it("refuses illegal jumps with a clear 409 and changes nothing", async () => {
    const { token } = await newShopper();
    const { id, products } = await codOrder(token);
    const skip = await move(id, "delivered");
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe("An order that is placed cannot move to delivered");
    expect((await move(id, "out_for_delivery")).status).toBe(409);
    expect((await move(id, "packed")).status).toBe(200);
    expect((await move(id, "packed")).body.message).toBe("This order is already packed");
    expect((await move(id, "out_for_delivery")).status).toBe(409);
    expect((await move(id, "ready")).status).toBe(200);
    expect((await move(id, "out_for_delivery")).status).toBe(200);
    expect((await move(id, "delivered")).status).toBe(200);
    const back = await move(id, "packed");
    expect(back.status).toBe(409);
    expect(back.body.message).toBe("This order was delivered: it cannot go back to packed");
    const cancelDelivered = await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } });
    expect(cancelDelivered.status).toBe(409);
    expect(await stockOf(products[0].id)).toBe(8);

    const { id: other } = await codOrder(token);
    expect((await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: other } })).status).toBe(200);
    const revive = await move(other, "packed");
    expect(revive.status).toBe(409);
    expect(revive.body.message).toBe("This order was cancelled: it can no longer be changed");
    expect((await orderRow(other)).status).toBe("cancelled");
  });

  it("validates input: unknown status 400, unknown order 404, shoppers 403, guests 401", async () => {
    const { token } = await newShopper();
    const { id } = await codOrder(token);
    expect((await move(id, "teleported")).status).toBe(400);
    expect((await move("not-an-id", "packed")).status).toBe(400);
    expect((await move("ffffffffffffffffffffffff", "packed")).status).toBe(404);
    expect((await api("/api/order/admin/update-status", { method: "POST", token: admin, body: "{" })).status).toBe(400);
    expect((await move(id, "packed", undefined, token)).status).toBe(403);
    expect((await api("/api/order/admin/update-status", { method: "POST", body: { _id: id, status: "packed" } })).status).toBe(401);
    expect((await api("/api/order/admin/list", { token })).status).toBe(403);
    expect((await api("/api/order/admin/update-status")).status).toBe(405);
    expect((await orderRow(id)).status).toBe("placed");
  });

  it("waits for an online payment before packing; cancelling the unpaid order returns its stock", async () => {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock: 5 });
    const res = await api("/api/order/checkout", { method: "POST", token, body: { list_items: [{ productId: product.id, quantity: 2 }], addressId } });
    const { id } = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!;
    const pack = await move(id, "packed");
    expect(pack.status).toBe(409);
    expect(pack.body.message).toMatch(/waiting for its online payment/);
    expect(await stockOf(product.id)).toBe(3);
    const cancel = await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.refund).toBe("none");
    expect(await stockOf(product.id)).toBe(5);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", paymentStatus: "FAILED" });
    // The Checkout Session was expired so the shopper cannot pay for a cancelled order.
    const session = await fetch(`${inject("stripeBase")}/v1/checkout/sessions/${res.body.id}`);
    expect(((await session.json()) as { status: string }).status).toBe("expired");
  });
});

describe("two admins at once", () => {
  it("one move wins; the other is told the order changed", async () => {
    const { token } = await newShopper();
    const { id, orderId } = await codOrder(token);
    const [a, b] = await Promise.all([move(id, "packed", 0), move(id, "cancelled", 0)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toMatch(new RegExp(`^Order ${orderId} changed while you were looking at it: it is now (packed|cancelled)`));
    const row = await orderRow(id);
    expect(row.version).toBe(1);
    const history = await env.DB.prepare("select count(*) as n from order_status_history where order_id = ?").bind(id).first<{ n: number }>();
    expect(history!.n).toBe(2);
  });

  it("a stale version is refused even when the move itself would be legal", async () => {
    const { token } = await newShopper();
    const { id } = await codOrder(token);
    expect((await move(id, "packed", 0)).status).toBe(200);
    const stale = await move(id, "cancelled", 0);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed while you were looking at it: it is now packed/);
    expect((await orderRow(id)).status).toBe("packed");
  });

  it("returns stock exactly once when two cancels race", async () => {
    const { token } = await newShopper();
    const { id, products } = await codOrder(token, [
      { stock: 10, quantity: 3 },
      { stock: 4, quantity: 4 },
    ]);
    expect(await stockOf(products[0].id)).toBe(7);
    expect(await stockOf(products[1].id)).toBe(0);
    const results = await Promise.all([
      api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id, version: 0 } }),
      api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id, version: 0 } }),
      api("/api/order/cancel", { method: "POST", token, body: { _id: id } }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await stockOf(products[0].id)).toBe(10);
    expect(await stockOf(products[1].id)).toBe(4);
    const again = await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } });
    expect(again.status).toBe(409);
    expect(await stockOf(products[0].id)).toBe(10);
  });
});

describe("refunds", () => {
  it("cancelling a paid online order refunds it once, even when the refund is retried", async () => {
    const { token } = await newShopper();
    const pi = uniquePi();
    const { id, product } = await paidOnlineOrder(token, pi);
    expect(await orderRow(id)).toMatchObject({ status: "paid", paymentStatus: "PAID" });
    expect(await stockOf(product.id)).toBe(4);

    const cancel = await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id, version: 1 } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.refund).toBe("refunded");
    expect(cancel.body.data).toMatchObject({ status: "cancelled", payment_status: "REFUNDED", refund_id: expect.stringMatching(/^re_/) });
    expect(await stockOf(product.id)).toBe(6);
    const refunds = await refundsAtStripe(pi);
    expect(refunds).toHaveLength(1);
    expect(cancel.body.data.refund_id).toBe(refunds[0].id);
    const recorded = await env.DB.prepare("select type, order_id from payment_events where id = ?").bind(refunds[0].id).first();
    expect(recorded).toEqual({ type: "refund.created", order_id: id });

    // Already refunded: a second request is refused and Stripe is not asked again.
    const again = await api("/api/order/admin/refund", { method: "POST", token: admin, body: { _id: id } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order was already refunded");

    // A crash after Stripe refunded but before we recorded it: the retry gets the same refund back.
    await env.DB.prepare("update orders set payment_status = 'PAID', refund_id = null where id = ?").bind(id).run();
    const retry = await api("/api/order/admin/refund", { method: "POST", token: admin, body: { _id: id } });
    expect(retry.status).toBe(200);
    expect(retry.body.data.refund_id).toBe(refunds[0].id);
    expect(await refundsAtStripe(pi)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(6);
  });

  it("a refund Stripe refuses leaves the order cancelled but flagged for attention, and can be retried", async () => {
    const { token } = await newShopper();
    const pi = uniquePi("pi_refuse");
    const { id, product } = await paidOnlineOrder(token, pi);
    const cancel = await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.refund).toBe("failed");
    expect(cancel.body.message).toMatch(/Stripe refused the refund: This payment cannot be refunded/);
    const row = await orderRow(id);
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "REFUND_FAILED", needsAttention: 1, refundId: null });
    expect(row.attentionNote).toMatch(/Stripe refused the refund/);
    expect(await stockOf(product.id)).toBe(6);
    expect(await refundsAtStripe(pi)).toHaveLength(0);

    const board = await api("/api/order/admin/list?status=attention", { token: admin });
    expect(board.body.data.map((o: any) => o._id)).toContain(id);
    const retry = await api("/api/order/admin/refund", { method: "POST", token: admin, body: { _id: id } });
    expect(retry.status).toBe(502);
    expect((await orderRow(id)).needsAttention).toBe(1);
  });

  it("a shopper cancelling their paid order gets their money back", async () => {
    const { token } = await newShopper();
    const pi = uniquePi();
    const { id, product } = await paidOnlineOrder(token, pi);
    const res = await api("/api/order/cancel", { method: "POST", token, body: { _id: id } });
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe("refunded");
    expect(res.body.data).toMatchObject({ status: "cancelled", payment_status: "REFUNDED", refund_id: expect.stringMatching(/^re_/) });
    expect(await stockOf(product.id)).toBe(6);
    // The whole payment (2 × ₹80), once, to the order's own payment, under the id the order keeps.
    expect(await refundsAtStripe(pi)).toEqual([{ id: res.body.data.refund_id, payment_intent: pi, amount: 16000 }]);
  });
});

describe("shopper orders", () => {
  it("a shopper cancels while placed, not once packed; stock comes back", async () => {
    const { token } = await newShopper();
    const first = await codOrder(token);
    const res = await api("/api/order/cancel", { method: "POST", token, body: { _id: first.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("cancelled");
    expect(await stockOf(first.products[0].id)).toBe(10);
    const history = await env.DB.prepare("select note from order_status_history where order_id = ? and status = 'cancelled'")
      .bind(first.id)
      .first<{ note: string }>();
    expect(history!.note).toBe("Cancelled by the shopper");

    const second = await codOrder(token);
    expect((await move(second.id, "packed")).status).toBe(200);
    const late = await api("/api/order/cancel", { method: "POST", token, body: { _id: second.id } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Your order is already packed: it can no longer be cancelled");
    expect(await stockOf(second.products[0].id)).toBe(8);
  });

  it("someone else's order is 404 everywhere: detail, cancel, reorder and the order page", async () => {
    const owner = await newShopper();
    const { id, products } = await codOrder(owner.token);
    const intruder = await newShopper();
    expect((await api(`/api/order/details?_id=${id}`, { token: intruder.token })).status).toBe(404);
    expect((await api("/api/order/cancel", { method: "POST", token: intruder.token, body: { _id: id } })).status).toBe(404);
    expect((await api("/api/order/reorder", { method: "POST", token: intruder.token, body: { _id: id } })).status).toBe(404);
    expect((await api("/api/order/order-list", { token: intruder.token })).body.data).toEqual([]);
    const cookie = await sessionCookie(intruder.email);
    const page = await SELF.fetch(`${BASE}/dashboard/myorders/${id}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(404);
    const post = await SELF.fetch(`${BASE}/dashboard/myorders/${id}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "cancel" }),
      redirect: "manual",
    });
    expect(post.status).toBe(404);
    expect((await orderRow(id)).status).toBe("placed");
    expect(await stockOf(products[0].id)).toBe(8);
    expect((await api(`/api/order/details?_id=${id}`, { token: owner.token })).status).toBe(200);
  });

  it("buy again puts the lines back in the cart, capped by stock, skipping what sold out", async () => {
    const { token } = await newShopper();
    const { id, products } = await codOrder(token, [
      { stock: 10, quantity: 3 },
      { stock: 5, quantity: 2 },
      { stock: 4, quantity: 1 },
    ]);
    await env.DB.prepare("update store_stock set stock = 0 where product_id = ? and store_id = (select id from stores where is_default = 1)")
      .bind(products[1].id)
      .run();
    await env.DB.prepare("update store_stock set stock = 2 where product_id = ? and store_id = (select id from stores where is_default = 1)")
      .bind(products[2].id)
      .run();
    await env.DB.prepare("delete from products where id = ?").bind(products[0].id).run();
    const none = await api("/api/order/reorder", { method: "POST", token, body: { _id: id } });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ added: [products[2].name], skipped: [products[0].name, products[1].name] });
    expect(none.body.message).toBe(`Added 1 item to your cart. Out of stock, not added: ${products[0].name}, ${products[1].name}`);
    const cart = await api("/api/cart/get", { token });
    expect(cart.body.data.map((l: any) => [l.productId._id, l.quantity])).toEqual([[products[2].id, 1]]);

    await env.DB.prepare("update store_stock set stock = 0 where product_id = ? and store_id = (select id from stores where is_default = 1)")
      .bind(products[2].id)
      .run();
    const nothing = await api("/api/order/reorder", { method: "POST", token, body: { _id: id } });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toMatch(/^Nothing was added/);
  });
});

describe("pages without JavaScript", () => {
  it("the board's form moves an order with a 303 back to the same filters; a stale form is told the order changed", async () => {
    const { token } = await newShopper();
    const { id, orderId } = await codOrder(token);
    const cookie = await sessionCookie("admin@example.com", "Admin@12345");
    const back = `/dashboard/orders?status=placed&q=${orderId}`;
    const board = await SELF.fetch(`${BASE}${back}`, { headers: { Cookie: cookie } });
    expect(board.status).toBe(200);
    expect(await board.text()).toContain(`Order No : ${orderId}`);
    const submit = (fields: Record<string, string>) =>
      SELF.fetch(`${BASE}/dashboard/orders`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ redirectTo: back, ...fields }),
        redirect: "manual",
      });
    const packed = await submit({ intent: "move", orderId: id, to: "packed", version: "0" });
    expect(packed.status).toBe(303);
    expect(packed.headers.get("Location")).toBe(back);
    expect((await orderRow(id)).status).toBe("packed");
    const stale = await submit({ intent: "move", orderId: id, to: "cancelled", version: "0" });
    expect(stale.status).toBe(303);
    const page = await SELF.fetch(`${BASE}${back}`, { headers: { Cookie: `${cookie}; ${toastCookie(stale)}` } });
    expect(await page.text()).toContain(`Order ${orderId} changed while you were looking at it: it is now packed`);
    expect((await orderRow(id)).status).toBe("packed");
    const bogus = await submit({ intent: "teleport", orderId: id });
    expect(bogus.status).toBe(303);

    const shopperCookie = await sessionCookie(
      (await env.DB.prepare("select email from users u join orders o on o.user_id = u.id where o.id = ?").bind(id).first<{ email: string }>())!.email,
    );
    const refused = await SELF.fetch(`${BASE}/dashboard/orders`, {
      method: "POST",
      headers: { Cookie: shopperCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "move", orderId: id, to: "delivered" }),
      redirect: "manual",
    });
    expect(refused.status).toBe(403);
    expect((await SELF.fetch(`${BASE}/dashboard/orders`, { headers: { Cookie: shopperCookie } })).status).toBe(403);
  });

  it("the shopper's order page shows the ETA as text, cancels and buys again by plain forms", async () => {
    const { token, email } = await newShopper();
    const { id, products } = await codOrder(token);
    const cookie = await sessionCookie(email);
    const page = await SELF.fetch(`${BASE}/dashboard/myorders/${id}`, { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toMatch(/Arriving in <span[^>]*>(10:00|9:5\d)<\/span> min/);
    expect(html).toContain("Cancel order");
    const post = (intent: string) =>
      SELF.fetch(`${BASE}/dashboard/myorders/${id}`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent }),
        redirect: "manual",
      });
    const cancelled = await post("cancel");
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("Location")).toBe(`/dashboard/myorders/${id}`);
    expect(await stockOf(products[0].id)).toBe(10);
    const reorder = await post("reorder");
    expect(reorder.status).toBe(303);
    expect(reorder.headers.get("Location")).toBe("/cart");
    expect((await api("/api/cart/get", { token })).body.data.map((l: any) => l.quantity)).toEqual([2]);
  });
});

async function sessionCookie(email: string, password = "Test@12345") {
  const res = await api("/api/user/login", { method: "POST", body: { email, password }, headers: { "CF-Connecting-IP": randomIp() } });
  expect(res.status).toBe(200);
  return (res.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "").split(";")[0];
}

function toastCookie(res: Response) {
  return (res.headers.getSetCookie().find((c) => c.startsWith("__toast=")) ?? "").split(";")[0];
}

describe("the scheduled sweep of expired reservations", () => {
  async function pendingOnlineOrder(stock: number, quantity: number) {
    const { token } = await newShopper();
    const addressId = await addressFor(token);
    const product = await makeProduct({ stock });
    const res = await api("/api/order/checkout", { method: "POST", token, body: { list_items: [{ productId: product.id, quantity }], addressId } });
    expect(res.status).toBe(200);
    const { id } = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!;
    return { id, sessionId: res.body.id as string, product };
  }
  /** The Worker's cron handler, run as the platform would. */
  async function runCron() {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
  }
  const expireReservation = (id: string) =>
    env.DB.prepare("update orders set reservation_expires_at = ? where id = ?")
      .bind(Date.now() - 60 * 60 * 1000, id)
      .run();

  it("releases the stock of an unpaid order whose webhook never came, and marks a paid one paid", async () => {
    const unpaid = await pendingOnlineOrder(4, 3);
    const paid = await pendingOnlineOrder(5, 2);
    const fresh = await pendingOnlineOrder(3, 1);
    // The shopper paid on Stripe, but the webhook was lost (the fake has no store to call here).
    expect((await fetch(`${inject("stripeBase")}/pay/${paid.sessionId}`, { method: "POST", redirect: "manual" })).status).toBe(303);
    await expireReservation(unpaid.id);
    await expireReservation(paid.id);

    await runCron();
    expect(await orderRow(unpaid.id)).toMatchObject({ status: "cancelled", paymentStatus: "FAILED" });
    expect(await stockOf(unpaid.product.id)).toBe(4);
    expect(await orderRow(paid.id)).toMatchObject({ status: "paid", paymentStatus: "PAID" });
    expect(await stockOf(paid.product.id)).toBe(3);
    expect(await orderRow(fresh.id)).toMatchObject({ status: "placed", paymentStatus: "PENDING" });
    // The unpaid session was still open at the fake: it is closed so it cannot be paid after release.
    const session = await fetch(`${inject("stripeBase")}/v1/checkout/sessions/${unpaid.sessionId}`);
    expect(((await session.json()) as { status: string }).status).toBe("expired");

    // A second run changes nothing: stock is returned once.
    await runCron();
    expect(await stockOf(unpaid.product.id)).toBe(4);
  });

  it("the internal sweep route is not reachable from outside", async () => {
    const res = await SELF.fetch(`${BASE}/cron/release-reservations`, { method: "POST" });
    expect(res.status).toBe(404);
  });
});

describe("one cancel for every path", () => {
  /** Two products held by one unpaid online order: 10 − 4 and 5 − 5 left on the shelf. */
  async function heldOnlineOrder() {
    const shopper = await newShopper();
    const addressId = await addressFor(shopper.token);
    const products = [await makeProduct({ stock: 10 }), await makeProduct({ stock: 5 })];
    const res = await api("/api/order/checkout", {
      method: "POST",
      token: shopper.token,
      body: {
        list_items: [
          { productId: products[0].id, quantity: 4 },
          { productId: products[1].id, quantity: 5 },
        ],
        addressId,
      },
    });
    expect(res.status).toBe(200);
    const { id } = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!;
    expect([await stockOf(products[0].id), await stockOf(products[1].id)]).toEqual([6, 0]);
    return { shopper, id, sessionId: res.body.id as string, products };
  }
  const cancelledRows = async (id: string) =>
    (await env.DB.prepare("select count(*) as n from order_status_history where order_id = ? and status = 'cancelled'").bind(id).first<{ n: number }>())!.n;

  it("30 cancels of one unpaid online order at once (admins, its shopper, expired-session events) return its stock exactly once", async () => {
    const { shopper, id, sessionId, products } = await heldOnlineOrder();
    const { version } = await orderRow(id);
    const requests = Array.from({ length: 30 }, (_, i) => {
      if (i % 3 === 0) return api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } });
      if (i % 3 === 1) return api("/api/order/cancel", { method: "POST", token: shopper.token, body: { _id: id } });
      return sendWebhook(sessionEvent("checkout.session.expired", { id: sessionId, payment_status: "unpaid" }));
    });
    const results = await Promise.all(requests);
    const people = results.filter((_, i) => i % 3 !== 2);
    expect(people.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(people.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(results.filter((_, i) => i % 3 === 2).every((r) => r.status === 200)).toBe(true);
    expect([await stockOf(products[0].id), await stockOf(products[1].id)]).toEqual([10, 5]);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", paymentStatus: "FAILED", version: version + 1 });
    expect(await cancelledRows(id)).toBe(1);
  });

  it("the batch alone decides: 30 cancel batches built on the same read, run at once, cancel once", async () => {
    const { id, products } = await heldOnlineOrder();
    const { version } = await orderRow(id);
    const userIds = await env.DB.prepare(
      "select o.user_id as shopperId, (select id from users where email = 'admin@example.com') as adminId from orders o where o.id = ?",
    )
      .bind(id)
      .first<{ shopperId: string; adminId: string }>();
    const db = getDb({ cloudflare: { env } } as unknown as AppLoadContext);
    const batches = Array.from({ length: 30 }, (_, i) => {
      const target =
        i % 3 === 0
          ? { orderId: id, by: { id: userIds!.adminId, as: "admin" as const }, version }
          : i % 3 === 1
            ? { orderId: id, by: { id: userIds!.shopperId, as: "shopper" as const }, version }
            : { orderId: id, by: "payment" as const };
      return db.batch(cancelStatements(db, target, `race ${i}`));
    });
    const cancelled = (await Promise.all(batches)).map(([, , , , rows]) => rows.length);
    expect(cancelled.reduce((a, b) => a + b, 0)).toBe(1);
    expect([await stockOf(products[0].id), await stockOf(products[1].id)]).toEqual([10, 5]);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", version: version + 1 });
    expect(await cancelledRows(id)).toBe(1);
  });

  it("each canceller only from its own states: not a shopper once packed, not the payment flow on a cash order, nobody on a stale version", async () => {
    const db = getDb({ cloudflare: { env } } as unknown as AppLoadContext);
    const shopper = await newShopper();
    const { id, products } = await codOrder(shopper.token);
    const shopperId = (await env.DB.prepare("select user_id as userId from orders where id = ?").bind(id).first<{ userId: string }>())!.userId;
    // A session id somehow stored on the cash order: its expiry still does not cancel it.
    await env.DB.prepare("update orders set stripe_session_id = ? where id = ?").bind(`cs_on_cod_${id}`, id).run();
    expect((await sendWebhook(sessionEvent("checkout.session.expired", { id: `cs_on_cod_${id}`, payment_status: "unpaid" }))).status).toBe(200);
    const [, , , , byPayment] = await db.batch(cancelStatements(db, { orderId: id, by: "payment" }, "Online payment expired"));
    expect(byPayment).toEqual([]);
    expect(await orderRow(id)).toMatchObject({ status: "placed", paymentStatus: "PENDING", version: 0 });

    expect((await move(id, "packed", 0)).status).toBe(200);
    const [, , , , byShopper] = await db.batch(cancelStatements(db, { orderId: id, by: { id: shopperId, as: "shopper" }, version: 1 }, "late"));
    expect(byShopper).toEqual([]);
    const [, , , , stale] = await db.batch(cancelStatements(db, { orderId: id, by: { id: shopperId, as: "admin" }, version: 0 }, "stale"));
    expect(stale).toEqual([]);
    expect(await stockOf(products[0].id)).toBe(8);
    const [, , , , byAdmin] = await db.batch(cancelStatements(db, { orderId: id, by: { id: shopperId, as: "admin" }, version: 1 }, "store"));
    expect(byAdmin).toHaveLength(1);
    expect(await stockOf(products[0].id)).toBe(10);
    expect(await orderRow(id)).toMatchObject({ status: "cancelled", paymentStatus: "PENDING", version: 2 });
  });
});
