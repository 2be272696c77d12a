/** A search's plan: the typed words as slots, each matched by any of its alternatives (typed or synonym). */
import { phraseKey, wordForms } from "./normalise";
import type { SynonymIndex } from "./synonyms";

/** One thing the shopper asked for: the typed word or phrase and what else means it. */
export interface Slot {
  typed: string;
  /** `typed` first, then catalogue phrases from the synonyms. */
  alternatives: string[];
}

const MAX_ALTERNATIVES = 3;

/** Longest synonym phrase first ("sarson ka tel" before "tel"), then single words. */
export function planSlots(words: string[], synonyms: SynonymIndex): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i < words.length;) {
    const n = [3, 2, 1].find((size) => i + size <= words.length && (size === 1 || synonyms.has(phraseKey(words.slice(i, i + size).join(" ")))))!;
    const typed = words.slice(i, i + n).join(" ");
    const alternatives = [...new Set([typed, ...(synonyms.get(phraseKey(typed)) ?? [])])].slice(0, MAX_ALTERNATIVES);
    slots.push({ typed, alternatives });
    i += n;
  }
  return slots;
}

/**
 * FTS5 query: every alternative a quoted prefix phrase (`"soft drink"*`), alternatives OR-ed,
 * slots AND-ed ("all") or OR-ed ("any", the relaxed query). Folded words hold only letters, digits
 * and spaces, so nothing a shopper types is read as FTS syntax.
 */
export function ftsQuery(slots: Slot[], mode: "all" | "any"): string {
  return slots.map((s) => `(${s.alternatives.map((a) => `"${a}"*`).join(" OR ")})`).join(mode === "all" ? " AND " : " OR ");
}

/** The singular and plural spellings of a phrase's last word ("soft drink", "soft drinks"). */
export function phraseForms(phrase: string): string[] {
  const words = phrase.split(" ");
  const last = words.pop()!;
  return wordForms(last).map((form) => [...words, form].join(" "));
}
