/**
 * The shopper's choices for the bill (decision 030): the applied coupon code and the tip, kept in
 * one signed cookie. It is not tied to the session, so the code follows the cart through login (the
 * guest cart merges into the shopper's, and this cookie simply stays). The server re-judges the code
 * on every page that shows the bill, and once more inside the order's batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { type Bill, computeBill, MAX_TIP } from "~/lib/pricing";
import type { Cart } from "~/server/cart/cart.server";
import type { StockStore } from "~/server/stores/store-stock.server";
import { signedCookie } from "~/server/platform/cookies.server";
import { type AvailableOffer, couponBoxQueries, judgeCouponBox } from "./coupons.server";
import { getDb } from "~/server/db/db.server";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";

const choicesSchema = z.object({
  code: z
    .string()
    .regex(/^[A-Z0-9][A-Z0-9_-]{2,19}$/)
    .nullable()
    .catch(null),
  tip: z.number().int().min(0).max(MAX_TIP).catch(0),
});

export type BillChoices = z.infer<typeof choicesSchema>;

const NONE: BillChoices = { code: null, tip: 0 };

function billCookie(context: AppLoadContext) {
  return signedCookie(context, "__bill", 60 * 60 * 24 * 7);
}

export async function readBillChoices(request: Request, context: AppLoadContext): Promise<BillChoices> {
  const value: unknown = await billCookie(context).parse(request.headers.get("Cookie"));
  const parsed = choicesSchema.safeParse(value ?? NONE);
  return parsed.success ? parsed.data : NONE;
}

export async function commitBillChoices(context: AppLoadContext, choices: BillChoices): Promise<string> {
  if (!choices.code && !choices.tip) return billCookie(context).serialize("", { maxAge: 0 });
  return billCookie(context).serialize(choices);
}

/** The coupon on the bill as the page shows it: the code, its discount, or why it does not apply, and the live offers. */
export interface CartCoupon {
  code: string | null;
  discount: number;
  reason: string | null;
  offers: AvailableOffer[];
}

type Line = Pick<Cart["lines"][number], "productId" | "quantity" | "price" | "discount">;

/**
 * Judges the code against a cart the caller has read (never throws for a code that does not apply),
 * with the available offers, in ONE D1 round trip that also carries the caller's own statements
 * (`also`: a page's addresses, similar items), whose rows come back in `also`.
 */
export async function cartCoupon<A extends readonly BatchItem<"sqlite">[] = []>(
  context: AppLoadContext,
  input: { code: string | null; userId: string | null; lines: readonly Line[]; store: StockStore },
  also?: A,
): Promise<{ coupon: CartCoupon; also: BatchResponse<A> }> {
  const db = getDb(context);
  const box = {
    code: input.code,
    userId: input.userId,
    productIds: input.lines.map((l) => l.productId),
    store: input.store,
    now: Date.now(),
  };
  const queries = couponBoxQueries(db, box);
  const rows = (await db.batch([...queries, ...(also ?? [])] as unknown as typeof queries)) as readonly unknown[];
  const judged = judgeCouponBox(rows.slice(0, queries.length) as unknown as BatchResponse<typeof queries>, {
    ...box,
    lines: input.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    products: input.lines.map((l) => ({ id: l.productId, price: l.price, discount: l.discount })),
  });
  const coupon = { code: judged.code, discount: judged.discount, reason: judged.reason, offers: judged.offers };
  return { coupon, also: rows.slice(queries.length) as unknown as BatchResponse<A> };
}

/**
 * A page's bill with the shopper's coupon (and, at checkout, the tip), computed by the one pricing
 * module from the server's cart, with what the coupon box shows: one D1 round trip once the cart is
 * known, carrying the page's own statements (`also`) too. An empty cart reads nothing for it (no
 * coupon box is shown) but still sends `also`.
 */
export async function billWithChoices<A extends readonly BatchItem<"sqlite">[] = []>(
  request: Request,
  context: AppLoadContext,
  input: { userId: string | null; lines: Cart["lines"]; store: StockStore; withTip: boolean },
  also?: A,
): Promise<{ bill: Bill; coupon: CartCoupon; tip: number; also: BatchResponse<A> }> {
  const choices = await readBillChoices(request, context);
  const tip = input.withTip ? choices.tip : 0;
  if (!input.lines.length) {
    const db = getDb(context);
    const extra = also?.length
      ? ((await db.batch(also as unknown as [BatchItem<"sqlite">])) as unknown as BatchResponse<A>)
      : ([] as unknown as BatchResponse<A>);
    const coupon = { code: choices.code, discount: 0, reason: choices.code ? `Add items to your cart to use ${choices.code}` : null, offers: [] };
    return { bill: computeBill(input.lines, { couponDiscount: 0, tip }), coupon, tip, also: extra };
  }
  const { coupon, also: extra } = await cartCoupon(context, { code: choices.code, userId: input.userId, lines: input.lines, store: input.store }, also);
  return { bill: computeBill(input.lines, { couponDiscount: coupon.discount, tip }), coupon, tip, also: extra };
}
