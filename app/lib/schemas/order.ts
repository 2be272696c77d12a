import * as z from "zod";
import { ID_PATTERN, isId } from "../ids";
import { toPaise } from "../money-input";
import { REPLACEMENT_CHOICES } from "../order-choices";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart";
import { optionalCouponCode, tipSchema } from "./coupon";

const PAYMENT_CHOICES = ["cod", "online"] as const;

export { REPLACEMENT_LABELS } from "../order-choices";
const replacementPreference = z.enum(REPLACEMENT_CHOICES, { error: 'replacementPreference must be "refund", "call" or "similar"' });

/** The checkout page form: one form, the payment chosen with a radio named `intent` and one pay button. */
export const checkoutFormSchema = z.object({
  intent: z.enum(PAYMENT_CHOICES, { error: "Choose Online Payment or Cash on Delivery" }),
  addressId: z.string({ error: "Choose a delivery address" }).regex(ID_PATTERN, "Choose a delivery address"),
  /** Rendered with the page; the same key twice creates one order. */
  idempotencyKey: z.string().regex(/^[0-9a-f]{24}$/, "Reload the checkout page and try again"),
  replacementPreference: replacementPreference.default("refund"),
  /** The applied coupon (decision 030); blank: none. */
  couponCode: optionalCouponCode,
  /** Rupees: 0, 10, 20, 30, or the custom amount when `tipChoice` is "custom". */
  tip: tipSchema.optional(),
  /** The "Use wallet balance" checkbox: sent as "true" when ticked, absent otherwise. */
  useWallet: z
    .enum(["true"], { error: "useWallet must be ticked or left out" })
    .optional()
    .transform((v) => v === "true"),
});

/** What the shopper chose on the checkout page, each kept only when it is a value the page offers. */
export interface CheckoutChoices {
  addressId: string | null;
  payment: (typeof PAYMENT_CHOICES)[number] | null;
  replacementPreference: (typeof REPLACEMENT_CHOICES)[number] | null;
  useWallet: boolean;
}

/** The choices of a checkout form, for a refusal to show them again (a value the page does not offer is dropped). */
export function checkoutChoices(form: FormData): CheckoutChoices {
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | null => {
    const value = form.get(name);
    return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : null;
  };
  const addressId = form.get("addressId");
  return {
    addressId: isId(addressId) ? addressId : null,
    payment: pick("intent", PAYMENT_CHOICES),
    replacementPreference: pick("replacementPreference", REPLACEMENT_CHOICES),
    useWallet: form.get("useWallet") === "true",
  };
}

export interface OrderLineInput {
  productId: string;
  quantity: number;
}

/** One line per product, quantities added up, in first-seen order: merge first, then validate. */
export function mergeOrderLines(lines: readonly OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

export const lineLimitMessage = (quantity: number) => `At most ${MAX_LINE_QUANTITY} of one product per order: the lines for one product add up to ${quantity}`;

/**
 * POST /api/order/cash-on-delivery and /api/order/checkout. `list_items` only says which products
 * and how many; prices and totals come from the server. `subTotalAmt`/`totalAmt` are advisory:
 * when present and different from the server's bill the request is refused with 409.
 */
const listItem = z.object({
  productId: z.union([
    z.string().regex(ID_PATTERN, "productId is not a valid product id"),
    z.object({ _id: z.string().regex(ID_PATTERN, "productId is not a valid product id") }).transform((p) => p._id),
  ]),
  quantity: z
    .number({ error: "quantity must be a number" })
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(MAX_LINE_QUANTITY, `quantity can be at most ${MAX_LINE_QUANTITY}`),
});

/** The same product named on several lines is one line of the summed quantity, held to the same limit. */
const listItems = z
  .array(listItem)
  .min(1, "list_items must not be empty")
  .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} lines per order`)
  .transform(mergeOrderLines)
  .superRefine((lines, ctx) => {
    for (const line of lines) {
      if (line.quantity > MAX_LINE_QUANTITY) ctx.addIssue({ code: "custom", message: lineLimitMessage(line.quantity) });
    }
  });

/** Far above any order (₹100 crore): a larger advisory total is malformed, not a price change. */
const ADVISORY_MAX_PAISE = 100_000_000_000;

/** A JSON number of rupees (as /api has always sent them), held to the money rule (money-input.ts), as paise. */
const advisoryTotal = (label: string) =>
  z
    .number({ error: `${label} must be a JSON number of rupees like 20 or 20.50` })
    .transform(toPaise(label, { maxPaise: ADVISORY_MAX_PAISE }))
    .optional();

export const apiOrderSchema = z.object({
  list_items: listItems,
  addressId: z.string({ error: "addressId is required" }).regex(ID_PATTERN, "addressId is not a valid address id"),
  subTotalAmt: advisoryTotal("subTotalAmt"),
  totalAmt: advisoryTotal("totalAmt"),
  idempotencyKey: z.string().min(8).max(64).optional(),
  replacementPreference: replacementPreference.optional(),
  /** A coupon code (decision 030): refused with the reason when it does not apply. */
  couponCode: optionalCouponCode,
  /** Rupees for the delivery partner: a whole number, 0..200. */
  tip: tipSchema.optional(),
  /** Spend the wallet's balance on this order: it pays min(balance, bill), the rest online or in cash. */
  useWallet: z.boolean({ error: "useWallet must be true or false" }).optional(),
});
