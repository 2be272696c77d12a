/**
 * Correction of a search that found nothing (app/lib/search/correction.ts): joined and split words,
 * typos within the budget of allowedEdits, the same sound spelt differently, and the suggestions
 * offered when nothing matched.
 */
import { describe, expect, it } from "vitest";
import { correctWords, splitsOf, suggestionsFor, type VocabularyWord } from "~/lib/search/correction";
import type { SynonymIndex } from "~/lib/search/synonyms";

const vocab = (entries: Record<string, number>): VocabularyWord[] => Object.entries(entries).map(([term, doc]) => ({ term, doc }));
const none: SynonymIndex = new Map();

describe("splitsOf", () => {
  it("cuts a word into two halves of at least two letters", () => {
    expect(splitsOf("abc")).toEqual([]);
    expect(splitsOf("abcd")).toEqual([["ab", "cd"]]);
    expect(splitsOf("icecream")).toEqual([
      ["ic", "ecream"],
      ["ice", "cream"],
      ["icec", "ream"],
      ["icecr", "eam"],
      ["icecre", "am"],
    ]);
  });

  it("does not split numbers or words longer than 16 letters", () => {
    expect(splitsOf("milk500")).toEqual([]);
    expect(splitsOf("abcdefghijklmnop")).toHaveLength(13);
    expect(splitsOf("abcdefghijklmnopq")).toEqual([]);
  });
});

describe("correctWords", () => {
  it("leaves words the catalogue knows, whole or as the start of a word", () => {
    const vocabulary = vocab({ milk: 5, bread: 3 });
    expect(correctWords(["milk", "bread"], vocabulary, none, [])).toEqual({ words: ["milk", "bread"], changed: false });
    expect(correctWords(["mil", "bre"], vocabulary, none, [])).toEqual({ words: ["mil", "bre"], changed: false });
  });

  it("leaves a word the synonyms know by its sound", () => {
    const synonyms: SynonymIndex = new Map([["dud", ["milk"]]]);
    expect(correctWords(["doodh", "bread"], vocab({ bread: 3, doda: 1 }), synonyms, [])).toEqual({ words: ["doodh", "bread"], changed: false });
  });

  it("leaves a word that only starts a catalogue word beside a whole one", () => {
    expect(correctWords(["mil", "bread"], vocab({ milk: 5, bread: 3 }), none, [])).toEqual({ words: ["mil", "bread"], changed: false });
    // "ilk" ends "milk" but starts nothing.
    expect(correctWords(["ilk", "bread"], vocab({ milk: 5, bread: 3 }), none, [])).toEqual({ words: ["bread"], changed: true });
  });

  it("fixes a typo within the budget, and says so", () => {
    expect(correctWords(["mlik"], vocab({ milk: 5, mint: 2 }), none, [])).toEqual({ words: ["milk"], changed: true });
    expect(correctWords(["choclate", "milk"], vocab({ chocolate: 4, milk: 5 }), none, [])).toEqual({ words: ["chocolate", "milk"], changed: true });
    // 8 letters and more may carry two typos.
    expect(correctWords(["chcolatr"], vocab({ chocolate: 4 }), none, [])).toEqual({ words: ["chocolate"], changed: true });
  });

  it("does not correct beyond the budget: short words not at all, longer ones by at most one edit", () => {
    // "tae" is one edit from "tea", but three letters are too short to guess.
    expect(correctWords(["tae", "milk"], vocab({ tea: 9, milk: 5 }), none, [])).toEqual({ words: ["milk"], changed: true });
    // "bxxd" is two edits from "bread" with four letters: too far.
    expect(correctWords(["bxxd", "milk"], vocab({ bread: 9, milk: 5 }), none, [])).toEqual({ words: ["milk"], changed: true });
  });

  it("prefers the fewest edits, then the most used word, then the shortest", () => {
    // Whatever order the vocabulary comes in.
    expect(correctWords(["jeera"], vocab({ jeeva: 9, zira: 1 }), none, []).words).toEqual(["zira"]);
    expect(correctWords(["biscut"], vocab({ biscuits: 50, biscuit: 1 }), none, []).words).toEqual(["biscuit"]);
    expect(correctWords(["pandr"], vocab({ panda: 3, pander: 3 }), none, []).words).toEqual(["panda"]);
    expect(correctWords(["pandr"], vocab({ pander: 9, panda: 1 }), none, []).words).toEqual(["pander"]);
    // A tie in edits, use and length keeps the first word found.
    expect(correctWords(["ricx"], vocab({ rice: 3, rich: 3 }), none, []).words).toEqual(["rice"]);
    expect(correctWords(["ricx"], vocab({ rich: 3, rice: 3 }), none, []).words).toEqual(["rich"]);
    // "ric" + e: rice (1 edit) beats "rich" (1 edit) by use; "rick" is not in the vocabulary.
    expect(correctWords(["ricx"], vocab({ rice: 9, rich: 2 }), none, []).words).toEqual(["rice"]);
    expect(correctWords(["ricx"], vocab({ rice: 2, rich: 9 }), none, []).words).toEqual(["rich"]);
    // Same edits, same use: the shorter word.
    expect(correctWords(["pandr"], vocab({ paneer: 3, pander: 3, panda: 3 }), none, []).words).toEqual(["panda"]);
    expect(correctWords(["pandr"], vocab({ pander: 3, panda: 3 }), none, []).words).toEqual(["panda"]);
    // An exact edit beats a more used word two edits away.
    expect(correctWords(["biscut"], vocab({ biscuit: 1, biscuits: 50 }), none, []).words).toEqual(["biscuit"]);
  });

  it("reads the same sound spelt differently as half an edit more than the spelling", () => {
    // "dhaniya" and "dhania" share a key; "pyaaz" and "pyaj" too (z/j, aa/a).
    expect(correctWords(["dhaniyaa"], vocab({ dhania: 2 }), none, []).words).toEqual(["dhania"]);
    expect(correctWords(["pyaaz"], vocab({ pyaj: 1 }), none, []).words).toEqual(["pyaj"]);
    // The same sound (cost ½; z is j's class) beats one spelling edit (cost 1), however much more used.
    expect(correctWords(["jeera"], vocab({ zira: 1, jeeva: 9 }), none, []).words).toEqual(["zira"]);
    // Both one edit: the spelling costs 1, the sound 1.5, so use decides between equals only.
    expect(correctWords(["kela"], vocab({ kelo: 1, keli: 9 }), none, []).words).toEqual(["keli"]);
    // A sound one edit away costs 1.5: beyond a five-letter word's budget (kaddu is not kaju).
    expect(correctWords(["kaddu", "milk"], vocab({ kaju: 5, milk: 3 }), none, [])).toEqual({ words: ["milk"], changed: true });
  });

  it("looks only at words starting with the same letter or its sound class", () => {
    // "milk" is one edit from "silk" but starts with another letter.
    expect(correctWords(["silkk", "tea"], vocab({ milk: 9, tea: 5 }), none, [])).toEqual({ words: ["tea"], changed: true });
    // w and v are one class: "vada" is found for "wadaa".
    expect(correctWords(["wadaa"], vocab({ vada: 2 }), none, []).words).toEqual(["vada"]);
  });

  it("never corrects to a word with a digit", () => {
    expect(correctWords(["milkk", "tea"], vocab({ milk2: 9, tea: 5 }), none, [])).toEqual({ words: ["tea"], changed: true });
  });

  it("joins two words into one the catalogue knows", () => {
    expect(correctWords(["tooth", "paste"], vocab({ toothpaste: 4 }), none, [])).toEqual({ words: ["toothpaste"], changed: true });
    expect(correctWords(["tooth", "paste", "mint"], vocab({ toothpaste: 4, mint: 1 }), none, [])).toEqual({ words: ["toothpaste", "mint"], changed: true });
    // Two words each known are left apart, even when they also join.
    expect(correctWords(["ice", "cream"], vocab({ ice: 2, cream: 3, icecream: 1 }), none, [])).toEqual({ words: ["ice", "cream"], changed: false });
  });

  it("splits a word into two the catalogue knows", () => {
    expect(correctWords(["icecream"], vocab({ ice: 2, cream: 3 }), none, [])).toEqual({ words: ["ice cream"], changed: true });
    // A split costs one edit: a word one edit away with more use is not better than it unless it is cheaper.
    expect(correctWords(["peanutbutter"], vocab({ peanut: 2, butter: 7 }), none, []).words).toEqual(["peanut butter"]);
    // Only into two known words; a split is as used as its rarer half.
    expect(correctWords(["milkxx", "tea"], vocab({ milk: 5, tea: 1 }), none, [])).toEqual({ words: ["tea"], changed: true });
    expect(correctWords(["icecream"], vocab({ ice: 2, cream: 9, icecrem: 5 }), none, []).words).toEqual(["icecrem"]);
    expect(correctWords(["icecream"], vocab({ ice: 6, cream: 9, icecrem: 5 }), none, []).words).toEqual(["ice cream"]);
  });

  it("corrects to the shopper vocabulary's one-word terms, not its phrases", () => {
    expect(correctWords(["namk"], vocab({ salt: 5 }), none, ["namak", "kala namak"])).toEqual({ words: ["namak"], changed: true });
    expect(correctWords(["kalanamk", "salt"], vocab({ salt: 5 }), none, ["kala namak"])).toEqual({ words: ["salt"], changed: true });
    // A term already in the vocabulary keeps its use count.
    expect(correctWords(["ricx"], vocab({ rice: 9, rich: 2 }), none, ["rich"]).words).toEqual(["rice"]);
  });

  it("drops words with no candidate, unless nothing would be left", () => {
    expect(correctWords(["zzzz", "milk"], vocab({ milk: 5 }), none, [])).toEqual({ words: ["milk"], changed: true });
    expect(correctWords(["zzzz", "qqqq"], vocab({ milk: 5 }), none, [])).toEqual({ words: ["zzzz", "qqqq"], changed: false });
  });
});

describe("suggestionsFor", () => {
  it("offers close words with one more edit than correction allows, fewest edits first, then by use", () => {
    const vocabulary = vocab({ milk: 5, mill: 1, silk: 9, mint: 7, malai: 3, m2: 9 });
    // "milq": milk 1, mill 1, silk 2, mint 2; malai 4 is beyond 1 + 1.
    expect(suggestionsFor(["milq"], vocabulary)).toEqual(["milk", "mill", "silk", "mint"]);
  });

  it("does not suggest the word itself or words with digits, and breaks ties alphabetically", () => {
    expect(suggestionsFor(["tea"], vocab({ tea: 9, sea: 2, pea: 2, t1a: 5 }))).toEqual(["pea", "sea"]);
  });

  it("offers at most five, each once across the words", () => {
    const vocabulary = vocab({ dal: 1, dam: 2, day: 3, dab: 4, das: 5, dax: 6, dat: 7 });
    expect(suggestionsFor(["daz", "dav"], vocabulary)).toEqual(["dat", "dax", "das", "dab", "day"]);
    expect(suggestionsFor([], vocabulary)).toEqual([]);
  });
});
