import { describe, expect, it } from "vitest";
import type { Env } from "../../app/server/platform/bindings";
import { DEV_VAPID, getSettings, settingsProblems } from "../../app/server/platform/env.server";
import { isPushedStatus, orderNotice, pushEndpointProblem } from "../../app/lib/push";

const SECRET = "a-session-secret-of-at-least-32-characters";
const limiter = { limit: async () => ({ success: true }) } as unknown as RateLimit;
const production = (vapid: Record<string, string>) =>
  ({
    ENVIRONMENT: "production",
    SESSION_SECRET: SECRET,
    PUBLIC_ORIGIN: "https://shop.example",
    PUBLIC_FORM_LIMITER: limiter,
    UPLOAD_LIMITER: limiter,
    ...vapid,
  }) as unknown as Env;

/** A VAPID pair of the test's own: the JWK and the base64url public key. */
async function ownPair() {
  const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"]);
  const jwk = await crypto.subtle.exportKey("jwk", keys.privateKey);
  const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", keys.publicKey)).toString("base64url");
  return { VAPID_PRIVATE_KEY: JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d }), VAPID_PUBLIC_KEY: publicKey };
}

describe("VAPID settings", () => {
  it("production without any turns push off and still serves; outside production the development pair is used", () => {
    expect(settingsProblems(production({}))).toEqual([]);
    expect(getSettings(production({})).vapid).toBeNull();
    const local = getSettings({ ENVIRONMENT: "test" } as unknown as Env);
    expect(local.vapid).toMatchObject({ publicKey: DEV_VAPID.publicKey, subject: DEV_VAPID.subject });
  });

  it("production takes a pair of its own, and refuses a partial, mismatched or development one", async () => {
    const pair = await ownPair();
    const other = await ownPair();
    const subject = "mailto:ops@shop.example";
    expect(settingsProblems(production({ ...pair, VAPID_SUBJECT: subject }))).toEqual([]);
    expect(getSettings(production({ ...pair, VAPID_SUBJECT: subject })).vapid?.publicKey).toBe(pair.VAPID_PUBLIC_KEY);
    expect(settingsProblems(production({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY }))).toEqual([
      expect.stringMatching(/VAPID_PRIVATE_KEY, VAPID_SUBJECT missing/),
    ]);
    expect(settingsProblems(production({ ...pair, VAPID_PUBLIC_KEY: other.VAPID_PUBLIC_KEY, VAPID_SUBJECT: subject }))).toEqual([
      expect.stringContaining("is not the public key of VAPID_PRIVATE_KEY"),
    ]);
    expect(settingsProblems(production({ ...pair, VAPID_SUBJECT: "ops@shop.example" }))).toEqual([expect.stringContaining("VAPID_SUBJECT must be")]);
    expect(settingsProblems(production({ ...pair, VAPID_PRIVATE_KEY: "{not json", VAPID_SUBJECT: subject }))).toEqual([
      expect.stringContaining("VAPID_PRIVATE_KEY must be the private key as a JWK"),
    ]);
    expect(settingsProblems(production({ VAPID_PUBLIC_KEY: DEV_VAPID.publicKey, VAPID_PRIVATE_KEY: DEV_VAPID.privateKey, VAPID_SUBJECT: subject }))).toEqual([
      expect.stringContaining("public development key"),
    ]);
  });
});

describe("push endpoints the store calls", () => {
  const strict = { allowLoopback: false };
  it("a public https push service, in every environment", () => {
    expect(pushEndpointProblem("https://fcm.googleapis.com/fcm/send/abc", strict)).toBeNull();
    expect(pushEndpointProblem("https://web.push.apple.com/QH", strict)).toBeNull();
  });
  it("never loopback, IP literals, internal names or other ports in production; loopback only when allowed", () => {
    for (const endpoint of [
      "http://localhost:8090/notify/x",
      "https://localhost/notify/x",
      "https://127.0.0.1/x",
      "https://169.254.169.254/latest",
      "https://[::1]/x",
      "https://printer.local/x",
      "https://push.example.com:444/x",
      "ftp://push.example.com/x",
    ]) {
      expect(pushEndpointProblem(endpoint, strict), endpoint).not.toBeNull();
    }
    expect(pushEndpointProblem("http://localhost:8090/notify/x", { allowLoopback: true })).toBeNull();
    expect(pushEndpointProblem("http://127.0.0.1:8090/notify/x", { allowLoopback: true })).toBeNull();
    expect(pushEndpointProblem("http://push.example.com/x", { allowLoopback: true })).not.toBeNull();
  });
});

describe("what each order move says", () => {
  const order = { id: "0123456789abcdef01234567", number: "ORD-20261128-ABC123", deliveryCode: "4821", storeName: "Indiranagar" };
  it("out for delivery carries the delivery code; each links to the order and shares its tag", () => {
    expect(orderNotice(order, "out_for_delivery")).toEqual({
      title: "Out for delivery",
      body: expect.stringContaining("delivery code 4821"),
      url: `/dashboard/myorders/${order.id}`,
      tag: `order-${order.id}`,
    });
    for (const status of ["placed", "paid", "packed", "delivered", "cancelled"]) {
      expect(orderNotice(order, status)).toMatchObject({
        url: `/dashboard/myorders/${order.id}`,
        tag: `order-${order.id}`,
        body: expect.stringContaining(order.number),
      });
    }
  });
  it("ready for pickup says nothing", () => {
    expect(orderNotice(order, "ready")).toBeNull();
  });
  it("a substitution waiting for an answer has its own notice, to the order", () => {
    expect(orderNotice(order, "substitution")).toEqual({
      title: "A substitution is waiting for your answer",
      body: expect.stringContaining(order.number),
      url: `/dashboard/myorders/${order.id}`,
      tag: `order-${order.id}`,
    });
  });
});

describe("a report's decision", () => {
  const order = { id: "0123456789abcdef01234567", number: "ORD-20261128-ABC123", deliveryCode: null };
  it("approved or declined, each its own notice to the order page", () => {
    expect(orderNotice(order, "report_approved")).toEqual({
      title: "Report approved",
      body: expect.stringContaining(order.number),
      url: `/dashboard/myorders/${order.id}`,
      tag: `order-${order.id}`,
    });
    expect(orderNotice(order, "report_declined")).toMatchObject({ title: "Report decided", url: `/dashboard/myorders/${order.id}` });
    expect(isPushedStatus("report_approved")).toBe(true);
    expect(isPushedStatus("report_opened")).toBe(false);
  });
});
