/**
 * The edge cache keyed by the shopper's delivery location (docs/decisions/020-dark-stores.md), in
 * the production layer where the cache runs: a page is shared by everyone with the same verified
 * store and pincode, and a forged location cookie can only ever reach the "no location" entry.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { htmlText, pagePost } from "../security/support-admin";
import { BASE } from "../workers/fixtures";

const get = (path: string, cookie?: string) => SELF.fetch(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

async function locationCookie(pincode: string): Promise<string> {
  const res = await pagePost("/location", new URLSearchParams({ intent: "choose", pincode, redirectTo: "/" }));
  expect(res.status).toBe(303);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith("__location=")) ?? "").split(";")[0];
  expect(cookie).toMatch(/^__location=./);
  return cookie;
}

/** Visits until the background `cache.put` of a MISS has landed and the answer is a HIT. */
async function untilHit(path: string, cookie?: string) {
  let res = await get(path, cookie);
  for (let i = 0; i < 40 && res.headers.get("X-Edge-Cache") !== "HIT"; i++) {
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
    res = await get(path, cookie);
  }
  expect(res.headers.get("X-Edge-Cache")).toBe("HIT");
  return htmlText(await res.text());
}

describe("catalogue pages with a delivery location, from the edge cache", () => {
  it("are public and cached per store and pincode, each showing its own pincode", async () => {
    const [indiranagar, indiranagarOther, andheri] = await Promise.all([locationCookie("560001"), locationCookie("560038"), locationCookie("400053")]);
    const path = `/search?q=milk&probe=${crypto.randomUUID()}`;

    const first = await get(path, indiranagar);
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toMatch(/\bpublic\b/);
    expect(first.headers.get("Vary")).toMatch(/\bCookie\b/);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect(htmlText(await first.text())).toContain("Delivery in 10 minutes · 560001");
    expect(await untilHit(path, indiranagar)).toContain("Delivery in 10 minutes · 560001");

    // Same store, another pincode: its own entry, its own pincode in the header.
    const other = await get(path, indiranagarOther);
    expect(other.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(htmlText(await other.text())).toContain("Delivery in 10 minutes · 560038");
    // Another store: never the first store's copy.
    const mumbai = await get(path, andheri);
    expect(mumbai.headers.get("X-Edge-Cache")).toBe("MISS");
    const mumbaiPage = htmlText(await mumbai.text());
    expect(mumbaiPage).toContain("Delivery in 15 minutes · 400053");
    expect(mumbaiPage).not.toContain("560001");
    // No location: its own entry, asking for one.
    const none = await get(path);
    expect(none.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(htmlText(await none.text())).toContain("Set delivery location");
  });

  it("a forged location cookie renders and is stored as no location, and never poisons a store's entry", async () => {
    const andheri = await locationCookie("400053");
    const [, signed] = andheri.split("=");
    const payload = decodeURIComponent(signed).split(".")[0];
    const forgedCookies = [
      // The real payload with a made-up signature, and an unsigned payload naming the store.
      `__location=${encodeURIComponent(`${payload}.${"A".repeat(43)}`)}`,
      `__location=${encodeURIComponent(payload)}`,
    ];
    for (const forged of forgedCookies) {
      const path = `/?probe=${crypto.randomUUID()}`;
      const attack = await get(path, forged);
      expect(attack.headers.get("X-Edge-Cache")).toBe("MISS");
      const attackPage = htmlText(await attack.text());
      expect(attackPage).toContain("Set delivery location");
      expect(attackPage).not.toContain("400053");
      // What the forged request stored is the no-location page, under the no-location key...
      expect(await untilHit(path)).toContain("Set delivery location");
      // ...so the real Andheri shopper still gets a fresh render of their own.
      const real = await get(path, andheri);
      expect(real.headers.get("X-Edge-Cache")).toBe("MISS");
      expect(htmlText(await real.text())).toContain("Delivery in 15 minutes · 400053");
    }
  });

  it("a path or query naming a cache variant cannot reach another variant's entry", async () => {
    const andheri = await locationCookie("400053");
    const storeId = ((await (await get("/api/store/serviceability?pincode=400053")).json()) as { data: { store: { _id: string } } }).data.store._id;
    const probe = crypto.randomUUID();
    const path = `/?probe=${probe}`;
    expect(await untilHit(path, andheri)).toContain("400053");
    // The key's release: the build's manifest version, which every page's scripts name.
    const release = (await (await get(`/?release=${probe}`)).text()).match(/manifest-([0-9a-f]+)\.js/)![1];
    // A guest asking for the key's own path gets a page of its own, not the Andheri entry.
    for (const trick of [
      `/__edge/${release}/${storeId}-400053/?probe=${probe}`,
      `/__edge/${release}/${storeId}-400053?probe=${probe}`,
      `/__edge/${storeId}-400053/?probe=${probe}`,
    ]) {
      const res = await get(trick);
      expect(res.headers.get("X-Edge-Cache"), trick).not.toBe("HIT");
      expect(htmlText(await res.text()), trick).not.toContain("Delivery in 15 minutes");
    }
  });

  it("any other cookie next to the location makes the page private and uncached", async () => {
    const indiranagar = await locationCookie("560001");
    const res = await get(`/?probe=${crypto.randomUUID()}`, `${indiranagar}; __cart=anything`);
    expect(res.headers.get("X-Edge-Cache")).toBeNull();
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    await res.arrayBuffer();
  });
});
