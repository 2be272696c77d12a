/**
 * `/sitemap.xml` is a sitemap index; its children are the pages file and each category's product
 * files (sitemap.server.ts, decision 026): every product is listed, each file within search
 * engines' limits, cached like catalogue answers, and each costs an index read.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { idRange, partsFor, SITEMAP_CACHE_CONTROL, SITEMAP_MAX_URLS, SITEMAP_TARGET_URLS } from "../../app/server/catalogue/sitemap.server";
import { BASE } from "./fixtures";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
const productIds = (xml: string) => locs(xml).map((loc) => /-([0-9a-f]{24})$/.exec(loc)![1]);

async function get(path: string, init?: RequestInit) {
  const res = await SELF.fetch(`${BASE}${path}`, init);
  return { res, body: await res.text() };
}

/** Runs the worker on a binding that records every statement it prepares, with its arguments. */
async function statementsOf(path: string) {
  const seen: { sql: string; args: unknown[] }[] = [];
  const record = (sql: string, stmt: D1PreparedStatement, args: unknown[] = []): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === "bind") return (...bound: unknown[]) => record(sql, value.apply(target, bound), bound);
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") seen.push({ sql, args });
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const wrap = (db: D1Database | D1DatabaseSession) => ({
    prepare: (sql: string) => record(sql, db.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
    getBookmark: () => ("getBookmark" in db ? db.getBookmark() : null),
  });
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "withSession") return (start?: string) => wrap(target.withSession(start));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${BASE}${path}`) as never, { ...env, DB } as never, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body, seen };
}

async function queryPlan(sql: string, args: unknown[]) {
  const { results } = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...args)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

describe("the sitemap index", () => {
  it("names the pages file and a product file for every category with products, cached like the catalogue", async () => {
    const { res, body } = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/xml");
    expect(res.headers.get("Cache-Control")).toBe(SITEMAP_CACHE_CONTROL);
    expect(res.headers.get("Vary")).toMatch(/Cookie/);
    expect(body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(body);
    expect(files[0]).toBe(`${BASE}/sitemaps/pages.xml`);
    const { results } = await env.DB.prepare("select category_id as id, count(*) as n from product_categories group by category_id").all<{
      id: string;
      n: number;
    }>();
    expect(results.length).toBeGreaterThan(9);
    for (const { id, n } of results) {
      const parts = partsFor(n);
      for (let k = 1; k <= parts; k++) expect(files).toContain(`${BASE}/sitemaps/products-${id}-${k}-of-${parts}.xml`);
    }
    expect(files.length).toBe(1 + results.reduce((sum, r) => sum + partsFor(r.n), 0));
    expect(files.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  });

  it("is private for a visitor with a cookie, as other catalogue answers", async () => {
    const { res } = await get("/sitemap.xml", { headers: { Cookie: "__session=x" } });
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("is robots.txt's sitemap", async () => {
    const { body } = await get("/robots.txt");
    expect(body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe("the child sitemaps", () => {
  it("list home, every listing and every product, each file within the limits", async () => {
    const index = await get("/sitemap.xml");
    const listed = new Set<string>();
    let pagesBody = "";
    for (const file of locs(index.body)) {
      const { res, body } = await get(new URL(file).pathname);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("Cache-Control"), file).toBe(SITEMAP_CACHE_CONTROL);
      expect(body, file).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const urls = locs(body);
      expect(urls.length, file).toBeGreaterThan(0);
      expect(urls.length, file).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      expect(new TextEncoder().encode(body).length, file).toBeLessThan(50 * 1024 * 1024);
      for (const url of urls) expect(url.startsWith(`${BASE}/`), url).toBe(true);
      if (file.endsWith("/pages.xml")) pagesBody = body;
      else {
        expect(body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
        for (const id of productIds(body)) listed.add(id);
      }
    }
    const listings = await env.DB.prepare("select count(*) as n from sub_category_categories").first<{ n: number }>();
    expect(locs(pagesBody)).toContain(`${BASE}/`);
    expect(locs(pagesBody).length).toBe(1 + listings!.n);
    const { results } = await env.DB.prepare("select distinct product_id as id from product_categories").all<{ id: string }>();
    expect(results.length).toBeGreaterThan(400);
    expect([...listed].sort()).toEqual(results.map((r) => r.id).sort());
  });

  it("split a category into disjoint files that together hold all of it", async () => {
    const big = await env.DB.prepare("select category_id as id, count(*) as n from product_categories group by category_id order by n desc limit 1").first<{
      id: string;
      n: number;
    }>();
    const whole = productIds((await get(`/sitemaps/products-${big!.id}-1-of-1.xml`)).body);
    expect(whole.length).toBe(big!.n);
    const parts: string[][] = [];
    for (let k = 1; k <= 3; k++) {
      const { res, body } = await get(`/sitemaps/products-${big!.id}-${k}-of-3.xml`);
      // A part of a small category may be empty: a 404, which a crawler drops.
      parts.push(res.status === 200 ? productIds(body) : []);
    }
    expect(parts.flat().sort()).toEqual([...whole].sort());
    expect(new Set(parts.flat()).size).toBe(whole.length);
    expect(parts.filter((p) => p.length > 0).length).toBeGreaterThan(1);
  });

  it("split the id space evenly: every id in exactly one part, a big category's parts near the target", () => {
    expect(partsFor(0)).toBe(1);
    expect(partsFor(SITEMAP_TARGET_URLS)).toBe(1);
    expect(partsFor(SITEMAP_TARGET_URLS + 1)).toBe(2);
    expect(partsFor(120_000)).toBe(5);
    for (const parts of [1, 2, 3, 7, 256]) {
      const ranges = Array.from({ length: parts }, (_, i) => idRange(i + 1, parts));
      expect(ranges[0].lo).toBeNull();
      expect(ranges[parts - 1].hi).toBeNull();
      for (let k = 1; k < parts; k++) expect(ranges[k].lo).toBe(ranges[k - 1].hi);
    }
    // 120,000 random ids in 5 parts: each within the limit with room to spare.
    const counts = new Array(5).fill(0);
    const ranges = Array.from({ length: 5 }, (_, i) => idRange(i + 1, 5));
    for (let i = 0; i < 120_000; i++) {
      const id = crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "");
      counts[ranges.findIndex((r) => (r.lo === null || id >= r.lo) && (r.hi === null || id < r.hi))]++;
    }
    for (const n of counts) expect(n).toBeLessThan(SITEMAP_MAX_URLS / 2 + 1000);
  });

  it("answer 404, never a 500, to names they do not know", async () => {
    const some = await env.DB.prepare("select category_id as id from product_categories limit 1").first<{ id: string }>();
    for (const path of [
      "/sitemaps/nope.xml",
      "/sitemaps/pages.txt",
      `/sitemaps/products-${"0".repeat(24)}-1-of-1.xml`,
      `/sitemaps/products-${some!.id}-2-of-1.xml`,
      `/sitemaps/products-${some!.id}-0-of-1.xml`,
      `/sitemaps/products-${some!.id}-1-of-999.xml`,
      `/sitemaps/products-${some!.id}-1-of-1.xml%00`,
      `/sitemaps/products-${some!.id.toUpperCase()}-1-of-1.xml`,
    ]) {
      const { res } = await get(path);
      expect(res.status, path).toBe(404);
    }
  });

  it("cost an index read: no table scan and no sort, for the index and for a product file", async () => {
    const big = await env.DB.prepare("select category_id as id from product_categories group by category_id order by count(*) desc limit 1").first<{
      id: string;
    }>();
    for (const path of ["/sitemap.xml", `/sitemaps/products-${big!.id}-2-of-3.xml`, "/sitemaps/pages.xml"]) {
      const { res, seen } = await statementsOf(path);
      expect(res.status, path).toBe(200);
      expect(seen.length, path).toBe(1);
      const plan = await queryPlan(seen[0].sql, seen[0].args);
      // The pages file sorts the category tree (a few hundred links), never products.
      if (path.endsWith("/pages.xml")) {
        expect(plan.join("\n")).not.toMatch(/\bproduct/);
        continue;
      }
      expect(plan.join("\n"), path).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
      expect(plan.join("\n"), path).not.toMatch(/SCAN (products|product_categories)\b/);
      if (path.includes("products-"))
        expect(plan.join("\n")).toMatch(
          /SEARCH product_categories USING COVERING INDEX product_categories_category_idx \(category_id=\? AND product_id>\? AND product_id<\?\)/,
        );
    }
  });
});
