/** What happens once a user is known to be who they say: a session, and the guest cart merged in. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { mergeGuestCart } from "./cart.server";
import { createSession } from "./session.server";

export async function startUserSession(request: Request, context: AppLoadContext, userId: string): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(context, userId));
  const clearedGuestCart = await mergeGuestCart(request, context, userId);
  if (clearedGuestCart) headers.append("Set-Cookie", clearedGuestCart);
  return headers;
}
