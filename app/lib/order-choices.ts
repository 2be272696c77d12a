/**
 * The words and limits of a shopper's order choices, apart from their schemas (schemas/order.ts,
 * schemas/rating.ts) so the pages that only show them load no zod in the browser.
 */

/** What the store does when an item is short (decision 027); the same words as REPLACEMENT_PREFERENCES in the schema. */
export const REPLACEMENT_CHOICES = ["refund", "call", "similar"] as const;
export const REPLACEMENT_LABELS: Record<(typeof REPLACEMENT_CHOICES)[number], string> = {
  refund: "Remove it and refund me",
  call: "Call me",
  similar: "Replace with a similar item",
};

/** A delivered order's rating (decision 027 "Ratings"): 1–5 stars and a comment of at most this many characters. */
export const RATING_COMMENT_MAX = 500;
export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
