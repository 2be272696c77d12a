import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/server/http/not-found.server";
import { sweepExpiredReservations } from "~/server/orders/stripe.server";
import { pageAction } from "~/server/http/page-actions.server";
import { expireSubstitutions } from "~/server/operations/substitutions.server";

export const loader = () => notFound("Not Found");

/**
 * Internal: run only by the Worker's `scheduled` handler (it alone sets `context.cron`); any
 * request from outside is a 404. Releases stock held by online orders whose payment never came, and
 * expires substitution proposals nobody answered in time (their units go back; the pick refunds them).
 */
export const action = pageAction(async ({ context }: ActionFunctionArgs) => {
  if (context.cron !== true) notFound("Not Found");
  const swept = await sweepExpiredReservations(context);
  return Response.json({ ...swept, substitutionsExpired: await expireSubstitutions(context) });
});
