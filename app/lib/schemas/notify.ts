/**
 * "Notify me" when a product is back at the shopper's store (decision 032): the page
 * forms and `/api/product/notify-me` validate with these.
 */
import * as z from "zod";
import { ID_PATTERN } from "../ids";
import { emailSchema } from "./account";
import { pincodeSchema } from "./store";

const productId = z.string({ error: "productId is required" }).trim().regex(ID_PATTERN, "productId is not a valid product id");
const requestId = z.string({ error: "id is required" }).trim().regex(ID_PATTERN, "id is not a valid request id");
const pincode = z.union([z.string(), z.number().int()], { error: "pincode must be 6 digits" }).transform(String).pipe(pincodeSchema).optional();

/** At most this many open requests per shopper (or guest email). */
export const NOTIFY_OPEN_LIMIT = 50;
/**
 * At most this many open requests per guest mailbox until it is verified (decision 046), counted
 * over its address variants (app/lib/mailbox.ts).
 */
export const NOTIFY_GUEST_UNVERIFIED_LIMIT = 5;
/** Requests older than this expire (the cron). */
export const NOTIFY_EXPIRY_DAYS = 90;

/** POST /api/product/notify-me; the page form sends the same fields (a guest adds `email`). */
export const notifyMeSchema = z.object({
  productId,
  pincode,
  email: emailSchema.optional(),
});

/** DELETE /api/product/notify-me, and the page's undo / cancel forms. */
export const notifyCancelSchema = z.object({ id: requestId });

/** The page forms: one intent each, plus where to go back to. */
export const notifyFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("notify-me"), productId, email: emailSchema.optional(), redirectTo: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("notify-cancel"), id: requestId, redirectTo: z.string().max(2000).optional() }),
]);
