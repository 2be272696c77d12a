/**
 * Online payment with Stripe (ARCHITECTURE.md "Orders and payments", docs/decisions/009-payment-trust.md):
 * the client (stripe/client.server.ts), starting a checkout (stripe/checkout.server.ts), the webhook
 * (stripe/webhook.server.ts) and the sweep of lost webhooks (stripe/sweep.server.ts).
 */
export { getStripe, ONLINE_PAYMENT_UNAVAILABLE } from "./stripe/client.server";
export { startOnlinePayment } from "./stripe/checkout.server";
export { handleStripeWebhook } from "./stripe/webhook.server";
export { sweepExpiredReservations } from "./stripe/sweep.server";
