/**
 * The staff's queue: where a login lands (a store's staff on their store's queue, the form with
 * JavaScript off, unless the login carried an explicit safe redirectTo; shoppers and admins on the
 * home page; the /api login answers as before), and each order's clock against the store's promise
 * in the server-rendered page (so it holds without JavaScript).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, makeProduct, newShopper, randomIp, VALID_ADDRESS } from "./api-client";
import { htmlText, pageGet, pagePost } from "../security/support-admin";

const PASSWORD = "Test@12345";
let storeId: string;
let staffEmail: string;

beforeAll(async () => {
  const admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  staffEmail = (await newShopper()).email;
  expect((await api("/api/store/staff", { method: "POST", token: admin, body: { storeId, email: staffEmail } })).status).toBe(200);
});

const formLogin = (email: string, password: string, redirectTo = "") => pagePost("/login", new URLSearchParams({ email, password, redirectTo }));

/** The session cookie(s) a response set, for the next request. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("landing after login", () => {
  it("takes a store's staff to their store's queue", async () => {
    const res = await formLogin(staffEmail, PASSWORD);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/dashboard/stores/${storeId}/queue`);
  });

  it("keeps an explicit safe redirectTo, and ignores an unsafe one", async () => {
    const kept = await formLogin(staffEmail, PASSWORD, "/dashboard/myorders");
    expect(kept.headers.get("Location")).toBe("/dashboard/myorders");
    const unsafe = await formLogin(staffEmail, PASSWORD, "//evil.example/queue");
    expect(unsafe.headers.get("Location")).toBe(`/dashboard/stores/${storeId}/queue`);
  });

  it("takes shoppers and admins to the home page", async () => {
    const shopper = await newShopper();
    expect((await formLogin(shopper.email, PASSWORD)).headers.get("Location")).toBe("/");
    expect((await formLogin("admin@example.com", "Admin@12345")).headers.get("Location")).toBe("/");
  });

  it("sends signed-in staff who open /login to their queue too", async () => {
    const cookie = cookiesOf(await formLogin(staffEmail, PASSWORD));
    const res = await pageGet("/login", cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/dashboard/stores/${storeId}/queue`);
  });

  it("leaves the /api login as it was: 200 with tokens, no redirect", async () => {
    const res = await api("/api/user/login", { method: "POST", body: { email: staffEmail, password: PASSWORD }, headers: { "CF-Connecting-IP": randomIp() } });
    expect(res.status).toBe(200);
    expect(res.body.data.accesstoken).toEqual(expect.any(String));
  });
});

describe("the queue's clock against the promise", () => {
  /** A cash order at the default store, placed `minutesAgo` minutes ago; its queue row's clock text. */
  async function clockOf(minutesAgo: number) {
    const shopper = await newShopper();
    const product = await makeProduct({ name: "Clock Dal" });
    const addressId = (await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS })).body.data._id as string;
    const placed = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId },
    });
    expect(placed.status).toBe(201);
    const { _id: id, orderId } = placed.body.data as { _id: string; orderId: string };
    // 30 s more than whole minutes, so the page's own clock reading a moment later says the same.
    await env.DB.prepare("update orders set created_at = ? where id = ?")
      .bind(Date.now() - minutesAgo * 60_000 - 30_000, id)
      .run();
    const cookie = cookiesOf(await formLogin(staffEmail, PASSWORD));
    const page = await pageGet(`/dashboard/stores/${storeId}/queue`, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    const row = html.slice(html.indexOf(`>${orderId}<`), html.indexOf("</tr>", html.indexOf(`>${orderId}<`)));
    expect(row).not.toBe("");
    return htmlText(row.slice(row.indexOf('data-testid="queue-clock"')));
  }

  it("shows minutes since placed against the promised minutes while within it", async () => {
    const promise = (await env.DB.prepare("select base_delivery_minutes as m from stores where id = ?").bind(storeId).first<{ m: number }>())!.m;
    const text = await clockOf(promise - 3);
    expect(text).toContain(`${promise - 3} min · promise ${promise} min`);
    expect(text).not.toContain("Over by");
  });

  it("says in words how far past the promise an order is", async () => {
    const promise = (await env.DB.prepare("select base_delivery_minutes as m from stores where id = ?").bind(storeId).first<{ m: number }>())!.m;
    const text = await clockOf(promise + 2);
    expect(text).toContain(`${promise + 2} min · promise ${promise} min`);
    expect(text).toContain("⚠ Over by 2 min");
  });
});
