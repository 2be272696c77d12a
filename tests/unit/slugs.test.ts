import { describe, expect, it } from "vitest";
import { isId, newId } from "~/lib/ids";
import { idFromSegment, listingPath, productPath, segment, slugify } from "~/lib/slugs";

describe("ids", () => {
  it("are 24 lowercase hex characters without dashes and do not repeat", () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });
  it("rejects malformed ids", () => {
    expect(isId("abc")).toBe(false);
    expect(isId("ABCDEFABCDEFABCDEFABCDEF")).toBe(false);
    expect(isId("0123456789abcdef01234567")).toBe(true);
  });
});

describe("slugs", () => {
  const id = "0123456789abcdef01234567";
  it("turns spaces, commas and ampersands into single hyphens", () => {
    expect(slugify("Dairy, Bread & Eggs")).toBe("Dairy-Bread-Eggs");
    expect(slugify("Atta, Rice & Dal")).toBe("Atta-Rice-Dal");
    expect(slugify("  Fruits &  Vegetables ")).toBe("Fruits-Vegetables");
  });
  it("drops characters that would need URL escaping", () => {
    expect(slugify("Haldiram's Bhujia (200 g)")).toBe("Haldirams-Bhujia-200-g");
    expect(slugify("Crème brûlée")).toBe("Creme-brulee");
  });
  it("puts the id after the last dash and reads it back", () => {
    const s = segment("Amul Taaza", id);
    expect(s).toBe(`Amul-Taaza-${id}`);
    expect(idFromSegment(s)).toBe(id);
    expect(idFromSegment(`stale-old-name-${id}`)).toBe(id);
    expect(idFromSegment(id)).toBe(id);
  });
  it("returns null when the last piece is not an id", () => {
    expect(idFromSegment("milk")).toBeNull();
    expect(idFromSegment("milk-123")).toBeNull();
    expect(idFromSegment(undefined)).toBeNull();
  });
  it("builds listing and product paths", () => {
    expect(listingPath({ name: "Dairy, Bread & Eggs", id }, { name: "Milk", id })).toBe(`/Dairy-Bread-Eggs-${id}/Milk-${id}`);
    expect(productPath({ name: "Amul Taaza", id })).toBe(`/product/Amul-Taaza-${id}`);
  });
});
