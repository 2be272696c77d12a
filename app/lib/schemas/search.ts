/**
 * Search input shared by the storefront's suggestion box, `GET /api/product/suggest` and the admin
 * search-insights page (docs/decisions/018-search-suggestions-and-insights.md).
 */
import * as z from "zod";

/** Longest text the suggestion endpoint reads (the search box's own `maxLength`). */
const SUGGEST_MAX_LENGTH = 100;

/**
 * `?q=` of /api/product/suggest, as `url.searchParams.getAll("q")`: at most once (a repeated key is
 * refused, never "first wins"), at most SUGGEST_MAX_LENGTH characters. Missing means empty.
 */
export const suggestQuerySchema = z.object({
  q: z
    .array(z.string(), { error: "q must be text" })
    .max(1, "Send q only once")
    .transform((values) => values[0] ?? "")
    .pipe(z.string().max(SUGGEST_MAX_LENGTH, `q must be at most ${SUGGEST_MAX_LENGTH} characters`)),
});

/** A synonym's two sides: what shoppers type and the catalogue word it means. */
export const SYNONYM_MAX_LENGTH = 40;
const WORDS = /^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u;

const searchWords = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .transform((s) => s.trim().replace(/\s+/g, " ").toLowerCase())
    .pipe(
      z
        .string()
        .min(2, `${label} must be at least 2 characters`)
        .max(SYNONYM_MAX_LENGTH, `${label} must be at most ${SYNONYM_MAX_LENGTH} characters`)
        .regex(WORDS, `${label} may contain only letters, digits and spaces`),
    );

/** An insights row's "add synonym" form: shoppers typing `term` mean the catalogue word `canonical`. */
export const addSynonymSchema = z
  .object({ intent: z.literal("add-synonym"), term: searchWords("Search text"), canonical: searchWords("Catalogue word") })
  .refine((v) => v.term !== v.canonical, { path: ["canonical"], message: "Type a catalogue word that differs from the search text" });

/** An insights row's "dismiss" button: drop it without a synonym. */
const dismissInsightSchema = z.object({ intent: z.literal("dismiss"), term: searchWords("Search text") });

export const searchInsightActionSchema = z.discriminatedUnion("intent", [addSynonymSchema, dismissInsightSchema], {
  error: "Unknown action: reload the page and try again",
});

export const INSIGHT_SORTS = ["frequent", "recent"] as const;
/** `?sort=&page=` of the insights page: bad values fall back to the defaults rather than failing. */
export const insightListSchema = z.object({
  sort: z.enum(INSIGHT_SORTS).catch("frequent"),
  page: z.coerce.number().int().min(1).max(100).catch(1),
});
