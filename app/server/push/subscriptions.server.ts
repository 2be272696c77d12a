/**
 * A shopper's Web Push subscriptions (decision 037). Subscribing is ONE D1 batch: an upsert by
 * endpoint that only ever updates the caller's own row (an endpoint registered by another account
 * is not taken over: 409), then the caller's rows beyond PUSH_SUBSCRIPTIONS_PER_USER, oldest first,
 * are dropped. So parallel subscribes cannot leave more than the limit.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { pushSubscriptions, nowMs } from "~/db/schema";
import { pushEndpointProblem } from "~/lib/push";
import { Refusal } from "~/lib/refusal";
import { PUSH_SUBSCRIPTIONS_PER_USER } from "~/lib/schemas/push";
import { getDb } from "~/server/db/db.server";
import { getSettings, type Vapid } from "~/server/platform/env.server";

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The VAPID settings, or a 503 that says order notices are off on this store. */
function requireVapid(context: AppLoadContext): Vapid {
  const { vapid } = getSettings(context.cloudflare.env);
  if (!vapid) throw new Refusal("Order notifications are not set up on this store", 503);
  return vapid;
}

/** May the store send to this endpoint? (loopback push services only outside production) */
function endpointProblem(context: AppLoadContext, endpoint: string): string | null {
  return pushEndpointProblem(endpoint, { allowLoopback: getSettings(context.cloudflare.env).isDev });
}

const bytesOf = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** Whether `p256dh` is a point on P-256 (Web Crypto refuses one that is not). */
async function isP256Point(p256dh: string): Promise<boolean> {
  try {
    await crypto.subtle.importKey("raw", bytesOf(p256dh), { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

/** Saves the caller's subscription (new, or new keys for a known endpoint of theirs). */
export async function savePushSubscription(context: AppLoadContext, userId: string, input: PushSubscriptionInput): Promise<void> {
  requireVapid(context);
  const problem = endpointProblem(context, input.endpoint);
  if (problem) throw new Refusal(`This push endpoint is not accepted: ${problem}`, 400, { fields: { endpoint: [problem] } });
  if (!(await isP256Point(input.keys.p256dh))) {
    throw new Refusal("keys.p256dh is not a P-256 public key", 400, { fields: { "keys.p256dh": ["Not a P-256 public key"] } });
  }
  const db = getDb(context);
  const newest = db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(sql`rowid`))
    .limit(PUSH_SUBSCRIPTIONS_PER_USER);
  const [saved] = await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, userId, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: input.keys.p256dh, auth: input.keys.auth, updatedAt: nowMs },
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ endpoint: pushSubscriptions.endpoint }),
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.endpoint, newest))),
  ]);
  if (!saved.length) {
    throw new Refusal("This browser's notifications are registered to another account: turn them off there, or subscribe this browser again", 409);
  }
}

/** Removes the caller's subscription with this endpoint; another account's is left alone. */
export async function removePushSubscription(context: AppLoadContext, userId: string, endpoint: string): Promise<number> {
  const result = await getDb(context)
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
  return result.meta.changes;
}

/** The VAPID public key browsers subscribe with, or null when notices are off. */
export function pushPublicKey(context: AppLoadContext): string | null {
  return getSettings(context.cloudflare.env).vapid?.publicKey ?? null;
}
