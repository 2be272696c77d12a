/**
 * Reporting a delivered order's items (decision 050): which items (by product id, as the rest of
 * the order API names them), how many and what went wrong, an optional comment and where the
 * refund goes. One schema for the order page's form and `POST /api/order/report` (JSON, or
 * multipart with `lines` as a JSON text field and a `photo` file).
 */
import * as z from "zod";
import { ID_PATTERN } from "../ids";
import { reasonField, REPORT_COMMENT_MAX, REPORT_REASON_CHOICES } from "../reports";

/** An order has at most this many lines (the checkout's limit), so a report names at most as many. */
const REPORT_MAX_LINES = 100;

const QUANTITY_MESSAGE = "Say how many units: a whole number of at least 1";
const REASON_MESSAGE = "Choose what went wrong: missing, damaged, wrong item, expired or poor quality";

/** A whole number, as a JSON number or the text a form sends ("2"); nothing else (no `true`, no "1.5"). */
const quantity = z.preprocess(
  (value) => (typeof value === "string" && /^\s*[0-9]{1,6}\s*$/.test(value) ? Number(value) : value),
  z.number({ error: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(1, QUANTITY_MESSAGE).max(100_000, QUANTITY_MESSAGE),
);

const reportLineSchema = z.object({
  productId: z.string({ error: "Name each item by its productId" }).regex(ID_PATTERN, "That is not a valid product id"),
  quantity,
  reason: z.enum(REPORT_REASON_CHOICES, { error: REASON_MESSAGE }),
});

const lines = z
  .array(reportLineSchema, { error: "Name the items to report in lines: [{ productId, quantity, reason }]" })
  .min(1, "Choose at least one item to report")
  .max(REPORT_MAX_LINES, `Report at most ${REPORT_MAX_LINES} items at once`)
  .refine((list) => new Set(list.map((line) => line.productId)).size === list.length, "Name each item once");

/**
 * The comment: trimmed, Windows line ends made `\n`, empty means none. Line breaks are allowed (a
 * textarea sends them); every other control character is refused. Counted in characters (code
 * points), as SQLite's length() counts them for the table's CHECK.
 */
const comment = z
  .string({ error: "The comment must be text" })
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  .refine((value) => !/[^\P{Cc}\n]/u.test(value), "The comment cannot contain control characters")
  .refine((value) => [...value].length <= REPORT_COMMENT_MAX, `The comment must be at most ${REPORT_COMMENT_MAX} characters`)
  .transform((value) => value || null)
  .nullish()
  .transform((value) => value ?? null);

/** Where the refund goes: the wallet unless asked otherwise (a form's empty choice too). */
const refundTo = z.preprocess(
  (value) => (value === "" || value === null || value === undefined ? "wallet" : value),
  z.enum(["wallet", "original"], { error: 'Choose where the refund goes: "wallet" or "original"' }),
);

/** The report of the order page's own order. */
export const reportBodySchema = z.object({ lines, comment, refundTo });

/** POST /api/order/report { _id, lines, comment?, refundTo? } */
export const apiReportSchema = reportBodySchema.extend({
  _id: z.string({ error: "Order id is required" }).regex(ID_PATTERN, "That is not a valid order id"),
});

export type ReportInput = z.output<typeof reportBodySchema>;

/**
 * The order page's form as the schema's input: every row with a quantity other than 0 becomes a
 * line (its reason from the row's own select), the rest as sent.
 */
export function reportFormInput(form: Record<string, unknown>): Record<string, unknown> {
  const lines: Record<string, unknown>[] = [];
  for (const [name, value] of Object.entries(form)) {
    if (!name.startsWith("quantity.")) continue;
    if (value === "0" || value === "") continue;
    const productId = name.slice("quantity.".length);
    const reason = form[reasonField(productId)];
    lines.push({ productId, quantity: value, reason: reason === "" ? undefined : reason });
  }
  return { lines, comment: form.comment, refundTo: form.refundTo };
}

/**
 * A multipart /api body as the schema's input: `lines` is JSON text (400 when it does not parse),
 * every other field as sent (files left out: the photo is read apart).
 */
export function multipartReportInput(form: Record<string, unknown>): Record<string, unknown> | { error: string } {
  let lines: unknown = undefined;
  if (typeof form.lines === "string") {
    try {
      lines = JSON.parse(form.lines);
    } catch {
      return { error: 'The field "lines" must be JSON: [{ "productId": …, "quantity": 1, "reason": "missing" }]' };
    }
  }
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return { _id: text(form._id), lines, comment: text(form.comment), refundTo: text(form.refundTo) };
}
