/**
 * Web Push subscriptions for order notices (decision 037): the body of `/api/push/subscribe` is a
 * browser's `PushSubscription.toJSON()`, `/api/push/unsubscribe` names its endpoint. Sizes and the
 * keys' shapes are checked here; whether the endpoint may be called at all is `pushEndpointProblem`
 * (app/lib/push.ts), which depends on the environment.
 */
import * as z from "zod";

/** Longest endpoint kept: the push services' are a few hundred characters. */
const PUSH_ENDPOINT_MAX = 1024;
/** A shopper's subscriptions (browsers, phones) kept at once; subscribing on one more drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 5;

/** Unpadded base64url of exactly `bytes` bytes (a trailing `=` padding is accepted and dropped). */
function base64url(name: string, bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: `${name} is required` })
    .trim()
    .max(length + 3, `${name} is too long`)
    .transform((value) => value.replace(/=+$/, ""))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), `${name} must be ${bytes} bytes in base64url`));
}

const endpoint = z
  .string({ error: "endpoint is required" })
  .trim()
  .min(1, "endpoint is required")
  .max(PUSH_ENDPOINT_MAX, `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`);

/** POST /api/push/subscribe: `PushSubscription.toJSON()` (`expirationTime` and unknown fields ignored). */
export const pushSubscribeSchema = z.object({
  endpoint,
  keys: z.object(
    {
      // An uncompressed P-256 point: 0x04, x, y. Whether it is on the curve is checked on import.
      p256dh: base64url("keys.p256dh", 65).refine((value) => value.startsWith("B"), "keys.p256dh must be an uncompressed P-256 public key"),
      auth: base64url("keys.auth", 16),
    },
    { error: "keys is required: { p256dh, auth }" },
  ),
});

/** POST /api/push/unsubscribe. */
export const pushUnsubscribeSchema = z.object({ endpoint });
