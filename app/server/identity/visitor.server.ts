/**
 * Who is signing this request, read ONCE per request: the session's user, their cart lines and
 * their pending notices come back in one D1 batch that the root loader (header, cart) and every
 * `requireUser` of the same request share. A dashboard page therefore costs two round trips: this
 * batch and the page's own data. A page that reads without needing the user first (home, a
 * listing, a product) sends both in one round trip (shared-batch.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { inArray } from "drizzle-orm";
import { cartNotices } from "~/db/schema";
import { type Cart, cartFromRows, getGuestCart, type GuestCart, sessionCartStatement, sessionNoticesStatement, type LineRow } from "~/server/cart/cart.server";
import { getDb } from "~/server/db/db.server";
import { withSharedBatch } from "~/server/db/shared-batch.server";
import { pageStockStore } from "~/server/stores/store-stock.server";
import { sessionTokenHash, sessionUserStatement, type SessionUser } from "./session.server";

export interface SignedInVisitor {
  user: SessionUser;
  cartRows: LineRow[];
  notices: { id: string; message: string }[];
}

function readVisitor(request: Request, context: AppLoadContext): Promise<SignedInVisitor | null> {
  // Shares its round trip with the page's own reads when the page takes a seat too (home, listing, product).
  return withSharedBatch(context, async (batch) => {
    const tokenHash = await sessionTokenHash(request, context);
    if (!tokenHash) return null;
    const db = getDb(context);
    const [[user], cartRows, notices] = await batch([
      sessionUserStatement(db, tokenHash),
      sessionCartStatement(db, tokenHash, await pageStockStore(request, context)),
      sessionNoticesStatement(db, tokenHash),
    ]);
    if (!user) return null;
    return { user, cartRows, notices };
  });
}

/**
 * The signed-in visitor, or null for a guest (or an expired session). Memoised on the per-request
 * load context, which has a memo only for GET requests: after an action, the loaders of the same
 * request must see what the action changed.
 */
export function getSignedInVisitor(request: Request, context: AppLoadContext): Promise<SignedInVisitor | null> {
  if (!context.memo) return readVisitor(request, context);
  return (context.memo.visitor ??= readVisitor(request, context)) as Promise<SignedInVisitor | null>;
}

/**
 * The visitor and their cart, both from the request's first round trip: a shopper's cart comes with
 * the session's batch, a guest's cookie cart is read beside it (memoised, shared). `guest` is the
 * cookie's lines (null for a shopper).
 */
export async function getVisitorCart(
  request: Request,
  context: AppLoadContext,
): Promise<{ visitor: SignedInVisitor | null; user: SessionUser | null; cart: Cart; guest: GuestCart | null }> {
  const [visitor, guest] = await Promise.all([getSignedInVisitor(request, context), getGuestCart(request, context)]);
  if (visitor) return { visitor, user: visitor.user, cart: cartFromRows(visitor.cartRows), guest: null };
  return { visitor: null, user: null, cart: guest.cart, guest: guest.guest };
}

export async function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return (await getSignedInVisitor(request, context))?.user ?? null;
}

/** Notices are shown once: the root loader drops the ones it showed, after answering. */
export function dropShownNotices(context: AppLoadContext, notices: { id: string }[]) {
  if (!notices.length) return;
  const done = getDb(context)
    .delete(cartNotices)
    .where(
      inArray(
        cartNotices.id,
        notices.map((n) => n.id),
      ),
    )
    .then(() => undefined)
    .catch((error) => console.warn("could not drop shown notices", error));
  const waitUntil = context.cloudflare.ctx?.waitUntil;
  if (waitUntil) waitUntil(done);
  return done;
}
