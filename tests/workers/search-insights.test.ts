import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, htmlText, pageGet, pagePost, sessionCookie } from "../security/support-admin";
import { api, newShopper } from "./api-client";
import { BASE } from "./fixtures";

/** A word no product has: letters only, so it passes the recorder's noise filter. */
const unknownWord = (prefix: string) => `${prefix}${Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => "bcdfghjklmnpqrstvwxz"[b % 20]).join("")}`;

const insight = (query: string) =>
  env.DB.prepare("select query, count, first_seen_at as firstSeenAt, last_seen_at as lastSeenAt from search_zero_results where query = ?")
    .bind(query)
    .first<{ query: string; count: number; firstSeenAt: number; lastSeenAt: number }>();

/** The write happens after the answer (waitUntil): wait for it rather than racing it; throws if it never lands. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  let value = await read();
  while (!done(value)) {
    if (Date.now() - start >= timeoutMs) throw new Error(`Still not there after ${timeoutMs} ms; last read: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

/** Whatever was pending for `query` has landed: a zero-result search of a control word is counted after it. */
async function settle() {
  const marker = unknownWord("settle");
  await SELF.fetch(`${BASE}/search?q=${marker}`);
  await eventually(
    () => insight(marker),
    (row) => row !== null,
  );
}

const searchPage = (q: string) => SELF.fetch(`${BASE}/search?q=${encodeURIComponent(q)}`);

describe("zero-result searches are recorded", () => {
  it("30 parallel identical zero-result searches make one row counted 30", async () => {
    const word = unknownWord("zq");
    const answers = await Promise.all(Array.from({ length: 30 }, () => searchPage(` ${word.toUpperCase()} `)));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    await Promise.all(answers.map((r) => r.text()));
    const row = await eventually(
      () => insight(word),
      (r) => r?.count === 30,
    );
    expect(row).toMatchObject({ query: word, count: 30 });
    expect(row!.lastSeenAt).toBeGreaterThanOrEqual(row!.firstSeenAt);
    const rows = await env.DB.prepare("select count(*) as n from search_zero_results where query like ?").bind(`%${word}%`).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("the search API records its zero-result searches too, as the same normalised words", async () => {
    // Two words the catalogue has nothing close to (one known word alone would find products).
    const [word, other] = [unknownWord("zapi"), unknownWord("zq")];
    const res = await api("/api/product/search-product", { method: "POST", body: { search: `"${word}"*  ${other.toUpperCase()}` } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    await searchPage(`${word} ${other}`);
    expect(
      await eventually(
        () => insight(`${word} ${other}`),
        (r) => r?.count === 2,
      ),
    ).toMatchObject({ count: 2 });
  });

  it("keeps nothing for searches that found something, nor for noise or what may be personal data", async () => {
    const before = await env.DB.prepare("select query, count from search_zero_results order by query").all();
    const word = unknownWord("pd");
    const skipped = [
      "milk", // found
      `${word}@example.com`, // an email address
      `call ${word} 9812345678`, // a phone number
      `${word} 560034`, // a PIN code
      "12345", // digits only
      `${word} a b c d`, // five words
      `${word}${"x".repeat(30)}`, // a 30+ letter word
      "x", // one letter
      "🥛🥛", // nothing searchable
    ];
    for (const q of skipped) expect((await searchPage(q)).status, q).toBe(200);
    await settle();
    const after = await env.DB.prepare("select query, count from search_zero_results where query not like 'settle%' order by query").all();
    expect(after.results).toEqual(before.results.filter((r) => !String(r.query).startsWith("settle")));
  });

  it("stores words only, no user, session or address columns", async () => {
    const { results } = await env.DB.prepare("select name from pragma_table_info('search_zero_results') order by cid").all<{ name: string }>();
    expect(results.map((c) => c.name)).toEqual(["query", "count", "first_seen_at", "last_seen_at"]);
    const shopper = await newShopper();
    const word = unknownWord("zsignedin");
    await api("/api/product/search-product", { method: "POST", token: shopper.token, body: { search: word } });
    const row = await eventually(
      () => insight(word),
      (r) => r !== null,
    );
    expect(Object.values(row!).join(" ")).not.toContain(shopper.email);
  });

  it("keeps at most 500 rows, dropping the rarest and oldest first", async () => {
    await env.DB.prepare("delete from search_zero_results").run();
    const old = Date.now() - 86_400_000;
    const statements = Array.from({ length: 500 }, (_, i) =>
      env.DB.prepare("insert into search_zero_results (query, count, first_seen_at, last_seen_at) values (?, ?, ?, ?)").bind(
        `filler${String(i).padStart(3, "0")}`,
        i === 0 ? 50 : 1,
        old + i,
        old + i,
      ),
    );
    await env.DB.batch(statements);
    const word = unknownWord("znew");
    await searchPage(word);
    expect(
      await eventually(
        () => insight(word),
        (r) => r !== null,
      ),
    ).toMatchObject({ count: 1 });
    const total = await env.DB.prepare("select count(*) as n from search_zero_results").first<{ n: number }>();
    expect(total!.n).toBe(500);
    expect(await insight("filler000")).toMatchObject({ count: 50 }); // oldest, but frequent: kept
    expect(await insight("filler001")).toBeNull(); // oldest of the rarest: dropped
    expect(await insight("filler002")).not.toBeNull();
  });
});

const INSIGHTS = "/dashboard/search-insights";

const postInsight = (fields: Record<string, string> | [string, string][], cookie?: string) => pagePost(INSIGHTS, new URLSearchParams(fields), { cookie });

async function recorded(word: string, times = 1) {
  for (let i = 0; i < times; i++) await searchPage(word);
  await eventually(
    () => insight(word),
    (r) => r?.count === times,
  );
}

const synonym = (term: string) =>
  env.DB.prepare("select term, canonical from search_synonyms where term = ?").bind(term).first<{ term: string; canonical: string }>();

describe("/dashboard/search-insights", () => {
  let admin: string;
  let shopper: string;
  beforeAll(async () => {
    admin = await adminCookie();
    shopper = await sessionCookie((await newShopper()).email);
  });

  it("is for admins: guests go to login, shoppers get 403 and no data", async () => {
    const word = unknownWord("zsecret");
    await recorded(word);
    const guest = await pageGet(INSIGHTS);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const denied = await pageGet(INSIGHTS, shopper);
    expect(denied.status).toBe(403);
    const html = await denied.text();
    expect(html).toContain("Do not have permission");
    expect(html).not.toContain(word);
    const post = await postInsight({ intent: "add-synonym", term: word, canonical: "paneer" }, shopper);
    expect(post.status).toBe(403);
    expect(await synonym(word)).toBeNull();
    expect(await insight(word)).not.toBeNull();
  });

  it("lists zero-result searches most frequent first, or most recent first", async () => {
    const often = unknownWord("zoften");
    const recent = unknownWord("zrecent");
    await recorded(often, 3);
    await recorded(recent, 1);
    const byCount = htmlText(await (await pageGet(INSIGHTS, admin)).text());
    expect(byCount).toContain("Search insights");
    expect(byCount.indexOf(often)).toBeGreaterThan(-1);
    expect(byCount.indexOf(recent)).toBeGreaterThan(byCount.indexOf(often));
    const byTime = await pageGet(`${INSIGHTS}?sort=recent`, admin);
    expect(byTime.status).toBe(200);
    const text = htmlText(await byTime.text());
    expect(text.indexOf(recent)).toBeGreaterThan(-1);
    expect(text.indexOf(recent)).toBeLessThan(text.indexOf(often));
    expect((await pageGet(`${INSIGHTS}?sort=%00&page=-4`, admin)).status).toBe(200);
  });

  it("adds a synonym (term lower-cased and trimmed, upserted) and resolves the row; 303 back with a toast", async () => {
    const word = unknownWord("zpanir");
    await recorded(word);
    const res = await postInsight(
      { intent: "add-synonym", term: `  ${word.toUpperCase()} `, canonical: " Paneer ", redirectTo: `${INSIGHTS}?sort=recent` },
      admin,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${INSIGHTS}?sort=recent`);
    expect(res.headers.get("Set-Cookie")).toMatch(/__toast=/);
    expect(await synonym(word)).toEqual({ term: word, canonical: "paneer" });
    expect(await insight(word)).toBeNull();
    // The very next search reads it: what found nothing now finds paneer.
    const found = await api("/api/product/search-product", { method: "POST", body: { search: word } });
    expect(found.body.data.length).toBeGreaterThan(0);
    expect(found.body.data[0].name).toMatch(/paneer/i);
    // The same term again: the canonical word is replaced, not duplicated.
    expect((await postInsight({ intent: "add-synonym", term: word, canonical: "tofu" }, admin)).status).toBe(303);
    expect(await synonym(word)).toEqual({ term: word, canonical: "tofu" });
  });

  it("refuses bad synonyms with a clear message and changes nothing", async () => {
    const word = unknownWord("zbad");
    await recorded(word);
    const cases: [Record<string, string>, string][] = [
      [{ intent: "add-synonym", term: word, canonical: "" }, "Catalogue word is required"],
      [{ intent: "add-synonym", term: word }, "Catalogue word is required"],
      [{ intent: "add-synonym", term: word, canonical: "p" }, "Catalogue word must be at least 2 characters"],
      [{ intent: "add-synonym", term: word, canonical: "x".repeat(41) }, "Catalogue word must be at most 40 characters"],
      [{ intent: "add-synonym", term: word, canonical: "<script>" }, "Catalogue word may contain only letters, digits and spaces"],
      [{ intent: "add-synonym", term: word, canonical: 'paneer"* OR milk' }, "Catalogue word may contain only letters, digits and spaces"],
      [{ intent: "add-synonym", term: word, canonical: word }, "Type a catalogue word that differs from the search text"],
      [{ intent: "add-synonym", term: word, canonical: "qwzzyx" }, 'No product matches "qwzzyx": type a word from the catalogue, like "paneer"'],
      [{ intent: "add-synonym", term: "%", canonical: "paneer" }, "Search text must be at least 2 characters"],
      [{ intent: "rename", term: word, canonical: "paneer" }, "Unknown action: reload the page and try again"],
    ];
    for (const [fields, message] of cases) {
      const res = await postInsight(fields, admin);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(htmlText(await res.text()), JSON.stringify(fields)).toContain(message);
    }
    const twice = await postInsight(
      [
        ["intent", "add-synonym"],
        ["term", word],
        ["canonical", "paneer"],
        ["canonical", "milk"],
      ],
      admin,
    );
    expect(twice.status).toBe(400);
    expect(await synonym(word)).toBeNull();
    expect(await insight(word)).toMatchObject({ count: 1 });
  });

  it("dismisses a row without a synonym, and never redirects off the site", async () => {
    const word = unknownWord("zdismiss");
    await recorded(word);
    const res = await postInsight({ intent: "dismiss", term: word, redirectTo: "//evil.example/x" }, admin);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(INSIGHTS);
    expect(await insight(word)).toBeNull();
    expect(await synonym(word)).toBeNull();
  });
});
