import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { api, freshRateLimitWindow, login, makeProduct, randomIp } from "./api-client";
import { BASE, TINY_PNG } from "./fixtures";
import { htmlText, pagePost } from "../security/support-admin";
import worker from "../../workers/app";

let n = 0;
const freshEmail = () => `acct${Date.now()}${n++}@example.com`;
const PASSWORD = "Secret@12345";

async function register(email = freshEmail(), ip = randomIp()) {
  const res = await api("/api/user/register", {
    method: "POST",
    body: { name: "Asha Rao", email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { "CF-Connecting-IP": ip },
  });
  return { res, email };
}

async function codeRow(email: string) {
  return env.DB.prepare("select attempts, used_at, grant_hash from password_reset_codes where user_id = (select id from users where email = ?)")
    .bind(email)
    .first();
}

async function latestCode(email: string) {
  const mail = await env.DB.prepare('select text from mail_outbox where "to" = ? order by created_at desc, rowid desc limit 1')
    .bind(email)
    .first<{ text: string }>();
  return /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
}

describe("register and login", () => {
  it("registers a USER whatever the body says about role, and logs in with tokens and a cookie", async () => {
    const email = freshEmail();
    const res = await api("/api/user/register", {
      method: "POST",
      body: { name: "Asha", email: email.toUpperCase(), password: PASSWORD, confirmPassword: PASSWORD, role: "ADMIN", _id: "x" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email, role: "USER" });
    expect(res.body.data.password_hash).toBeUndefined();
    const row = await env.DB.prepare("select id, role from users where email = ?").bind(email).first<{ id: string; role: string }>();
    expect(row).toEqual({ id: res.body.data._id, role: "USER" });
    expect(row!.id).toMatch(/^[0-9a-f]{24}$/);

    const loggedIn = await api("/api/user/login", { method: "POST", body: { email, password: PASSWORD } });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.data.accesstoken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(loggedIn.body.data.refreshToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = loggedIn.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/__session=.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const byBearer = await api("/api/user/user-details", { token: loggedIn.body.data.accesstoken });
    expect(byBearer.status).toBe(200);
    expect(byBearer.body.data).toMatchObject({ email, name: "Asha", role: "USER", verify_email: false });
    expect(Object.keys(byBearer.body.data)).not.toContain("password_hash");
    const byCookie = await api("/api/user/user-details", { headers: { Cookie: cookie.split(";")[0] } });
    expect(byCookie.status).toBe(200);
  });

  it("makes no second account for a taken email, and refuses a mismatched confirmation and bad input with 4xx, creating nothing", async () => {
    const { email } = await register();
    const countOf = async (address: string) =>
      (await env.DB.prepare("select count(*) as n from users where email = ?").bind(address).first<{ n: number }>())!.n;
    // A taken email is answered as a new one (decision 021), and still makes no second account.
    expect((await register(email)).res.status).toBe(201);
    expect(await countOf(email)).toBe(1);
    const mismatchEmail = freshEmail();
    const mismatch = await api("/api/user/register", {
      method: "POST",
      body: { name: "A", email: mismatchEmail, password: PASSWORD, confirmPassword: "Other@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe("password and confirm password must be same");
    expect(await countOf(mismatchEmail)).toBe(0);
    expect((await api("/api/user/register", { method: "POST", body: "{bad json" })).status).toBe(400);
    expect((await api("/api/user/register", { method: "POST", body: { email: "nope" } })).status).toBe(400);
    expect((await api("/api/user/register")).status).toBe(405);
  });

  it("answers a wrong password exactly like an unknown email", async () => {
    const { email } = await register();
    const wrong = await api("/api/user/login", { method: "POST", body: { email, password: "Wrong@12345" }, headers: { "CF-Connecting-IP": randomIp() } });
    const unknown = await api("/api/user/login", {
      method: "POST",
      body: { email: freshEmail(), password: "Wrong@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it("locks one client out of an account after 5 failures (429 with Retry-After), even with the right password; other clients still sign in", async () => {
    const { email } = await register();
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await api("/api/user/login", { method: "POST", body: { email, password: "Wrong@12345" }, headers: { "CF-Connecting-IP": ip } });
      expect(res.status).toBe(401);
    }
    const locked = await api("/api/user/login", { method: "POST", body: { email, password: PASSWORD }, headers: { "CF-Connecting-IP": ip } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(locked.body.data).toBeUndefined();
    const elsewhere = await api("/api/user/login", { method: "POST", body: { email, password: PASSWORD }, headers: { "CF-Connecting-IP": randomIp() } });
    expect(elsewhere.status).toBe(200);
  });

  it("limits login attempts per IP (429 with Retry-After), whatever the email", async () => {
    // A new email every time, so no account counter can refuse: only the per-IP binding.
    const ip = randomIp();
    await freshRateLimitWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await api("/api/user/login", { method: "POST", body: { email: freshEmail(), password: "x" }, headers: { "CF-Connecting-IP": ip } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("Retry-After")).toBe("60");
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
  }, 120_000);
});

/** A guest's signed cart cookie, built through the real cart action (one "add" per id). */
async function guestCart(productIds: string[]) {
  let cookie = "";
  for (const productId of productIds) {
    const res = await SELF.fetch(`${BASE}/cart`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId, js: "1" }),
      headers: { "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("__cart="))!
      .split(";")[0];
  }
  return cookie;
}

async function cartOf(userId: string) {
  const { results } = await env.DB.prepare("select product_id, quantity from cart_items where user_id = ? order by product_id").bind(userId).all();
  return results;
}

describe("tokens", () => {
  it("refuses tampered, unknown and malformed tokens with 401, never 500", async () => {
    const { email } = await register();
    const token = await login(email, PASSWORD);
    const [body, sig] = token.split(".");
    for (const bad of [`${body}.${sig.slice(0, -2)}xx`, `${body.slice(0, -2)}xx.${sig}`, "garbage", "a.b.c", "Bearer"]) {
      const res = await api("/api/user/user-details", { token: bad });
      expect(res.status, bad).toBe(401);
    }
    const forged = await SELF.fetch(`${BASE}/api/user/user-details`, { headers: { Cookie: "__session=forged" } });
    expect(forged.status).toBe(401);
  });

  it("rotates refresh tokens, refuses a replayed one and revokes its family", async () => {
    const { email } = await register();
    const loggedIn = await api("/api/user/login", { method: "POST", body: { email, password: PASSWORD }, headers: { "CF-Connecting-IP": randomIp() } });
    const first = loggedIn.body.data.refreshToken as string;
    const refreshed = await api("/api/user/refresh-token", { method: "POST", token: first });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.accessToken).toBeTruthy();
    expect((await api("/api/user/user-details", { token: refreshed.body.data.accessToken })).status).toBe(200);
    const replay = await api("/api/user/refresh-token", { method: "POST", token: first });
    expect(replay.status).toBe(401);
    // The replay revoked the family: the new access token dies too.
    expect((await api("/api/user/user-details", { token: refreshed.body.data.accessToken })).status).toBe(401);
    expect((await api("/api/user/refresh-token", { method: "POST" })).status).toBe(401);
  });

  it("the same refresh token sent 10 times at once is rotated once: one new token, one successor row", async () => {
    const { email } = await register();
    const loggedIn = await api("/api/user/login", { method: "POST", body: { email, password: PASSWORD }, headers: { "CF-Connecting-IP": randomIp() } });
    const presented = loggedIn.body.data.refreshToken as string;
    const answers = await Promise.all(Array.from({ length: 10 }, () => api("/api/user/refresh-token", { method: "POST", token: presented })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(9);
    const family = await env.DB.prepare(
      "select count(*) as tokens, count(replaced_by) as replaced from refresh_tokens where user_id = (select id from users where email = ?)",
    )
      .bind(email)
      .first();
    expect(family).toEqual({ tokens: 2, replaced: 1 });
  });

  // Issue 28 item 9.5 (decision 021): "already registered" told anyone which emails have accounts.
  it("a taken email gets exactly a new email's answer, no second account and no change; its owner is mailed", async () => {
    const taken = await register();
    const fresh = await register();
    const before = await env.DB.prepare("select * from users where email = ?").bind(taken.email).first();
    const again = await api("/api/user/register", {
      method: "POST",
      body: { name: "Intruder", email: taken.email, password: "Other@12345", confirmPassword: "Other@12345" },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    // The same status, message, headers that matter and body shape; only the values sent differ.
    expect(again.status).toBe(201);
    expect(again.status).toBe(fresh.res.status);
    expect(again.body.message).toBe("User register successfully");
    const shape = (body: any) => ({ ...body, data: { ...body.data, _id: "id", name: "name", email: "email" } });
    expect(shape(again.body)).toEqual(shape(fresh.res.body));
    expect(again.body.data).toMatchObject({ name: "Intruder", email: taken.email, role: "USER" });
    expect(again.body.data._id).toMatch(/^[0-9a-f]{24}$/);
    expect(again.body.data._id).not.toBe(taken.res.body.data._id);
    for (const res of [again, fresh.res]) {
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    }
    // Nothing written: one account, unchanged; its password is still the only one that works.
    expect(await env.DB.prepare("select * from users where email = ?").bind(taken.email).first()).toEqual(before);
    expect(await env.DB.prepare("select count(*) as n from users where id = ?").bind(again.body.data._id).first()).toEqual({ n: 0 });
    expect(
      (await api("/api/user/login", { method: "POST", body: { email: taken.email, password: "Other@12345" }, headers: { "CF-Connecting-IP": randomIp() } }))
        .status,
    ).toBe(401);
    expect(await login(taken.email, PASSWORD)).toBeTruthy();
    // The owner hears of it (after the answer); the new email gets no such mail.
    const mails = (to: string) =>
      env.DB.prepare("select subject, text from mail_outbox where \"to\" = ? and subject like 'Someone tried%'")
        .bind(to)
        .all<{ subject: string; text: string }>();
    await vi.waitFor(async () => expect((await mails(taken.email)).results).toHaveLength(1), { timeout: 3000 });
    const [mail] = (await mails(taken.email)).results;
    expect(mail.subject).toBe("Someone tried to register with your email at FreshDash");
    expect(mail.text).toContain("Hi Asha Rao");
    expect(mail.text).toContain("no new account was made");
    expect(mail.text).not.toContain("Other@12345");
    expect((await mails(fresh.email)).results).toHaveLength(0);
  });

  it("mails the owner of a taken email at most 3 times an hour, answering each try the same", async () => {
    const taken = await register();
    // Straight to the worker, to wait for each request's work after its answer (the mail) to end.
    for (let i = 0; i < 5; i++) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`${BASE}/api/user/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
          body: JSON.stringify({ name: "Asha Rao", email: taken.email, password: PASSWORD, confirmPassword: PASSWORD }),
        }),
        env,
        ctx,
      );
      expect(res.status).toBe(201);
      await res.arrayBuffer();
      await waitOnExecutionContext(ctx);
    }
    const count = async () =>
      (await env.DB.prepare("select count(*) as n from mail_outbox where \"to\" = ? and subject like 'Someone tried%'")
        .bind(taken.email)
        .first<{ n: number }>())!.n;
    expect(await count()).toBe(3);
    expect(await env.DB.prepare("select count(*) as n from users where email = ?").bind(taken.email).first()).toEqual({ n: 1 });
  });

  it("the register page answers a taken email as a new one: on to login, the same message, no session; the owner is mailed", async () => {
    const taken = await register();
    const post = (email: string) =>
      pagePost(
        "/register",
        new URLSearchParams({ name: "Page Person", email, password: "Other@12345", confirmPassword: "Other@12345", redirectTo: "/checkout" }),
      );
    const freshEmail_ = freshEmail();
    const answers = [await post(freshEmail_), await post(taken.email)];
    for (const res of answers) {
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fcheckout");
      const cookies = res.headers.getSetCookie();
      expect(cookies.some((c) => c.startsWith("__session="))).toBe(false);
      const page = await SELF.fetch(`${BASE}/login?redirectTo=%2Fcheckout`, { headers: { Cookie: cookies.map((c) => c.split(";")[0]).join("; ") } });
      expect(htmlText(await page.text())).toContain("User register successfully: log in to continue");
    }
    expect(answers[0].headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(answers[1].headers.getSetCookie().map((c) => c.split("=")[0]));
    const accounts = await env.DB.prepare("select email, name from users where email in (?, ?) order by email = ?")
      .bind(freshEmail_, taken.email, taken.email)
      .all();
    expect(accounts.results).toEqual([
      { email: freshEmail_, name: "Page Person" },
      { email: taken.email, name: "Asha Rao" },
    ]);
    await vi.waitFor(
      async () =>
        expect(
          await env.DB.prepare("select count(*) as n from mail_outbox where \"to\" = ? and subject like 'Someone tried%'").bind(taken.email).first(),
        ).toEqual({ n: 1 }),
      { timeout: 3000 },
    );
    // The new account signs in on the login form it was sent to.
    expect(await login(freshEmail_, "Other@12345")).toBeTruthy();
  });

  it("moving an account onto a taken email is 409; nothing changes", async () => {
    const taken = await register();
    const other = await register();
    const token = await login(other.email, PASSWORD);
    const moved = await api("/api/user/update-user", {
      method: "PUT",
      token,
      body: { name: "Other", email: taken.email, mobile: "9876501234", currentPassword: PASSWORD },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe("Another account uses this email");
    const accounts = await env.DB.prepare("select count(*) as n from users where email in (?, ?)").bind(taken.email, other.email).first();
    expect(accounts).toEqual({ n: 2 });
  });

  it("logs in through the login page and merges the guest cart into the account cart in D1", async () => {
    const [milk, bread] = [await makeProduct({ stock: 10 }), await makeProduct({ name: "Test Bread", stock: 10 })];
    const { email } = await register();
    const userId = (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;
    // The account already holds one milk; the guest adds two milk and one bread.
    expect((await api("/api/cart/create", { method: "POST", token: await login(email, PASSWORD), body: { productId: milk.id } })).status).toBe(200);
    const guest = await guestCart([milk.id, milk.id, bread.id]);

    const res = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "/checkout" }),
      headers: { Cookie: guest, "Sec-Fetch-Site": "same-origin", "CF-Connecting-IP": randomIp() },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/checkout");
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("__session="))).toMatch(/^__session=[^;]+; /);
    expect(cookies.find((c) => c.startsWith("__cart="))).toMatch(/Max-Age=0/);
    expect(await cartOf(userId)).toEqual(
      [
        { product_id: milk.id, quantity: 3 },
        { product_id: bread.id, quantity: 1 },
      ].sort((a, b) => a.product_id.localeCompare(b.product_id)),
    );
  });

  it("merges the guest cart at /api/user/login too", async () => {
    const tea = await makeProduct({ name: "Test Tea", stock: 10 });
    const { email } = await register();
    const guest = await guestCart([tea.id, tea.id]);
    const res = await api("/api/user/login", {
      method: "POST",
      body: { email, password: PASSWORD },
      headers: { Cookie: guest, "CF-Connecting-IP": randomIp() },
    });
    expect(res.status).toBe(200);
    const userId = (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;
    expect(await cartOf(userId)).toEqual([{ product_id: tea.id, quantity: 2 }]);
  });

  it("logout revokes the access token and the session cookie", async () => {
    const { email } = await register();
    const loggedIn = await api("/api/user/login", { method: "POST", body: { email, password: PASSWORD }, headers: { "CF-Connecting-IP": randomIp() } });
    const token = loggedIn.body.data.accesstoken;
    const cookie = (loggedIn.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect((await api("/api/user/logout", { token, headers: { Cookie: cookie } })).status).toBe(200);
    expect((await api("/api/user/user-details", { token })).status).toBe(401);
    expect((await api("/api/user/user-details", { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await api("/api/user/refresh-token", { method: "POST", token: loggedIn.body.data.refreshToken })).status).toBe(401);
  });
});

describe("password reset by code", () => {
  it("mails a code, verifies it once, and the grant resets the password and revokes sessions", async () => {
    const { email } = await register();
    const oldToken = await login(email, PASSWORD);
    const sent = await api("/api/user/forgot-password", { method: "PUT", body: { email }, headers: { "CF-Connecting-IP": randomIp() } });
    expect(sent.status).toBe(200);
    const unknown = await api("/api/user/forgot-password", { method: "PUT", body: { email: freshEmail() }, headers: { "CF-Connecting-IP": randomIp() } });
    expect(unknown.body).toEqual(sent.body);

    const code = (await latestCode(email))!;
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === "000000" ? "111111" : "000000";
    expect((await api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp: wrongCode } })).status).toBe(400);
    expect(
      (await api("/api/user/reset-password", { method: "PUT", body: { email, newPassword: "Brand@New123", confirmPassword: "Brand@New123" } })).status,
    ).toBe(403);

    const verified = await api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp: code } });
    expect(verified.status).toBe(200);
    const resetToken = verified.body.data.resetToken;
    expect((await api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp: code } })).status).toBe(400);

    const mismatch = await api("/api/user/reset-password", {
      method: "PUT",
      body: { email, newPassword: "Brand@New123", confirmPassword: "Brand@New124", resetToken },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe("New password and confirm password must be same.");
    const reset = await api("/api/user/reset-password", {
      method: "PUT",
      body: { email, newPassword: "Brand@New123", confirmPassword: "Brand@New123", resetToken },
    });
    expect(reset.status).toBe(200);
    expect((await api("/api/user/user-details", { token: oldToken })).status).toBe(401);
    expect(await login(email, "Brand@New123")).toBeTruthy();
    const again = await api("/api/user/reset-password", {
      method: "PUT",
      body: { email, newPassword: "Other@New123", confirmPassword: "Other@New123", resetToken },
    });
    expect(again.status).toBe(403);
  });

  it("kills a code after 5 wrong tries", async () => {
    const { email } = await register();
    await api("/api/user/forgot-password", { method: "PUT", body: { email }, headers: { "CF-Connecting-IP": randomIp() } });
    const code = (await latestCode(email))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      expect(
        (await api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp: wrong }, headers: { "CF-Connecting-IP": randomIp() } })).status,
      ).toBe(400);
    }
    const right = await api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp: code }, headers: { "CF-Connecting-IP": randomIp() } });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe("Too many wrong codes: this code no longer works. Request a new one.");
    expect(await codeRow(email)).toEqual({ attempts: 5, used_at: null, grant_hash: null });
  });

  it("expires a code after 10 minutes", async () => {
    const { email } = await register();
    await api("/api/user/forgot-password", { method: "PUT", body: { email }, headers: { "CF-Connecting-IP": randomIp() } });
    const code = (await latestCode(email))!;
    await env.DB.prepare("update password_reset_codes set expires_at = ? where user_id = (select id from users where email = ?)")
      .bind(Date.now() - 1, email)
      .run();
    expect((await api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp: code } })).status).toBe(400);
    expect(await codeRow(email)).toEqual({ attempts: 0, used_at: null, grant_hash: null });
  });
});

describe("profile and avatar", () => {
  it("updates name, email (with the current password) and mobile only", async () => {
    const { email } = await register();
    const token = await login(email, PASSWORD);
    const { id } = (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!;
    const newEmail = freshEmail();
    const res = await api("/api/user/update-user", {
      method: "PUT",
      token,
      body: { name: "Asha R", email: newEmail, mobile: "9876501234", currentPassword: PASSWORD, role: "ADMIN", status: "Suspended", _id: "0".repeat(24) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Asha R", email: newEmail, mobile: "9876501234", role: "USER", status: "Active" });
    const row = () => env.DB.prepare("select id, name, email, mobile, role, status from users where id = ?").bind(id).first();
    const saved = { id, name: "Asha R", email: newEmail, mobile: "9876501234", role: "USER", status: "Active" };
    expect(await row()).toEqual(saved);
    const bad = await api("/api/user/update-user", { method: "PUT", token, body: { name: "", email: "x", mobile: "1" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as object)).toEqual(expect.arrayContaining(["name", "email", "mobile"]));
    expect(await row()).toEqual(saved);
  });

  async function uploadAvatar(token: string, bytes: Uint8Array<ArrayBuffer>, name: string, type: string) {
    const form = new FormData();
    form.set("avatar", new File([bytes], name, { type }));
    const res = await SELF.fetch(`${BASE}/api/user/upload-avatar`, { method: "PUT", headers: { Authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  }

  it("stores a real image under a random key and refuses fakes and oversize files", async () => {
    const { email } = await register();
    const token = await login(email, PASSWORD);
    const ok = await uploadAvatar(token, TINY_PNG, "me.png", "image/png");
    expect(ok.status).toBe(200);
    // /api answers image URLs absolute on PUBLIC_ORIGIN only (decision 015), else root-relative:
    // never on the request's Host (issue 28, item 9.4).
    expect(ok.body.data.avatar).toMatch(/^\/images\/avatars\/[0-9a-f]{24}\.png$/);
    const served = await SELF.fetch(new URL(ok.body.data.avatar, BASE));
    expect(served.headers.get("content-type")).toBe("image/png");
    await served.arrayBuffer();

    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    expect((await uploadAvatar(token, html, "evil.jpg", "image/jpeg")).status).toBe(415);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await uploadAvatar(token, svg, "evil.svg", "image/svg+xml")).status).toBe(415);
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(TINY_PNG);
    expect((await uploadAvatar(token, big, "big.png", "image/png")).status).toBe(413);
  });
});

describe("cross-origin writes", () => {
  it("refuses a cookie-authenticated write from another site and changes nothing", async () => {
    const { email } = await register();
    const loggedIn = await api("/api/user/login", { method: "POST", body: { email, password: PASSWORD }, headers: { "CF-Connecting-IP": randomIp() } });
    const cookie = (loggedIn.headers.get("Set-Cookie") ?? "").split(";")[0];
    const res = await SELF.fetch(`${BASE}/api/user/update-user`, {
      method: "PUT",
      headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Evil", email, mobile: "9876501234" }),
    });
    expect(res.status).toBe(403);
    const page = await SELF.fetch(`${BASE}/logout`, { method: "POST", headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" } });
    expect(page.status).toBe(403);
    await res.arrayBuffer();
    await page.arrayBuffer();
    const row = await env.DB.prepare("select name, mobile, (select count(*) from sessions where user_id = users.id) as sessions from users where email = ?")
      .bind(email)
      .first();
    expect(row).toEqual({ name: "Asha Rao", mobile: "", sessions: 1 });
  });
});
