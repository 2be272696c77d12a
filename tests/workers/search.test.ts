import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { seedId } from "../../scripts/seed-lib";
import worker from "../../workers/app";
import { CANDIDATES } from "../../app/server/search/search.server";
import { refreshSearchVocabulary } from "../../app/server/search/search-upkeep.server";
import { api } from "./api-client";
import { BASE } from "./fixtures";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The Worker's cron handler, run as the platform would at `scheduledTime`. */
async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}
/** The cron's run at the top of this hour: it recomputes popularity (decision 025). */
const topOfHour = () => Date.now() - (Date.now() % HOUR);
const hex = () => crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");

async function search(q: string, page = 1) {
  const res = await api("/api/product/search-product", { method: "POST", body: { search: q, page } });
  expect(res.status, q).toBe(200);
  return res.body as unknown as {
    data: { _id: string; name: string; stock: number; subCategory: { name: string }[] }[];
    totalPage: number;
    totalCount: number;
    didYouMean?: string;
  };
}

/** Product names in the order the search page shows them (each card is an article named by its product). */
async function pageNames(path: string) {
  const html = await (await SELF.fetch(`${BASE}${path}`)).text();
  const names = [...html.matchAll(/<article aria-label="([^"]*)"/g)].map((m) =>
    m[1]
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  );
  return { html, names };
}

/**
 * A fixed aisle of products sharing the made-up word "quorvel", one per ranking rule, plus orders
 * (through the real order_items trigger) for popularity.
 */
const AISLE = {
  named: { name: "Blue Box", sub: "Quorvel", stock: 5 },
  head: { name: "Crunchy Quorvel", sub: "Other Goods", stock: 5 },
  popular: { name: "Quorvel Crunch Pack", sub: "Other Goods", stock: 5 },
  whole: { name: "Quorvel Crunch Bar", sub: "Other Goods", stock: 5 },
  outOfStock: { name: "Quorvel Crunch Tin", sub: "Other Goods", stock: 0 },
  prefix: { name: "Quorvelli Wafers", sub: "Other Goods", stock: 5 },
  description: { name: "Plain Wafers", sub: "Other Goods", stock: 5, description: "Light wafers that taste of quorvel." },
};
const ids: Record<keyof typeof AISLE, string> = {} as never;

beforeAll(async () => {
  const categoryId = hex();
  const subIds = { Quorvel: hex(), "Other Goods": hex() };
  const statements = [env.DB.prepare("insert into categories (id, name) values (?, 'Test Aisle')").bind(categoryId)];
  for (const [name, id] of Object.entries(subIds)) {
    statements.push(
      env.DB.prepare("insert into sub_categories (id, name) values (?, ?)").bind(id, name),
      env.DB.prepare("insert into sub_category_categories (sub_category_id, category_id) values (?, ?)").bind(id, categoryId),
    );
  }
  for (const [key, p] of Object.entries(AISLE)) {
    const id = hex();
    ids[key as keyof typeof AISLE] = id;
    statements.push(
      env.DB.prepare("insert into products (id, name, description, unit, price) values (?, ?, ?, '1 pc', 1000)").bind(
        id,
        p.name,
        "description" in p ? p.description : "",
      ),
      env.DB.prepare("insert into store_stock (store_id, product_id, stock) select id, ?, ? from stores where is_default = 1").bind(id, p.stock),
      env.DB.prepare("insert into product_categories (product_id, category_id) values (?, ?)").bind(id, categoryId),
      env.DB.prepare("insert into product_sub_categories (product_id, sub_category_id) values (?, ?)").bind(id, subIds[p.sub as keyof typeof subIds]),
    );
  }
  // Sales: 3 units of "popular" today; 10 units of "whole" 40 days ago (outside the 30-day window).
  const userId = await seedId("user", "shopper@example.com");
  for (const [key, quantity, age] of [
    ["popular", 3, 0],
    ["whole", 10, 40 * DAY],
  ] as const) {
    const orderId = hex();
    statements.push(
      env.DB.prepare(
        `insert into orders (id, order_id, user_id, delivery_address, payment_method, sub_total, total, created_at, updated_at, store_id)
         values (?, ?, ?, '{}', 'COD', 1000, 1000, ?, ?, (select id from stores where is_default = 1))`,
      ).bind(orderId, `ORD-TEST-${orderId}`, userId, Date.now() - age, Date.now() - age),
      env.DB.prepare(
        "insert into order_items (id, order_id, product_id, name, quantity, unit_price, unit_final_price) values (?, ?, ?, 'x', ?, 1000, 1000)",
      ).bind(hex(), orderId, ids[key], quantity),
    );
  }
  await env.DB.batch(statements);
  // Popularity is the cron's (product_popularity), not summed per search.
  await runCron(topOfHour());
});

describe("search ranking on a fixed aisle", () => {
  it("orders: sub-category named, last word of the name, then whole word by stock and popularity, prefix, description", async () => {
    const { data } = await search("quorvel");
    expect(data.map((p) => p._id)).toEqual([ids.named, ids.head, ids.popular, ids.whole, ids.outOfStock, ids.prefix, ids.description]);
  });

  it("counts sales of the last 30 days only, through the order_items trigger", async () => {
    const rows = await env.DB.prepare("select product_id as id, sum(units) as units from product_sales_daily where product_id in (?, ?) group by product_id")
      .bind(ids.popular, ids.whole)
      .all<{ id: string; units: number }>();
    expect(Object.fromEntries(rows.results.map((r) => [r.id, r.units]))).toEqual({ [ids.popular]: 3, [ids.whole]: 10 });
  });

  it("keeps popularity as the cron computes it at the top of each hour: the last 30 days, per product and per category", async () => {
    const units = async (id: string) =>
      (await env.DB.prepare("select units from product_popularity where product_id = ?").bind(id).first<{ units: number }>())?.units ?? null;
    expect(await units(ids.popular)).toBe(3);
    expect(await units(ids.whole)).toBeNull(); // its 10 units are 40 days old
    const aisle = await env.DB.prepare("select category_id as id from product_categories where product_id = ?").bind(ids.popular).first<{ id: string }>();
    const categoryUnits = await env.DB.prepare("select units from category_popularity where category_id = ?").bind(aisle!.id).first<{ units: number }>();
    expect(categoryUnits?.units).toBe(3);
    // A sale today counts at the next top-of-hour run, not at a run within the hour.
    await env.DB.prepare("update product_sales_daily set units = units + 2 where product_id = ? and day = ?")
      .bind(ids.popular, Math.floor(Date.now() / DAY))
      .run();
    await runCron(topOfHour() + 30 * 60_000);
    expect(await units(ids.popular)).toBe(3);
    await runCron(topOfHour());
    expect(await units(ids.popular)).toBe(5);
    await env.DB.prepare("update product_sales_daily set units = units - 2 where product_id = ? and day = ?")
      .bind(ids.popular, Math.floor(Date.now() / DAY))
      .run();
    await runCron(topOfHour());
    expect(await units(ids.popular)).toBe(3);
  });

  it("answers the same after the cron's incremental merge and its daily optimize of the index", async () => {
    const before = (await search("quorvel")).data.map((p) => p._id);
    await runCron(topOfHour() + 10 * 60_000); // an incremental merge
    expect((await search("quorvel")).data.map((p) => p._id)).toEqual(before);
    const night = new Date(topOfHour());
    night.setUTCHours(21);
    await runCron(night.getTime()); // popularity and the full optimize
    expect((await search("quorvel")).data.map((p) => p._id)).toEqual(before);
    const integrity = await env.DB.prepare("insert into products_fts (products_fts, rank) values ('integrity-check', 1)").run();
    expect(integrity.success).toBe(true);
  });

  it("keeps the index in step when a sub-category is renamed", async () => {
    const sub = await env.DB.prepare("select sub_category_id as id from product_sub_categories where product_id = ?").bind(ids.named).first<{ id: string }>();
    await env.DB.prepare("update sub_categories set name = 'Zentrix' where id = ?").bind(sub!.id).run();
    expect((await search("zentrix")).data.map((p) => p._id)).toEqual([ids.named]);
    expect((await search("quorvel")).data[0]._id).toBe(ids.head);
  });

  it("uses a synonym the moment it is stored, as the admin form stores it, with no reindex", async () => {
    const upsert = (canonical: string) =>
      env.DB.prepare("insert into search_synonyms (term, canonical) values ('xylofon', ?) on conflict(term) do update set canonical = excluded.canonical")
        .bind(canonical)
        .run();
    expect((await search("xylofon")).totalCount).toBe(0);
    await upsert("quorvel");
    expect((await search("xylofon")).data.map((p) => p._id)).toEqual((await search("quorvel")).data.map((p) => p._id));
    await upsert("blue box");
    expect((await search("xylofon")).data.map((p) => p._id)).toEqual([ids.named]);
    await env.DB.prepare("delete from search_synonyms where term = 'xylofon'").run();
    expect((await search("xylofon")).totalCount).toBe(0);
  });
});

describe("a query with more matches than one block of candidates", () => {
  const COUNT = CANDIDATES + 35;
  beforeAll(async () => {
    // Products named "Vextral Item N"; every seventh also in a sub-category named "Vextral" (ranks
    // first in its block), every eleventh in stock at the default store.
    const sub = hex();
    await env.DB.batch([
      env.DB.prepare("insert into sub_categories (id, name) values (?, 'Vextral')").bind(sub),
      env.DB.prepare(
        `insert into products (id, name, description, unit, price)
         with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
         select lower(hex(randomblob(12))), 'Vextral Item ' || i, '', '1 pc', 1000 from n`,
      ).bind(COUNT),
      env.DB.prepare(
        `insert into product_sub_categories (product_id, sub_category_id)
         select id, ? from products where name like 'Vextral Item %' and cast(substr(name, 14) as integer) % 7 = 0`,
      ).bind(sub),
      env.DB.prepare(
        `insert into store_stock (store_id, product_id, stock)
         select (select id from stores where is_default = 1), id, 5 from products
          where name like 'Vextral Item %' and cast(substr(name, 14) as integer) % 11 = 0`,
      ),
    ]);
  });

  it("pages through every match exactly once, with the count of all matches, and the keys order each block", async () => {
    const first = await search("vextral");
    expect(first.totalCount).toBe(COUNT);
    expect(first.totalPage).toBe(Math.ceil(COUNT / 10));
    const seen: Awaited<ReturnType<typeof search>>["data"] = [];
    for (let page = 1; page <= first.totalPage; page++) seen.push(...(await search("vextral", page)).data);
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen.map((p) => p._id)).size).toBe(COUNT);
    // Within the first block: the sub-category's products first (named by the query), then in stock before out of stock.
    const rank = (p: (typeof seen)[number]) => (p.subCategory.some((s) => s.name === "Vextral") ? 2 : 0) + (p.stock > 0 ? 1 : 0);
    const block = seen.slice(0, CANDIDATES).map(rank);
    expect(block).toEqual([...block].sort((a, b) => b - a));
    expect(block[0]).toBeGreaterThanOrEqual(2);
    // The next block follows it whatever its keys: an in-stock match there comes after out-of-stock ones of the first.
    expect(block).toContain(0);
    expect(seen.slice(CANDIDATES).some((p) => p.stock > 0)).toBe(true);
    // The no-JS page of pages 1..N reads the same order.
    const { names } = await pageNames(`/search?q=vextral&page=${Math.ceil((CANDIDATES + 20) / 10)}`);
    expect(names).toHaveLength(CANDIDATES + 20);
    const apiNames: string[] = [];
    for (let page = 1; page <= (CANDIDATES + 20) / 10; page++) apiNames.push(...(await search("vextral", page)).data.map((p) => p.name));
    expect(names).toEqual(apiNames);
  });

  it("renumbers the index in popularity order at night, so a block holds the matches shoppers buy most", async () => {
    // The last five products inserted sit past the first block in insertion order.
    const late = await env.DB.prepare("select id from products where name like 'Vextral Item %' order by cast(substr(name, 14) as integer) desc limit 5").all<{
      id: string;
    }>();
    const lateIds = late.results.map((r) => r.id);
    const inFirstBlock = async () => {
      const ids = new Set<string>();
      for (let page = 1; page <= CANDIDATES / 10; page++) for (const p of (await search("vextral", page)).data) ids.add(p._id);
      return lateIds.filter((id) => ids.has(id)).length;
    };
    expect(await inFirstBlock()).toBe(0);
    const today = Math.floor(Date.now() / DAY);
    await env.DB.batch(
      lateIds.map((id, i) =>
        env.DB.prepare("insert into product_sales_daily (product_id, day, units) values (?, ?, ?) on conflict do update set units = excluded.units").bind(
          id,
          today,
          50 + i,
        ),
      ),
    );
    await runCron(topOfHour()); // popularity only: the order waits for the night
    expect(await inFirstBlock()).toBe(0);
    const night = new Date(topOfHour());
    night.setUTCHours(21);
    await runCron(night.getTime());
    expect(await inFirstBlock()).toBe(5);
    expect((await search("vextral")).totalCount).toBe(COUNT);
    // The triggers still find each product's index row: a rename and a delete after the renumbering.
    await env.DB.prepare("update products set name = 'Quillfern Vextral Item' where id = ?").bind(lateIds[0]).run();
    expect((await search("quillfern")).data.map((p) => p._id)).toEqual([lateIds[0]]);
    await env.DB.batch([
      env.DB.prepare("delete from product_sales_daily where product_id = ?").bind(lateIds[1]),
      env.DB.prepare("delete from product_popularity where product_id = ?").bind(lateIds[1]),
      env.DB.prepare("delete from store_stock where product_id = ?").bind(lateIds[1]),
      env.DB.prepare("delete from product_sub_categories where product_id = ?").bind(lateIds[1]),
      env.DB.prepare("delete from products where id = ?").bind(lateIds[1]),
    ]);
    expect((await search("vextral")).totalCount).toBe(COUNT - 1);
    const rows = await env.DB.prepare(
      "select count(*) as n from products_fts_rows r join products_fts f on f.rowid = r.fts_rowid and f.product_id = r.product_id",
    ).first<{ n: number }>();
    const all = await env.DB.prepare("select count(*) as n from products").first<{ n: number }>();
    expect(rows?.n).toBe(all?.n);
    const integrity = await env.DB.prepare("insert into products_fts (products_fts, rank) values ('integrity-check', 1)").run();
    expect(integrity.success).toBe(true);
  });
});

describe("search ranking on the demo catalogue", () => {
  const firstSub = async (q: string) => (await search(q)).data[0]?.subCategory.map((s) => s.name);

  it("puts the thing itself first: butter, chocolate, milk (issue 11)", async () => {
    const butter = await search("butter");
    expect(butter.data[0].name).toMatch(/ Butter$/);
    const butterNames = butter.data.map((p) => p.name);
    expect(butterNames.findIndex((n) => /Butterscotch/.test(n))).toBe(-1); // past the first page of 10
    expect(await firstSub("chocolate")).toEqual(["Chocolates"]);
    const milk = await search("milk");
    const firstNotMilk = milk.data.findIndex((p) => !p.subCategory.some((s) => s.name === "Milk"));
    expect(firstNotMilk).toBe(8); // all eight products of Milk come first
  });

  it("reads Hindi/Hinglish and Indian English through the vocabulary and the normaliser", async () => {
    expect(await firstSub("doodh")).toEqual(["Milk"]);
    expect(await firstSub("haldi")).toEqual(["Powdered Masala"]);
    expect(await firstSub("nappies")).toEqual(["Diapers & Wipes"]);
    expect(await firstSub("pyaaz")).toEqual(["Fresh Vegetables"]);
    expect(await firstSub("piyaz")).toEqual(["Fresh Vegetables"]);
    expect(await firstSub("cold drink")).toEqual(["Soft Drinks"]);
  });

  it("corrects typos, split and joined words, and says so in didYouMean", async () => {
    for (const [typed, meant] of [
      ["choclate", "chocolate"],
      ["bred", "bread"],
      ["maggie", "maggi"],
      ["icecream", "ice cream"],
      ["cocacola", "coca cola"],
    ]) {
      const result = await search(typed);
      expect(result.didYouMean, typed).toBe(meant);
      expect(result.totalCount, typed).toBeGreaterThan(0);
    }
    expect((await search("tooth paste")).data[0].subCategory.map((s) => s.name)).toEqual(["Oral Care"]);
    expect((await search("chocolate")).didYouMean).toBeUndefined();
  });

  it("answers the API with the page's ranking and consistent pages", async () => {
    const first = await search("chips");
    const second = await search("chips", 2);
    expect(first.totalPage).toBe(Math.ceil(first.totalCount / 10));
    expect(second.data.map((p) => p._id)).not.toContain(first.data[0]._id);
    const { names } = await pageNames("/search?q=chips");
    expect(names.slice(0, 10)).toEqual(first.data.map((p) => p.name));
  });

  it("shows the correction as links, and on 'search instead' what was typed, with no JavaScript", async () => {
    const corrected = await pageNames("/search?q=choclate");
    expect(corrected.html).toContain("Showing results for");
    expect(corrected.html).toContain('href="/search?q=choclate&amp;literal=1"');
    expect(corrected.names.length).toBeGreaterThan(0);
    const literal = await pageNames("/search?q=choclate&literal=1");
    expect(literal.html).toContain("No Data found");
    expect(literal.html).toContain("Top categories");
    expect(literal.html).toMatch(/href="\/search\?q=chocolate"/);
  });
});

describe("did you mean's word list (migration 0027)", () => {
  const state = async () => (await env.DB.prepare("select dirty from search_vocabulary_state").first<{ dirty: number }>())?.dirty;
  const stored = async (term: string) =>
    (await env.DB.prepare("select doc from search_vocabulary where term = ?").bind(term).first<{ doc: number }>())?.doc ?? null;

  it("corrects towards a new word at once, then reads the list the cron stored, rewriting only what changed", async () => {
    await refreshSearchVocabulary(env.DB, { ifChanged: false });
    expect(await state()).toBe(0);

    // A new product marks the list changed: its word is corrected at once, from the index's own list.
    const id = hex();
    await env.DB.prepare("insert into products (id, name, description, unit, price) values (?, 'Zorblax Crisps', '', '1 pc', 1000)").bind(id).run();
    expect(await state()).toBe(1);
    expect(await stored("zorblax")).toBeNull();
    expect((await search("zorblux")).didYouMean).toBe("zorblax");

    // The cron's next run stores it and marks the list clean.
    await runCron(topOfHour() + 10 * 60_000);
    expect(await state()).toBe(0);
    expect(await stored("zorblax")).toBe(1);
    for (const [typed, meant] of [
      ["zorblux", "zorblax"],
      ["choclate", "chocolate"],
      ["bred", "bread"],
      ["maggie", "maggi"],
      ["icecream", "ice cream"],
      ["cocacola", "coca cola"],
    ]) {
      expect((await search(typed)).didYouMean, typed).toBe(meant);
    }

    // While clean, the stored list is what is read: a word missing from it is not offered.
    await env.DB.prepare("delete from search_vocabulary where term = 'zorblax'").run();
    expect((await search("zorblux")).didYouMean).toBeUndefined();

    // A rename marks it changed again; the refresh writes the new word and removes the gone one, and
    // a second run finds nothing to do.
    await env.DB.prepare("update products set name = 'Quibbit Crisps' where id = ?").bind(id).run();
    expect(await state()).toBe(1);
    expect((await search("quibbet")).didYouMean).toBe("quibbit");
    const refreshed = await refreshSearchVocabulary(env.DB);
    expect(refreshed?.written).toBeGreaterThanOrEqual(1);
    expect(await stored("quibbit")).toBe(1);
    expect(await stored("zorblax")).toBeNull();
    expect(await refreshSearchVocabulary(env.DB)).toBeNull();
    expect(await refreshSearchVocabulary(env.DB, { ifChanged: false })).toEqual({ written: 0, removed: 0 });

    // A price-only save (the name set to itself) leaves the list clean.
    await env.DB.prepare("update products set name = name, price = 1100 where id = ?").bind(id).run();
    expect(await state()).toBe(0);
  });
});
