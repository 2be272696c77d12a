/**
 * The till's input (docs/decisions/048-riders-and-the-till.md): a cash handover as the metrics
 * page's form and `POST /api/store/cash-handover` send it, and the rider deliveries' query.
 * Amounts are read by the one money rule (decision 039).
 */
import * as z from "zod";
import { ID_PATTERN } from "../ids";
import { toPaise } from "../money-input";
import { HANDOVER_NOTE_MAX } from "../till";

const id = (what: string) => z.string({ error: `${what} is required` }).regex(ID_PATTERN, `That is not a valid ${what.toLowerCase()}`);

/** The most one handover may record: ₹1,00,000 (a rider's bag, not a bank run). */
const MAX_HANDOVER_PAISE = 1_00_000_00;

/** One submission's key: a form's hidden `key` (a UUID) or an API client's `Idempotency-Key`. */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
export const idempotencyKeySchema = z
  .string({ error: "An idempotency key is required (the Idempotency-Key header or key)" })
  .regex(IDEMPOTENCY_KEY_PATTERN, "The idempotency key must be 1 to 100 letters, digits or . _ : -");

const handoverAmount = z
  .unknown()
  .transform(toPaise("Amount", { maxPaise: MAX_HANDOVER_PAISE, example: "500 or 500.50", required: "Amount is required" }))
  .refine((paise) => paise > 0, "Amount must be more than ₹0");

/**
 * A note: trimmed, blank means none, at most 200 characters counted as code points (as SQLite's
 * `length()` counts them for the table's CHECK), one line without control characters.
 */
const handoverNote = z.union([z.string(), z.null(), z.undefined()], { error: "Note must be text" }).transform((value, ctx) => {
  const text = (value ?? "").trim();
  if (!text) return null;
  if ([...text].length > HANDOVER_NOTE_MAX) {
    ctx.addIssue({ code: "custom", message: `Note can be at most ${HANDOVER_NOTE_MAX} characters` });
    return z.NEVER;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    ctx.addIssue({ code: "custom", message: "Note must be one line of text" });
    return z.NEVER;
  }
  return text;
});

/** The body of `POST /api/store/cash-handover` and the page form's fields. */
export const cashHandoverSchema = z.object({
  storeId: id("Store id"),
  riderId: id("Rider"),
  amount: handoverAmount,
  note: handoverNote.optional(),
  key: idempotencyKeySchema.optional(),
});
export type CashHandoverInput = z.output<typeof cashHandoverSchema>;

const optionalId = (what: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(id(what).optional());

/** `GET /api/rider/deliveries?storeId=&riderId=` (both optional; only admins name another rider). */
export const riderDeliveriesQuerySchema = z.object({ storeId: optionalId("Store id"), riderId: optionalId("Rider") });
