/**
 * Helpers for the payments and orders security cases (and the workers tests that pay orders): the
 * fake Stripe's view of a Checkout Session, paying it there, and signed webhook deliveries.
 */
import { env, SELF } from "cloudflare:test";
import Stripe from "stripe";
import { expect, inject } from "vitest";
import type { FakeCheckoutSession } from "../support/fake-stripe";
import { api, randomIp, VALID_ADDRESS } from "../workers/api-client";
import { BASE } from "../workers/fixtures";

export const WEBHOOK_SECRET = "whsec_test_secret";
const stripe = new Stripe("sk_test_fake_key");

/** The session as the fake Stripe holds it: what the store really sent (line items, amount, currency). */
export async function stripeSession(id: string): Promise<FakeCheckoutSession> {
  const res = await fetch(`${inject("stripeBase")}/v1/checkout/sessions/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as FakeCheckoutSession;
}

/** The shopper pays on the fake's hosted page (no webhook is sent: the workers fake has no store URL). */
export async function payAtStripe(id: string): Promise<FakeCheckoutSession> {
  const res = await fetch(`${inject("stripeBase")}/pay/${id}`, { method: "POST", redirect: "manual" });
  expect(res.status).toBe(303);
  return stripeSession(id);
}

export function sessionEvent<S extends object>(type: string, session: S, id = `evt_${crypto.randomUUID().replace(/-/g, "")}`) {
  return { id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object: { object: "checkout.session", ...session } } };
}

/** `checkout.session.completed` for a session the shopper really paid at the fake Stripe. */
export async function completedEvent(sessionId: string, overrides: Partial<FakeCheckoutSession> = {}) {
  const session = await payAtStripe(sessionId);
  return sessionEvent("checkout.session.completed", { ...session, ...overrides });
}

/** A `Stripe-Signature` header for `payload`, as Stripe computes it. */
export function signatureFor(payload: string, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  return stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp });
}

/** Posts an event to the store's webhook, signed with `secret` at `timestamp` (or with a raw header). */
export async function sendWebhook(
  event: unknown,
  { secret = WEBHOOK_SECRET, timestamp, header }: { secret?: string; timestamp?: number; header?: string } = {},
) {
  const payload = typeof event === "string" ? event : JSON.stringify(event);
  const signature = header ?? (await signatureFor(payload, { secret, timestamp }));
  const res = await SELF.fetch(`${BASE}/api/order/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { message: string; success: boolean } };
}

export async function addressFor(token: string) {
  const res = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

export interface OrderRow {
  id: string;
  status: string;
  payment_status: string;
  payment_method: string;
  payment_id: string | null;
  total: number;
  stripe_session_id: string | null;
  needs_attention: number;
  attention_note: string | null;
  version: number;
}

export async function orderById(id: string): Promise<OrderRow> {
  return (await env.DB.prepare(
    `select id, status, payment_status, payment_method, payment_id, total, stripe_session_id, needs_attention, attention_note, version
       from orders where id = ?`,
  )
    .bind(id)
    .first<OrderRow>())!;
}

export async function orderBySession(sessionId: string): Promise<OrderRow> {
  const row = await env.DB.prepare("select id from orders where stripe_session_id = ?").bind(sessionId).first<{ id: string }>();
  expect(row, `an order for ${sessionId}`).toBeTruthy();
  return orderById(row!.id);
}

/** Every order row of a shopper, oldest first (to prove what a request did or did not create). */
export async function ordersOf(token: string): Promise<OrderRow[]> {
  const user = await api("/api/user/user-details", { token });
  const { results } = await env.DB.prepare(
    `select id, status, payment_status, payment_method, payment_id, total, stripe_session_id, needs_attention, attention_note, version
       from orders where user_id = ? order by created_at, rowid`,
  )
    .bind(user.body.data._id)
    .all<OrderRow>();
  return results;
}

export async function paymentEvent(id: string) {
  return env.DB.prepare("select type, order_id as orderId, outcome, note from payment_events where id = ?")
    .bind(id)
    .first<{ type: string; orderId: string | null; outcome: string; note: string | null }>();
}

/** The page session cookie of a shopper (as a browser would hold it after logging in). */
export async function sessionCookie(email: string, password = "Test@12345") {
  const res = await api("/api/user/login", { method: "POST", body: { email, password }, headers: { "CF-Connecting-IP": randomIp() } });
  expect(res.status).toBe(200);
  return (res.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "").split(";")[0];
}

/** A plain form POST from the store's own page (no JavaScript): the answer is not followed. */
export function postForm(path: string, cookie: string, fields: Record<string, string>) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}
