import { describe, expect, it } from "vitest";
import { addSynonymSchema, insightListSchema, suggestQuerySchema } from "~/lib/schemas/search";
import { insightQuery } from "../../app/server/search/search-insights.server";

describe("what a zero-result search is recorded as", () => {
  it("search words: lower case, no accents, no punctuation, single spaces", () => {
    expect(insightQuery("  Panneer  ")).toBe("panneer");
    expect(insightQuery('"Crème"* brûlée!!')).toBe("creme brulee");
    expect(insightQuery("tooth-paste")).toBe("tooth paste");
    expect(insightQuery("pack of 12")).toBe("pack of 12");
  });

  it("nothing for noise or what may be personal data", () => {
    for (const q of ["", "x", "%_*", "🥛", "a b c d e", "x".repeat(21), "12 34", "9812345678", "call 98123 45678", "me@example.com", "ab ".repeat(14)]) {
      expect(insightQuery(q), q).toBeNull();
    }
  });

  it("never longer than a synonym may be", () => {
    const longest = ["a".repeat(20), "b".repeat(19)].join(" ");
    expect(insightQuery(longest)).toBe(longest);
    expect(insightQuery(`${longest} cc`)).toBeNull();
  });
});

describe("search schemas", () => {
  it("suggest: q at most once and at most 100 characters; missing is empty", () => {
    expect(suggestQuerySchema.parse({ q: [] })).toEqual({ q: "" });
    expect(suggestQuerySchema.parse({ q: ["mil"] })).toEqual({ q: "mil" });
    expect(suggestQuerySchema.safeParse({ q: ["a", "b"] }).success).toBe(false);
    expect(suggestQuerySchema.safeParse({ q: ["m".repeat(101)] }).success).toBe(false);
  });

  it("a synonym: both sides trimmed and lower-cased, letters, digits and single spaces, different words", () => {
    expect(addSynonymSchema.parse({ intent: "add-synonym", term: " Cold  Drink ", canonical: "SOFT drink" })).toEqual({
      intent: "add-synonym",
      term: "cold drink",
      canonical: "soft drink",
    });
    for (const canonical of ["", "p", "pa*", 'x" OR "y', "x".repeat(41), "milk\u0000", "Milk "]) {
      expect(addSynonymSchema.safeParse({ intent: "add-synonym", term: "milk", canonical }).success, canonical).toBe(false);
    }
  });

  it("the list: unknown sort or page fall back to the defaults", () => {
    expect(insightListSchema.parse({ sort: "evil", page: "-3" })).toEqual({ sort: "frequent", page: 1 });
    expect(insightListSchema.parse({ sort: "recent", page: "2" })).toEqual({ sort: "recent", page: 2 });
  });
});
