/**
 * Store operations input (docs/decisions/027-store-operations.md), shared by the staff pages and
 * /api: staff by email, the pick (each line's picked units), the handover (rider, delivery code).
 * Page forms name the order `orderId`; /api bodies name it `_id`.
 */
import * as z from "zod";
import { ID_PATTERN } from "../ids";
import { shelfLocationSchema } from "../shelf-location";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart";
import { emailSchema } from "./account";

const id = (what: string) => z.string({ error: `${what} is required` }).regex(ID_PATTERN, `That is not a valid ${what.toLowerCase()}`);
const orderRef = id("Order id");
const storeRef = id("Store id");

/** POST/DELETE /api/store/staff and the store's staff page. */
export const staffSchema = z.object({ storeId: storeRef, email: emailSchema });

/** GET /api/store/queue?storeId= */
export const queueQuerySchema = z.object({ storeId: storeRef });

const pickedUnits = z.coerce
  .number({ error: "picked must be a number" })
  .int("picked must be a whole number")
  .min(0, "picked must be 0 or more")
  .max(MAX_LINE_QUANTITY, `picked can be at most ${MAX_LINE_QUANTITY}`);

export const pickLinesSchema = z
  .array(z.object({ productId: id("productId"), picked: pickedUnits }), { error: "lines must be a list of { productId, picked }" })
  .min(1, "lines must not be empty")
  .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} lines`)
  .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, "Each product may be named once in lines");
export type PickLineInput = z.output<typeof pickLinesSchema>[number];

/** POST /api/order/pick { _id, lines: [{ productId, picked }] } */
export const apiPickSchema = z.object({ _id: orderRef, lines: pickLinesSchema });

/** POST /api/order/ready { _id } */
export const apiOrderIdSchema = z.object({ _id: orderRef });

const riderName = z.string().trim().min(1, "Enter the rider's name").max(80, "The rider's name is too long");
const riderPhone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, "Enter the rider's phone number, e.g. 9876543210");

/** A rider: a staff member of the store (their user id), or a name and phone typed by staff. */
export const riderSchema = z.union([z.object({ userId: id("Rider") }).strict(), z.object({ name: riderName, phone: riderPhone }).strict()]);
export type RiderInput = z.output<typeof riderSchema>;

/** POST /api/order/dispatch { _id, rider? } (no rider: the caller takes it out). */
export const apiDispatchSchema = z.object({ _id: orderRef, rider: riderSchema.optional() });

const deliveryCodeSchema = z
  .string({ error: "Enter the 4-digit delivery code" })
  .trim()
  .regex(/^[0-9]{4}$/, "The delivery code is 4 digits");

/** POST /api/order/deliver { _id, code } or, for an admin, { _id, override: reason }. */
export const apiDeliverSchema = z.union([
  z.object({ _id: orderRef, code: deliveryCodeSchema }),
  z.object({ _id: orderRef, override: z.string().trim().min(3, "Say why the order is marked delivered without its code").max(300) }),
]);

/** The pick page's and handover's forms (plain forms, one `intent` each). */
export const storeOrderFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("ready") }),
    z.object({ intent: z.literal("dispatch"), riderUserId: z.string().optional(), riderName: z.string().optional(), riderPhone: z.string().optional() }),
    z.object({ intent: z.literal("deliver"), code: deliveryCodeSchema }),
    z.object({ intent: z.literal("override"), reason: z.string().trim().min(3, "Say why the order is marked delivered without its code").max(300) }),
  ],
  { error: "Unknown action: reload the page and try again" },
);

/** The shelf location form on the product page: one store's bin (empty clears it). */
export const binFormSchema = z.object({
  storeId: storeRef,
  bin: shelfLocationSchema.optional().default(""),
});
