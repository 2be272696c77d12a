/**
 * Rating a delivered order (decision 027 "Ratings"): 1–5 stars and an optional
 * comment of at most 500 characters. Shared by the shopper's order page and `POST /api/order/rate`.
 */
import * as z from "zod";
import { ID_PATTERN } from "../ids";
import { RATING_COMMENT_MAX } from "../order-choices";

const RATING_MESSAGE = "Choose a rating from 1 to 5";

/** A whole number 1..5, as a JSON number or the text a form sends ("4"); nothing else (no `true`, no "4.5"). */
const rating = z.preprocess(
  (value) => (typeof value === "string" && /^\s*[0-9]+\s*$/.test(value) ? Number(value) : value),
  z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
);

/**
 * The comment: trimmed, Windows line ends made `\n`, empty means none. Line breaks are allowed (a
 * textarea sends them); every other control character is refused. Counted in characters (code
 * points), as SQLite's length() counts them for the table's CHECK.
 */
const comment = z
  .string({ error: "The comment must be text" })
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  .refine((value) => !/[^\P{Cc}\n]/u.test(value), "The comment cannot contain control characters")
  .refine((value) => [...value].length <= RATING_COMMENT_MAX, `The comment must be at most ${RATING_COMMENT_MAX} characters`)
  .transform((value) => value || null)
  .nullish()
  .transform((value) => value ?? null);

/** The order page's rating form (the order is the page's own). */
export const rateOrderFormSchema = z.object({ rating, comment });

/** POST /api/order/rate { _id, rating, comment? } */
export const apiRateOrderSchema = z.object({
  _id: z.string({ error: "Order id is required" }).regex(ID_PATTERN, "That is not a valid order id"),
  rating,
  comment,
});
export type RateOrderInput = z.output<typeof rateOrderFormSchema>;
