import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seedId } from "../../scripts/seed-lib";
import { api } from "./api-client";

const suggest = (q: string, headers: Record<string, string> = {}) => api(`/api/product/suggest?q=${encodeURIComponent(q)}`, { headers });

describe("GET /api/product/suggest", () => {
  it("answers the /api envelope with up to 8 suggestions: the matching sub-category first, then products", async () => {
    const res = await suggest("mil");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: false, message: "Suggestions" });
    const data = res.body.data as { _id: string; kind: string; name: string; url: string; image: string; detail: string }[];
    // 16 seeded product names have a word starting "mil": the list stops at 8.
    expect(data).toHaveLength(8);
    const [dairy, milk] = await Promise.all([seedId("category", "dairy"), seedId("subcategory", "milk")]);
    expect(data[0]).toEqual({
      _id: milk,
      kind: "subCategory",
      name: "Milk",
      url: `/Dairy-Bread-Eggs-${dairy}/Milk-${milk}`,
      image: expect.stringMatching(/^\/images\//),
      detail: "Dairy, Bread & Eggs",
    });
    const products = data.filter((s) => s.kind === "product");
    expect(products.length).toBeGreaterThanOrEqual(5);
    for (const p of products) {
      expect(p.name).toMatch(/\bmil/i);
      expect(p.url).toMatch(new RegExp(`^/product/[A-Za-z0-9-]+-${p._id}$`));
      expect(p._id).toMatch(/^[0-9a-f]{24}$/);
      expect(typeof p.detail).toBe("string");
    }
    expect(new Set(data.map((s) => s._id)).size).toBe(data.length);
  });

  it("matches every typed word at the start of a word of the name, punctuation aside", async () => {
    expect((await suggest("bread")).body.data[0]).toMatchObject({ kind: "subCategory", name: "Bread & Pav" });
    expect((await suggest("fresh veg")).body.data[0]).toMatchObject({ kind: "subCategory", name: "Fresh Vegetables" });
    expect((await suggest("ICE cre")).body.data[0]).toMatchObject({ kind: "subCategory", name: "Ice Creams & Frozen Desserts" });
    const amul = (await suggest("amul gold")).body.data;
    expect(amul.map((s: { name: string }) => s.name)).toContain("Amul Gold Full Cream Fresh Milk");
    expect(amul.every((s: { name: string }) => /amul/i.test(s.name) && /gold/i.test(s.name))).toBe(true);
    // "vegetables" does not start a word inside "Exotic Fruits & Veggies"; "ggies" starts none.
    expect((await suggest("ggies")).body.data).toEqual([]);
  });

  it("suggests from names (and synonyms), not from descriptions", async () => {
    const described = await env.DB.prepare("select count(*) as n from products where description like '%homogenised%'").first<{ n: number }>();
    expect(described!.n).toBeGreaterThan(0);
    expect((await suggest("homogenised")).body.data).toEqual([]);
    // A seeded synonym (doodh → milk) reaches products named "milk".
    const doodh = (await suggest("doodh")).body.data;
    expect(doodh.length).toBeGreaterThan(0);
    expect(doodh.every((s: { name: string }) => /milk/i.test(s.name))).toBe(true);
  });

  it("answers an empty list for nothing searchable or a single letter", async () => {
    for (const q of ["", " ", "m", "%_", '"*', "()", "-- ;"]) {
      const res = await suggest(q);
      expect(res.status, q).toBe(200);
      expect(res.body.data, q).toEqual([]);
    }
    const missing = await api("/api/product/suggest");
    expect(missing.status).toBe(200);
    expect(missing.body.data).toEqual([]);
  });

  it("never fails on hostile text: FTS operators, wildcards, quotes, emoji, Devanagari, control characters", async () => {
    const hostile = [
      '%_\\"*',
      '"mil"* OR "x"',
      "milk NEAR(bread)",
      "mi*lk",
      "{name}: milk",
      "milk'); drop table products; --",
      "🥛🥛 milk 🍞",
      "दूध",
      "पनीर paneer",
      "\u0000mil\u0007k",
      "m".repeat(100),
      "a b c d e f g h i j k l m n",
      "\u202emilk",
    ];
    for (const q of hostile) {
      const res = await suggest(q);
      expect(res.status, JSON.stringify(q)).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.length).toBeLessThanOrEqual(8);
    }
    expect((await suggest("🥛🥛 milk 🍞")).body.data[0]).toMatchObject({ name: "Milk" });
    const products = await env.DB.prepare("select count(*) as n from products").first<{ n: number }>();
    expect(products!.n).toBeGreaterThan(400);
  });

  it("refuses a q longer than 100 characters or sent twice with a clear 400", async () => {
    const long = await suggest("m".repeat(101));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ success: false, error: true, message: "q must be at most 100 characters" });
    expect((await suggest("x".repeat(5000))).status).toBe(400);
    const twice = await api("/api/product/suggest?q=milk&q=bread");
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe("Send q only once");
  });

  it("answers only GET, and lets HTTP caches keep the anonymous answer like a catalogue page", async () => {
    expect((await api("/api/product/suggest?q=milk", { method: "POST", body: {} })).status).toBe(405);
    const anonymous = await suggest("milk");
    expect(anonymous.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(anonymous.headers.get("Vary")).toMatch(/Cookie/);
    const withCookie = await suggest("milk", { Cookie: "__session=x" });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get("Cache-Control")).toBe("private, no-store");
    const withToken = await suggest("milk", { Authorization: "Bearer x" });
    expect(withToken.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
