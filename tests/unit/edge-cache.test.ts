import { describe, expect, it } from "vitest";
import { edgeCacheKey, isEdgeCacheable, isEdgeStorable, withEdgeCache } from "../../app/server/http/edge-cache.server";

const PUBLIC = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

/** The part of the Workers Cache API the edge cache uses, in memory. */
function memoryCache() {
  const store = new Map<string, Response>();
  return {
    store,
    cache: {
      match: async (req: Request) => store.get(req.url)?.clone(),
      put: async (req: Request, res: Response) => void store.set(req.url, res),
    } as unknown as Cache,
  };
}

describe("edge cache", () => {
  it("serves only cookieless, token-less GETs of pages, and never on a reload", () => {
    expect(isEdgeCacheable(new Request("https://s.test/"))).toBe(true);
    expect(isEdgeCacheable(new Request("https://s.test/", { headers: { Cookie: "__session=x" } }))).toBe(false);
    expect(isEdgeCacheable(new Request("https://s.test/", { headers: { Authorization: "Bearer x" } }))).toBe(false);
    expect(isEdgeCacheable(new Request("https://s.test/", { headers: { "Cache-Control": "no-cache" } }))).toBe(false);
    expect(isEdgeCacheable(new Request("https://s.test/cart", { method: "POST" }))).toBe(false);
    expect(isEdgeCacheable(new Request("https://s.test/api/product/get"))).toBe(false);
  });

  it("keeps only complete public answers that set no cookie", () => {
    expect(isEdgeStorable(new Response("ok", { headers: { "Cache-Control": PUBLIC } }))).toBe(true);
    expect(isEdgeStorable(new Response("ok", { headers: { "Cache-Control": "private, no-store" } }))).toBe(false);
    expect(isEdgeStorable(new Response("ok", { headers: { "Cache-Control": "public, max-age=60" } }))).toBe(false);
    expect(isEdgeStorable(new Response("gone", { status: 404, headers: { "Cache-Control": PUBLIC } }))).toBe(false);
    expect(isEdgeStorable(new Response("ok", { headers: { "Cache-Control": PUBLIC, "Set-Cookie": "a=b" } }))).toBe(false);
  });

  it("renders once, then answers from the cache; visitors with a cookie always render", async () => {
    const { cache, store } = memoryCache();
    const pending: Promise<unknown>[] = [];
    let renders = 0;
    const render = async () => new Response(`page ${++renders}`, { headers: { "Cache-Control": PUBLIC } });
    const visit = (headers: Record<string, string> = {}) => withEdgeCache(new Request("https://s.test/", { headers }), cache, (p) => pending.push(p), render);

    const first = await visit();
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await first.text()).toBe("page 1");
    await Promise.all(pending);
    expect(store.size).toBe(1);
    const second = await visit();
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await second.text()).toBe("page 1");
    expect(await (await visit({ Cookie: "__session=x" })).text()).toBe("page 2");
    expect(await (await visit({ "Cache-Control": "no-cache" })).text()).toBe("page 3");
    expect(renders).toBe(3);
  });

  it("passes only a cache hit through refresh (each response gets its own CSP nonce)", async () => {
    const { cache } = memoryCache();
    const pending: Promise<unknown>[] = [];
    const refreshed: string[] = [];
    const refresh = (hit: Response) => {
      refreshed.push(hit.headers.get("X-Edge-Cache")!);
      return new Response(hit.body, { headers: { ...Object.fromEntries(hit.headers), "X-Refreshed": "yes" } });
    };
    const render = async () => new Response("page", { headers: { "Cache-Control": PUBLIC } });
    const visit = () => withEdgeCache(new Request("https://s.test/"), cache, (p) => pending.push(p), render, refresh);
    expect((await visit()).headers.get("X-Refreshed")).toBeNull();
    await Promise.all(pending);
    const hit = await visit();
    expect(hit.headers.get("X-Refreshed")).toBe("yes");
    expect(refreshed).toEqual(["HIT"]);
  });

  it("does nothing without a cache (development and tests)", async () => {
    const res = await withEdgeCache(
      new Request("https://s.test/"),
      undefined,
      () => {},
      async () => new Response("x"),
    );
    expect(res.headers.get("X-Edge-Cache")).toBeNull();
  });
});

describe("edge cache keyed by the delivery location (decision 020)", () => {
  it("lets through a request whose only cookie is the location, nothing else", () => {
    expect(isEdgeCacheable(new Request("https://s.test/", { headers: { Cookie: "__location=abc" } }))).toBe(true);
    expect(isEdgeCacheable(new Request("https://s.test/", { headers: { Cookie: "__location=abc; __session=x" } }))).toBe(false);
    expect(isEdgeCacheable(new Request("https://s.test/", { headers: { Cookie: "__locationx=abc" } }))).toBe(false);
    expect(isEdgeCacheable(new Request("https://s.test/", { headers: { Cookie: "" } }))).toBe(false);
  });

  it("keys each variant apart, keeping the page's URL whole", () => {
    const store = "a".repeat(24);
    expect(edgeCacheKey(new Request("https://s.test/search?q=milk"), `${store}-560001`).url).toBe(`https://s.test/__edge/dev/${store}-560001/search?q=milk`);
    expect(edgeCacheKey(new Request("https://s.test/"), "none").url).toBe("https://s.test/__edge/dev/none/");
    // A path that spells another variant's key still gets a key of its own.
    expect(edgeCacheKey(new Request(`https://s.test/__edge/dev/${store}-560001/`), "none").url).not.toBe(`https://s.test/__edge/dev/${store}-560001/`);
    expect(() => edgeCacheKey(new Request("https://s.test/"), "../x")).toThrow();
  });

  it("keys each release apart: a page kept from the build before a deploy is not served by the next", async () => {
    expect(edgeCacheKey(new Request("https://s.test/"), "none", "15367b01").url).toBe("https://s.test/__edge/15367b01/none/");
    expect(() => edgeCacheKey(new Request("https://s.test/"), "none", "../x")).toThrow();
    const { cache } = memoryCache();
    const pending: Promise<unknown>[] = [];
    const visit = (release: string) =>
      withEdgeCache(
        new Request("https://s.test/"),
        cache,
        (p) => pending.push(p),
        async () => new Response(`built by ${release}`, { headers: { "Cache-Control": "public, s-maxage=300" } }),
        undefined,
        undefined,
        release,
      );
    expect(await (await visit("aaaa1111")).text()).toBe("built by aaaa1111");
    await Promise.all(pending);
    expect((await visit("aaaa1111")).headers.get("X-Edge-Cache")).toBe("HIT");
    const next = await visit("bbbb2222");
    expect(next.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await next.text()).toBe("built by bbbb2222");
  });

  it("stores and answers per variant", async () => {
    const { cache } = memoryCache();
    const pending: Promise<unknown>[] = [];
    let renders = 0;
    const render = async () => new Response(`page ${++renders}`, { headers: { "Cache-Control": PUBLIC } });
    const visit = async (variant: string) => {
      const res = await withEdgeCache(
        new Request("https://s.test/", { headers: { Cookie: "__location=v" } }),
        cache,
        (p) => pending.push(p),
        render,
        undefined,
        async () => variant,
      );
      await Promise.all(pending);
      return res.text();
    };
    const [a, b] = [`${"a".repeat(24)}-560001`, `${"b".repeat(24)}-400053`];
    expect(await visit(a)).toBe("page 1");
    expect(await visit(b)).toBe("page 2");
    expect(await visit(a)).toBe("page 1");
    expect(await visit("none")).toBe("page 3");
    expect(await visit(b)).toBe("page 2");
  });
});
