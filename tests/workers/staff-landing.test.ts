/**
 * Where a login lands: a store's staff on their store's queue (the form, with JavaScript off), unless
 * the login carried an explicit safe redirectTo; shoppers and admins on the home page; the /api login
 * answers as before.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, newShopper, randomIp } from "./api-client";
import { pageGet, pagePost } from "../security/support-admin";

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
