/**
 * A small stand-in for Stripe used by the tests (the network is closed here, and
 * stripe-stateful-mock has no Checkout Sessions). It speaks the part of the API the store uses:
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire,
 *   POST /v1/refunds
 * and serves a hosted payment page at /pay/:id whose "Pay" button delivers a signed
 * `checkout.session.completed` webhook to the store, then redirects to the session's success_url.
 * Control routes for tests: POST /__control/expire/:id (delivers checkout.session.expired),
 * POST /__control/redeliver/:id (sends the last event again), GET /__control/events,
 * GET /__control/refunds?payment_intent=pi_… (the refunds really created, and every refund request
 * received with its idempotency key and outcome), GET /__control/session-requests?customer_email=…
 * (every Checkout Session request received, refused ones too), POST /__control/answer/pi_… (see below).
 *
 * Like Stripe, a Checkout Session in rupees below ₹0.50 is refused (400 `amount_too_small`).
 *
 * Refunds keep Stripe's idempotency: the first answer to a key (a refusal too) is replayed to every
 * later request with that key and the same parameters; other parameters get a 400
 * `idempotency_error`. A payment intent `pi_refuse…` refuses refunds; `pi_lost…` makes them but
 * loses the answer (cut off: the caller cannot know what happened), until POST
 * /__control/answer/pi_lost… lets its answers through.
 *
 * Run: `npx tsx tests/support/fake-stripe.ts` with FAKE_STRIPE_PORT, STORE_URL, STRIPE_WEBHOOK_SECRET.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/** A Checkout Session as the fake keeps it (and answers it to GET /v1/checkout/sessions/:id). */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  line_items: { name: string; quantity: number; unit_amount: number }[];
}

/** A refund request as the fake received it: the idempotency key, the parameters, what it did. */
export interface RefundRequest {
  key: string | null;
  payment_intent: string | null;
  amount: number;
  metadata: Record<string, string>;
  /** `created` made a refund; `replayed` answered a key's first answer again; `refused` made none. */
  outcome: "created" | "replayed" | "refused" | "idempotency_error";
  /** The answer was lost on its way (`pi_lost…`). */
  lost?: true;
}

/** A Checkout Session request as the fake received it, and what it did. */
export interface SessionRequest {
  key: string | null;
  customer_email: string | null;
  amount_total: number;
  outcome: "created" | "replayed" | "amount_too_small" | "invalid";
}

/** Stripe's smallest charge in rupees, in paise. */
const MIN_INR_AMOUNT = 50;

export interface FakeStripeOptions {
  port: number;
  storeUrl?: string;
  webhookSecret: string;
}

const rand = (n = 12) => randomBytes(n).toString("hex");

/** Stripe's form encoding: a[b][0][c]=x → nested objects/arrays. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter(Boolean);
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function startFakeStripe({ port, storeUrl, webhookSecret }: FakeStripeOptions): Promise<Server> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const byIdempotencyKey = new Map<string, FakeCheckoutSession>();
  /** The first answer to each refund idempotency key, with the body it was given for. */
  const refundAnswers = new Map<string, { body: string; status: number; answer: unknown }>();
  /** Every refund actually created (an idempotent replay adds nothing), for tests to count. */
  const refundLog: { id: string; payment_intent: string; amount: number }[] = [];
  /** Every refund request received, for tests to read the keys the store sent. */
  const refundRequests: RefundRequest[] = [];
  /** Every Checkout Session request received, for tests to prove one was (or was not) made. */
  const sessionRequests: SessionRequest[] = [];
  /** `pi_lost…` intents whose answers now get through. */
  const answering = new Set<string>();
  const lastEvent = new Map<string, string>();
  const events: { id: string; type: string; session: string; delivered: number }[] = [];
  const base = `http://127.0.0.1:${port}`;

  async function deliver(session: FakeCheckoutSession, type: string, payloadOverride?: string) {
    const payload =
      payloadOverride ??
      JSON.stringify({
        id: `evt_${rand()}`,
        object: "event",
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object: session },
      });
    lastEvent.set(session.id, payload);
    const event = JSON.parse(payload) as { id: string };
    if (!storeUrl) return 0;
    const res = await fetch(`${storeUrl}/api/order/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signPayload(payload, webhookSecret) },
      body: payload,
    });
    events.push({ id: event.id, type, session: session.id, delivered: res.status });
    return res.status;
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", base);
      const path = url.pathname;
      const body = req.method === "POST" ? await readBody(req) : "";

      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const key = req.headers["idempotency-key"];
        const form = parseForm(body) as {
          line_items?: Record<string, { quantity: string; price_data: { unit_amount: string; product_data: { name: string } } }>;
          success_url: string;
          cancel_url: string;
          client_reference_id?: string;
          metadata?: Record<string, string>;
          expires_at?: string;
          currency?: string;
          customer_email?: string;
        };
        const lines = Object.values(form.line_items ?? {}).map((l) => ({
          name: l.price_data.product_data.name,
          quantity: Number(l.quantity),
          unit_amount: Number(l.price_data.unit_amount),
        }));
        const amountTotal = lines.reduce((sum, l) => sum + l.quantity * l.unit_amount, 0);
        const request: SessionRequest = {
          key: typeof key === "string" ? key : null,
          customer_email: form.customer_email ?? null,
          amount_total: amountTotal,
          outcome: "created",
        };
        sessionRequests.push(request);
        if (typeof key === "string" && byIdempotencyKey.has(key)) {
          request.outcome = "replayed";
          return json(res, 200, byIdempotencyKey.get(key));
        }
        if (!lines.length || !form.success_url || !form.cancel_url) {
          request.outcome = "invalid";
          return json(res, 400, { error: { type: "invalid_request_error", message: "Missing line_items or URLs" } });
        }
        if ((form.currency ?? "inr") === "inr" && amountTotal < MIN_INR_AMOUNT) {
          request.outcome = "amount_too_small";
          return json(res, 400, {
            error: {
              type: "invalid_request_error",
              code: "amount_too_small",
              message: "The Checkout Session's total amount due must add up to at least ₹0.50 inr",
            },
          });
        }
        const id = `cs_test_${rand()}`;
        const session: FakeCheckoutSession = {
          id,
          object: "checkout.session",
          url: `${base}/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          payment_intent: null,
          amount_total: amountTotal,
          currency: form.currency ?? "inr",
          client_reference_id: form.client_reference_id ?? null,
          metadata: form.metadata ?? {},
          expires_at: Number(form.expires_at ?? Math.floor(Date.now() / 1000) + 1800),
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          line_items: lines,
        };
        sessions.set(id, session);
        if (typeof key === "string") byIdempotencyKey.set(key, session);
        return json(res, 200, session);
      }

      const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/);
      if (sessionMatch) {
        const session = sessions.get(sessionMatch[1]);
        if (!session) return json(res, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        if (sessionMatch[2] && req.method === "POST") {
          if (session.status !== "open") return json(res, 400, { error: { type: "invalid_request_error", message: "Session is not open" } });
          session.status = "expired";
          await deliver(session, "checkout.session.expired");
        }
        return json(res, 200, session);
      }

      if (req.method === "POST" && path === "/v1/refunds") {
        const header = req.headers["idempotency-key"];
        const key = typeof header === "string" ? header : null;
        const form = parseForm(body) as { payment_intent?: string; amount?: string; metadata?: Record<string, string> };
        const request: RefundRequest = {
          key,
          payment_intent: form.payment_intent ?? null,
          amount: Number(form.amount ?? 0),
          metadata: form.metadata ?? {},
          outcome: "created",
        };
        refundRequests.push(request);
        const saved = key === null ? undefined : refundAnswers.get(key);
        let status: number;
        let answer: unknown;
        if (saved && saved.body !== body) {
          request.outcome = "idempotency_error";
          status = 400;
          answer = {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          };
        } else if (saved) {
          request.outcome = "replayed";
          ({ status, answer } = saved);
        } else {
          if (!form.payment_intent || form.payment_intent.startsWith("pi_refuse")) {
            request.outcome = "refused";
            status = 400;
            answer = { error: { type: "invalid_request_error", message: "This payment cannot be refunded" } };
          } else {
            const refund = { id: `re_${rand()}`, payment_intent: form.payment_intent, amount: Number(form.amount ?? 0) };
            refundLog.push(refund);
            status = 200;
            answer = { ...refund, object: "refund", status: "succeeded" };
          }
          if (key !== null) refundAnswers.set(key, { body, status, answer });
        }
        if (form.payment_intent?.startsWith("pi_lost") && !answering.has(form.payment_intent)) {
          // Cut off mid-way (a dropped connection would do as well, but workerd logs it as uncaught).
          request.lost = true;
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.end(JSON.stringify(answer).slice(0, 10));
        }
        return json(res, status, answer);
      }

      const payMatch = path.match(/^\/pay\/(cs_test_\w+)$/);
      if (payMatch) {
        const session = sessions.get(payMatch[1]);
        if (!session) {
          res.writeHead(404, { "Content-Type": "text/plain" });
          return res.end("No such session");
        }
        if (req.method === "POST") {
          if (session.status === "open") {
            session.status = "complete";
            session.payment_status = "paid";
            session.payment_intent = `pi_${rand()}`;
            await deliver(session, "checkout.session.completed");
          }
          res.writeHead(303, { Location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
          return res.end();
        }
        const total = (session.amount_total / 100).toFixed(2);
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body><main><h1>Fake Stripe Checkout</h1>
<ul>${session.line_items.map((l) => `<li>${escapeHtml(l.name)} × ${l.quantity}</li>`).join("")}</ul>
<p>Total: INR ${total}</p>
<form method="post"><button type="submit">Pay INR ${total}</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p></main></body></html>`);
      }

      const control = path.match(/^\/__control\/(expire|redeliver)\/(cs_test_\w+)$/);
      if (req.method === "POST" && control) {
        const session = sessions.get(control[2]);
        if (!session) return json(res, 404, { error: "no session" });
        if (control[1] === "expire") {
          session.status = "expired";
          return json(res, 200, { delivered: await deliver(session, "checkout.session.expired") });
        }
        const payload = lastEvent.get(session.id);
        if (!payload) return json(res, 404, { error: "no event yet" });
        return json(res, 200, { delivered: await deliver(session, JSON.parse(payload).type, payload) });
      }
      if (path === "/__control/events") return json(res, 200, { events, sessions: [...sessions.values()] });
      if (path === "/__control/health") return json(res, 200, { ok: true });
      if (path === "/__control/session-requests") {
        const email = url.searchParams.get("customer_email");
        return json(res, 200, { requests: sessionRequests.filter((r) => !email || r.customer_email === email) });
      }
      if (path === "/__control/refunds") {
        const pi = url.searchParams.get("payment_intent");
        return json(res, 200, {
          refunds: refundLog.filter((r) => !pi || r.payment_intent === pi),
          requests: refundRequests.filter((r) => !pi || r.payment_intent === pi),
        });
      }
      const answer = path.match(/^\/__control\/answer\/(pi_lost\w+)$/);
      if (req.method === "POST" && answer) {
        answering.add(answer[1]);
        return json(res, 200, { answering: answer[1] });
      }

      json(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method} ${path})` } });
    } catch (error) {
      json(res, 500, { error: { type: "api_error", message: String(error) } });
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ""))) {
  const port = Number(process.env.FAKE_STRIPE_PORT);
  const server = await startFakeStripe({
    port,
    storeUrl: process.env.STORE_URL,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_test_secret",
  });
  console.log(`Fake Stripe on http://127.0.0.1:${port}`);
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
