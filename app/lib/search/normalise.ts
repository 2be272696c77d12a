/**
 * How search reads what a shopper typed. Pure and client-safe: the server builds its queries from
 * these, and the unit tests check them without a database.
 */

/** Characters of a query that are read (the rest is ignored, never an error). */
export const SEARCH_MAX_LENGTH = 100;
/** Words of a query that are searched. */
export const SEARCH_MAX_WORDS = 6;
/** Longer "words" are cut: nothing in a grocery catalogue is longer. */
const MAX_WORD_LENGTH = 30;

/**
 * Words that say nothing about the product ("milk for tea", "atta ka packet", "1 kg sugar").
 * Dropped unless nothing else is left.
 */
const FILLER_WORDS = new Set([
  "a",
  "an",
  "and",
  "any",
  "at",
  "buy",
  "by",
  "for",
  "from",
  "i",
  "in",
  "is",
  "me",
  "my",
  "need",
  "of",
  "on",
  "or",
  "please",
  "some",
  "the",
  "to",
  "want",
  "with",
  "aur",
  "chahiye",
  "hai",
  "ka",
  "ke",
  "ki",
  "wala",
  "wale",
  "wali",
  "gm",
  "gms",
  "gram",
  "grams",
  "kg",
  "kgs",
  "kilo",
  "litre",
  "litres",
  "liter",
  "liters",
  "ltr",
  "ml",
  "pc",
  "pcs",
  "piece",
  "pieces",
  "pack",
  "packet",
  "packets",
]);
const QUANTITY = /^\d+(?:g|gm|gms|kg|ml|l|ltr|pc|pcs|x)?$/;
/** Units that are also letters of names ("Parle G", "Oral B"): fillers only after a number. */
const LETTER_UNITS = new Set(["g", "l", "x"]);

/**
 * Lower case, accents and apostrophes removed ("Haldiram's" → "haldirams", "Nestlé" → "nestle"),
 * anything else that is not a letter or digit becomes a space. The index stores product names
 * folded the same way (migrations/0008: `search_fold`), so both sides share one spelling.
 */
export function foldText(input: string): string {
  return input
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The words a query searches for, in order, without repeats, fillers or quantities. */
export function searchWords(input: string): string[] {
  const all = [...new Set(foldText(input.slice(0, SEARCH_MAX_LENGTH)).split(" ").filter(Boolean))].map((w) => w.slice(0, MAX_WORD_LENGTH));
  const meaningful = all.filter((w, i) => !FILLER_WORDS.has(w) && !QUANTITY.test(w) && !(LETTER_UNITS.has(w) && /^\d/.test(all[i - 1] ?? "")));
  return (meaningful.length ? meaningful : all).slice(0, SEARCH_MAX_WORDS);
}

/**
 * A spelling-independent key for Hindi/Hinglish words written in Latin letters, so one dictionary
 * entry covers the ways people spell it: long vowels (aa/a, ee/i, oo/u), y/i, w/v, z/j, ph/f, q/k,
 * aspirates (kh/k, dh/d, bh/b…), sh/s and doubled letters. "pyaaz", "piyaz" and "pyaz" share a key;
 * so do "doodh"/"dudh", "aata"/"atta", "jeera"/"zeera", "dhaniya"/"dhania", "makkhan"/"makhan".
 */
export function phoneticKey(word: string): string {
  return word
    .replace(/ph/g, "f")
    .replace(/w/g, "v")
    .replace(/z/g, "j")
    .replace(/q/g, "k")
    .replace(/ck/g, "k")
    .replace(/([kgjtdpb])h/g, "$1")
    .replace(/sh/g, "s")
    .replace(/ey$/, "i")
    .replace(/y/g, "i")
    .replace(/ee|ii/g, "i")
    .replace(/oo|uu|ou/g, "u")
    .replace(/(.)\1+/g, "$1");
}

/** The key of a phrase: word by word. */
export const phraseKey = (phrase: string) => phrase.split(" ").map(phoneticKey).join(" ");

/**
 * The spellings that count as the same whole word: singular and plural ("egg"/"eggs",
 * "tomato"/"tomatoes", "candy"/"candies"). Used to tell a whole-word match from a prefix match.
 */
export function wordForms(word: string): string[] {
  const forms = new Set([word]);
  if (word.length < 3 || /\d/.test(word)) return [...forms];
  if (word.endsWith("ies")) forms.add(`${word.slice(0, -3)}y`);
  else if (/(ss|x|z|ch|sh)$/.test(word)) forms.add(`${word}es`);
  else if (word.endsWith("es")) forms.add(word.slice(0, -2)).add(word.slice(0, -1));
  else if (word.endsWith("s")) forms.add(word.slice(0, -1));
  else if (/[^aeiou]y$/.test(word)) forms.add(`${word.slice(0, -1)}ies`);
  else if (word.endsWith("o")) forms.add(`${word}s`).add(`${word}es`);
  else forms.add(`${word}s`);
  return [...forms];
}
