/**
 * Amounts typed into forms or sent to /api, read exactly (docs/decisions/039-exact-money-input.md).
 * One rule for every money field: a plain decimal number of rupees, digits with at most two
 * decimals ("20", "20.5", "20.50", "0.01"). No sign, exponent, hex, spaces, separators, or digits
 * other than 0-9; the paise come from the digits themselves, never from multiplying a float.
 * A JSON number is read by its shortest decimal form (what JSON.stringify writes back), so the same
 * rule holds: 20.5 is 2050 paise, 1.005 and 0.1 + 0.2 are refused.
 */
import * as z from "zod";

/** Digits, then at most one "." followed by one or two digits. */
const PLAIN_RUPEES = /^([0-9]+)(?:\.([0-9]{1,2}))?$/;

/**
 * More than 12 digits of rupees reads as Infinity: above every field's maximum (so the field says
 * "at most"), and below it paise stay far under 2^53, so the sum below is exact.
 */
const MAX_RUPEE_DIGITS = 12;

type RupeesReading = { ok: true; paise: number } | { ok: false; negative: boolean };

/** The amount written plainly in `text`, as integer paise (Infinity when absurdly long); null when it is not such an amount. */
function plainPaise(text: string): number | null {
  const match = PLAIN_RUPEES.exec(text);
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  const digits = whole.replace(/^0+(?=[0-9])/, "");
  if (digits.length > MAX_RUPEE_DIGITS) return Number.POSITIVE_INFINITY;
  return Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * Reads an amount of rupees as integer paise: a string written plainly, or a finite JSON number
 * whose shortest decimal form is (so 1e2, already 100 once JSON.parse has read it, is 100 rupees,
 * while 1e21 and 1e-7, written with an exponent, are refused). Everything else is refused: blank
 * text, null, booleans, arrays, objects. `negative` tells a minus sign in front of an otherwise good
 * amount, so a field can say "cannot be negative".
 */
export function readRupees(value: unknown): RupeesReading {
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number" && Number.isFinite(value)) text = String(value);
  else return { ok: false, negative: false };
  if (text.startsWith("-")) return { ok: false, negative: plainPaise(text.slice(1)) !== null };
  const paise = plainPaise(text);
  return paise === null ? { ok: false, negative: false } : { ok: true, paise };
}

/** The message for an amount that is not written plainly, naming the field. */
export const amountMessage = (label: string, example = "20 or 20.50") => `${label} must be an amount in rupees like ${example}`;

export interface RupeesFieldOptions {
  /** Largest amount in paise. */
  maxPaise: number;
  /** The example the message gives ("20 or 20.50"). */
  example?: string;
  /** The message for a blank or absent value (otherwise it is "not an amount"). */
  required?: string;
}

/**
 * A zod schema for a money field: the value (form text or JSON) as integer paise, 0..maxPaise,
 * refused with a message that names the field. Used by every page form and /api body alike.
 */
export function rupeesField(label: string, options: RupeesFieldOptions) {
  return z.unknown().transform(toPaise(label, options));
}

/** The transform behind {@link rupeesField}, for a schema that first holds the value to a type of its own. */
export function toPaise(label: string, { maxPaise, example, required }: RupeesFieldOptions) {
  return (value: unknown, ctx: z.RefinementCtx): number => {
    if (required && (value === undefined || value === null || (typeof value === "string" && value.trim() === ""))) {
      ctx.addIssue({ code: "custom", message: required });
      return z.NEVER;
    }
    const reading = readRupees(value);
    if (!reading.ok) {
      ctx.addIssue({ code: "custom", message: reading.negative ? `${label} cannot be negative` : amountMessage(label, example) });
      return z.NEVER;
    }
    if (reading.paise > maxPaise) {
      ctx.addIssue({ code: "custom", message: `${label} can be at most ₹${formatPlainRupees(maxPaise)}` });
      return z.NEVER;
    }
    return reading.paise;
  };
}

/** Paise as plain rupees for a message: 20000 → "200", 2050 → "20.50". */
function formatPlainRupees(paise: number): string {
  const rupees = Math.trunc(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, "0")}`;
}
