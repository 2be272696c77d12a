/**
 * Substitutions the shopper approves (docs/decisions/043-substitutions-the-shopper-approves.md): the
 * input of the store's suggestions, a proposal, a call's outcome and the shopper's answer, shared
 * by the pages and /api. Counts are strict (a JSON whole number), like the pick's.
 */
import * as z from "zod";
import { ID_PATTERN } from "../ids";
import { MAX_CART_LINES } from "./cart";

const id = (what: string) => z.string({ error: `${what} is required` }).regex(ID_PATTERN, `That is not a valid ${what.toLowerCase()}`);
const count = (what: string, min: number) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(999, `${what} is too large`);

/** The products the picker reports short in this pick so far (never suggested as a replacement). */
const shortList = z.array(id("Short product id"), { error: "short must be a list of product ids" }).max(MAX_CART_LINES).optional().default([]);

/** GET /api/store/substitutions/suggestions?_id=&productId=&picked=&short=a,b (the query, as parsed). */
export const suggestQuerySchema = z.object({
  _id: id("Order id"),
  productId: id("productId"),
  picked: count("picked", 0),
  short: shortList,
});

/** POST /api/store/substitutions/propose */
export const proposeSchema = z.object({
  _id: id("Order id"),
  /** The short line, by its product. */
  productId: id("productId"),
  /** Units of that line found. */
  picked: count("picked", 0),
  short: shortList,
  replacementId: id("replacementId"),
  /** Units of the replacement; the line's missing units when left out. */
  quantity: count("quantity", 1).optional(),
  /** A replacement dearer than the line, for the shopper to accept at its price (cash orders only). */
  higherPrice: z.boolean({ error: "higherPrice must be true or false" }).optional().default(false),
});
export type ProposeInput = z.output<typeof proposeSchema>;

/** POST /api/store/substitutions/call-outcome */
export const callOutcomeSchema = z.discriminatedUnion(
  "outcome",
  [
    z.object({
      outcome: z.literal("agreed"),
      _id: id("Order id"),
      productId: id("productId"),
      picked: count("picked", 0),
      replacementId: id("replacementId"),
      quantity: count("quantity", 1),
    }),
    z.object({ outcome: z.literal("removed"), _id: id("Order id"), productId: id("productId"), picked: count("picked", 0) }),
  ],
  { error: 'outcome must be "agreed" (with replacementId and quantity) or "removed"' },
);
export type CallOutcomeInput = z.output<typeof callOutcomeSchema>;

/** POST /api/order/substitution/answer */
export const answerSchema = z.object({
  _id: id("Substitution id"),
  answer: z.enum(["accept", "decline"], { error: 'answer must be "accept" or "decline"' }),
});
export type AnswerInput = z.output<typeof answerSchema>;

/** A count from a form field: digits become a number, anything else stays to be refused. */
export function countFromForm(value: FormDataEntryValue | null | undefined): unknown {
  return typeof value === "string" && /^[0-9]{1,3}$/.test(value.trim()) ? Number(value.trim()) : value;
}
