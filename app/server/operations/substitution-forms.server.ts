/**
 * The pick page's side of substitutions (decision 043), as plain forms that work without JavaScript:
 * - "Find a replacement" submits the pick list itself with GET (its counts ride in the URL), so the
 *   loader knows which lines this pick reports short and suggests for the chosen one;
 * - the proposal and the call's outcome are POSTs carrying the same counts back, so the pick list
 *   keeps what the picker typed after the redirect.
 * The shopper's page answers with `answerFormStep`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Refusal } from "~/lib/refusal";
import { answerSchema, callOutcomeSchema, countFromForm, proposeSchema } from "~/lib/schemas/substitutions";
import type { SessionUser } from "~/server/identity/auth.server";
import { answerSubstitution, proposeSubstitution, recordCallOutcome, substitutionsOf, suggestReplacements, type Suggestion } from "./substitutions.server";

/** The intents of the pick page's substitution forms. */
const SUBSTITUTION_INTENTS = ["propose", "call-agreed", "call-removed"] as const;

export function isSubstitutionIntent(intent: FormDataEntryValue | null): boolean {
  return (SUBSTITUTION_INTENTS as readonly unknown[]).includes(intent);
}

/** The pick list's counts as typed (`picked.<productId>` → digits), from a form or a URL. */
function typedCounts(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const counts: Record<string, string> = {};
  for (const [name, value] of entries) if (name.startsWith("picked.") && typeof value === "string") counts[name] = value.slice(0, 6);
  return counts;
}

/** The query string that brings the pick list back with its counts. */
function countsQuery(counts: Record<string, string>): string {
  const query = new URLSearchParams(counts).toString();
  return query ? `?${query}` : "";
}

export type SuggestionBox = {
  productId: string;
  name: string;
  missing: number;
  picked: number;
  short: string[];
  suggestions: Suggestion[];
  error: string | null;
};

/**
 * What the pick page shows of substitutions: the order's (after expiry), the counts the URL carries,
 * and the suggestions for the line `?suggest=` names (with the lines those counts report short).
 */
export async function substitutionPageData(
  context: AppLoadContext,
  user: SessionUser,
  order: { id: string; replacementPreference: string; status: string },
  lines: { productId: string | null; quantity: number }[],
  url: URL,
) {
  const substitutions = await substitutionsOf(context, order.id);
  const typed = typedCounts(url.searchParams.entries());
  const suggest = url.searchParams.get("suggest");
  const pickable = order.status === "placed" || order.status === "paid";
  if (!suggest || !pickable || order.replacementPreference === "refund") return { substitutions, typed, suggestion: null };
  const countOf = (productId: string, quantity: number) => {
    const value = countFromForm(typed[`picked.${productId}`]);
    return typeof value === "number" ? value : quantity;
  };
  const short = lines.filter((l) => l.productId && countOf(l.productId, l.quantity) < l.quantity).map((l) => l.productId!);
  const line = lines.find((l) => l.productId === suggest);
  const picked = line ? countOf(suggest, line.quantity) : 0;
  try {
    const found = await suggestReplacements(context, user, { _id: order.id, productId: suggest, picked, short });
    const suggestion: SuggestionBox = {
      productId: suggest,
      name: found.line.name,
      missing: found.line.missing,
      picked,
      short,
      suggestions: found.suggestions,
      error: null,
    };
    return { substitutions, typed, suggestion };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const suggestion: SuggestionBox = { productId: suggest, name: "", missing: 0, picked, short, suggestions: [], error: error.message };
    return { substitutions, typed, suggestion };
  }
}

/** A proposal or a call's outcome from the pick page: its message, and where to go back to (the counts kept). */
export async function substitutionFormStep(context: AppLoadContext, user: SessionUser, orderId: string, form: FormData) {
  const intent = form.get("intent");
  const counts = typedCounts(form.entries());
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const base = { _id: orderId, productId: text("productId"), picked: countFromForm(form.get("picked")) };
  let message: string;
  if (intent === "propose") {
    const parsed = proposeSchema.safeParse({
      ...base,
      short: (text("short") ?? "").split(",").filter(Boolean),
      replacementId: text("replacementId"),
      quantity: form.get("quantity") ? countFromForm(form.get("quantity")) : undefined,
      higherPrice: form.get("higherPrice") === "on",
    });
    if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
    message = (await proposeSubstitution(context, user, parsed.data)).message;
  } else {
    const parsed = callOutcomeSchema.safeParse(
      intent === "call-removed"
        ? { ...base, outcome: "removed" }
        : { ...base, outcome: "agreed", replacementId: text("replacementId"), quantity: countFromForm(form.get("quantity")) },
    );
    if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
    message = (await recordCallOutcome(context, user, parsed.data)).message;
  }
  return { message, failed: false, back: countsQuery(counts) };
}

/** The shopper's Accept / Decline from their order page. */
export async function answerFormStep(context: AppLoadContext, user: { id: string }, form: Record<string, FormDataEntryValue>) {
  const parsed = answerSchema.safeParse({ _id: form.substitutionId, answer: form.answer });
  if (!parsed.success) throw new Refusal(parsed.error.issues[0].message, 400);
  return answerSubstitution(context, user, parsed.data);
}
