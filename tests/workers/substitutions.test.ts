/**
 * Substitutions the shopper approves (docs/decisions/043-substitutions-the-shopper-approves.md): the
 * store's suggestions, a proposal answered by the shopper before its deadline (once, atomically),
 * expiry and its refund, "call me" outcomes, the pick that never loops on 409, the /api shapes, the
 * pages without JavaScript, the push notice, and who may do what.
 */
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import worker from "../../workers/app";
import type { PushMessage } from "../../app/server/push/send.server";
import { confirmAllLines } from "./pick-support";
import { api, login, makeProduct, newShopper, randomIp, stockOf, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";
import { completedEvent, postForm, sendWebhook, sessionCookie } from "../security/support-pay";

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
  for (const [store, who] of [
    [storeId, staff],
    [otherStoreId, otherStaff],
  ] as const) {
    expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: store, email: who.email } })).status).toBe(200);
  }
});

async function addressFor(token: string) {
  return (await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS })).body.data._id as string;
}

/** Products of a sub-category of the test's own (price in rupees), so suggestions are only these. */
async function shelf(specs: { name: string; price: number; stock: number; discount?: number }[]) {
  const sub = crypto.randomUUID().replace(/-/g, "").slice(0, 24);
  await env.DB.prepare("insert into sub_categories (id, name) values (?, ?)")
    .bind(sub, `Subs ${sub.slice(0, 6)}`)
    .run();
  const made = [];
  for (const spec of specs) {
    const p = await makeProduct(spec);
    await env.DB.prepare("update product_sub_categories set sub_category_id = ? where product_id = ?").bind(sub, p.id).run();
    made.push(p);
  }
  return made;
}

async function codOrder(token: string, lines: { productId: string; quantity: number }[], replacementPreference = "similar") {
  const res = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token,
    body: { list_items: lines, addressId: await addressFor(token), replacementPreference },
  });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

async function paidOnlineOrder(token: string, lines: { productId: string; quantity: number }[]) {
  const pi = `pi_${crypto.randomUUID().replace(/-/g, "")}`;
  const res = await api("/api/order/checkout", { method: "POST", token, body: { list_items: lines, addressId: await addressFor(token) } });
  expect(res.status).toBe(200);
  const order = (await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(res.body.id).first<{ id: string }>())!;
  // The online checkout has no preference field: the shopper chose "similar".
  await env.DB.prepare("update orders set replacement_preference = 'similar' where id = ?").bind(order.id).run();
  expect((await sendWebhook(await completedEvent(res.body.id, { payment_intent: pi }))).status).toBe(200);
  return { id: order.id, pi };
}

const pick = async (id: string, lines: { productId: string; picked: number }[], token = staff.token) => {
  await confirmAllLines(id);
  return api("/api/order/pick", { method: "POST", token, body: { _id: id, lines } });
};
const propose = (body: Record<string, unknown>, token = staff.token) => api("/api/store/substitutions/propose", { method: "POST", token, body });
const answer = (token: string, id: string, verdict: "accept" | "decline") =>
  api("/api/order/substitution/answer", { method: "POST", token, body: { _id: id, answer: verdict } });
const suggestions = (orderId: string, productId: string, picked: number, short: string[] = [], token = staff.token) =>
  api(`/api/store/substitutions/suggestions?_id=${orderId}&productId=${productId}&picked=${picked}&short=${short.join(",")}`, { token });
const orderRow = (id: string) =>
  env.DB.prepare("select status, total, sub_total as subTotal from orders where id = ?").bind(id).first<{ status: string; total: number; subTotal: number }>();
const subRow = (id: string) =>
  env.DB.prepare("select status, quantity from order_substitutions where id = ?").bind(id).first<{ status: string; quantity: number }>();
/** The time to answer has run out (the clock moved on): the deadline is in the past. */
const passDeadline = (id: string) =>
  env.DB.prepare("update order_substitutions set deadline = ? where id = ?")
    .bind(Date.now() - 1000, id)
    .run();

describe("the store's suggestions", () => {
  it("are in stock, of the line's sub-category, within its price, closest first, never one short in the same pick", async () => {
    const [a, b, c, cheap, dear, none] = await shelf([
      { name: "Atta A", price: 100, stock: 10 },
      { name: "Atta B", price: 95, stock: 10 },
      { name: "Atta C", price: 90, stock: 10 },
      { name: "Atta Cheap", price: 40, stock: 10 },
      { name: "Atta Dear", price: 120, stock: 10 },
      { name: "Atta None", price: 99, stock: 1 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 2 },
    ]);
    // The order: A×3 + B×2, pick {A:1, B:1}: B is short in the same pick, never A's replacement.
    const res = await suggestions(id, a.id, 1, [a.id, b.id]);
    expect(res.status).toBe(200);
    expect(res.body.data.line).toEqual({ productId: a.id, name: a.name, quantity: 3, missing: 2, unitPrice: 100 });
    expect(res.body.data.suggestions.map((s: { productId: string }) => s.productId)).toEqual([c.id, cheap.id]);
    expect(res.body.data.suggestions[0]).toEqual({ productId: c.id, name: c.name, unitPrice: 90, stock: 10, dearer: false });
    // Not short in this pick: B is the closest.
    const withB = await suggestions(id, a.id, 1, [a.id]);
    expect(withB.body.data.suggestions.map((s: { productId: string }) => s.productId)).toEqual([b.id, c.id, cheap.id]);
    expect(JSON.stringify(withB.body)).not.toContain(dear.id);
    expect(JSON.stringify(withB.body)).not.toContain(none.id);
    // A proposal of a product reported short in the same pick is refused too.
    const refused = await propose({ _id: id, productId: a.id, picked: 1, short: [a.id, b.id], replacementId: b.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("That product is reported short in this pick: choose another");
    // A line that is not short, bad counts: 400.
    expect((await suggestions(id, a.id, 3)).status).toBe(400);
    expect((await suggestions(id, a.id, Number.NaN)).status).toBe(400);
  });

  it("a dearer product is proposed only on purpose and only to a cash order; a paid online order never pays more", async () => {
    const [a, dear] = await shelf([
      { name: "Oil A", price: 100, stock: 10 },
      { name: "Oil Dear", price: 130, stock: 10 },
    ]);
    const shopper = await newShopper();
    const cod = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    const silent = await propose({ _id: cod, productId: a.id, picked: 1, replacementId: dear.id });
    expect(silent.status).toBe(400);
    expect(silent.body.message).toContain("costs more than");
    const open = await propose({ _id: cod, productId: a.id, picked: 1, replacementId: dear.id, higherPrice: true });
    expect(open.status).toBe(201);
    expect(open.body.data.substitutions[0]).toMatchObject({ extra: 30, replacement: { productId: dear.id, unitPrice: 130, quantity: 1 } });

    const online = await paidOnlineOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    const refused = await propose({ _id: online.id, productId: a.id, picked: 1, replacementId: dear.id, higherPrice: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("paid online");
  });
});

describe("a proposal", () => {
  it("holds its units, blocks the pick while pending, and once accepted the pick applies it without taking stock again", async () => {
    const [a, b, c] = await shelf([
      { name: "Milk A", price: 60, stock: 10 },
      { name: "Milk B", price: 50, stock: 10 },
      { name: "Milk C", price: 55, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 1 },
    ]);
    const made = await propose({ _id: id, productId: a.id, picked: 1, short: [a.id], replacementId: c.id });
    expect(made.status).toBe(201);
    const subId = made.body.data._id as string;
    expect(await stockOf(c.id)).toBe(8);
    // Shown to the shopper through /api: pending, with its deadline (2 minutes by default).
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    const [shown] = details.body.data.substitutions;
    expect(shown).toEqual({
      _id: subId,
      kind: "proposal",
      status: "pending",
      line: { productId: a.id, name: a.name, quantity: 3, picked: 1, unitPrice: 60 },
      replacement: { productId: c.id, name: c.name, quantity: 2, unitPrice: 55 },
      extra: 0,
      deadline: expect.any(String),
      secondsLeft: expect.any(Number),
    });
    expect(shown.secondsLeft).toBeGreaterThan(110);
    expect(shown.secondsLeft).toBeLessThanOrEqual(120);
    // A second proposal for the same line: 409.
    expect((await propose({ _id: id, productId: a.id, picked: 1, replacementId: b.id })).status).toBe(409);
    // The order cannot be packed while the shopper has not answered.
    const early = await pick(id, [
      { productId: a.id, picked: 1 },
      { productId: b.id, picked: 1 },
    ]);
    expect(early.status).toBe(409);
    expect(early.body.message).toContain(`Waiting for the shopper's answer on ${a.name}`);
    expect((await orderRow(id))!.status).toBe("placed");

    const accepted = await answer(shopper.token, subId, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: "accepted", orderId: id });
    // The pick must report the line as proposed.
    const changed = await pick(id, [
      { productId: a.id, picked: 2 },
      { productId: b.id, picked: 1 },
    ]);
    expect(changed.status).toBe(400);
    const picked = await pick(id, [
      { productId: a.id, picked: 1 },
      { productId: b.id, picked: 1 },
    ]);
    expect(picked.status).toBe(200);
    expect(picked.body.replaced).toEqual([{ productId: a.id, name: a.name, replacedBy: { productId: c.id, name: c.name, quantity: 2, unitPrice: 55 } }]);
    expect(await orderRow(id)).toMatchObject({ status: "packed", total: 6000 + 2 * 5500 + 5000 });
    expect(await stockOf(c.id)).toBe(8);
    expect((await subRow(subId))!.status).toBe("applied");
    // Cancelled later: the replacement's units come back once (from the line, not the substitution).
    expect((await api("/api/order/admin/cancel", { method: "POST", token: admin, body: { _id: id } })).status).toBe(200);
    expect(await stockOf(c.id)).toBe(10);
  });

  it("answers within the store's minutes", async () => {
    const [a, c] = await shelf([
      { name: "Egg A", price: 70, stock: 10 },
      { name: "Egg C", price: 65, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    await env.DB.prepare("update stores set substitution_minutes = 7 where id = ?").bind(storeId).run();
    try {
      const made = await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id });
      const left = made.body.data.substitutions[0].secondsLeft as number;
      expect(left).toBeGreaterThan(7 * 60 - 10);
      expect(left).toBeLessThanOrEqual(7 * 60);
    } finally {
      await env.DB.prepare("update stores set substitution_minutes = 2 where id = ?").bind(storeId).run();
    }
    // The setting is on the store form.
    const page = await SELF.fetch(`${BASE}/dashboard/stores?dialog=edit-store&id=${storeId}`, {
      headers: { Cookie: await sessionCookie("admin@example.com", "Admin@12345") },
    });
    expect(await page.text()).toMatch(/Minutes a shopper has to answer a substitution<\/label><input[^>]*name="substitutionMinutes"[^>]*value="2"/);
  });

  it("declined: its units come back and the pick refunds the line (a cash order's amount to collect drops)", async () => {
    const [a, c] = await shelf([
      { name: "Rice A", price: 80, stock: 10 },
      { name: "Rice C", price: 70, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    const subId = (await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id })).body.data._id as string;
    expect(await stockOf(c.id)).toBe(9);
    const declined = await answer(shopper.token, subId, "decline");
    expect(declined.status).toBe(200);
    expect(await stockOf(c.id)).toBe(10);
    // Answered: a second answer is refused and changes nothing.
    const again = await answer(shopper.token, subId, "accept");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This replacement was already declined");
    expect(await stockOf(c.id)).toBe(10);
    const picked = await pick(id, [{ productId: a.id, picked: 1 }]);
    expect(picked.status).toBe(200);
    expect(picked.body.replaced).toEqual([]);
    expect(await orderRow(id)).toMatchObject({ status: "packed", total: 8000 });
  });

  it("an answer after the deadline is refused; the proposal expires, its units come back, and the pick refunds a paid line", async () => {
    const [a, c] = await shelf([
      { name: "Dal A", price: 120, stock: 10 },
      { name: "Dal C", price: 110, stock: 10 },
    ]);
    const shopper = await newShopper();
    const { id, pi } = await paidOnlineOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    const subId = (await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id })).body.data._id as string;
    expect(await stockOf(c.id)).toBe(9);
    await passDeadline(subId);
    const late = await answer(shopper.token, subId, "accept");
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Too late: the time to answer ran out, so the missing item will be refunded");
    expect((await subRow(subId))!.status).toBe("expired");
    expect(await stockOf(c.id)).toBe(10);
    const picked = await pick(id, [{ productId: a.id, picked: 1 }]);
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({ replaced: [], refunded: 120, refund: "refunded" });
    const refunds = await (await fetch(`${inject("stripeBase")}/__control/refunds?payment_intent=${pi}`)).json<{ refunds: { amount: number }[] }>();
    expect(refunds.refunds.map((r) => r.amount)).toEqual([12000]);
  });

  it("the cron expires what nobody answered, once", async () => {
    const [a, c] = await shelf([
      { name: "Tea A", price: 90, stock: 10 },
      { name: "Tea C", price: 85, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 3 }]);
    const subId = (await propose({ _id: id, productId: a.id, picked: 0, replacementId: c.id })).body.data._id as string;
    expect(await stockOf(c.id)).toBe(7);
    await passDeadline(subId);
    // Another order's proposal still has time: the cron leaves it waiting.
    const other = await codOrder(shopper.token, [{ productId: a.id, quantity: 1 }]);
    const waiting = (await propose({ _id: other, productId: a.id, picked: 0, replacementId: c.id })).body.data._id as string;
    expect(await stockOf(c.id)).toBe(6);
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, ctx);
      await waitOnExecutionContext(ctx);
    }
    expect((await subRow(subId))!.status).toBe("expired");
    expect((await subRow(waiting))!.status).toBe("pending");
    expect(await stockOf(c.id)).toBe(9);
  });

  it("two answers at once: exactly one applies, and the stock matches it", async () => {
    const [a, c] = await shelf([
      { name: "Jam A", price: 150, stock: 10 },
      { name: "Jam C", price: 140, stock: 10 },
    ]);
    for (let round = 0; round < 3; round++) {
      const shopper = await newShopper();
      const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
      const before = await stockOf(c.id);
      const subId = (await propose({ _id: id, productId: a.id, picked: 0, replacementId: c.id })).body.data._id as string;
      const results = await Promise.all([
        answer(shopper.token, subId, "accept"),
        answer(shopper.token, subId, "decline"),
        answer(shopper.token, subId, "decline"),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const won = results.find((r) => r.status === 200)!.body.data.status as string;
      expect((await subRow(subId))!.status).toBe(won);
      expect(await stockOf(c.id)).toBe(won === "accepted" ? before - 2 : before);
    }
  });

  it("the shopper's page shows it with Accept / Decline and a countdown, and a plain form answers it (no JavaScript)", async () => {
    const [a, c] = await shelf([
      { name: "Ghee A", price: 500, stock: 10 },
      { name: "Ghee C", price: 450, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    const subId = (await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id })).body.data._id as string;
    const cookie = await sessionCookie(shopper.email);
    const page = await SELF.fetch(`${BASE}/dashboard/myorders/${id}`, { headers: { Cookie: cookie } });
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`We suggest <strong>${c.name} × 1</strong>`);
    expect(html).toMatch(/[12]:[0-5][0-9] left to answer/);
    expect(html).toContain('value="accept"');
    expect(html).toContain('value="decline"');
    const posted = await postForm(`/dashboard/myorders/${id}`, cookie, { intent: "substitution", substitutionId: subId, answer: "accept" });
    expect(posted.status).toBe(303);
    expect((await subRow(subId))!.status).toBe("accepted");
    const after = (await (await SELF.fetch(`${BASE}/dashboard/myorders/${id}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(after).toContain(`${a.name}: you accepted ${c.name} × 1`);
  });

  it("a cancelled order gives back the units its proposals held", async () => {
    const [a, c] = await shelf([
      { name: "Salt A", price: 30, stock: 10 },
      { name: "Salt C", price: 25, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 4 }]);
    const subId = (await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id })).body.data._id as string;
    expect(await stockOf(c.id)).toBe(7);
    expect((await api("/api/order/cancel", { method: "POST", token: shopper.token, body: { _id: id } })).status).toBe(200);
    expect(await stockOf(c.id)).toBe(10);
    expect((await subRow(subId))!.status).toBe("void");
  });

  it("is pushed to the shopper as 'a substitution is waiting for your answer'", async () => {
    const [a, c] = await shelf([
      { name: "Curd A", price: 40, stock: 10 },
      { name: "Curd C", price: 35, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    const sent: PushMessage[] = [];
    const queue = { send: async (body: PushMessage) => void sent.push(body) };
    const testEnv = new Proxy(env, { get: (t, property) => (property === "PUSH_QUEUE" ? queue : (Reflect.get(t, property) as unknown)) });
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${BASE}/api/store/substitutions/propose`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${staff.token}`, "CF-Connecting-IP": randomIp() },
        body: JSON.stringify({ _id: id, productId: a.id, picked: 0, replacementId: c.id }),
      }) as never,
      testEnv,
      ctx,
    );
    expect(response.status).toBe(201);
    await waitOnExecutionContext(ctx);
    expect(sent).toEqual([{ kind: "order", orderId: id, status: "substitution" }]);
  });
});

describe("the pick page without JavaScript", () => {
  it("'Find a replacement' submits the pick list with GET: suggestions skip what it reports short, and a proposal keeps the counts", async () => {
    const [a, b, c] = await shelf([
      { name: "Page A", price: 100, stock: 10 },
      { name: "Page B", price: 95, stock: 10 },
      { name: "Page C", price: 90, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 2 },
    ]);
    const cookie = await sessionCookie(staff.email);
    const here = `/dashboard/stores/${storeId}/queue/${id}`;
    const query = new URLSearchParams({ intent: "pick", [`picked.${a.id}`]: "1", [`picked.${b.id}`]: "1", suggest: a.id });
    const html = (await (await SELF.fetch(`${BASE}${here}?${query}`, { headers: { Cookie: cookie } })).text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`Find a replacement for ${a.name}`);
    const offered = [...html.matchAll(/name="replacementId"[^>]*value="([0-9a-f]{24})"/g)].map((m) => m[1]);
    expect(offered).toEqual([c.id]);
    // The pick list keeps what was typed.
    expect(html).toMatch(new RegExp(`name="picked\\.${a.id}"[^>]*value="1"`));
    const posted = await postForm(here, cookie, {
      intent: "propose",
      productId: a.id,
      picked: "1",
      short: `${a.id},${b.id}`,
      replacementId: c.id,
      quantity: "2",
      [`picked.${a.id}`]: "1",
      [`picked.${b.id}`]: "1",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`${here}?picked.${a.id}=1&picked.${b.id}=1`);
    const details = await api(`/api/order/details?_id=${id}`, { token: shopper.token });
    expect(details.body.data.substitutions.map((x: { status: string; replacement: { productId: string } }) => [x.status, x.replacement.productId])).toEqual([
      ["pending", c.id],
    ]);
  });
});

describe("call me", () => {
  it("the picker gets a tel: link; the outcome is recorded (agreed: replaced; removed: refunded), never a silent swap", async () => {
    const [a, b, dear] = await shelf([
      { name: "Soap A", price: 50, stock: 10 },
      { name: "Soap B", price: 45, stock: 10 },
      { name: "Soap Dear", price: 70, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(
      shopper.token,
      [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 2 },
      ],
      "call",
    );
    const page = await SELF.fetch(`${BASE}/dashboard/stores/${storeId}/queue/${id}`, { headers: { Cookie: await sessionCookie(staff.email) } });
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/href="tel:\+?[0-9]{10,13}"/);
    // A proposal is for "similar" orders only.
    expect((await propose({ _id: id, productId: a.id, picked: 1, replacementId: dear.id })).status).toBe(409);
    const agreed = await api("/api/store/substitutions/call-outcome", {
      method: "POST",
      token: staff.token,
      body: { _id: id, productId: a.id, picked: 1, outcome: "agreed", replacementId: dear.id, quantity: 1 },
    });
    expect(agreed.status).toBe(201);
    expect(await stockOf(dear.id)).toBe(9);
    const removed = await api("/api/store/substitutions/call-outcome", {
      method: "POST",
      token: staff.token,
      body: { _id: id, productId: b.id, picked: 0, outcome: "removed" },
    });
    expect(removed.status).toBe(201);
    expect(
      (
        await api("/api/store/substitutions/call-outcome", {
          method: "POST",
          token: staff.token,
          body: { _id: id, productId: b.id, picked: 0, outcome: "maybe" },
        })
      ).status,
    ).toBe(400);
    const picked = await pick(id, [
      { productId: a.id, picked: 1 },
      { productId: b.id, picked: 0 },
    ]);
    expect(picked.status).toBe(200);
    expect(picked.body.replaced).toEqual([{ productId: a.id, name: a.name, replacedBy: { productId: dear.id, name: dear.name, quantity: 1, unitPrice: 70 } }]);
    expect(await orderRow(id)).toMatchObject({ total: 5000 + 7000 });
    expect(await stockOf(dear.id)).toBe(9);
  });
});

describe("a pick that cannot apply", () => {
  it("the issue's order: A×3 + B×2 'similar', pick {A:1, B:1} with B's stock at 2: packs with both lines refunded, never a 409 loop", async () => {
    const [a, b] = await shelf([
      { name: "Loop A", price: 100, stock: 10 },
      { name: "Loop B", price: 90, stock: 4 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 2 },
    ]);
    expect(await stockOf(b.id)).toBe(2);
    const picked = await pick(id, [
      { productId: a.id, picked: 1 },
      { productId: b.id, picked: 1 },
    ]);
    expect(picked.status).toBe(200);
    expect(picked.body.replaced).toEqual([]);
    expect(await orderRow(id)).toMatchObject({ status: "packed", total: 10000 + 9000 });
  });

  it("an answer that lands between the pick's read and its write makes the pick read again (its guard holds the substitutions)", async () => {
    const [a, c] = await shelf([
      { name: "Race A", price: 100, stock: 10 },
      { name: "Race C", price: 90, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    // Proposed and accepted by SQL after the pick read the order: the same as a race.
    const { planPick, commitPick } = await import("../../app/server/operations/pick.server");
    const adminRow = (await env.DB.prepare("select id from users where email = 'admin@example.com'").first<{ id: string }>())!;
    const context = { cloudflare: { env, ctx: { waitUntil: () => {}, passThroughOnException: () => {} } } } as never;
    const plan = await planPick(context, {
      orderId: id,
      user: { id: adminRow.id, role: "ADMIN", staffStoreId: null } as never,
      lines: [{ productId: a.id, picked: 1 }],
    });
    const subId = (await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id })).body.data._id as string;
    expect((await answer(shopper.token, subId, "accept")).status).toBe(200);
    await expect(commitPick(context, plan)).rejects.toMatchObject({ status: 409 });
    expect((await orderRow(id))!.status).toBe("placed");
    const picked = await pick(id, [{ productId: a.id, picked: 1 }]);
    expect(picked.body.replaced).toHaveLength(1);
  });
});

describe("access", () => {
  it("another shopper cannot answer, another store's staff cannot suggest or propose, a shopper cannot propose", async () => {
    const [a, c] = await shelf([
      { name: "Own A", price: 60, stock: 10 },
      { name: "Own C", price: 55, stock: 10 },
    ]);
    const shopper = await newShopper();
    const stranger = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    expect((await suggestions(id, a.id, 1, [], otherStaff.token)).status).toBe(404);
    expect((await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id }, otherStaff.token)).status).toBe(404);
    expect((await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id }, shopper.token)).status).toBe(403);
    const subId = (await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id })).body.data._id as string;
    expect((await answer(stranger.token, subId, "accept")).status).toBe(404);
    expect((await subRow(subId))!.status).toBe("pending");
    expect((await api(`/api/order/details?_id=${id}`, { token: stranger.token })).status).toBe(404);
    // Bad input is a 400, never a 500.
    expect((await api("/api/order/substitution/answer", { method: "POST", token: shopper.token, body: { _id: subId, answer: "yes" } })).status).toBe(400);
    expect((await propose({ _id: id, productId: a.id, picked: "1", replacementId: c.id })).status).toBe(400);
    expect((await propose({ _id: id, productId: a.id, picked: 1, replacementId: c.id, quantity: 0 })).status).toBe(400);
  });
});

describe("a claimed order (decision 047)", () => {
  it("takes proposals only from the picker who holds it: another gets 409 naming the holder, and no units are held", async () => {
    const [a, b] = await shelf([
      { name: "Claim Atta A", price: 100, stock: 10 },
      { name: "Claim Atta B", price: 95, stock: 10 },
    ]);
    const shopper = await newShopper();
    const id = await codOrder(shopper.token, [{ productId: a.id, quantity: 2 }]);
    const second = await newShopper();
    expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: second.email } })).status).toBe(200);
    const secondToken = await login(second.email, "Test@12345");
    expect((await api("/api/order/claim", { method: "POST", token: staff.token, body: { _id: id } })).status).toBe(200);

    const refused = await propose({ _id: id, productId: a.id, picked: 1, short: [a.id], replacementId: b.id }, secondToken);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/being picked by/);
    expect(await stockOf(b.id)).toBe(10);
    const allowed = await propose({ _id: id, productId: a.id, picked: 1, short: [a.id], replacementId: b.id });
    expect(allowed.status).toBe(201);
    expect(await stockOf(b.id)).toBe(9);
  });
});
