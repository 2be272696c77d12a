import { describe, expect, it } from "vitest";
import { allowedEdits, editDistance } from "~/lib/search/edit-distance";

describe("editDistance", () => {
  it("counts inserts, deletes, substitutions and swapped neighbours as one edit each", () => {
    expect(editDistance("milk", "milk")).toBe(0);
    expect(editDistance("choclate", "chocolate")).toBe(1);
    expect(editDistance("bananna", "banana")).toBe(1);
    expect(editDistance("detergant", "detergent")).toBe(1);
    expect(editDistance("mlik", "milk")).toBe(1);
    expect(editDistance("panner", "paneer")).toBe(1);
    expect(editDistance("biscut", "biscuits")).toBe(2);
    expect(editDistance("", "tea")).toBe(3);
    expect(editDistance("tea", "")).toBe(3);
  });

  it("is symmetric", () => {
    for (const [a, b] of [
      ["tomatos", "tomatoes"],
      ["maggie", "maggi"],
      ["kitten", "sitting"],
      ["ab", "ba"],
    ]) {
      expect(editDistance(a, b)).toBe(editDistance(b, a));
    }
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it("stops early past the budget, answering max + 1", () => {
    expect(editDistance("milk", "detergent", 1)).toBe(2);
    expect(editDistance("chocolate", "vanilla", 2)).toBe(3);
    expect(editDistance("bred", "bread", 1)).toBe(1);
  });
});

describe("allowedEdits", () => {
  it("allows no typo up to 3 letters, 1 from 4 and 2 from 8", () => {
    expect(["tea", "dal", "oil"].map(allowedEdits)).toEqual([0, 0, 0]);
    expect(["bred", "maggie", "bananna"].map(allowedEdits)).toEqual([1, 1, 1]);
    expect(["choclate", "detergant"].map(allowedEdits)).toEqual([2, 2]);
  });
});

describe("editDistance at its edges", () => {
  it("counts a swap only of two neighbouring letters that trade places", () => {
    expect(editDistance("ab", "xa")).toBe(2);
    expect(editDistance("xa", "ay")).toBe(2);
    expect(editDistance("abc", "bca")).toBe(2);
    expect(editDistance("ca", "abc")).toBe(3);
  });

  it("caps at max + 1 even for an empty word, and reaches exactly max", () => {
    expect(editDistance("", "tea", 1)).toBe(2);
    expect(editDistance("tea", "", 2)).toBe(3);
    expect(editDistance("milk", "mild", 1)).toBe(1);
    expect(editDistance("milk", "mold", 2)).toBe(2);
    expect(editDistance("milk", "mold", 1)).toBe(2);
  });
});
