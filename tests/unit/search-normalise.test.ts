import { describe, expect, it } from "vitest";
import { foldText, phoneticKey, phraseKey, searchWords, SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS, wordForms } from "~/lib/search/normalise";

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

describe("search words, every rule", () => {
  it("drops each filler word, in English, Hinglish and units", () => {
    const fillers = `a an and any at buy by for from i in is me my need of on or please some the to want with aur chahiye hai ka ke ki
      wala wale wali gm gms gram grams kg kgs kilo litre litres liter liters ltr ml pc pcs piece pieces pack packet packets`;
    for (const filler of fillers.split(/\s+/)) expect(searchWords(`${filler} milk`), filler).toEqual(["milk"]);
  });

  it("drops a number with each unit written after it, and keeps names with digits", () => {
    for (const quantity of ["12", "100g", "100gm", "100gms", "5kg", "500ml", "1l", "1ltr", "6pc", "6pcs", "2x"]) {
      expect(searchWords(`eggs ${quantity}`), quantity).toEqual(["eggs"]);
    }
    expect(searchWords("7up bottle")).toEqual(["7up", "bottle"]);
    expect(searchWords("vitamin b12 tablets")).toEqual(["vitamin", "b12", "tablets"]);
  });

  it("drops a letter unit only right after a number", () => {
    expect(searchWords("oil 1 l")).toEqual(["oil"]);
    expect(searchWords("soap 4 x")).toEqual(["soap"]);
    expect(searchWords("parle g 500")).toEqual(["parle", "g"]);
    expect(searchWords("g parle")).toEqual(["g", "parle"]);
    expect(searchWords("x l")).toEqual(["x", "l"]);
    // After a word that starts with a number only.
    expect(searchWords("b12 l")).toEqual(["b12", "l"]);
  });

  it("reads only the first characters of a long query", () => {
    // 96 characters of "a " (a filler), then "milk" up to the 100th; "bread" is past it.
    expect(searchWords(`${"a ".repeat(48)}milk bread`)).toEqual(["milk"]);
    expect(SEARCH_MAX_LENGTH).toBe(100);
  });

  it("folds backticks and runs of punctuation", () => {
    expect(foldText("Lay`s -- Chips")).toBe("lays chips");
    expect(foldText("  Dal  ")).toBe("dal");
  });
});

describe("phonetic keys, letter by letter", () => {
  it("folds each spelling rule to one key", () => {
    expect(
      Object.fromEntries(
        [
          "phool",
          "chawal",
          "zeera",
          "qeema",
          "chicken",
          "khajur",
          "ghee",
          "jhinga",
          "thali",
          "dhania",
          "bhindi",
          "shakkar",
          "chutney",
          "pyaaaz",
          "sooji",
          "poudina",
          "chai",
          "geyser",
        ].map((w) => [w, phoneticKey(w)]),
      ),
    ).toEqual({
      phool: "ful",
      chawal: "chaval",
      zeera: "jira",
      qeema: "kima",
      chicken: "chiken",
      khajur: "kajur",
      ghee: "gi",
      jhinga: "jinga",
      thali: "tali",
      dhania: "dania",
      bhindi: "bindi",
      shakkar: "sakar",
      chutney: "chutni",
      pyaaaz: "piaj",
      sooji: "suji",
      poudina: "pudina",
      chai: "chai",
      geyser: "geiser",
    });
  });

  it("keys a phrase word by word", () => {
    expect(phraseKey("pyaaz doodh")).toBe("piaj dud");
    expect(phraseKey("sarson ka tel")).toBe("sarson ka tel");
  });
});

describe("word forms, every ending", () => {
  it("pairs singular and plural exactly", () => {
    expect(wordForms("ox")).toEqual(["ox"]);
    expect(wordForms("7up")).toEqual(["7up"]);
    expect(wordForms("box")).toEqual(["box", "boxes"]);
    expect(wordForms("dish")).toEqual(["dish", "dishes"]);
    expect(wordForms("chips")).toEqual(["chips", "chip"]);
    expect(wordForms("tomatoes")).toEqual(["tomatoes", "tomato", "tomatoe"]);
    expect(wordForms("candies")).toEqual(["candies", "candy"]);
    expect(wordForms("candy")).toEqual(["candy", "candies"]);
    expect(wordForms("honey")).toEqual(["honey", "honeys"]);
    expect(wordForms("biryani")).toEqual(["biryani", "biryanis"]);
    expect(wordForms("mango")).toEqual(["mango", "mangos", "mangoes"]);
  });
});
