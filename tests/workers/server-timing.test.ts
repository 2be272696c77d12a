import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories } from "~/db/schema";
import { getD1, getDb } from "../../app/server/db/db.server";
import { countD1Call, d1Counter, d1ServerTiming, withD1ServerTiming } from "../../app/server/db/server-timing.server";

/** A request's context; under BENCH=1 its D1 calls are counted and metered. */
function benchContext(bench = "1"): AppLoadContext {
  return { cloudflare: { env: { ...env, BENCH: bench } } } as unknown as AppLoadContext;
}

/** Two thousand rows made and read by SQLite, none from a table: a recursive CTE. */
const COUNT_TO = "with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select count(*) as n from c";

describe("D1's cost per request under BENCH=1 (Server-Timing)", () => {
  it("sums D1's meta over first, all, raw, run and batch, and counts round trips and statements", async () => {
    const context = benchContext();
    const db = getD1(context);
    const cost = d1Counter(context);

    expect(await db.prepare(COUNT_TO).bind(2000).first("n")).toBe(2000);
    expect(cost).toMatchObject({ count: 1, statements: 1, unmetered: 0 });
    const afterFirst = cost.rowsRead;
    expect(afterFirst).toBeGreaterThanOrEqual(2000);

    expect((await db.prepare(COUNT_TO).bind(1000).all<{ n: number }>()).results).toEqual([{ n: 1000 }]);
    expect(cost.rowsRead - afterFirst).toBeGreaterThanOrEqual(1000);

    // raw() keeps both columns of the same name (a join's two `id`s): its rows come through as D1 sent them.
    expect(await db.prepare("select 1 as id, 2 as id").raw()).toEqual([[1, 2]]);
    expect(await db.prepare("select 3 as id").raw({ columnNames: true })).toEqual([["id"], [3]]);

    const rowsBefore = cost.rowsWritten;
    await db.prepare("insert into categories (id, name, image) values (?, ?, '')").bind("timingcat00000000000000a", "Timing A").run();
    expect(cost.rowsWritten - rowsBefore).toBeGreaterThanOrEqual(1);

    const batched = await db.batch([
      db.prepare("insert into categories (id, name, image) values (?, ?, '')").bind("timingcat00000000000000b", "Timing B"),
      db.prepare("delete from categories where id in (?, ?)").bind("timingcat00000000000000a", "timingcat00000000000000b"),
      db.prepare(COUNT_TO).bind(500),
    ]);
    expect(batched[2].results).toEqual([{ n: 500 }]);
    expect(cost).toMatchObject({ count: 6, statements: 8, unmetered: 0 });
    // Two rows written in the batch, one in run(), each with its index entries.
    expect(cost.rowsWritten - rowsBefore).toBeGreaterThanOrEqual(5);
    expect(cost.rowsRead).toBeGreaterThanOrEqual(3500);
    expect(cost.sqlMs).toBeGreaterThanOrEqual(0);
  });

  it("meters Drizzle's reads (raw under the hood) and a failing statement counts without meta", async () => {
    const context = benchContext();
    const rows = await getDb(context)
      .select({ n: sql<number>`count(*)` })
      .from(categories);
    expect(rows[0].n).toBeGreaterThan(0);
    const cost = d1Counter(context);
    expect(cost).toMatchObject({ count: 1, statements: 1, unmetered: 0 });
    expect(cost.rowsRead).toBeGreaterThanOrEqual(rows[0].n);

    await expect(getD1(context).prepare("select no_such_column from categories").first()).rejects.toThrow(/no_such_column/);
    expect(cost).toMatchObject({ count: 2, statements: 2 });
  });

  it("wraps a D1 session as it wraps the database, and its bookmark moves on", async () => {
    const context = benchContext();
    const session = countD1Call(context, env.DB.withSession("first-primary"));
    expect(await session.prepare(COUNT_TO).bind(300).first("n")).toBe(300);
    await session.batch([session.prepare(COUNT_TO).bind(200)]);
    expect(session.getBookmark()).toBeTruthy();
    expect(d1Counter(context)).toMatchObject({ count: 2, statements: 2, unmetered: 0 });
    expect(d1Counter(context).rowsRead).toBeGreaterThanOrEqual(500);
  });

  it("reports in a Server-Timing header, once, and only under BENCH=1", async () => {
    const context = benchContext();
    await getD1(context).prepare(COUNT_TO).bind(100).all();
    expect(d1ServerTiming(context)).toMatch(/^d1;desc="1 round trips", d1-sql;dur=\d+\.\d{3};desc="1 statements, \d+ rows read, 0 rows written"$/);

    const headed = withD1ServerTiming(Response.redirect("https://example.com/", 303), context);
    expect(headed.status).toBe(303);
    expect(headed.headers.get("Server-Timing")).toBe(d1ServerTiming(context));
    expect(withD1ServerTiming(headed, context).headers.get("Server-Timing")).toBe(d1ServerTiming(context));

    const plain = benchContext("0");
    expect(getD1(plain)).toBe(env.DB);
    expect(withD1ServerTiming(new Response("x"), plain).headers.has("Server-Timing")).toBe(false);
  });
});
