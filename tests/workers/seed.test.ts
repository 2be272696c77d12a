import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE } from "./fixtures";

describe("seeded demo store", () => {
  it("has a believable catalogue", async () => {
    const counts = await env.DB.prepare(
      `select (select count(*) from categories) as c, (select count(*) from sub_categories) as s,
              (select count(*) from products) as p, (select count(*) from products p where coalesce((select stock from store_stock s where s.product_id = p.id and s.store_id = (select id from stores where is_default = 1)), 0) = 0) as out_of_stock,
              (select count(*) from products where discount > 0) as discounted,
              (select count(*) from products where more_details != '{}') as custom`,
    ).first<Record<string, number>>();
    expect(counts!.c).toBeGreaterThanOrEqual(10);
    expect(counts!.s).toBeGreaterThanOrEqual(40);
    expect(counts!.p).toBeGreaterThanOrEqual(200);
    expect(counts!.out_of_stock).toBeGreaterThan(0);
    expect(counts!.discounted).toBeGreaterThan(0);
    expect(counts!.custom).toBeGreaterThan(0);
  });

  it("gives every product a category, a sub-category of that category and an image", async () => {
    const orphans = await env.DB.prepare(
      `select p.name from products p
        where not exists (select 1 from product_categories pc where pc.product_id = p.id)
           or not exists (select 1 from product_sub_categories ps where ps.product_id = p.id)
           or not exists (select 1 from product_images pi where pi.product_id = p.id)
           or exists (select 1 from product_sub_categories ps where ps.product_id = p.id and not exists (
                select 1 from sub_category_categories sc join product_categories pc
                  on pc.category_id = sc.category_id and pc.product_id = p.id
                where sc.sub_category_id = ps.sub_category_id))`,
    ).all();
    expect(orphans.results).toEqual([]);
  });

  it("serves every product image from R2", async () => {
    const { results } = await env.DB.prepare("select distinct url from product_images").all<{ url: string }>();
    expect(results.length).toBeGreaterThan(10);
    for (const { url } of results) {
      const res = await SELF.fetch(`${BASE}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      await res.arrayBuffer();
    }
  });

  it("has the demo accounts (admin, shopper, a picker at two stores, a rider and a manager) and the shopper's saved address", async () => {
    const users = await env.DB.prepare(
      "select u.email, u.role, s.name as store, ss.role as staffRole from users u left join store_staff ss on ss.user_id = u.id left join stores s on s.id = ss.store_id order by u.email",
    ).all();
    expect(users.results).toEqual([
      { email: "admin@example.com", role: "ADMIN", store: null, staffRole: null },
      { email: "manager@example.com", role: "USER", store: "FreshDash Indiranagar", staffRole: "manager" },
      { email: "rider@example.com", role: "USER", store: "FreshDash Indiranagar", staffRole: "rider" },
      { email: "shopper@example.com", role: "USER", store: null, staffRole: null },
      { email: "staff.saket@example.com", role: "USER", store: "FreshDash Saket", staffRole: "picker" },
      { email: "staff@example.com", role: "USER", store: "FreshDash Indiranagar", staffRole: "picker" },
    ]);
    const address = await env.DB.prepare("select count(*) as n from addresses a join users u on u.id = a.user_id where u.email = 'shopper@example.com'").first<{
      n: number;
    }>();
    expect(address!.n).toBe(1);
  });
});

describe("images route", () => {
  it("answers 404 for unknown keys and path tricks", async () => {
    for (const path of ["/images/seed/nope.webp", "/images/..%2Fsecret", "/images/"]) {
      const res = await SELF.fetch(`${BASE}${path}`);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
  });
});
