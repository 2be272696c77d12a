import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Column, is, SQL, sql, Table } from "drizzle-orm";
import { SQLiteColumn, SQLiteTable, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

/**
 * Our patch of drizzle-orm's `is` (patches/, decision 016) keeps each class's answer for each
 * entity type. These hold it to the unpatched answers, for classes seen before and after.
 */
describe("drizzle-orm's is (patched)", () => {
  it("is applied to both builds", () => {
    const dir = createRequire(import.meta.url)
      .resolve("drizzle-orm")
      .replace(/index\.c?js$/, "");
    for (const file of ["entity.js", "entity.cjs"]) expect(readFileSync(dir + file, "utf8"), file).toContain("grocery-store patch");
  });

  it("answers by the class chain, the same the first time and every time after", () => {
    const table = sqliteTable("t", { id: text("id") });
    const fragment = sql`1`;
    for (let round = 0; round < 3; round++) {
      expect(is(table.id, Column)).toBe(true);
      expect(is(table.id, SQLiteColumn)).toBe(true);
      expect(is(table.id, SQL)).toBe(false);
      expect(is(table, Table)).toBe(true);
      expect(is(table, SQLiteTable)).toBe(true);
      expect(is(fragment, SQL)).toBe(true);
      expect(is(fragment, Column)).toBe(false);
      expect(is({}, SQL)).toBe(false);
      expect(is(null, SQL)).toBe(false);
      expect(is("text", SQL)).toBe(false);
    }
  });

  it("still refuses a class that is not a Drizzle entity", () => {
    class NotAnEntity {}
    expect(() => is(sql`1`, NotAnEntity as never)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
