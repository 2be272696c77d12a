/**
 * Deciding reports (docs/decisions/050-after-the-order.md, "Deciding a report"): the rules approve a
 * report at once in one guarded UPDATE (boundaries, the 30 days, the share, and two first claims
 * decided together: one), support decides the rest once however many decide together, only admins
 * and the store's managers decide, part approvals stay within the claim, a decline says why, the
 * rules form validates, the page works without JavaScript, and the shopper's mail links only to the
 * public origin.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { AUTO_REASON, decideAutomatically, RULES_WINDOW_MS } from "../../app/server/reports/decide.server";
import { api, login, newShopper, randomIp } from "./api-client";
import { htmlText, pageGet, pagePost, sessionCookie } from "../security/support-admin";
import { envWith } from "../security/support-deploy";
import { DEFAULT_RULES, deliveredOrder, insertReport, reportLines, reportRow, setRules, shopper, userIdOf, type DeliveredOrder } from "./report-fixtures";

const PUBLIC = "https://shop.example";
const EVIL = "http://evil.example";

let admin: string;
let storeId: string;
let otherStoreId: string;

async function staff(role: "picker" | "rider" | "manager", store = storeId) {
  const person = await newShopper();
  const res = await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: store, email: person.email, role } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: await login(person.email, "Test@12345"), email: person.email, id: await userIdOf(person.email) };
}

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  otherStoreId = (await env.DB.prepare("select id from stores where is_default = 0 order by name limit 1").first<{ id: string }>())!.id;
});

afterEach(async () => {
  await setRules(...DEFAULT_RULES);
});

/** Runs the rules on a report as the submission does, its after-work awaited. */
async function auto(reportId: string, environment: unknown = env, localOrigin?: string) {
  const ctx = createExecutionContext();
  const context = { cloudflare: { env: environment, ctx } } as unknown as AppLoadContext;
  const approved = await decideAutomatically(context, reportId, { localOrigin });
  await waitOnExecutionContext(ctx);
  return approved;
}

const decide = (token: string, body: Record<string, unknown>) => api("/api/store/reports/decide", { method: "POST", token, body });

/** A delivered order whose first item costs `price` rupees (2 units, so the shopper's delivered value covers a 1-unit claim). */
const orderAt = (price: number, who?: Awaited<ReturnType<typeof shopper>>) => deliveredOrder([{ price, quantity: 2 }], who);

const mailsTo = async (email: string) =>
  (await env.DB.prepare('select subject, text from mail_outbox where "to" = ? order by created_at, rowid').bind(email).all<{ subject: string; text: string }>())
    .results;

describe("the rules approve at once", () => {
  it("a first claim of exactly ₹200, in full, with its lines, refunded and the shopper told", async () => {
    const order = await orderAt(200);
    const id = await insertReport(order, { lines: [{ item: 0, quantity: 1 }] });
    expect(await auto(id)).toBe(true);
    const row = await reportRow(id);
    expect(row).toMatchObject({
      status: "approved",
      claimed_amount: 20000,
      approved_amount: 20000,
      auto_approved: 1,
      decided_by: null,
      decision_reason: AUTO_REASON,
      // sendReportRefund ran after the approval (report-refunds.test.ts tests where the money goes).
      refund_status: "refunded",
    });
    expect(row.decided_at).toBeGreaterThan(0);
    expect(await reportLines(id)).toEqual([{ quantity: 1, amount: 20000, approved_quantity: 1, approved_amount: 20000, open: 0 }]);
    const [mail] = await mailsTo(order.shopper.email);
    expect(mail.subject).toContain(order.number);
    expect(mail.text).toContain("₹200");
  });

  it("tells the shopper's phones through the push queue", async () => {
    const sent: unknown[] = [];
    const queue = { send: async (body: unknown) => void sent.push(body) };
    const recorded = new Proxy(env, { get: (t, property) => (property === "PUSH_QUEUE" ? queue : (Reflect.get(t, property) as unknown)) });
    const order = await orderAt(100);
    const id = await insertReport(order, { lines: [{ item: 0, quantity: 1 }] });
    expect(await auto(id, recorded)).toBe(true);
    expect(sent).toEqual([{ kind: "order", orderId: order.id, status: "report_approved" }]);
  });

  it("but not ₹200.01: the report stays open for support", async () => {
    const order = await orderAt(200.01);
    const id = await insertReport(order, { lines: [{ item: 0, quantity: 1 }] });
    expect(await auto(id)).toBe(false);
    expect(await reportRow(id)).toMatchObject({ status: "open", approved_amount: null, auto_approved: 0, decided_at: null, refund_status: "none" });
    expect((await reportLines(id))[0]).toMatchObject({ approved_quantity: null, approved_amount: null, open: 1 });
    expect(await mailsTo(order.shopper.email)).toEqual([]);
  });

  it("not a second claim in 30 days, yes once the first is more than 30 days old", async () => {
    const order = await deliveredOrder([
      { price: 50, quantity: 2 },
      { price: 60, quantity: 2 },
      { price: 70, quantity: 2 },
    ]);
    const now = Date.now();
    // An approved claim 29 days ago: the next one waits for support.
    await insertReport(order, { lines: [{ item: 0, quantity: 1 }], createdAt: now - RULES_WINDOW_MS + 86_400_000, approved: true });
    const second = await insertReport(order, { lines: [{ item: 1, quantity: 1 }] });
    expect(await auto(second)).toBe(false);
    expect((await reportRow(second)).status).toBe("open");

    const later = await orderAt(70);
    // Another shopper's history: approved 31 days ago, then a claim now.
    await insertReport(later, { lines: [{ item: 0, quantity: 1 }], createdAt: now - RULES_WINDOW_MS - 86_400_000, approved: true });
    const again = await insertReport(later, { lines: [{ item: 0, quantity: 1 }] });
    expect(await auto(again)).toBe(true);
  });

  it("allows as many earlier approved claims as the rules say", async () => {
    await setRules(20000, 1, 100);
    const order = await deliveredOrder([
      { price: 50, quantity: 2 },
      { price: 60, quantity: 2 },
      { price: 70, quantity: 2 },
    ]);
    const first = await insertReport(order, { lines: [{ item: 0, quantity: 1 }] });
    const second = await insertReport(order, { lines: [{ item: 1, quantity: 1 }] });
    const third = await insertReport(order, { lines: [{ item: 2, quantity: 1 }] });
    expect([await auto(first), await auto(second), await auto(third)]).toEqual([true, true, false]);
  });

  it("holds claims to a share of the shopper's delivered value", async () => {
    const order = await deliveredOrder([{ price: 37, quantity: 3 }]);
    const id = await insertReport(order, { lines: [{ item: 0, quantity: 1 }] });
    // The smallest share that covers the claim: one percent less leaves it for support.
    const percent = Math.ceil((order.items[0].unitPaid * 100) / order.total);
    expect(percent).toBeGreaterThan(1);
    await setRules(20000, 0, percent - 1);
    expect(await auto(id)).toBe(false);
    await setRules(20000, 0, percent);
    expect(await auto(id)).toBe(true);
  });

  it("two first claims of one shopper decided together: one is approved, the other waits", async () => {
    const order = await deliveredOrder([
      { price: 80, quantity: 2 },
      { price: 90, quantity: 2 },
    ]);
    const a = await insertReport(order, { lines: [{ item: 0, quantity: 1 }] });
    const b = await insertReport(order, { lines: [{ item: 1, quantity: 1 }] });
    const outcomes = await Promise.all([auto(a), auto(b)]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const statuses = [(await reportRow(a)).status, (await reportRow(b)).status].sort();
    expect(statuses).toEqual(["approved", "open"]);
  });
});

describe("support decides", () => {
  async function openReport(price = 300, quantity = 2): Promise<{ order: DeliveredOrder; id: string }> {
    const order = await deliveredOrder([{ price, quantity }]);
    const id = await insertReport(order, { lines: [{ item: 0, quantity }], comment: "The packet was torn" });
    expect(await auto(id)).toBe(false);
    return { order, id };
  }

  it("once, however many decide together; the others are told who decided", async () => {
    const { id } = await openReport();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(admin, i % 2 ? { reportId: id, decision: "approve" } : { reportId: id, decision: "decline", reason: `No ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const conflicts = results.filter((r) => r.status === 409);
    expect(conflicts).toHaveLength(19);
    for (const c of conflicts) expect(c.body.message).toMatch(/^Already decided by /);
    const row = await reportRow(id);
    expect(row.decided_by).toBe(await userIdOf("admin@example.com"));
  });

  it("a part approval shares the amount over the lines; bounds are 0 < amount ≤ the claim", async () => {
    const order = await deliveredOrder([
      { price: 100, quantity: 2 },
      { price: 150, quantity: 2 },
    ]);
    const id = await insertReport(order, {
      lines: [
        { item: 0, quantity: 2 },
        { item: 1, quantity: 2 },
      ],
    });
    expect(await auto(id)).toBe(false); // ₹500: above ₹200
    for (const amount of [0, "0.00", 500.01, "-5", "abc"]) {
      const res = await decide(admin, { reportId: id, decision: "part", amount });
      expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    expect((await decide(admin, { reportId: id, decision: "part" })).body.message).toBe("Amount is required to approve part of a report");
    expect((await reportRow(id)).status).toBe("open");
    const res = await decide(admin, { reportId: id, decision: "part", amount: 250, reason: "One packet was fine" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "approved",
      claimedAmount: 500,
      approvedAmount: 250,
      autoApproved: false,
      decisionReason: "One packet was fine",
    });
    // ₹200 to the first line (both units), ₹50 to the second (not a whole unit).
    expect((await reportLines(id)).map((l) => [l.approved_quantity, l.approved_amount])).toEqual([
      [2, 20000],
      [0, 5000],
    ]);
    expect((await reportRow(id)).refund_status).toBe("refunded");
  });

  it("the whole claim is a part approval's upper bound", async () => {
    const { id } = await openReport(120, 2);
    const res = await decide(admin, { reportId: id, decision: "part", amount: "240" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.approvedAmount).toBe(240);
  });

  it("a decline needs a reason, and is recorded with who, when and why", async () => {
    const { order, id } = await openReport();
    for (const reason of [undefined, "", "   "]) {
      const res = await decide(admin, { reportId: id, decision: "decline", reason });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("A reason is required to decline a report");
    }
    const res = await decide(admin, { reportId: id, decision: "decline", reason: "The photo shows a sealed packet" });
    expect(res.status).toBe(200);
    const row = await reportRow(id);
    expect(row).toMatchObject({ status: "declined", approved_amount: null, decision_reason: "The photo shows a sealed packet", refund_status: "none" });
    expect(row.decided_by).toBe(await userIdOf("admin@example.com"));
    expect(row.decided_at).toBeGreaterThan(0);
    expect((await reportLines(id))[0]).toMatchObject({ approved_quantity: 0, approved_amount: 0, open: 0 });
    const mails = await mailsTo(order.shopper.email);
    expect(mails.at(-1)!.text).toContain("The photo shows a sealed packet");
  });

  it("only admins and the store's managers: another store's manager does not find it, a picker and a shopper are refused", async () => {
    const { order, id } = await openReport();
    const elsewhere = await staff("manager", otherStoreId);
    const picker = await staff("picker");
    const manager = await staff("manager");
    expect((await decide(elsewhere.token, { reportId: id, decision: "approve" })).status).toBe(404);
    expect((await decide(picker.token, { reportId: id, decision: "approve" })).status).toBe(403);
    expect((await decide(order.shopper.token, { reportId: id, decision: "approve" })).status).toBe(403);
    expect((await api("/api/store/reports", { token: elsewhere.token })).body.data.reports.map((r: { _id: string }) => r._id)).not.toContain(id);
    expect((await api(`/api/store/reports?storeId=${storeId}`, { token: elsewhere.token })).status).toBe(403);
    expect((await api("/api/store/reports", { token: picker.token })).status).toBe(403);
    expect((await reportRow(id)).status).toBe("open");
    const ids = (res: { body: { data: { reports: { _id: string }[] } } }) => res.body.data.reports.map((r: { _id: string }) => r._id);
    expect(ids(await api("/api/store/reports", { token: admin }))).toContain(id);
    expect(ids(await api(`/api/store/reports?storeId=${storeId}`, { token: admin }))).toContain(id);
    expect(ids(await api(`/api/store/reports?storeId=${otherStoreId}`, { token: admin }))).not.toContain(id);
    expect((await api("/api/store/reports?status=closed", { token: admin })).status).toBe(400);
    const listed = await api("/api/store/reports", { token: manager.token });
    expect(listed.status).toBe(200);
    const mine = listed.body.data.reports.find((r: { _id: string }) => r._id === id);
    expect(mine).toMatchObject({ claimedAmount: 600, comment: "The packet was torn", lines: [{ quantity: 2, reason: "missing", amount: 600 }] });
    expect(mine.history).toMatchObject({ deliveredOrders: 1, approvedEver: 0 });
    const res = await decide(manager.token, { reportId: id, decision: "part", amount: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await reportRow(id)).decided_by).toBe(manager.id);
    const decided = await api("/api/store/reports?status=approved", { token: manager.token });
    expect(decided.body.data.reports.find((r: { _id: string }) => r._id === id)).toMatchObject({ approvedAmount: 100, decidedBy: expect.any(String) });
  });
});

describe("the rules form", () => {
  it("validates, and is for admins only", async () => {
    const manager = await staff("manager");
    const good = { autoMaxAmount: "150.50", autoMaxPriorApproved: "2", autoMaxSharePercent: "40" };
    expect((await api("/api/store/report-rules", { method: "POST", token: manager.token, body: good })).status).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, autoMaxAmount: "" }, "Largest claim approved at once is required"],
      [{ ...good, autoMaxAmount: "10000.01" }, "Largest claim approved at once can be at most ₹10000"],
      [{ ...good, autoMaxAmount: "-1" }, "Largest claim approved at once cannot be negative"],
      [{ ...good, autoMaxPriorApproved: "1.5" }, "Approved claims allowed in the 30 days before must be a whole number"],
      [{ ...good, autoMaxPriorApproved: "101" }, "Approved claims allowed in the 30 days before must be between 0 and 100"],
      [{ ...good, autoMaxSharePercent: "" }, "Share of the shopper's delivered value is required"],
    ];
    for (const [body, message] of cases) {
      const res = await api("/api/store/report-rules", { method: "POST", token: admin, body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const cookie = await sessionCookie("admin@example.com", "Admin@12345");
    const page = await pagePost("/dashboard/reports", new URLSearchParams({ intent: "rules", ...good, autoMaxSharePercent: "150" }), { cookie });
    expect(page.status).toBe(400);
    expect(htmlText(await page.text())).toContain("Share of the shopper's delivered value must be between 0 and 100");
    const saved = await pagePost("/dashboard/reports", new URLSearchParams({ intent: "rules", ...good }), { cookie });
    expect(saved.status).toBe(303);
    const rules = await api("/api/store/report-rules", { token: admin });
    expect(rules.body.data).toMatchObject({ autoMaxAmount: 150.5, autoMaxPriorApproved: 2, autoMaxSharePercent: 40 });
  });
});

describe("the queue page without JavaScript", () => {
  it("shows an open report with the shopper's history and approves part of it with a plain form", async () => {
    const order = await deliveredOrder([{ price: 250, quantity: 2 }]);
    const id = await insertReport(order, { lines: [{ item: 0, quantity: 2, reason: "damaged" }], comment: "Crushed box", photoKey: "reports/x.webp" });
    expect(await auto(id)).toBe(false);
    const cookie = await sessionCookie("admin@example.com", "Admin@12345");
    const before = await pageGet(`/dashboard/reports?storeId=${storeId}`, cookie);
    expect(before.status).toBe(200);
    const html = await before.text();
    expect(html).toContain(`/report-photo/${id}`);
    const text = htmlText(html);
    expect(text).toContain(`Order ${order.number}: ₹500 claimed`);
    expect(text).toContain("Crushed box");
    expect(text).toContain("Damaged");

    const tooMuch = await pagePost("/dashboard/reports", new URLSearchParams({ intent: "decide", reportId: id, decision: "part", amount: "600", storeId }), {
      cookie,
    });
    expect(tooMuch.status).toBe(400);
    expect(htmlText(await tooMuch.text())).toContain("Amount can be at most the claim, ₹500");

    const done = await pagePost("/dashboard/reports", new URLSearchParams({ intent: "decide", reportId: id, decision: "part", amount: "120", storeId }), {
      cookie,
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/dashboard/reports?storeId=${storeId}`);
    expect(await reportRow(id)).toMatchObject({ status: "approved", approved_amount: 12000 });
    const after = htmlText(await (await pageGet(`/dashboard/reports?storeId=${storeId}`, cookie)).text());
    expect(after).toContain(`Order ${order.number}: Approved ₹120 of ₹500`);

    const picker = await staff("picker");
    const refused = await pageGet("/dashboard/reports", await sessionCookie(picker.email));
    expect(refused.status).toBe(403);
  });
});

describe("the shopper's mail", () => {
  it("links only to the public origin, whatever Host the decision came in on", async () => {
    const deployed = envWith({ PUBLIC_ORIGIN: PUBLIC });
    const order = await orderAt(400);
    const id = await insertReport(order, { lines: [{ item: 0, quantity: 1 }] });
    expect(await auto(id, deployed, EVIL)).toBe(false);
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${EVIL}/api/store/reports/decide`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin}`, "CF-Connecting-IP": randomIp(), Host: "evil.example" },
        body: JSON.stringify({ reportId: id, decision: "part", amount: 100 }),
      }),
      deployed,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const small = await orderAt(50, order.shopper);
    const autoId = await insertReport(small, { lines: [{ item: 0, quantity: 1 }] });
    // The shopper's second claim: support's approval above counts, so set the rules to let it through.
    await setRules(20000, 5, 100);
    expect(await auto(autoId, deployed, EVIL)).toBe(true);
    const mails = await mailsTo(order.shopper.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const urls = mail.text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${PUBLIC}/dashboard/myorders/`), url).toBe(true);
    }
  });
});
