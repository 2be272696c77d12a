/**
 * Correction of a search that found nothing: typos, split and joined words, read against the
 * index's own word list (fts5vocab) and the shopper vocabulary.
 */
import { allowedEdits, editDistance } from "./edit-distance";
import { phoneticKey } from "./normalise";
import { firstLetters, type SynonymIndex } from "./synonyms";

export interface VocabularyWord {
  term: string;
  doc: number;
}

/** Words a split could produce, looked up at most (D1 binds at most 100 values a statement). */
export const MAX_SPLIT_LOOKUPS = 60;

/** "icecream" → ["ice", "cream"], "thumsup" → ["thums", "up"]: halves of 2+ letters, words up to 16. */
export function splitsOf(word: string): [string, string][] {
  const splits: [string, string][] = [];
  if (/\d/.test(word) || word.length > 16) return splits;
  for (let i = 2; i <= word.length - 2; i++) splits.push([word.slice(0, i), word.slice(i)]);
  return splits;
}

export interface Correction {
  words: string[];
  changed: boolean;
}

/**
 * Replaces words nothing in the catalogue starts with: by a joined pair ("tooth paste" →
 * "toothpaste"), a split ("icecream" → "ice cream"), or the closest word within the typo budget
 * (allowedEdits: by spelling or by phonetic key), the most used first. Words with no candidate
 * are dropped, unless nothing would be left.
 */
export function correctWords(words: string[], vocabulary: VocabularyWord[], synonyms: SynonymIndex, synonymTerms: string[]): Correction {
  const docs = new Map(vocabulary.map((v) => [v.term, v.doc]));
  // Shopper words are correction targets too ("namk" → "namak", then read as salt).
  for (const term of synonymTerms) if (/^[\p{L}\p{N}]+$/u.test(term) && !docs.has(term)) docs.set(term, 0);
  const terms = [...docs.keys()];
  const known = (w: string) => synonyms.has(phoneticKey(w)) || docs.has(w) || terms.some((t) => t.startsWith(w));
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const next = words[i + 1];
    if (next && (!known(word) || !known(next)) && docs.has(word + next)) {
      out.push(word + next);
      changed = true;
      i++;
      continue;
    }
    if (known(word)) {
      out.push(word);
      continue;
    }
    const fix = closestWord(word, terms, docs);
    if (fix) {
      out.push(fix);
      changed = true;
    } else changed = true; // dropped
  }
  return out.length ? { words: out, changed } : { words, changed: false };
}

function closestWord(word: string, terms: string[], docs: Map<string, number>): string | null {
  const max = allowedEdits(word);
  const key = phoneticKey(word);
  let best: { term: string; cost: number; doc: number } | null = null;
  const consider = (term: string, cost: number, doc: number) => {
    if (!best || cost < best.cost || (cost === best.cost && (doc > best.doc || (doc === best.doc && term.length < best.term.length)))) {
      best = { term, cost, doc };
    }
  };
  for (const [a, b] of splitsOf(word)) if (docs.has(a) && docs.has(b)) consider(`${a} ${b}`, 1, Math.min(docs.get(a)!, docs.get(b)!));
  // Same first letter (or its phonetic class): the spelling counts first, the same sound written
  // differently costs half an edit more.
  const letters = firstLetters([word]);
  for (const term of terms) {
    if (/\d/.test(term) || !letters.includes(term[0])) continue;
    const termKey = phoneticKey(term);
    const cost = Math.min(editDistance(word, term, max), (termKey === key ? 0 : editDistance(key, termKey, max)) + 0.5);
    if (cost <= max) consider(term, cost, docs.get(term) ?? 0);
  }
  return (best as { term: string } | null)?.term ?? null;
}

/** Close words to offer when nothing matched: a looser budget, the most used first. */
export function suggestionsFor(words: string[], vocabulary: VocabularyWord[]): string[] {
  const scored: { term: string; cost: number; doc: number }[] = [];
  for (const word of words) {
    const max = allowedEdits(word) + 1;
    for (const v of vocabulary) {
      if (v.term === word || /\d/.test(v.term)) continue;
      const cost = editDistance(word, v.term, max);
      if (cost <= max) scored.push({ term: v.term, cost, doc: v.doc });
    }
  }
  scored.sort((a, b) => a.cost - b.cost || b.doc - a.doc || a.term.localeCompare(b.term));
  return [...new Set(scored.map((s) => s.term))].slice(0, 5);
}
