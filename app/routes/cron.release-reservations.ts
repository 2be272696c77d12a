import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { sweepExpiredReservations } from "~/utils/stripe.server";

function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

export const loader = () => notFound();

/**
 * Internal: run only by the Worker's `scheduled` handler (it alone sets `context.cron`); any
 * request from outside is a 404. Releases stock held by online orders whose payment never came.
 */
export async function action({ context }: ActionFunctionArgs) {
  if (context.cron !== true) notFound();
  return Response.json(await sweepExpiredReservations(context));
}
