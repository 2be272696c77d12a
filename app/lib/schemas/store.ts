/**
 * Dark stores (docs/decisions/020-dark-stores.md): the delivery pincode a shopper chooses (the
 * /location page, its dialog and GET /api/store/serviceability), "tell me when you do" requests,
 * and the admin's store form with its pincode list.
 */
import * as z from "zod";
import { GST_STATES, gstinProblem, stateCode } from "../invoice/gst";
import { ADMIN_SERIES_PATTERN, FSSAI_PATTERN } from "../invoice/maths";

/** A 6-digit Indian pincode (PIN codes never start with 0). */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

export const pincodeSchema = z
  .string({ error: "Enter your 6-digit pincode" })
  .trim()
  .min(1, "Enter your 6-digit pincode")
  .max(20, "A pincode is 6 digits")
  .regex(PINCODE_PATTERN, "A pincode is 6 digits, e.g. 560001");

/** POST /location: the pincode, and the page to go back to (checked by safeRedirect). */
export const locationSchema = z.object({
  pincode: pincodeSchema,
  redirectTo: z.string().max(2000).optional(),
});

/** GET /api/store/serviceability?pincode= */
export const serviceabilityQuerySchema = z.object({ pincode: pincodeSchema });

export const notifyRequestSchema = z.object({
  email: z.string({ error: "Enter your email" }).trim().min(1, "Enter your email").max(254, "That email is too long").pipe(z.email("Enter a valid email")),
  pincode: pincodeSchema,
  redirectTo: z.string().max(2000).optional(),
});

// ---------------------------------------------------------------------------------------------
// Admin

/**
 * The lowest and highest pincode a store may serve: exactly the database's rule
 * (`store_pincode_ranges_check`, migrations/0010_stores.sql: from between 110000 and 999999, to
 * between from and 999999). Indian pincodes start at 110001 (New Delhi); no postal zone starts 10.
 */
const LOWEST_STORE_PINCODE = 110000;
const HIGHEST_STORE_PINCODE = 999999;

/** Most ranges one store may serve (each is one row; far above a dark store's few dozen). */
const MAX_PINCODE_RANGES = 100;

export interface PincodeRange {
  from: number;
  to: number;
}

/**
 * "560001-560103, 560200" → sorted, merged ranges. Entries are separated by commas, semicolons or
 * new lines; a range is two pincodes joined by a hyphen or an en dash. Returns the ranges, or the
 * first problem in words.
 */
function parsePincodeRanges(text: string): { ranges: PincodeRange[] } | { error: string } {
  const entries = text
    .split(/[,;\n\r]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return { error: "Enter the pincodes this store serves" };
  const ranges: PincodeRange[] = [];
  for (const entry of entries) {
    const match = /^(\d{6})(?:\s*[-–]\s*(\d{6}))?$/.exec(entry);
    if (!match) return { error: `"${entry.slice(0, 20)}" is not a pincode or a range like 560001-560103` };
    const [from, to] = [match[1], match[2] ?? match[1]];
    if (!PINCODE_PATTERN.test(from) || !PINCODE_PATTERN.test(to)) return { error: `"${entry}" is not a valid pincode range` };
    if (Number(from) > Number(to)) return { error: `"${entry}" runs backwards: write the smaller pincode first` };
    if (Number(from) < LOWEST_STORE_PINCODE || Number(to) > HIGHEST_STORE_PINCODE) {
      return { error: `"${entry}" is outside the pincodes in use: Indian pincodes run from ${LOWEST_STORE_PINCODE} to ${HIGHEST_STORE_PINCODE}` };
    }
    ranges.push({ from: Number(from), to: Number(to) });
  }
  ranges.sort((a, b) => a.from - b.from);
  const merged: PincodeRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.from <= last.to + 1) last.to = Math.max(last.to, range.to);
    else merged.push({ ...range });
  }
  if (merged.length > MAX_PINCODE_RANGES) return { error: `At most ${MAX_PINCODE_RANGES} separate ranges per store` };
  return { ranges: merged };
}

/** The admin's text form of a store's ranges: "560001-560103, 560200". */
export function formatPincodeRanges(ranges: readonly PincodeRange[]): string {
  return ranges.map(({ from, to }) => (from === to ? String(from) : `${from}-${to}`)).join(", ");
}

/** "06:30" → 390; "00:00" as a closing time is midnight at the end of the day (1440). */
function minutesOfDay(time: string, closing = false): number {
  const [hours, minutes] = time.split(":").map(Number);
  const total = hours * 60 + minutes;
  return closing && total === 0 ? 1440 : total;
}

/** 390 → "06:30"; 1440 → "00:00" (midnight). */
export function timeOfDay(minutes: number): string {
  const m = minutes % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), `${label} cannot contain control characters`);

const time = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, `${label} must be a time such as 06:00`);

/** The fields as a form sends them (also what conform derives the inputs' constraints from). */
export const storeFormFields = z.object({
  name: text("Name", 60),
  address: text("Address", 200),
  city: text("City", 60),
  opensAt: time("Opening time"),
  closesAt: time("Closing time"),
  baseDeliveryMinutes: z.coerce
    .number({ error: "Delivery minutes must be a whole number" })
    .int("Delivery minutes must be a whole number")
    .min(1, "Delivery takes at least 1 minute")
    .max(240, "At most 240 minutes"),
  // How long a shopper has to answer a substitution proposal (decision 043); left out: 2.
  substitutionMinutes: z.coerce
    .number({ error: "Minutes to answer a substitution must be a whole number" })
    .int("Minutes to answer a substitution must be a whole number")
    .min(1, "A shopper has at least 1 minute to answer")
    .max(10, "At most 10 minutes")
    .optional()
    .transform((v) => v ?? 2),
  pincodes: z
    .string({ error: "Enter the pincodes this store serves" })
    .max(5000, "That list is too long")
    .transform((value, ctx) => {
      const parsed = parsePincodeRanges(value);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.ranges;
    }),
  isDefault: z
    .enum(["on"])
    .optional()
    .transform((v) => v === "on"),
  // The seller on the GST invoice (decision 031). Blank until known; a blank form field is "".
  legalName: z
    .string({ error: "Legal name must be text" })
    .trim()
    .max(120, "Legal name must be at most 120 characters")
    .refine((v) => !/\p{Cc}/u.test(v), "Legal name cannot contain control characters")
    .optional()
    .transform((v) => v ?? ""),
  state: z
    .string({ error: "Choose the store's state" })
    .trim()
    .refine((v) => v === "" || GST_STATES.some((s) => s.name === v), "Choose the store's state from the list")
    .optional()
    .transform((v) => v ?? ""),
  gstin: z
    .string({ error: "GSTIN must be text" })
    .trim()
    .max(20, "A GSTIN is 15 characters")
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || gstinProblem(v) === null, { error: (issue) => gstinProblem(String(issue.input).toUpperCase()) ?? "Not a valid GSTIN" })
    .optional()
    .transform((v) => v ?? ""),
  // The invoice series code (decision 038). Blank: a new store gets the next code the database
  // assigns (001, 002, …); an existing store keeps its code.
  invoiceSeries: z
    .string({ error: "Invoice series must be text" })
    .trim()
    .max(10, "An invoice series is 1 to 3 characters")
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || ADMIN_SERIES_PATTERN.test(v), "An invoice series is 1 to 3 letters or digits and starts with a letter, e.g. BLR or K1")
    .optional()
    .transform((v) => v || undefined),
  // The FSSAI licence or registration number printed on every invoice: 14 digits (blank for an older store).
  fssaiLicence: z
    .string({ error: "FSSAI licence must be text" })
    .trim()
    .max(30, "An FSSAI licence number is 14 digits")
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => v === "" || FSSAI_PATTERN.test(v), "An FSSAI licence number is 14 digits")
    .optional()
    .transform((v) => v ?? ""),
});

export const storeFormSchema = storeFormFields
  .superRefine((store, ctx) => {
    if (minutesOfDay(store.opensAt) >= minutesOfDay(store.closesAt, true)) {
      ctx.addIssue({ code: "custom", path: ["closesAt"], message: "Closing time must be after opening time" });
    }
    if (store.gstin && !store.state) ctx.addIssue({ code: "custom", path: ["state"], message: "Choose the state the GSTIN is registered in" });
    else if (store.gstin && store.gstin.slice(0, 2) !== stateCode(store.state)) {
      ctx.addIssue({
        code: "custom",
        path: ["gstin"],
        message: `This GSTIN is registered in state ${store.gstin.slice(0, 2)}, not ${store.state} (${stateCode(store.state)})`,
      });
    }
  })
  .transform(({ opensAt, closesAt, ...store }) => ({
    ...store,
    opensAt: minutesOfDay(opensAt),
    closesAt: minutesOfDay(closesAt, true),
  }));

export type StoreInput = z.output<typeof storeFormSchema>;
