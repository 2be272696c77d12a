/**
 * Stripe on Workers: the fetch HTTP client and WebCrypto signature checks (STACK.md pitfall 14).
 * Built per request from the settings; `STRIPE_API_BASE` points the SDK at a local fake in tests.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import Stripe from "stripe";
import { getSettings } from "~/server/platform/env.server";

export function getStripe(context: AppLoadContext): Stripe | null {
  const settings = getSettings(context.cloudflare.env);
  if (!settings.STRIPE_SECRET_KEY) return null;
  const base = settings.STRIPE_API_BASE ? new URL(settings.STRIPE_API_BASE) : null;
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

export const ONLINE_PAYMENT_UNAVAILABLE = "Online payment is not configured on this store yet. Please choose Cash on Delivery.";

/** Best effort: an already complete or expired session refuses, and a payment on it is flagged by the webhook. */
export async function expireSession(stripe: Stripe, sessionId: string) {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    console.warn("Could not expire checkout session", sessionId, (error as Error)?.message);
  }
}
