import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { foldText, wordForms } from "~/lib/search/normalise";
import vocabulary from "~/lib/search/synonyms.json";
import catalogue from "../../seed/catalogue.json";

const migrationsDir = path.join(__dirname, "..", "..", "migrations");

/** search_synonyms as the migrations leave it, replayed from their INSERT and DELETE statements. */
function synonymsAfterMigrations(): Map<string, string> {
  const rows = new Map<string, string>();
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files) {
    for (const statement of readFileSync(path.join(migrationsDir, file), "utf8").split("--> statement-breakpoint")) {
      const sql = statement.replace(/^--.*$/gm, "");
      if (/DELETE FROM `search_synonyms`/i.test(sql)) {
        for (const [, term] of sql.matchAll(/'((?:[^']|'')*)'/g)) rows.delete(term.replace(/''/g, "'"));
      } else if (/INSERT INTO `search_synonyms`/i.test(sql)) {
        for (const [, term, canonical] of sql.matchAll(/\('((?:[^']|'')*)',\s*'((?:[^']|'')*)'\)/g)) {
          rows.set(term.replace(/''/g, "'"), canonical.replace(/''/g, "'"));
        }
      }
    }
  }
  return rows;
}

describe("the shopper vocabulary (app/lib/search/synonyms.json)", () => {
  it("has at least 150 entries, lower-case and trimmed like the admin form stores them", () => {
    const entries = Object.entries(vocabulary);
    expect(entries.length).toBeGreaterThanOrEqual(150);
    for (const [term, canonical] of entries) {
      expect(term, term).toBe(term.trim().toLowerCase());
      expect(canonical, term).toBe(canonical.trim().toLowerCase());
      expect(term, "a synonym of itself").not.toBe(canonical);
    }
  });

  it("is exactly what the migrations load into search_synonyms (the search reads it as the deployed table)", () => {
    expect(Object.fromEntries([...synonymsAfterMigrations()].sort())).toEqual(Object.fromEntries(Object.entries(vocabulary).sort()));
  });

  it("points every term at words the catalogue uses in product, sub-category or category names (or their plural)", () => {
    const words = new Set(
      [...catalogue.products.map((p) => p.name), ...catalogue.subCategories.map((s) => s.name), ...catalogue.categories.map((c) => c.name)].flatMap((name) =>
        foldText(name).split(" "),
      ),
    );
    const missing = Object.entries(vocabulary).filter(([, canonical]) =>
      foldText(canonical)
        .split(" ")
        .some((w) => !wordForms(w).some((form) => words.has(form))),
    );
    expect(missing).toEqual([]);
  });
});
