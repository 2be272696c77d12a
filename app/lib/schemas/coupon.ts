/**
 * Coupons and tips (docs/decisions/030-coupons-and-tips.md): the admin's coupon fields
 * (the page form and /api/coupon/create|update share them), the shopper's code, and the tip.
 * Money here is in rupees (as /api speaks it); the server stores paise.
 */
import * as z from "zod";
import { ID_PATTERN } from "../ids";
import { amountMessage, readRupees, rupeesField } from "../money-input";
import { MAX_TIP, TIP_CHOICES } from "../pricing";

/** Codes are case-insensitive: stored and compared upper-case. */
const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,19}$/;
const CODE_RULE = "A code is 3 to 20 letters, digits, - or _ (e.g. SAVE50)";

/** A shopper's or admin's code: trimmed, upper-cased, held to the pattern (a 10 KB code or control characters are refused). */
const couponCodeSchema = z
  .string({ error: "Enter a coupon code" })
  .max(100, CODE_RULE)
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().min(1, "Enter a coupon code").regex(COUPON_CODE_PATTERN, CODE_RULE));

/** Most rupees any coupon amount may name (₹10,00,000): far above a grocery order, far below overflow. */
const MAX_RUPEES = 1_000_000;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** A form string or JSON number as a number (blank: undefined, which only optional fields accept). */
const toNumber = (v: unknown) => (blank(v) ? undefined : typeof v === "string" ? Number(v.trim()) : v);

const finite = (label: string) => z.number({ error: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a number`);

/** Rupees written plainly (money-input.ts), 0..MAX_RUPEES, as paise. */
const rupeesValue = (label: string) => rupeesField(label, { maxPaise: MAX_RUPEES * 100 });

/** Blank or absent is "not given"; anything else is read as the field says. */
const unlessBlank = (v: unknown) => (blank(v) ? undefined : v);

const countValue = (label: string) =>
  finite(label)
    .refine((v) => Number.isInteger(v), `${label} must be a whole number`)
    .refine((v) => v >= 1, `${label} must be at least 1 (leave it empty for no limit)`)
    .refine((v) => v <= 10_000_000, `${label} is too large`);

/** An optional count: blank or absent is "not given". */
const optional = <T extends z.ZodType>(inner: T) => z.preprocess(toNumber, inner.optional());
/** An optional amount: blank or absent is "not given". */
const optionalRupees = (label: string) => z.preprocess(unlessBlank, rupeesValue(label).optional());

/** Earliest and latest moment a coupon may name (2000-01-01 .. 2100-01-01 UTC). */
const MIN_TIME = Date.UTC(2000, 0, 1);
const MAX_TIME = Date.UTC(2100, 0, 1);

/**
 * A moment as ms since the epoch, or ISO 8601 text. Text without a zone (the form's
 * datetime-local "2026-12-03T10:00", or a bare date) is India time (IST, +05:30): the store's clock.
 */
function parseMoment(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return undefined;
  const text = v.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(`${text}T00:00:00+05:30`);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return Date.parse(`${text}+05:30`);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return Date.parse(text);
  return Number.NaN;
}

const moment = (label: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : parseMoment(v)),
    z
      .number({ error: `${label} must be a date and time: ms since 1970, or ISO text such as 2026-12-03T10:00` })
      .refine((v) => Number.isInteger(v) && v >= MIN_TIME && v <= MAX_TIME, `${label} must be a date between 2000 and 2100 (ms, or ISO text)`),
  );

/** A checkbox ("on") or a JSON boolean; a form leaves an unticked box out (the page passes false). */
const flag = (label: string) =>
  z.preprocess((v) => (v === "on" || v === "true" ? true : v === "false" ? false : v), z.boolean({ error: `${label} must be true or false` }));

const ids = (label: string) =>
  z.preprocess(
    (v) => (blank(v) ? [] : typeof v === "string" ? [v] : v),
    z
      .array(z.string().regex(ID_PATTERN, `${label}: not a valid id`), { error: `${label} must be a list of ids` })
      .max(100, `At most 100 ${label.toLowerCase()}`)
      .transform((list) => [...new Set(list)]),
  );

/** The coupon's fields, as the admin form and /api bodies send them. */
export const couponFieldsSchema = z
  .object({
    code: couponCodeSchema,
    type: z.enum(["percent", "flat"], { error: 'type must be "percent" or "flat" (one of them)' }),
    /** percent: whole percent 1..100; flat: rupees. Both read by the money rule, then judged by type. */
    value: z.unknown(),
    minOrder: optionalRupees("Minimum order"),
    maxDiscount: optionalRupees("Maximum discount"),
    startsAt: moment("Start"),
    endsAt: moment("End"),
    totalUses: optional(countValue("Total uses")),
    perShopper: optional(countValue("Uses per shopper")),
    firstOrderOnly: flag("First order only").optional(),
    categories: ids("Categories").optional(),
    stores: ids("Stores").optional(),
    active: flag("Active").optional(),
  })
  .superRefine((c, ctx) => {
    const value = readRupees(c.value);
    if (c.type === "percent") {
      if (!value.ok || value.paise % 100 !== 0 || value.paise < 100 || value.paise > 100 * 100) {
        ctx.addIssue({ code: "custom", path: ["value"], message: "A percent discount is a whole number from 1 to 100" });
      }
    } else if (!value.ok && !value.negative) {
      ctx.addIssue({ code: "custom", path: ["value"], message: amountMessage("Value (a flat discount)") });
    } else if (!value.ok || value.paise <= 0 || value.paise > MAX_RUPEES * 100) {
      ctx.addIssue({ code: "custom", path: ["value"], message: `A flat discount is an amount in rupees above ₹0, up to ₹${MAX_RUPEES}` });
    }
    if (c.type === "flat" && c.maxDiscount !== undefined) {
      ctx.addIssue({ code: "custom", path: ["maxDiscount"], message: "A maximum discount is for percent coupons only: a flat coupon's value is its discount" });
    }
    if (c.maxDiscount !== undefined && c.maxDiscount <= 0) {
      ctx.addIssue({ code: "custom", path: ["maxDiscount"], message: "Maximum discount must be above ₹0 (leave it empty for no cap)" });
    }
    if (c.endsAt <= c.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
    if (c.totalUses !== undefined && c.perShopper !== undefined && c.perShopper > c.totalUses) {
      ctx.addIssue({ code: "custom", path: ["perShopper"], message: "Uses per shopper cannot be more than the total uses" });
    }
  })
  .transform((c) => {
    // Judged above: the value reads as an amount (whole rupees for a percent).
    const value = readRupees(c.value);
    const paise = value.ok ? value.paise : 0;
    return {
      code: c.code,
      type: c.type,
      value: c.type === "percent" ? paise / 100 : paise,
      minOrder: c.minOrder ?? 0,
      maxDiscount: c.maxDiscount ?? null,
      startsAt: c.startsAt,
      endsAt: c.endsAt,
      totalUses: c.totalUses ?? null,
      perShopper: c.perShopper ?? null,
      firstOrderOnly: c.firstOrderOnly ?? false,
      categories: c.categories ?? [],
      stores: c.stores ?? [],
      active: c.active ?? true,
    };
  });

export type CouponInput = z.output<typeof couponFieldsSchema>;

const idField = z.string({ error: "_id is required" }).regex(ID_PATTERN, "_id is not a valid coupon id");

/** PUT /api/coupon/update: every field again, and `_id`. */
export const apiCouponUpdateSchema = z.intersection(z.object({ _id: idField }), couponFieldsSchema);
/** DELETE /api/coupon/delete { _id } */
export const apiCouponDeleteSchema = z.object({ _id: idField });

/**
 * The tip in rupees: none (blank), or a whole number of rupees up to ₹200, written plainly
 * (money-input.ts); as paise once parsed.
 */
export const tipSchema = z.preprocess(
  (v) => (blank(v) ? "0" : v),
  rupeesField("The tip", { maxPaise: MAX_TIP, example: "20" }).refine((paise) => paise % 100 === 0, "The tip is a whole number of rupees, like 20"),
);

/** An optional code: blank is none. */
export const optionalCouponCode = z.preprocess((v) => (blank(v) ? undefined : v), couponCodeSchema.optional());

/** POST /api/coupon/apply { code, list_items? } (lines as the order's; without them, the shopper's cart). */
export const apiCouponApplySchema = z.object({
  code: couponCodeSchema,
  list_items: z
    .array(
      z.object({
        productId: z.union([
          z.string().regex(ID_PATTERN, "productId is not a valid product id"),
          z.object({ _id: z.string().regex(ID_PATTERN, "productId is not a valid product id") }).transform((p) => p._id),
        ]),
        quantity: z.number({ error: "quantity must be a number" }).int("quantity must be a whole number").min(1).max(1000),
      }),
    )
    .max(100)
    .optional(),
});

/** The quick tip choices in rupees (and "custom"), as the checkout's radios send them. */

/** POST /coupon: the shopper's coupon and tip choices (page forms, JS on or off). */
export const billChoiceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("apply"), code: couponCodeSchema }),
  z.object({ intent: z.literal("remove") }),
  z
    .object({
      intent: z.literal("tip"),
      tipChoice: z.enum([...TIP_CHOICES, "custom"], { error: "Choose a tip" }),
      customTip: z.string().max(20).optional(),
    })
    .transform((v, ctx) => {
      const parsed = tipSchema.safeParse(v.tipChoice === "custom" ? (v.customTip ?? "") : v.tipChoice);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", path: ["customTip"], message: parsed.error.issues[0]?.message ?? "Enter a tip up to ₹200" });
        return z.NEVER;
      }
      return { intent: "tip" as const, tip: parsed.data };
    }),
]);
