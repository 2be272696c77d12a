/**
 * What happens once a user is known to be who they say: a session (linked to the /api token family
 * when there is one), the guest cart merged in, and this browser trusted for the account.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { mergeGuestCart } from "~/server/cart/cart.server";
import { trustDevice } from "./device.server";
import { createSession } from "./session.server";
import { carryLocationAcrossLogin } from "~/server/stores/stores.server";

export async function startUserSession(
  request: Request,
  context: AppLoadContext,
  user: { id: string; email: string },
  familyId: string | null = null,
): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(context, user.id, familyId));
  const clearedGuestCart = await mergeGuestCart(request, context, user.id);
  if (clearedGuestCart) headers.append("Set-Cookie", clearedGuestCart);
  headers.append("Set-Cookie", await trustDevice(request, context, user.email));
  // The delivery location follows the account (decision 020).
  const location = await carryLocationAcrossLogin(request, context, user.id);
  if (location) headers.append("Set-Cookie", location);
  return headers;
}
