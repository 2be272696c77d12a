import type { AppLoadContext } from "@remix-run/cloudflare";
import { env, SELF } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories } from "~/db/schema";
import { getDb } from "../../app/server/db/db.server";
import { d1Counter } from "../../app/server/db/server-timing.server";
import { withSharedBatch } from "../../app/server/db/shared-batch.server";
import { randomIp } from "./api-client";
import { BASE } from "./fixtures";

/** A page request's context (GET: with a memo) whose D1 round trips are counted. */
function pageContext({ memo = true } = {}): AppLoadContext {
  return { cloudflare: { env: { ...env, BENCH: "1" } }, ...(memo ? { memo: {} } : {}) } as unknown as AppLoadContext;
}

const one = (context: AppLoadContext, n: number) =>
  getDb(context)
    .select({ n: sql<number>`${n}` })
    .from(sql`(select 1)`);
const broken = (context: AppLoadContext) =>
  getDb(context)
    .select({ n: sql<number>`no_such_column` })
    .from(categories);

describe("the shared batch of a page request", () => {
  it("sends the seats' first queries in one round trip and hands each its own results", async () => {
    const context = pageContext();
    const [a, b] = await Promise.all([
      withSharedBatch(context, async (batch) => batch([one(context, 1), one(context, 2)])),
      withSharedBatch(context, async (batch) => {
        await Promise.resolve(); // a seat may await (a cookie, a hash) before it sends
        return batch([one(context, 3)]);
      }),
    ]);
    expect(a).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    expect(b).toEqual([[{ n: 3 }]]);
    expect(d1Counter(context).count).toBe(1);
  });

  it("does not wait for a seat that leaves without sending (a guest, a 404)", async () => {
    const context = pageContext();
    const guest = withSharedBatch(context, async () => null);
    const notFound = withSharedBatch(context, async () => {
      throw new Response(null, { status: 404 });
    });
    const page = withSharedBatch(context, async (batch) => batch([one(context, 7)]));
    await expect(guest).resolves.toBeNull();
    await expect(notFound).rejects.toMatchObject({ status: 404 });
    await expect(page).resolves.toEqual([[{ n: 7 }]]);
    expect(d1Counter(context).count).toBe(1);
  });

  it("sends a seat's later batches, and every batch of an action (no memo), on their own", async () => {
    const context = pageContext();
    const twice = await withSharedBatch(context, async (batch) => [await batch([one(context, 1)]), await batch([one(context, 2)])]);
    expect(twice).toEqual([[[{ n: 1 }]], [[{ n: 2 }]]]);
    expect(d1Counter(context).count).toBe(2);

    const action = pageContext({ memo: false });
    await Promise.all([withSharedBatch(action, async (batch) => batch([one(action, 1)])), withSharedBatch(action, async (batch) => batch([one(action, 2)]))]);
    expect(d1Counter(action).count).toBe(2);
  });

  it("keeps one seat's failing query its own: the other seat still gets its rows", async () => {
    const context = pageContext();
    const [header, shelves] = await Promise.allSettled([
      withSharedBatch(context, async (batch) => batch([one(context, 1)])),
      withSharedBatch(context, async (batch) => batch([broken(context)])),
    ]);
    expect(header).toEqual({ status: "fulfilled", value: [[{ n: 1 }]] });
    expect(shelves.status).toBe("rejected");
  });

  it("reads a signed-in shopper's header with the home shelves, a listing and a product", async () => {
    const login = await SELF.fetch(`${BASE}/api/user/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
      body: JSON.stringify({ email: "shopper@example.com", password: "Shopper@12345" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0];
    const home = await SELF.fetch(`${BASE}/`, { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    const listing = homeHtml.match(/<a [^>]*href="([^"]+)"[^>]*>See All/)![1];
    const product = homeHtml.match(/href="(\/product\/[^"]+)"/)![1];
    const signedIn = async (path: string) => (await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie } })).text();
    for (const [path, html] of [
      ["/", homeHtml],
      [listing, await signedIn(listing)],
      [product, await signedIn(product)],
    ]) {
      expect(html, path).toContain('aria-label="Account menu"');
      expect(html, path).not.toContain(">Login<");
      expect(html, path).toMatch(/>Add<|Add to cart|Out of stock/);
    }
  });
});
