/**
 * Order notices over Web Push (docs/decisions/037-order-push.md): subscribing refuses hostile input
 * and keeps at most PUSH_SUBSCRIPTIONS_PER_USER per shopper; an order move hands one message to the
 * PUSH_QUEUE and sends nothing while the request runs; the consumer posts an encrypted notice to
 * each subscription and deletes the ones the push service says are gone.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { PUSH_ATTEMPTS, type PushMessage } from "../../app/server/push/send.server";
import { PUSH_SUBSCRIPTIONS_PER_USER } from "../../app/lib/schemas/push";
import { DEV_VAPID } from "../../app/server/platform/env.server";
import { api, login, makeProduct, newShopper, randomIp, VALID_ADDRESS } from "./api-client";
import { BASE } from "./fixtures";
import { confirmAllLines } from "./pick-support";

const PUSH_HOST = "push.example.com";

/**
 * The fake push service: every fetch to PUSH_HOST is answered here by the path's first part
 * (`gone` 410, `busy` 503, anything else 201) and recorded; every other fetch goes on as usual.
 */
const pushCalls: { url: string; headers: Headers; bytes: number }[] = [];
const realFetch = globalThis.fetch;
beforeAll(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== PUSH_HOST) return realFetch(input, init);
    pushCalls.push({ url: url.href, headers: new Headers(init?.headers), bytes: (init?.body as ArrayBuffer | undefined)?.byteLength ?? 0 });
    const kind = url.pathname.split("/")[1];
    return new Response(null, { status: kind === "gone" ? 410 : kind === "busy" ? 503 : 201 });
  });
});
afterAll(() => {
  vi.restoreAllMocks();
});
const callsTo = (endpoint: string) => pushCalls.filter((c) => c.url === endpoint);

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A browser's subscription: a real P-256 key and auth secret, on the fake push service. */
async function browserSubscription(kind = "ok") {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const p256dh = b64url((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  return {
    endpoint: `https://${PUSH_HOST}/${kind}/${crypto.randomUUID()}`,
    expirationTime: null,
    keys: { p256dh, auth: b64url(crypto.getRandomValues(new Uint8Array(16))) },
  };
}

const subscribe = (token: string | undefined, body: unknown) => api("/api/push/subscribe", { method: "POST", token, body });
const rowsOf = async (email: string) =>
  (
    await env.DB.prepare("select endpoint, p256dh, auth from push_subscriptions where user_id = (select id from users where email = ?) order by rowid")
      .bind(email)
      .all<{ endpoint: string; p256dh: string; auth: string }>()
  ).results;
const ownerOf = async (endpoint: string) =>
  (
    await env.DB.prepare("select u.email from push_subscriptions p join users u on u.id = p.user_id where p.endpoint = ?")
      .bind(endpoint)
      .first<{ email: string }>()
  )?.email ?? null;

describe("subscribing", () => {
  it("needs a signed-in shopper and a well-formed subscription", async () => {
    const shopper = await newShopper();
    const good = await browserSubscription();
    expect((await subscribe(undefined, good)).status).toBe(401);
    // The key to subscribe with is public (a front end asks before the shopper signs in).
    expect((await api("/api/push/subscribe")).body.data).toEqual({ publicKey: DEV_VAPID.publicKey });
    const refused = async (body: unknown, status = 400) => {
      const res = await subscribe(shopper.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(status);
      expect(res.body.success).toBe(false);
    };
    const endpoints = [
      `http://${PUSH_HOST}/ok/x`, // not https
      "https://10.0.0.7/ok/x", // an IP literal
      "https://[fd00::1]/ok/x",
      `https://${PUSH_HOST}:8443/ok/x`, // not the default port
      `https://user:pass@${PUSH_HOST}/ok/x`,
      "https://metadata.internal/ok/x",
      "https://intranet/ok/x",
      "javascript:alert(1)",
      "not a url",
      `https://${PUSH_HOST}/${"a".repeat(1100)}`, // too long
      "",
    ];
    for (const endpoint of endpoints) await refused({ ...good, endpoint });
    await refused({ endpoint: good.endpoint });
    await refused({ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }); // 64 bytes
    await refused({ ...good, keys: { ...good.keys, p256dh: `B${"A".repeat(86)}` } }); // 65 bytes, not on the curve
    await refused({ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, 80)}!!!!!!!` } });
    await refused({ ...good, keys: { ...good.keys, auth: good.keys.auth.slice(2) } });
    await refused({ ...good, keys: { ...good.keys, auth: "x".repeat(5000) } });
    await refused({ ...good, keys: "nope" });
    await refused({ ...good, padding: "x".repeat(70 * 1024) }, 413);
    expect(await rowsOf(shopper.email)).toEqual([]);
    const res = await subscribe(shopper.token, good);
    expect(res.status).toBe(200);
    expect(await rowsOf(shopper.email)).toEqual([{ endpoint: good.endpoint, p256dh: good.keys.p256dh, auth: good.keys.auth }]);
  });

  it("the same endpoint again updates its keys; another account cannot take it, nor remove it", async () => {
    const [owner, other] = await Promise.all([newShopper(), newShopper()]);
    const first = await browserSubscription();
    expect((await subscribe(owner.token, first)).status).toBe(200);
    const renewed = { ...(await browserSubscription()), endpoint: first.endpoint };
    expect((await subscribe(owner.token, renewed)).status).toBe(200);
    expect(await rowsOf(owner.email)).toEqual([{ endpoint: first.endpoint, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth }]);
    // Someone else presenting the owner's endpoint with keys of their own.
    const hijack = { ...(await browserSubscription()), endpoint: first.endpoint };
    expect((await subscribe(other.token, hijack)).status).toBe(409);
    expect(await ownerOf(first.endpoint)).toBe(owner.email);
    expect(await rowsOf(owner.email)).toEqual([{ endpoint: first.endpoint, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth }]);
    const theirs = await api("/api/push/unsubscribe", { method: "POST", token: other.token, body: { endpoint: first.endpoint } });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual({ removed: 0 });
    expect(await ownerOf(first.endpoint)).toBe(owner.email);
    const own = await api("/api/push/unsubscribe", { method: "POST", token: owner.token, body: { endpoint: first.endpoint } });
    expect(own.body.data).toEqual({ removed: 1 });
    expect(await rowsOf(owner.email)).toEqual([]);
    expect((await api("/api/push/unsubscribe", { method: "POST", token: owner.token, body: {} })).status).toBe(400);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_USER} per shopper, dropping the oldest, even when they arrive at once`, async () => {
    const shopper = await newShopper();
    const subs = await Promise.all(Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 1 }, () => browserSubscription()));
    for (const sub of subs) expect((await subscribe(shopper.token, sub)).status).toBe(200);
    expect((await rowsOf(shopper.email)).map((r) => r.endpoint)).toEqual(subs.slice(1).map((s) => s.endpoint));
    const burst = await Promise.all(Array.from({ length: 8 }, () => browserSubscription()));
    const answers = await Promise.all(burst.map((sub) => subscribe(shopper.token, sub)));
    expect(answers.map((a) => a.status)).toEqual(burst.map(() => 200));
    expect(await rowsOf(shopper.email)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
  });
});

/**
 * One request through the Worker with a PUSH_QUEUE that records what it is sent. Returns once the
 * request's waitUntil work has finished, with the push service's calls made meanwhile.
 */
async function observed(path: string, init: { method: string; token: string; body: unknown }) {
  const sent: PushMessage[] = [];
  const queue = {
    async send(body: PushMessage) {
      sent.push(body);
    },
  };
  const testEnv = new Proxy(env, { get: (t, property) => (property === "PUSH_QUEUE" ? queue : (Reflect.get(t, property) as unknown)) });
  const callsBefore = pushCalls.length;
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${BASE}${path}`, {
      method: init.method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${init.token}`, "CF-Connecting-IP": randomIp() },
      body: JSON.stringify(init.body),
    }) as never,
    testEnv,
    ctx,
  );
  const body = (await response.json()) as { data: { _id: string } };
  await waitOnExecutionContext(ctx);
  return { response, body, sent, pushCalls: pushCalls.slice(callsBefore) };
}

/** Runs the consumer on these messages with a PUSH_QUEUE that records follow-ups. */
async function consume(messages: PushMessage[]) {
  const followUps: { body: PushMessage; delaySeconds?: number }[] = [];
  const queue = {
    async send(body: PushMessage, options?: QueueSendOptions) {
      followUps.push({ body, delaySeconds: options?.delaySeconds });
    },
  };
  const testEnv = new Proxy(env, { get: (t, property) => (property === "PUSH_QUEUE" ? queue : (Reflect.get(t, property) as unknown)) });
  const batch = createMessageBatch<PushMessage>(
    "grocery-store-push",
    messages.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  return { result, followUps };
}

describe("an order move", () => {
  let staff: string;
  beforeAll(async () => {
    const admin = await login("admin@example.com", "Admin@12345");
    const storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
    const member = await newShopper();
    expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: member.email } })).status).toBe(200);
    staff = member.token;
  });

  /** A subscribed shopper's cash order, placed through a recorded queue (so no real consumer sees it). */
  async function subscribedOrder(kinds: string[] = ["ok"]) {
    const shopper = await newShopper();
    const subs = await Promise.all(kinds.map((kind) => browserSubscription(kind)));
    for (const sub of subs) expect((await subscribe(shopper.token, sub)).status).toBe(200);
    const product = await makeProduct({ stock: 5, price: 40 });
    const addressId = (await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS })).body.data._id as string;
    const placed = await observed("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId },
    });
    expect(placed.response.status).toBe(201);
    return { shopper, subs, product, id: placed.body.data._id, placed };
  }

  it("is queued after the response, and only the consumer calls the push service", async () => {
    const { subs, product, id, placed } = await subscribedOrder();
    const endpoint = subs[0].endpoint;
    expect(placed.sent).toEqual([{ kind: "order", orderId: id, status: "placed" }]);
    expect(callsTo(endpoint)).toEqual([]);
    await confirmAllLines(id);
    const packed = await observed("/api/order/pick", { method: "POST", token: staff, body: { _id: id, lines: [{ productId: product.id, picked: 1 }] } });
    expect(packed.response.status).toBe(200);
    expect(packed.sent).toEqual([{ kind: "order", orderId: id, status: "packed" }]);
    // The request and all its waitUntil work are over: the push service has heard nothing.
    expect(packed.pushCalls).toEqual([]);
    // `ready` tells the shopper nothing new: no message.
    expect((await observed("/api/order/ready", { method: "POST", token: staff, body: { _id: id } })).sent).toEqual([]);
    const { result, followUps } = await consume([...placed.sent, ...packed.sent]);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect(followUps).toEqual([]);
    const calls = callsTo(endpoint);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.headers.get("Content-Encoding")).toBe("aes128gcm");
      expect(call.headers.get("Authorization")).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${DEV_VAPID.publicKey}$`));
      expect(call.headers.get("Topic")).toBe(`order-${id}`);
      expect(Number(call.headers.get("TTL"))).toBeGreaterThan(0);
      expect(call.bytes).toBeGreaterThan(100);
    }
  });

  it("a subscription the push service says is gone is deleted; one that is busy gets a follow-up, at most PUSH_ATTEMPTS tries", async () => {
    const { shopper, subs, id } = await subscribedOrder(["ok", "gone", "busy"]);
    const [ok, gone, busy] = subs.map((s) => s.endpoint);
    const message: PushMessage = { kind: "order", orderId: id, status: "placed" };
    const first = await consume([message]);
    expect(first.result.explicitAcks).toEqual(["m0"]);
    expect([callsTo(ok).length, callsTo(gone).length, callsTo(busy).length]).toEqual([1, 1, 1]);
    expect((await rowsOf(shopper.email)).map((r) => r.endpoint).sort()).toEqual([ok, busy].sort());
    expect(first.followUps).toEqual([{ body: { ...message, only: [busy], attempt: 2 }, delaySeconds: expect.any(Number) }]);
    // The follow-up goes to the busy one only.
    const second = await consume([first.followUps[0].body]);
    expect([callsTo(ok).length, callsTo(busy).length]).toEqual([1, 2]);
    expect(second.followUps).toEqual([{ body: { ...message, only: [busy], attempt: PUSH_ATTEMPTS }, delaySeconds: expect.any(Number) }]);
    const last = await consume([second.followUps[0].body]);
    expect(callsTo(busy)).toHaveLength(PUSH_ATTEMPTS);
    expect(last.followUps).toEqual([]);
  });
});
