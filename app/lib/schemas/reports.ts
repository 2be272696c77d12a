/**
 * Deciding reports (docs/decisions/050-after-the-order.md, "Deciding a report"): what support sends
 * (the queue page's forms and `POST /api/store/reports/decide`), the queue's query, and the rules
 * admins set (`POST /api/store/report-rules` and the rules form). Amounts are rupees, read by the
 * one money rule (decision 039).
 */
import * as z from "zod";
import { REPORT_STATUSES } from "~/db/schema";
import { ID_PATTERN } from "../ids";
import { toPaise } from "../money-input";

const REPORT_DECISIONS = ["approve", "part", "decline"] as const;

/** The longest reason a decision keeps (the table's CHECK). */
export const DECISION_REASON_MAX = 300;
/** The largest claim the rules may approve at once: ₹10,000 (the table's CHECK). */
const AUTO_MAX_AMOUNT_PAISE = 10_000_00;
/** Above any order: the claim itself bounds a part approval (the server compares). */
const PART_AMOUNT_MAX_PAISE = 10_00_000_00;

const id = (what: string) => z.string({ error: `${what} is required` }).regex(ID_PATTERN, `That is not a valid ${what.toLowerCase()}`);

/** A reason: trimmed, blank means none, one line of at most 300 characters (code points, as SQLite counts). */
const reasonField = z.union([z.string(), z.null(), z.undefined()], { error: "Reason must be text" }).transform((value, ctx) => {
  const text = (value ?? "").trim();
  if (!text) return null;
  if ([...text].length > DECISION_REASON_MAX) {
    ctx.addIssue({ code: "custom", message: `Reason can be at most ${DECISION_REASON_MAX} characters` });
    return z.NEVER;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    ctx.addIssue({ code: "custom", message: "Reason must be one line of text" });
    return z.NEVER;
  }
  return text;
});

const amountField = z
  .unknown()
  .transform((value, ctx) =>
    value === undefined || value === null || value === "" ? null : toPaise("Amount", { maxPaise: PART_AMOUNT_MAX_PAISE })(value, ctx),
  );

/**
 * One decision: `approve` (the whole claim), `part` (an `amount` in rupees, more than ₹0 and less
 * than the claim: the server compares it with the claim) or `decline` (a `reason` is required).
 */
export const decideReportSchema = z
  .object({
    reportId: id("Report id"),
    decision: z.enum(REPORT_DECISIONS, { error: "Decision must be approve, part or decline" }),
    amount: amountField.optional(),
    reason: reasonField.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.decision === "part") {
      if (input.amount == null) ctx.addIssue({ code: "custom", path: ["amount"], message: "Amount is required to approve part of a report" });
      else if (input.amount <= 0) ctx.addIssue({ code: "custom", path: ["amount"], message: "Amount must be more than ₹0" });
    }
    if (input.decision === "decline" && !input.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "A reason is required to decline a report" });
  })
  .transform(({ amount, reason, ...rest }) => ({ ...rest, amount: amount ?? null, reason: reason ?? null }));
export type DecideReportInput = z.output<typeof decideReportSchema>;

const optionalId = (what: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(id(what).optional());

/** `GET /api/store/reports?storeId=&status=`: both optional (admins see every store; the status's default is open). */
export const reportsQuerySchema = z.object({
  storeId: optionalId("Store id"),
  status: z
    .string()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.enum(REPORT_STATUSES, { error: "Status must be open, approved or declined" }).optional()),
});

/** A whole number between `min` and `max` from a form field or JSON. */
const wholeNumber = (label: string, min: number, max: number) =>
  z.unknown().transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
    if (text === "") {
      ctx.addIssue({ code: "custom", message: `${label} is required` });
      return z.NEVER;
    }
    if (!/^[0-9]+$/.test(text)) {
      ctx.addIssue({ code: "custom", message: `${label} must be a whole number` });
      return z.NEVER;
    }
    const n = Number(text);
    if (n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `${label} must be between ${min} and ${max}` });
      return z.NEVER;
    }
    return n;
  });

/** The rules that approve a report at once (one row; admins only). */
export const reportRulesSchema = z.object({
  autoMaxAmount: z.unknown().transform(
    toPaise("Largest claim approved at once", {
      maxPaise: AUTO_MAX_AMOUNT_PAISE,
      example: "200 or 200.50",
      required: "Largest claim approved at once is required",
    }),
  ),
  autoMaxPriorApproved: wholeNumber("Approved claims allowed in the 30 days before", 0, 100),
  autoMaxSharePercent: wholeNumber("Share of the shopper's delivered value", 0, 100),
});
export type ReportRulesInput = z.output<typeof reportRulesSchema>;
