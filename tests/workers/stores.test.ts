import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, newShopper, randomIp } from "./api-client";
import { htmlText, pageGet, pagePost, sessionCookie } from "../security/support-admin";

/** The `name=value` part of a response's Set-Cookie for `name`, or "". */
function setCookie(res: Response, name: string): string {
  return (res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? "").split(";")[0];
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function chooseAsGuest(pincode: string, extra: Record<string, string> = {}) {
  return pagePost("/location", form({ intent: "choose", pincode, redirectTo: "/search?q=milk", ...extra }));
}

describe("seeded dark stores", () => {
  it("has three stores in three cities, one default, 110099 served by none, the shopper's address served", async () => {
    const { results } = await env.DB.prepare("select city, is_default, active from stores order by city").all();
    expect(results).toEqual([
      { city: "Bengaluru", is_default: 1, active: 1 },
      { city: "Delhi", is_default: 0, active: 1 },
      { city: "Mumbai", is_default: 0, active: 1 },
    ]);
    const served = async (pincode: string) =>
      (await api(`/api/store/serviceability?pincode=${pincode}`)).body.data.serviceable as boolean;
    expect(await served("110099")).toBe(false);
    const address = await env.DB.prepare(
      "select a.pincode from addresses a join users u on u.id = a.user_id where u.email = 'shopper@example.com'",
    ).first<{ pincode: string }>();
    expect(await served(address!.pincode)).toBe(true);
  });
});

describe("GET /api/store/serviceability", () => {
  it("names the serving store and its ETA", async () => {
    const res = await api("/api/store/serviceability?pincode=560001");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: false, data: { serviceable: true, store: { name: "FreshDash Indiranagar", etaMinutes: 10 } } });
    expect(res.body.data.store._id).toMatch(/^[0-9a-f]{24}$/);
    const mumbai = await api("/api/store/serviceability?pincode=400053");
    expect(mumbai.body.data.store).toMatchObject({ name: "FreshDash Andheri West", etaMinutes: 15 });
  });

  it("answers serviceable false and store null for an unserved pincode", async () => {
    const res = await api("/api/store/serviceability?pincode=110099");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { serviceable: false, store: null } });
  });

  it.each([["abc"], ["56000"], ["0560001"], ["056000"], ["5600011"], [""], ["560001&pincode=400053"], ["%00560001"]])(
    "refuses a malformed pincode %j with 400",
    async (pincode) => {
      const res = await api(`/api/store/serviceability?pincode=${pincode}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true });
    },
  );

  it("refuses a missing pincode and other methods", async () => {
    expect((await api("/api/store/serviceability")).status).toBe(400);
    expect((await api("/api/store/serviceability?pincode=560001", { method: "POST", body: {} })).status).toBe(405);
  });

  it("ignores an inactive store", async () => {
    const id = "f".repeat(24);
    await env.DB.batch([
      env.DB.prepare("insert into stores (id, name, address, city, base_delivery_minutes, active) values (?, 'Closed Kiosk', 'x', 'Pune', 5, 0)").bind(id),
      env.DB.prepare("insert into store_pincode_ranges (store_id, from_pincode, to_pincode) values (?, 411001, 411001)").bind(id),
    ]);
    expect((await api("/api/store/serviceability?pincode=411001")).body.data).toEqual({ serviceable: false, store: null });
  });
});

describe("POST /location", () => {
  it("remembers a served pincode in a signed cookie and answers 303 back", async () => {
    const res = await chooseAsGuest("560001");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/search?q=milk");
    const cookie = setCookie(res, "__location");
    expect(cookie).toMatch(/^__location=./);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__location="))).toMatch(/HttpOnly/i);
    const page = await (await pageGet("/location", cookie)).text();
    expect(page).toContain("Delivery in 10 minutes · 560001");
    expect(page).toContain("FreshDash Indiranagar");
  });

  it("the header shows the choice, or asks for one", async () => {
    const cookie = setCookie(await chooseAsGuest("400053"), "__location");
    const chosen = await (await pageGet("/search?q=milk", cookie)).text();
    expect(chosen).toContain("Delivery in 15 minutes · 400053");
    expect(chosen).not.toContain("Set your delivery pincode");
    const none = await (await pageGet("/search?q=milk")).text();
    expect(none).toContain("Set delivery location");
    expect(none).toContain("Set your delivery pincode");
    expect(none).toContain(`href="/location?redirectTo=%2Fsearch%3Fq%3Dmilk"`);
  });

  it("reads a forged or tampered cookie as no choice", async () => {
    const cookie = setCookie(await chooseAsGuest("560001"), "__location");
    const [name, value] = cookie.split("=");
    const forged = `${name}=${encodeURIComponent(btoa(JSON.stringify({ p: "400053", s: "a".repeat(24), n: "Evil", e: 1 })))}`;
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    for (const bad of [forged, tampered]) {
      const page = await (await pageGet("/location", bad)).text();
      expect(page).toContain("Set delivery location");
      expect(page).not.toContain("Evil");
    }
  });

  it("sends an unsafe redirectTo home", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const res = await chooseAsGuest("560001", { redirectTo });
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/");
    }
  });

  it("refuses a malformed pincode with 400 and sets nothing", async () => {
    for (const pincode of ["", "12345", "abcdef", "012345", "5600011"]) {
      const res = await chooseAsGuest(pincode);
      expect(res.status, pincode).toBe(400);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("__location="))).toBe(false);
      await res.arrayBuffer();
    }
    const repeated = await pagePost("/location", new URLSearchParams("intent=choose&pincode=560001&pincode=400053"));
    expect(repeated.status).toBe(400);
    await repeated.arrayBuffer();
  });

  it("says an unserved pincode is not delivered to, and sets nothing", async () => {
    const res = await chooseAsGuest("110099");
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__location="))).toBe(false);
    const html = htmlText(await res.text());
    expect(html).toContain("We don't deliver to 110099 yet");
    expect(html).toContain("Tell me when you do");
  });

  it("saves a signed-in shopper's choice on the account, and login brings it to a new browser", async () => {
    const { email } = await newShopper();
    const cookie = await sessionCookie(email);
    const res = await pagePost("/location", form({ intent: "choose", pincode: "110017", redirectTo: "/" }), { cookie });
    expect(res.status).toBe(303);
    const saved = await env.DB.prepare("select delivery_pincode from users where email = ?").bind(email).first();
    expect(saved).toEqual({ delivery_pincode: "110017" });
    // An unserved pincode never replaces the saved one.
    await (await pagePost("/location", form({ intent: "choose", pincode: "110099" }), { cookie })).arrayBuffer();
    expect(await env.DB.prepare("select delivery_pincode from users where email = ?").bind(email).first()).toEqual({ delivery_pincode: "110017" });
    // A new browser: logging in sets the location cookie from the account.
    const login = await api("/api/user/login", { method: "POST", body: { email, password: "Test@12345" }, headers: { "CF-Connecting-IP": randomIp() } });
    const location = (login.headers.getSetCookie().find((c) => c.startsWith("__location=")) ?? "").split(";")[0];
    expect(location).toMatch(/^__location=./);
    expect(await (await pageGet("/location", location)).text()).toContain("Delivery in 12 minutes · 110017");
  });

  it("a guest's choice is saved on the account at login", async () => {
    const { email } = await newShopper();
    const location = setCookie(await chooseAsGuest("400001"), "__location");
    const res = await pagePost("/login", form({ email, password: "Test@12345" }), { cookie: location });
    expect(res.status).toBe(303);
    expect(await env.DB.prepare("select delivery_pincode from users where email = ?").bind(email).first()).toEqual({ delivery_pincode: "400001" });
  });
});

describe("Tell me when you do", () => {
  const notify = (email: string, pincode = "110099") =>
    pagePost("/location", form({ intent: "notify", email, pincode, redirectTo: "/" }));

  it("stores one request per email and pincode, however often it is sent", async () => {
    const email = `Notify${Date.now()}@Example.com`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(email)));
    for (const res of answers) {
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/");
    }
    const rows = await env.DB.prepare("select email, pincode from store_notify_requests where email = ?").bind(email.toLowerCase()).all();
    expect(rows.results).toEqual([{ email: email.toLowerCase(), pincode: "110099" }]);
  });

  it("refuses a bad email or pincode with 400 and stores nothing", async () => {
    const before = await env.DB.prepare("select count(*) as n from store_notify_requests").first<{ n: number }>();
    for (const [email, pincode] of [["not-an-email", "110099"], ["a@b.co", "1100"], ["x".repeat(300) + "@example.com", "110099"], ["", "110099"]]) {
      const res = await notify(email, pincode);
      expect(res.status, `${email} ${pincode}`).toBe(400);
      await res.arrayBuffer();
    }
    expect(await env.DB.prepare("select count(*) as n from store_notify_requests").first()).toEqual(before);
  });
});
