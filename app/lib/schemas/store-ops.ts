/**
 * Store operations input (docs/decisions/027-store-operations.md), shared by the staff pages and
 * /api: staff by email, the pick (each line's picked units), the handover (rider, delivery code).
 * Page forms name the order `orderId`; /api bodies name it `_id`.
 */
import * as z from "zod";
import { ID_PATTERN } from "../ids";
import { shelfLocationSchema } from "../shelf-location";
import { MAX_CART_LINES } from "./cart";
import { emailSchema } from "./account";
import { STAFF_ROLES } from "../staff-roles";
import { RELEASE_REASON_MAX } from "../order-claims";

const id = (what: string) => z.string({ error: `${what} is required` }).regex(ID_PATTERN, `That is not a valid ${what.toLowerCase()}`);
const orderRef = id("Order id");
const storeRef = id("Store id");

/**
 * POST/DELETE /api/store/staff and the store's staff page. `role` (POST only) is what they do there:
 * absent, a new member is a picker and an existing one keeps theirs.
 */
export const staffSchema = z.object({
  storeId: storeRef,
  email: emailSchema,
  role: z.enum(STAFF_ROLES, { error: "Role must be picker, rider or manager" }).optional(),
});

/** GET /api/store/queue?storeId= */
export const queueQuerySchema = z.object({ storeId: storeRef });

/**
 * Why `picked` is not a count of units from 0 to `ordered`, or null. Strict on purpose: only a JSON
 * integer counts (never null, "", true, [2], " 1 ", "1e0" or 1.5), since reading anything else as a
 * number would short-pick a line for good. The page's form turns its digits into a number first.
 */
export function pickedUnitsError(picked: unknown, ordered: number): string | null {
  if (typeof picked !== "number" || !Number.isInteger(picked) || picked < 0 || picked > ordered) {
    return `picked must be a whole number from 0 to ${ordered} (the quantity ordered)`;
  }
  return null;
}

/**
 * The pick's lines. `picked` is checked against each line's ordered quantity, with the line's name
 * in the message, when the order's lines are read (planPick): a bad value there is a 400 naming the
 * line, and nothing is applied. Every line of the order must be named, each once.
 */
export const pickLinesSchema = z
  .array(z.object({ productId: id("productId"), picked: z.unknown().optional() }), { error: "lines must be a list of { productId, picked }" })
  .min(1, "lines must not be empty")
  .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} lines`);
export type PickLineInput = z.output<typeof pickLinesSchema>[number];

/** A count typed in the pick form: digits only become a number; anything else stays as typed and is refused with its line. */
export function pickedFromForm(value: FormDataEntryValue): unknown {
  return typeof value === "string" && /^[0-9]{1,6}$/.test(value) ? Number(value) : value;
}

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

/** POST /api/order/claim { _id }: the caller starts picking the order (decision 047). */
export const apiClaimSchema = z.object({ _id: orderRef });

const releaseReason = z
  .string({ error: "reason must be text" })
  .trim()
  .max(RELEASE_REASON_MAX, `Keep the reason under ${RELEASE_REASON_MAX} characters`)
  .optional()
  .transform((reason) => reason || undefined);

/** POST /api/order/release { _id, reason? }: a claim ends without a pick; the reason goes into the order's history. */
export const apiReleaseSchema = z.object({ _id: orderRef, reason: releaseReason });

/** The pick page's claim forms: `holder` is the claimant the releaser saw, so a newer claim is never released by mistake. */
export const claimFormSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("claim") }), z.object({ intent: z.literal("release"), reason: releaseReason, holder: id("Claimant").optional() })],
  { error: "Unknown action: reload the page and try again" },
);
