/**
 * The HTTP surface: redirect targets (open redirect), request bodies that are not forms, search text
 * that D1 would refuse, caching of personal pages, and the Content-Security-Policy.
 */
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api, makeProduct, newShopper, randomIp, VALID_ADDRESS } from "../workers/api-client";
import {
  ADMIN,
  page,
  pageActions,
  type PageAction,
  placeCodOrder,
  postForm,
  resetGrantCookie,
  sessionCookie,
  shopperWithOrder,
  storeFingerprint,
  type Who,
} from "./support-http";

let shopper: Awaited<ReturnType<typeof shopperWithOrder>>;
let admin: string;
beforeAll(async () => {
  shopper = await shopperWithOrder();
  admin = await sessionCookie(ADMIN.email, ADMIN.password);
});

// ---------------------------------------------------------------------------------------------
// Item 2: open redirect

/** Each of these, followed by a browser, leaves the site (or injects a header). */
const HOSTILE_TARGETS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\t\\evil.example",
  "/%09/evil.example",
  "/%5C/evil.example",
  "//evil.example",
  "/\\evil.example",
  "/.//evil.example",
  "https://evil.example/",
  "/cart\r\nSet-Cookie: stolen=1",
];

describe("redirect targets from the request stay on this site", { timeout: 120_000 }, () => {
  it.each(HOSTILE_TARGETS.map((t) => [JSON.stringify(t), t]))("after login: redirectTo=%s goes home", async (_, target) => {
    const { email } = await newShopper();
    const res = await postForm("/login", { email, password: "Test@12345", redirectTo: target }, { headers: { "CF-Connecting-IP": randomIp() } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
  });

  it.each(HOSTILE_TARGETS.map((t) => [JSON.stringify(t), t]))("/login while signed in: ?redirectTo=%s goes home", async (_, target) => {
    const res = await page(`/login?${new URLSearchParams({ redirectTo: target })}`, { cookie: shopper.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  // Registration signs no one in (decision 021): it goes on to the login form, which would then go
  // to the target; a hostile one is dropped there and then, so the login goes home.
  it.each(HOSTILE_TARGETS.map((t) => [JSON.stringify(t), t]))("after register: redirectTo=%s is dropped (login, then home)", async (_, target) => {
    const email = `redir${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await postForm(
      "/register",
      { name: "Redirect Test", email, password: "Test@12345", confirmPassword: "Test@12345", redirectTo: target },
      { headers: { "CF-Connecting-IP": randomIp() } },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/login");
  });

  it.each(HOSTILE_TARGETS.map((t) => [JSON.stringify(t), t]))("/cart: redirectTo=%s goes back to /cart", async (_, target) => {
    const res = await postForm("/cart", { intent: "add", productId: shopper.product.id, redirectTo: target }, { cookie: shopper.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/cart");
  });

  it.each(HOSTILE_TARGETS.map((t) => [JSON.stringify(t), t]))("/dashboard/address: redirectTo=%s stays on the address book", async (_, target) => {
    const res = await postForm("/dashboard/address", { intent: "disable-address", _id: "f".repeat(24), redirectTo: target }, { cookie: shopper.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/dashboard/address");
  });

  it.each(HOSTILE_TARGETS.map((t) => [JSON.stringify(t), t]))("/dashboard/orders: redirectTo=%s stays on the board", async (_, target) => {
    const res = await postForm("/dashboard/orders", { intent: "refund", orderId: "not-an-id", redirectTo: target }, { cookie: admin });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/dashboard/orders");
  });

  it("a same-origin path survives, normalised", async () => {
    const res = await postForm("/cart", { intent: "add", productId: shopper.product.id, redirectTo: "/search?q=दूध" }, { cookie: shopper.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/search?q=%E0%A4%A6%E0%A5%82%E0%A4%A7");
    const board = await postForm("/dashboard/orders", { intent: "refund", orderId: "x", redirectTo: "/dashboard/orders?status=paid&q=98" }, { cookie: admin });
    expect(board.headers.get("Location")).toBe("/dashboard/orders?status=paid&q=98");
  });
});

// ---------------------------------------------------------------------------------------------
// Item 7: bodies that are not forms

const URLENCODED = { "Content-Type": "application/x-www-form-urlencoded" };
const FORM_FIELDS = `intent=add&productId=${"a".repeat(24)}&name=Hacked&email=x%40example.com`;

interface BadBody {
  name: string;
  init: () => RequestInit;
  status: (action: PageAction) => number;
}

const BAD_BODIES: BadBody[] = [
  {
    name: "a JSON body",
    init: () => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: '{"intent":"add","name":"Hacked"}' }),
    status: () => 415,
  },
  { name: "no Content-Type", init: () => ({ method: "POST", body: new TextEncoder().encode(FORM_FIELDS) }), status: () => 415 },
  { name: "text/plain", init: () => ({ method: "POST", headers: { "Content-Type": "text/plain" }, body: FORM_FIELDS }), status: () => 415 },
  {
    name: "a broken multipart boundary",
    init: () => ({
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=----cut" },
      body: '------other\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
    }),
    status: (a) => (a.multipart ? 400 : 415),
  },
  {
    name: "multipart with no boundary",
    init: () => ({ method: "POST", headers: { "Content-Type": "multipart/form-data" }, body: "intent=add" }),
    status: (a) => (a.multipart ? 400 : 415),
  },
  { name: "DELETE", init: () => ({ method: "DELETE", headers: URLENCODED, body: FORM_FIELDS }), status: () => 405 },
  { name: "PUT", init: () => ({ method: "PUT", headers: URLENCODED, body: FORM_FIELDS }), status: () => 405 },
  { name: "PATCH", init: () => ({ method: "PATCH", headers: URLENCODED, body: FORM_FIELDS }), status: () => 405 },
  { name: "a repeated intent", init: () => ({ method: "POST", headers: URLENCODED, body: `${FORM_FIELDS}&intent=remove` }), status: () => 400 },
];

describe("page actions answer a 4xx, never a 500, to bodies that are not forms, and change nothing", { timeout: 120_000 }, () => {
  let cookies: Record<Who, string>;
  beforeAll(async () => {
    cookies = { anon: "", shopper: shopper.cookie, admin, grant: await resetGrantCookie() };
  });

  it("every page action × every bad body: the exact status, a message, and D1/R2 untouched", async () => {
    const before = await storeFingerprint();
    const seen: string[] = [];
    const actions = pageActions(shopper.orderId);
    for (const action of actions) {
      for (const bad of BAD_BODIES) {
        const init = bad.init();
        const res = await page(action.path, {
          ...init,
          cookie: cookies[action.who],
          headers: { ...(init.headers as Record<string, string>), "CF-Connecting-IP": randomIp() },
        });
        const text = await res.text();
        seen.push(`${init.method} ${action.path} with ${bad.name}: ${res.status}`);
        expect(res.status, `${init.method} ${action.path} with ${bad.name}: ${text.slice(0, 200)}`).toBe(bad.status(action));
        expect(text.length, `${action.path} with ${bad.name} explains itself`).toBeGreaterThan(0);
      }
    }
    expect(seen).toHaveLength(actions.length * BAD_BODIES.length);
    expect(await storeFingerprint()).toEqual(before);
  });

  it("a 405 names the allowed methods", async () => {
    const res = await page("/cart", { method: "DELETE", cookie: shopper.cookie, headers: URLENCODED, body: FORM_FIELDS });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD, POST");
  });

  it("the same refusals reach single-fetch (.data) submissions", async () => {
    const before = await storeFingerprint();
    const json = await page("/cart.data", { method: "POST", cookie: shopper.cookie, headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
    const del = await page("/dashboard/address.data", { method: "DELETE", cookie: shopper.cookie, headers: URLENCODED, body: "intent=disable-address" });
    expect(del.status).toBe(405);
    expect(await storeFingerprint()).toEqual(before);
  });

  it("a text form larger than 64 KB is refused (413), declared or streamed without a length", async () => {
    const before = await storeFingerprint();
    const big = `intent=create-address&address_line=${"a".repeat(70 * 1024)}`;
    const declared = await page("/dashboard/address", { method: "POST", cookie: shopper.cookie, headers: URLENCODED, body: big });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new TextEncoder().encode(i ? "a".repeat(1024) : "intent=create-address&address_line="));
        controller.close();
      },
    });
    const streamed = await page("/dashboard/address", {
      method: "POST",
      cookie: shopper.cookie,
      headers: URLENCODED,
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await storeFingerprint()).toEqual(before);
  });

  it("an /api JSON body over 64 KB is refused (413) counted in bytes, declared or streamed without a length", async () => {
    const before = await storeFingerprint();
    // 30,000 three-byte characters: under 64 K characters, but 90 KB.
    const wide = JSON.stringify({ ...VALID_ADDRESS, address_line: "अ".repeat(30_000) });
    const declared = await api("/api/address/create", { method: "POST", token: shopper.token, body: wide });
    expect(declared.status).toBe(413);
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`{"address_line":"`));
        // 80 × 400 three-byte characters: 32,000 characters, 96,000 bytes, and no Content-Length.
        for (let i = 0; i < 80; i++) controller.enqueue(encoder.encode("अ".repeat(400)));
        controller.enqueue(encoder.encode(`"}`));
        controller.close();
      },
    });
    const streamed = await SELF.fetch("http://store.test/api/address/create", {
      method: "POST",
      headers: { Authorization: `Bearer ${shopper.token}`, "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await storeFingerprint()).toEqual(before);
  });

  it("a repeated scalar field is refused on a real form, while the admin chips may repeat", async () => {
    const address = [...Object.entries({ intent: "create-address", ...VALID_ADDRESS }), ["city", "Elsewhere"]] as [string, string][];
    const before = await storeFingerprint();
    const res = await postForm("/dashboard/address", address, { cookie: shopper.cookie });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The field &quot;city&quot; was sent more than once.");
    expect(await storeFingerprint()).toEqual(before);

    const [a, b] = (await env.DB.prepare("select id from categories order by name limit 2").all<{ id: string }>()).results;
    const sub = await postForm(
      "/dashboard/subcategory",
      [
        ["intent", "create-subcategory"],
        ["name", `Two Parents ${Date.now()}`],
        ["image", "/images/seed/milk.webp"],
        ["category", a.id],
        ["category", b.id],
      ],
      { cookie: admin },
    );
    expect(sub.status).toBe(303);
  });

  it("an ordinary form still works (the refusals are not a blanket no)", async () => {
    const product = await makeProduct({ stock: 3 });
    const res = await postForm("/cart", { intent: "add", productId: product.id }, { cookie: shopper.cookie });
    expect(res.status).toBe(303);
    expect((await api("/api/cart/get", { token: shopper.token })).body.data.some((l: { productId: { _id: string } }) => l.productId._id === product.id)).toBe(
      true,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Item 8: search text D1 would refuse (LIKE patterns over 50 bytes) or read as syntax

/** Long, multibyte and LIKE-special text: none of it may reach a 500 on any search box. */
export const SEARCH_TEXTS = [
  "x".repeat(49),
  "milk ".repeat(20),
  "🥛".repeat(30),
  "दूध ".repeat(20),
  "दूध",
  "%",
  "_",
  "\\",
  "50%_off\\",
  "%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%",
  "a".repeat(300),
];

// Issue 28 item 9.3: Remix answers a method a page route does not take with 405, and logged the
// router's error with its stack each time (a log flood anyone can cause).
describe("methods a page route does not take: 405 with Allow, and no error log", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const CASES: [method: string, path: string, allow: string][] = [
    ["OPTIONS", "/", "GET, HEAD"],
    ["OPTIONS", "/cart", "GET, HEAD, POST"],
    ["OPTIONS", "/search?q=milk", "GET, HEAD"],
    ["OPTIONS", "/no-such-page", "GET, HEAD, POST"],
    ["PATCH", "/", "GET, HEAD"],
    ["PATCH", "/search", "GET, HEAD"],
    ["PUT", "/dashboard/address", "GET, HEAD, POST"],
    ["DELETE", "/cart.data", "GET, HEAD, POST"],
    ["TRACE", "/login", "GET, HEAD, POST"],
    ["PROPFIND", "/", "GET, HEAD"],
    // A POST to a route without an action: Remix's own 405, now with Allow and without a log.
    ["POST", "/", "GET, HEAD"],
    ["POST", "/search", "GET, HEAD"],
    ["POST", "/_root.data", "GET, HEAD"],
  ];

  it.each(CASES)("%s %s → 405, Allow: %s", async (method, path, allow) => {
    const errors = vi.spyOn(console, "error");
    const res = await page(path, {
      method,
      cookie: shopper.cookie,
      headers: method === "POST" ? URLENCODED : {},
      body: method === "POST" ? "intent=x" : undefined,
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe(allow);
    expect((await res.text()).length).toBeGreaterThan(0);
    expect(errors).not.toHaveBeenCalled();
  });

  it("index routes take their action with ?index: POST /?index is not refused for its method", async () => {
    const res = await page("/?index", { method: "POST", headers: URLENCODED, body: "intent=x" });
    expect(res.status).not.toBe(500);
    if (res.status === 405) expect(res.headers.get("Allow")).toBe("GET, HEAD");
    await res.arrayBuffer();
  });
});

describe("every search box answers any text without a 500", { timeout: 120_000 }, () => {
  it.each(SEARCH_TEXTS.map((q) => [Array.from(JSON.stringify(q)).slice(0, 40).join(""), q]))("%s", async (_, q) => {
    const search = await page(`/search?${new URLSearchParams({ q })}`);
    expect(search.status).toBe(200);
    const searchApi = await api("/api/product/search-product", { method: "POST", body: { search: q } });
    expect(searchApi.status).toBe(200);
    const list = await api("/api/product/get", { method: "POST", body: { search: q, page: 1, limit: 12 } });
    expect(list.status).toBe(200);
    const adminList = await page(`/dashboard/product?${new URLSearchParams({ search: q })}`, { cookie: admin });
    expect(adminList.status).toBe(200);
    const board = await page(`/dashboard/orders?${new URLSearchParams({ q })}`, { cookie: admin });
    expect(board.status).toBe(200);
    const boardApi = await page(`/api/order/admin/list?${new URLSearchParams({ q })}`, { cookie: admin });
    expect(boardApi.status).toBe(200);
  });

  it("the order board finds a shopper by a 60-byte email, and reads % and _ literally", async () => {
    const email = `a.very.long.mailbox.for.the.order.board.${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(email.length).toBeGreaterThan(55);
    const registered = await api("/api/user/register", {
      method: "POST",
      body: { name: "Long Mailbox", email, password: "Test@12345", confirmPassword: "Test@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(registered.status).toBe(201);
    const token = (await api("/api/user/login", { method: "POST", body: { email, password: "Test@12345" }, headers: { "CF-Connecting-IP": randomIp() } })).body
      .data.accesstoken;
    await placeCodOrder(token);

    const board = async (q: string) => {
      const res = await page(`/api/order/admin/list?${new URLSearchParams({ q })}`, { cookie: admin });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { shopper: { email: string } }[] }).data.map((o) => o.shopper.email);
    };
    expect(await board(email.toUpperCase())).toEqual([email]);
    expect(await board("%")).toEqual([]);
    expect(await board("_")).toEqual([]);
    expect(await board("a.very.long.mailbox.for.the.order.board.%")).toEqual([]);

    const html = await (await page(`/dashboard/orders?${new URLSearchParams({ q: email })}`, { cookie: admin })).text();
    expect(html).toContain(email);
  });
});

// ---------------------------------------------------------------------------------------------
// Item 9: personal responses are never stored by a shared cache

const PUBLIC_CATALOGUE = /^public, max-age=\d+, s-maxage=\d+/;

async function catalogueUrls() {
  const product = await makeProduct({ name: "Cache Probe" });
  const slug = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  const listing = (await env.DB.prepare(
    `select c.id as cid, c.name as cname, s.id as sid, s.name as sname from sub_category_categories sc
       join categories c on c.id = sc.category_id join sub_categories s on s.id = sc.sub_category_id limit 1`,
  ).first<{ cid: string; cname: string; sid: string; sname: string }>())!;
  return [
    "/",
    `/product/${slug(product.name)}-${product.id}`,
    `/${slug(listing.cname)}-${listing.cid}/${slug(listing.sname)}-${listing.sid}`,
    "/search?q=milk",
  ];
}

describe("Cache-Control: private, no-store on every personal response, public caching kept for anonymous catalogue pages", { timeout: 120_000 }, () => {
  it("signed-in pages, documents and single-fetch data alike", async () => {
    const personal: [string, string][] = [
      ["/cart", shopper.cookie],
      ["/checkout", shopper.cookie],
      ["/user", shopper.cookie],
      ["/dashboard/profile", shopper.cookie],
      ["/dashboard/address", shopper.cookie],
      ["/dashboard/myorders", shopper.cookie],
      [`/dashboard/myorders/${shopper.orderId}`, shopper.cookie],
      ["/dashboard/orders", admin],
      ["/dashboard/product", admin],
      ["/dashboard/category", admin],
      ["/dashboard/subcategory", admin],
      ["/dashboard/upload-product", admin],
      ...(await catalogueUrls()).map((url) => [url, shopper.cookie] as [string, string]),
    ];
    for (const [path, cookie] of personal) {
      const doc = await page(path, { cookie });
      expect(doc.status, path).toBe(200);
      expect(doc.headers.get("Cache-Control"), `${path} (document)`).toBe("private, no-store");
      const [pathname, search] = path.split("?");
      const dataPath = `${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`;
      const single = await page(dataPath, { cookie });
      expect(single.status, dataPath).toBe(200);
      expect(single.headers.get("Cache-Control"), `${dataPath} (single fetch)`).toBe("private, no-store");
    }
  });

  it("redirects, action answers, refusals and /api answers of a signed-in visitor", async () => {
    const cases: [string, Response][] = [
      ["/login while signed in (redirect)", await page("/login", { cookie: shopper.cookie })],
      ["/dashboard without a session (redirect)", await page("/dashboard/profile")],
      ["cart form (303 + cookie)", await postForm("/cart", { intent: "add", productId: shopper.product.id }, { cookie: shopper.cookie })],
      ["cart form via fetcher (.data)", await postForm("/cart.data", { intent: "add", productId: shopper.product.id, js: "1" }, { cookie: shopper.cookie })],
      ["refused body (415)", await page("/cart", { method: "POST", cookie: shopper.cookie, headers: { "Content-Type": "application/json" }, body: "{}" })],
      ["cross-site form (403)", await postForm("/cart", { intent: "add" }, { cookie: shopper.cookie, headers: { Origin: "https://evil.example" } })],
      ["/api with a token", await page("/api/user/user-details", { headers: { Authorization: `Bearer ${shopper.token}` } })],
      ["/api with the cookie", await page("/api/cart/get", { cookie: shopper.cookie })],
      ["anonymous cart page", await page("/cart")],
      ["anonymous login page", await page("/login")],
    ];
    for (const [name, res] of cases) {
      expect(res.status, name).toBeLessThan(500);
      expect(res.headers.get("Cache-Control"), name).toBe("private, no-store");
    }
  });

  it("anonymous catalogue pages keep their public caching, with Vary: Cookie", async () => {
    for (const url of await catalogueUrls()) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("Cache-Control"), url).toMatch(PUBLIC_CATALOGUE);
      expect(res.headers.get("Vary"), url).toMatch(/\bCookie\b/);
    }
    const image = await page("/images/seed/milk.webp", { cookie: shopper.cookie });
    expect(image.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });
});

// ---------------------------------------------------------------------------------------------
// Item 13: Content-Security-Policy without 'unsafe-inline' scripts

function scriptSrc(res: Response) {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  return /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? "";
}

/** Every <script> that a browser would run (no type, or a JavaScript/module type), with its nonce. */
function executableScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((m) => m[1])
    .filter((attrs) => {
      const type = /\btype="([^"]*)"/i.exec(attrs)?.[1];
      return !type || /^(module|text\/javascript|application\/javascript)$/i.test(type);
    })
    .map((attrs) => /\bnonce="([^"]*)"/.exec(attrs)?.[1] ?? null);
}

describe("Content-Security-Policy: inline scripts only with this response's nonce", { timeout: 120_000 }, () => {
  it("pages carry a fresh nonce of 16+ random bytes, and every executable script has it", async () => {
    const urls = [...(await catalogueUrls()), "/forgot-password", "/cart"];
    const seen = new Set<string>();
    for (const url of urls) {
      for (const cookie of ["", shopper.cookie]) {
        const res = await page(url, { cookie });
        expect(res.status, url).toBe(200);
        const src = scriptSrc(res);
        expect(src, url).not.toContain("unsafe-inline");
        const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(src)?.[1];
        expect(nonce, url).toBeDefined();
        expect(atob(nonce!).length, url).toBeGreaterThanOrEqual(16);
        expect(seen.has(nonce!), `${url}: nonce reused`).toBe(false);
        seen.add(nonce!);
        const scripts = executableScripts(await res.text());
        expect(scripts.length, url).toBeGreaterThan(0);
        expect(
          scripts.every((n) => n === nonce),
          `${url}: a script without the nonce`,
        ).toBe(true);
      }
    }
  });

  it("error pages too", async () => {
    const res = await page("/no-such-page-here");
    expect(res.status).toBe(404);
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc(res))?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const scripts = executableScripts(await res.text());
    // The error page hydrates like any page: it has scripts, and every one carries the nonce.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((n) => n === nonce)).toBe(true);
  });

  it("an edge-cached copy is re-issued with a nonce of its own; other markup is untouched", async () => {
    const { renewNonce } = await import("../../app/server/http/security.server");
    const old = "b2xkLW5vbmNlLTEyMzQ1Ng==";
    const cached = new Response(
      `<html><body><script nonce="${old}">window.a=1</script><script type="module" nonce="${old}">import "/x.js"</script>` +
        `<script type="application/ld+json">{}</script><p data-x="${old}">${old}</p></body></html>`,
      { headers: { "Content-Type": "text/html", "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${old}'`, "X-Edge-Cache": "HIT" } },
    );
    const renewed = renewNonce(cached);
    const fresh = /'nonce-([^']+)'/.exec(renewed.headers.get("Content-Security-Policy")!)![1];
    expect(fresh).not.toBe(old);
    expect(atob(fresh)).toHaveLength(16);
    const html = await renewed.text();
    expect(executableScripts(html)).toEqual([fresh, fresh]);
    expect(html).toContain(`<p data-x="${old}">${old}</p>`);
    expect(html).toContain('<script type="application/ld+json">{}</script>');
    expect(renewed.headers.get("X-Edge-Cache")).toBe("HIT");
  });
});
