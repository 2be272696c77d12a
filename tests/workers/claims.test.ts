/**
 * A picker's claim on an order (docs/decisions/047-order-claims.md): one guarded UPDATE decides a
 * claim, the pick's batch refuses anyone but the claimant, the claimant or the store's manager or an
 * admin releases it (reason in the history), and the claim ends when the order leaves picking.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { confirmAllLines } from "./pick-support";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";
import { htmlText, pageGet, pagePost, sessionCookie } from "../security/support-admin";

/** A page's visible text: tags removed, so a name in <strong> reads as in the browser. */
const textOf = async (res: Response) =>
  htmlText(await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]*>/g, "");

type Staff = { token: string; email: string; id: string; name: string };

let admin: string;
let storeId: string;
let otherStoreId: string;
let pickerA: Staff;
let pickerB: Staff;
let manager: Staff;
let otherManager: Staff;

/** A staff member with a name of their own, so a message naming them is told apart. */
async function newStaff(store: string, role: "picker" | "manager", name: string): Promise<Staff> {
  const person = await newShopper();
  expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: store, email: person.email, role } })).status).toBe(200);
  const id = (await env.DB.prepare("select id from users where email = ?").bind(person.email).first<{ id: string }>())!.id;
  const unique = `${name} ${id.slice(-4)}`;
  await env.DB.prepare("update users set name = ? where id = ?").bind(unique, id).run();
  return { ...person, id, name: unique };
}

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  otherStoreId = (await env.DB.prepare("select id from stores where is_default = 0 order by name limit 1").first<{ id: string }>())!.id;
  pickerA = await newStaff(storeId, "picker", "Asha");
  pickerB = await newStaff(storeId, "picker", "Bilal");
  manager = await newStaff(storeId, "manager", "Meera");
  otherManager = await newStaff(otherStoreId, "manager", "Omar");
});

/** A cash order of one new product at the default store: its id and the product. */
async function codOrder() {
  const shopper = await newShopper();
  const product = await makeProduct({ name: "Claim Rice" });
  const addressId = (await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS })).body.data._id as string;
  const res = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token: shopper.token,
    body: { list_items: [{ productId: product.id, quantity: 2 }], addressId },
  });
  expect(res.status).toBe(201);
  return { id: res.body.data._id as string, productId: product.id, shopper };
}

const claim = (id: string, token: string) => api("/api/order/claim", { method: "POST", token, body: { _id: id } });
const release = (id: string, token: string, reason?: string) => api("/api/order/release", { method: "POST", token, body: { _id: id, reason } });
const pick = async (id: string, productId: string, token: string, picked = 2) => {
  await confirmAllLines(id);
  return api("/api/order/pick", { method: "POST", token, body: { _id: id, lines: [{ productId, picked }] } });
};
const claimOf = (id: string) =>
  env.DB.prepare("select claimed_by, claimed_at, status from orders where id = ?")
    .bind(id)
    .first<{ claimed_by: string | null; claimed_at: number | null; status: string }>();
const historyNotes = async (id: string) =>
  (
    await env.DB.prepare("select status, note, actor_user_id from order_status_history where order_id = ? order by created_at, rowid")
      .bind(id)
      .all<{ status: string; note: string; actor_user_id: string }>()
  ).results;

describe("claiming", () => {
  it("claims an unclaimed order; claiming again keeps the first time; the answer names the claimant", async () => {
    const order = await codOrder();
    const first = await claim(order.id, pickerA.token);
    expect(first.status).toBe(200);
    expect(first.body.claimedBy).toEqual({ _id: pickerA.id, name: pickerA.name });
    const at = (await claimOf(order.id))!.claimed_at;
    expect(at).toBeGreaterThan(0);
    const again = await claim(order.id, pickerA.token);
    expect(again.status).toBe(200);
    expect((await claimOf(order.id))!.claimed_at).toBe(at);
  });

  it("of 30 parallel claims by two pickers exactly one wins; every other is 409 naming the winner", async () => {
    const order = await codOrder();
    const tries = Array.from({ length: 30 }, (_, i) => (i % 2 ? pickerA : pickerB));
    const answers = await Promise.all(tries.map((who) => claim(order.id, who.token)));
    const holder = (await claimOf(order.id))!.claimed_by;
    const winner = holder === pickerA.id ? pickerA : pickerB;
    expect([pickerA.id, pickerB.id]).toContain(holder);
    answers.forEach((res, i) => {
      if (tries[i] === winner) expect(res.status).toBe(200);
      else {
        expect(res.status).toBe(409);
        expect(res.body.message).toContain(`being picked by ${winner.name} since`);
        expect(res.body.data.claimedBy).toEqual({ _id: winner.id, name: winner.name });
      }
    });
    expect(answers.filter((r) => r.status === 200).length).toBe(15);
  });

  it("is 404 for another store's staff and 403 for a shopper; a picked order cannot be claimed (409)", async () => {
    const order = await codOrder();
    expect((await claim(order.id, otherManager.token)).status).toBe(404);
    expect((await claim(order.id, order.shopper.token)).status).toBe(403);
    expect((await claimOf(order.id))!.claimed_by).toBeNull();
    expect((await pick(order.id, order.productId, pickerA.token)).status).toBe(200);
    const late = await claim(order.id, pickerB.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toContain("already picked");
  });

  it("refuses bad input with 400", async () => {
    for (const body of [{}, { _id: "" }, { _id: 5 }, { _id: "../x" }]) {
      expect((await api("/api/order/claim", { method: "POST", token: pickerA.token, body })).status, JSON.stringify(body)).toBe(400);
    }
    const order = await codOrder();
    await claim(order.id, pickerA.token);
    const long = await release(order.id, pickerA.token, "x".repeat(201));
    expect(long.status).toBe(400);
    expect((await claimOf(order.id))!.claimed_by).toBe(pickerA.id);
  });
});

describe("picking a claimed order", () => {
  it("refuses another picker's pick (409 naming the holder) and applies the claimant's", async () => {
    const order = await codOrder();
    expect((await claim(order.id, pickerA.token)).status).toBe(200);
    const other = await pick(order.id, order.productId, pickerB.token);
    expect(other.status).toBe(409);
    expect(other.body.message).toContain(`being picked by ${pickerA.name}`);
    expect((await claimOf(order.id))!.status).toBe("placed");
    // A pick that found nothing would cancel the order: refused all the same.
    expect((await pick(order.id, order.productId, pickerB.token, 0)).status).toBe(409);
    expect((await claimOf(order.id))!.status).toBe("placed");
    expect((await pick(order.id, order.productId, pickerA.token)).status).toBe(200);
  });

  it("auto-claims: an unclaimed order is picked by whoever picks it, and the claim ends once packed", async () => {
    const order = await codOrder();
    expect((await pick(order.id, order.productId, pickerB.token)).status).toBe(200);
    const row = (await claimOf(order.id))!;
    expect(row.status).toBe("packed");
    expect(row.claimed_by).toBeNull();
  });

  it("clears the claim when the claimant packs it, and when the order is cancelled", async () => {
    const packed = await codOrder();
    await claim(packed.id, pickerA.token);
    expect((await pick(packed.id, packed.productId, pickerA.token)).status).toBe(200);
    expect(await claimOf(packed.id)).toMatchObject({ status: "packed", claimed_by: null, claimed_at: null });

    const cancelled = await codOrder();
    await claim(cancelled.id, pickerA.token);
    const res = await api("/api/order/cancel", { method: "POST", token: cancelled.shopper.token, body: { _id: cancelled.id } });
    expect(res.status).toBe(200);
    expect(await claimOf(cancelled.id)).toMatchObject({ status: "cancelled", claimed_by: null, claimed_at: null });
  });
});

describe("releasing", () => {
  it("lets the claimant release their own claim, recorded in the history", async () => {
    const order = await codOrder();
    await claim(order.id, pickerA.token);
    const res = await release(order.id, pickerA.token);
    expect(res.status).toBe(200);
    expect(res.body.claimedBy).toBeNull();
    expect((await claimOf(order.id))!.claimed_by).toBeNull();
    expect((await historyNotes(order.id)).at(-1)).toMatchObject({ status: "placed", note: `Claim of ${pickerA.name} released`, actor_user_id: pickerA.id });
    // Nothing left to release.
    expect((await release(order.id, pickerA.token)).status).toBe(409);
  });

  it("refuses a picker releasing another's claim (403) and lets the store's manager and an admin do it, with the reason", async () => {
    const order = await codOrder();
    await claim(order.id, pickerA.token);
    const refused = await release(order.id, pickerB.token, "mine now");
    expect(refused.status).toBe(403);
    expect((await claimOf(order.id))!.claimed_by).toBe(pickerA.id);
    // Another store's manager does not even see it.
    expect((await release(order.id, otherManager.token, "x")).status).toBe(404);

    const byManager = await release(order.id, manager.token, "Asha went on break");
    expect(byManager.status).toBe(200);
    expect((await claimOf(order.id))!.claimed_by).toBeNull();
    expect((await historyNotes(order.id)).at(-1)).toMatchObject({
      note: `Claim of ${pickerA.name} released: Asha went on break`,
      actor_user_id: manager.id,
    });

    await claim(order.id, pickerB.token);
    const byAdmin = await release(order.id, admin, "shift over");
    expect(byAdmin.status).toBe(200);
    expect((await claimOf(order.id))!.claimed_by).toBeNull();
    expect((await historyNotes(order.id)).at(-1)!.note).toBe(`Claim of ${pickerB.name} released: shift over`);
    // Free again: B can claim and pick it.
    expect((await claim(order.id, pickerB.token)).status).toBe(200);
    expect((await pick(order.id, order.productId, pickerB.token)).status).toBe(200);
  });
});

describe("the queue", () => {
  it("shows who has each order over /api", async () => {
    const order = await codOrder();
    await claim(order.id, pickerA.token);
    const res = await api(`/api/store/queue?storeId=${storeId}`, { token: manager.token });
    expect(res.status).toBe(200);
    const row = (res.body.data.orders as { _id: string; claimedBy: unknown; claimedAt: string | null }[]).find((o) => o._id === order.id)!;
    expect(row.claimedBy).toEqual({ _id: pickerA.id, name: pickerA.name });
    expect(Date.parse(row.claimedAt!)).toBe((await claimOf(order.id))!.claimed_at);
    await release(order.id, pickerA.token);
    const after = await api(`/api/store/queue?storeId=${storeId}`, { token: manager.token });
    const again = (after.body.data.orders as { _id: string; claimedBy: unknown }[]).find((o) => o._id === order.id)!;
    expect(again.claimedBy).toBeNull();
  });
});

/** An open live socket (decision 028) and the order notices it has received. */
async function listen(path: string, token: string) {
  const res = await SELF.fetch(`${BASE}${path}`, { headers: { Upgrade: "websocket", Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  socket.accept();
  const messages: { orderId: string; status: string }[] = [];
  socket.addEventListener("message", (event) => {
    if (event.data !== "pong") messages.push(JSON.parse(event.data as string));
  });
  return { socket, messages };
}

async function until(check: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("live", () => {
  it("a claim and a release reach the store's queue and the order's page at once", { timeout: 20_000 }, async () => {
    const order = await codOrder();
    const pages = [await listen(`/live/store/${storeId}`, manager.token), await listen(`/live/order/${order.id}`, pickerB.token)];
    expect((await claim(order.id, pickerA.token)).status).toBe(200);
    await until(() => pages.every((page) => page.messages.some((m) => m.orderId === order.id)));
    const heard = pages.map((page) => page.messages.length);
    expect((await release(order.id, pickerA.token)).status).toBe(200);
    await until(() => pages.every((page, i) => page.messages.length > heard[i]));
    for (const page of pages) {
      expect(page.messages.filter((m) => m.orderId === order.id).every((m) => m.status === "placed")).toBe(true);
      page.socket.close();
    }
  });
});

describe("the pages without JavaScript", () => {
  it("claims from the queue, shows the holder to another picker, refuses their pick, and a manager releases with a reason", async () => {
    const order = await codOrder();
    const queue = `/dashboard/stores/${storeId}/queue`;
    const page = `${queue}/${order.id}`;
    const [cookieA, cookieB, cookieM] = await Promise.all([sessionCookie(pickerA.email), sessionCookie(pickerB.email), sessionCookie(manager.email)]);

    const claimed = await pagePost(queue, new URLSearchParams({ intent: "claim", orderId: order.id }), { cookie: cookieA });
    expect(claimed.status).toBe(303);
    expect(claimed.headers.get("Location")).toBe(page);
    expect((await claimOf(order.id))!.claimed_by).toBe(pickerA.id);
    expect(await textOf(await pageGet(queue, cookieB))).toContain(`Picking: ${pickerA.name}`);

    const seen = await textOf(await pageGet(page, cookieB));
    expect(seen).toContain(`Being picked by ${pickerA.name} since`);
    expect(seen).not.toContain("Release claim");

    // B's claim from the queue goes back to the queue with the holder's name.
    const lost = await pagePost(queue, new URLSearchParams({ intent: "claim", orderId: order.id }), { cookie: cookieB });
    expect(lost.headers.get("Location")).toBe(queue);
    await confirmAllLines(order.id);
    const refusedPick = await pagePost(page, new URLSearchParams({ intent: "pick", [`picked.${order.productId}`]: "2" }), { cookie: cookieB });
    expect(refusedPick.status).toBe(409);
    expect(await textOf(refusedPick)).toContain(`being picked by ${pickerA.name}`);
    const refusedRelease = await pagePost(page, new URLSearchParams({ intent: "release", holder: pickerA.id }), { cookie: cookieB });
    expect(refusedRelease.status).toBe(403);

    expect(await textOf(await pageGet(page, cookieM))).toContain("Release claim");
    const released = await pagePost(page, new URLSearchParams({ intent: "release", holder: pickerA.id, reason: "Asha is on the phone" }), {
      cookie: cookieM,
    });
    expect([302, 303]).toContain(released.status);
    expect((await claimOf(order.id))!.claimed_by).toBeNull();
    expect(await textOf(await pageGet(page, cookieM))).toContain(`Claim of ${pickerA.name} released: Asha is on the phone`);

    const mine = await pagePost(page, new URLSearchParams({ intent: "claim" }), { cookie: cookieB });
    expect([302, 303]).toContain(mine.status);
    expect(await textOf(await pageGet(page, cookieB))).toContain("You are picking this order since");
    const picked = await pagePost(page, new URLSearchParams({ intent: "pick", [`picked.${order.productId}`]: "2" }), { cookie: cookieB });
    expect([302, 303]).toContain(picked.status);
    expect((await claimOf(order.id))!.status).toBe("packed");
  });

  it("a manager's release names the claimant they saw: a newer claim is left alone", async () => {
    const order = await codOrder();
    const page = `/dashboard/stores/${storeId}/queue/${order.id}`;
    await claim(order.id, pickerB.token);
    const cookieM = await sessionCookie(manager.email);
    const stale = await pagePost(page, new URLSearchParams({ intent: "release", holder: pickerA.id, reason: "x" }), { cookie: cookieM });
    expect(stale.status).toBe(409);
    expect((await claimOf(order.id))!.claimed_by).toBe(pickerB.id);
  });
});

describe("confirming lines of a claimed order (decision 042)", () => {
  it("is refused to anyone but the claimant: 409 naming the holder, nothing recorded", async () => {
    const order = await codOrder();
    expect((await claim(order.id, pickerA.token)).status).toBe(200);
    const confirm = (token: string) =>
      api("/api/order/pick/confirm", { method: "POST", token, body: { _id: order.id, productId: order.productId, manual: true } });
    const refused = await confirm(pickerB.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/being picked by Asha/);
    const count = async () =>
      (await env.DB.prepare("select count(*) as n from pick_confirmations c join order_items i on i.id = c.order_item_id where i.order_id = ?")
        .bind(order.id)
        .first<{ n: number }>())!.n;
    expect(await count()).toBe(0);
    expect((await confirm(pickerA.token)).status).toBe(200);
    expect(await count()).toBe(1);
  });
});
