import { describe, expect, it } from "vitest";
import { foldText, phoneticKey, searchWords, SEARCH_MAX_WORDS, wordForms } from "~/lib/search/normalise";

describe("foldText", () => {
  it("lower-cases, drops accents and apostrophes, and turns punctuation into spaces", () => {
    expect(foldText("Haldiram's Aloo-Bhujia")).toBe("haldirams aloo bhujia");
    expect(foldText("Nestlé  Coca-Cola (500 ml)")).toBe("nestle coca cola 500 ml");
    expect(foldText("Lay’s India's Magic Masala")).toBe("lays indias magic masala");
    expect(foldText('"milk" OR NEAR(bread*)')).toBe("milk or near bread");
    expect(foldText("%_%")).toBe("");
  });
});

describe("searchWords", () => {
  it("keeps the words that name a product, in order and once", () => {
    expect(searchWords("Amul milk for tea")).toEqual(["amul", "milk", "tea"]);
    expect(searchWords("sarson ka tel")).toEqual(["sarson", "tel"]);
    expect(searchWords("milk milk MILK")).toEqual(["milk"]);
  });

  it("drops quantities and units, but keeps letters that are part of a name", () => {
    expect(searchWords("amul butter 100g")).toEqual(["amul", "butter"]);
    expect(searchWords("atta 5 kg")).toEqual(["atta"]);
    expect(searchWords("sugar 500 g")).toEqual(["sugar"]);
    expect(searchWords("parle g")).toEqual(["parle", "g"]);
  });

  it("keeps fillers when nothing else is left, and reads at most a bounded query", () => {
    expect(searchWords("the")).toEqual(["the"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(SEARCH_MAX_WORDS);
    expect(searchWords("x".repeat(500))[0]).toHaveLength(30);
    expect(searchWords("'; drop table products; --")).toEqual(["drop", "table", "products"]);
    expect(searchWords("   ")).toEqual([]);
  });
});

describe("phoneticKey", () => {
  it("gives transliteration variants one key", () => {
    const same = [
      ["pyaz", "pyaaz", "piyaz"],
      ["doodh", "dudh"],
      ["aata", "atta", "ata"],
      ["jeera", "zeera"],
      ["dhaniya", "dhania"],
      ["makhan", "makkhan"],
      ["cheeni", "chini"],
      ["sooji", "suji"],
      ["chawal", "chaval"],
      ["phool", "fool"],
      ["chutney", "chutni"],
    ];
    for (const group of same) expect(new Set(group.map(phoneticKey)).size, group.join("/")).toBe(1);
  });

  it("keeps different words apart", () => {
    for (const [a, b] of [
      ["milk", "malai"],
      ["dal", "dahi"],
      ["chai", "chana"],
      ["aloo", "alsi"],
    ]) {
      expect(phoneticKey(a)).not.toBe(phoneticKey(b));
    }
  });
});

describe("wordForms", () => {
  it("treats singular and plural as the same whole word", () => {
    expect(wordForms("egg")).toEqual(expect.arrayContaining(["egg", "eggs"]));
    expect(wordForms("eggs")).toEqual(expect.arrayContaining(["eggs", "egg"]));
    expect(wordForms("tomato")).toEqual(expect.arrayContaining(["tomatoes"]));
    expect(wordForms("tomatoes")).toEqual(expect.arrayContaining(["tomato"]));
    expect(wordForms("candy")).toEqual(expect.arrayContaining(["candies"]));
    expect(wordForms("candies")).toEqual(expect.arrayContaining(["candy"]));
    expect(wordForms("glass")).toEqual(["glass", "glasses"]);
    expect(wordForms("peach")).toEqual(["peach", "peaches"]);
    expect(wordForms("milk")).toEqual(["milk", "milks"]);
    expect(wordForms("5")).toEqual(["5"]);
  });
});
