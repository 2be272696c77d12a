/**
 * What the shop needs from accounts: who is asking, for pages (session cookie) and /api (bearer or
 * cookie), and the cart owner that follows from it. TEMPORARY until the accounts branch merges.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { ApiError } from "./api.server";
import { readGuestCart, type CartOwner } from "./cart.server";

export interface Shopper {
  id: string;
  name: string;
  email: string;
  role: "USER" | "ADMIN";
}

export async function getShopper(_request: Request, _context: AppLoadContext): Promise<Shopper | null> {
  return null;
}

export async function requireShopper(request: Request, context: AppLoadContext): Promise<Shopper> {
  const user = await getShopper(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

export async function requireApiShopper(request: Request, context: AppLoadContext): Promise<Shopper> {
  const user = await getShopper(request, context);
  if (!user) throw new ApiError("Please Login", 401);
  return user;
}

export async function cartOwnerFor(request: Request, context: AppLoadContext, user: Shopper | null): Promise<CartOwner> {
  return user ? { userId: user.id } : { guest: await readGuestCart(request, context) };
}
