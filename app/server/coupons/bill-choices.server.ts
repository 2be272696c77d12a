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
import { signedCookie } from "~/server/http/cookies.server";
import { type AvailableOffer, availableOffers, cartStoreId, couponLines, judgeCode } from "./coupons.server";
import { getDb } from "~/server/db/db.server";
import { Refusal } from "~/lib/refusal";
import type { OrderLineInput } from "~/lib/schemas/order";

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

/** Judges the shopper's code against the cart (never throws for a code that does not apply), with the available offers. */
export async function cartCoupon(
  context: AppLoadContext,
  input: { code: string | null; userId: string | null; lines: readonly OrderLineInput[]; storeId: string | null },
): Promise<CartCoupon> {
  const [judged, offers] = await Promise.all([
    input.code ? judgeForCart(context, { ...input, code: input.code }) : Promise.resolve(null),
    availableOffers(context, input),
  ]);
  return { code: input.code, discount: judged?.discount ?? 0, reason: judged?.reason ?? null, offers };
}

async function judgeForCart(
  context: AppLoadContext,
  input: { code: string; userId: string | null; lines: readonly OrderLineInput[]; storeId: string | null },
): Promise<{ discount: number; reason: string | null }> {
  const db = getDb(context);
  try {
    const { verdict } = await judgeCode(db, { ...input, lines: await couponLines(db, input.lines) });
    return verdict.ok ? { discount: verdict.discount, reason: null } : { discount: 0, reason: verdict.reason };
  } catch (error) {
    if (error instanceof Refusal) return { discount: 0, reason: error.message };
    throw error;
  }
}

/**
 * A page's bill with the shopper's coupon (and, at checkout, the tip), computed by the one pricing
 * module from the server's cart, with what the coupon box shows.
 */
export async function billWithChoices(
  request: Request,
  context: AppLoadContext,
  input: { userId: string | null; lines: Cart["lines"]; store: StockStore; withTip: boolean },
): Promise<{ bill: Bill; coupon: CartCoupon; tip: number }> {
  const choices = await readBillChoices(request, context);
  const coupon = await cartCoupon(context, {
    code: choices.code,
    userId: input.userId,
    lines: input.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    storeId: await cartStoreId(context, input.store),
  });
  const tip = input.withTip ? choices.tip : 0;
  return { bill: computeBill(input.lines, { couponDiscount: coupon.discount, tip }), coupon, tip };
}
