/**
 * The shopper vocabulary (Hinglish and Indian-English synonyms) as search reads it: the bundled
 * dictionary, which migrations also loaded into `search_synonyms` (the table's rows win where read).
 */
import { foldText, phraseKey, searchWords } from "./normalise";
import shopperVocabulary from "./synonyms.json";

export interface SynonymRow {
  term: string;
  canonical: string;
}

/** Phrase key (phoneticKey word by word) → catalogue phrases it means. */
export type SynonymIndex = Map<string, string[]>;

export function synonymIndex(rows: SynonymRow[]): SynonymIndex {
  const index: SynonymIndex = new Map();
  for (const { term, canonical } of rows) {
    const words = searchWords(term);
    const target = foldText(canonical);
    if (!words.length || !target) continue;
    const key = phraseKey(words.join(" "));
    const targets = index.get(key) ?? [];
    if (!targets.includes(target)) index.set(key, [...targets, target].sort());
  }
  return index;
}

export const BUNDLED_SYNONYMS = synonymIndex(Object.entries(shopperVocabulary).map(([term, canonical]) => ({ term, canonical })));

/**
 * What a typed word or phrase may mean by the bundled vocabulary alone: itself first, then the
 * catalogue phrases it stands for ("doodh" → "doodh", "milk"). For suggestions, which answer in one
 * read and so do not consult the table's runtime rows.
 */
export function bundledMeanings(typed: string): string[] {
  return [typed, ...(BUNDLED_SYNONYMS.get(phraseKey(typed)) ?? [])];
}

/** The bundled synonyms, with the table's rows in place of the bundle's for the letters read. */
export function withTableRows(table: SynonymIndex, lettersRead: string[]): SynonymIndex {
  return new Map([...[...BUNDLED_SYNONYMS].filter(([key]) => !lettersRead.includes(key[0])), ...table]);
}

/**
 * Spellings that share a phonetic key can start with different letters (w/v, z/j, q/k, ph/f, y/i):
 * synonym rows and vocabulary are fetched for every letter of a word's class.
 */
const FIRST_LETTER_CLASSES = ["vw", "jz", "kq", "fp", "iy"];
export function firstLetters(words: string[]): string[] {
  const letters = new Set<string>();
  for (const w of words) {
    const first = w[0];
    letters.add(first);
    for (const c of FIRST_LETTER_CLASSES) if (c.includes(first)) for (const l of c) letters.add(l);
  }
  return [...letters];
}
