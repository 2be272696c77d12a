/**
 * Sign-in under attack: parallel password and reset-code guesses, lockout as a weapon, reset codes
 * at rest in production, the email change, mass assignment. Every case reads D1.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Refusal } from "../../app/lib/refusal";
import { verifyCredentials } from "../../app/server/identity/auth.server";
import { sendMail } from "../../app/server/identity/mail.server";
import { requestResetCode } from "../../app/server/identity/password-reset.server";
import { api, randomIp } from "../workers/api-client";
import { apiLogin, freshEmail, loginCounters, PASSWORD, postForm, registerAccount, sessionCount, setCookies, tally, userRow, WRONG } from "./support-auth";

/** Each case does many PBKDF2 checks (parallel ones dozens at once) on a shared 2-core machine. */
const SLOW = 30_000;

const CODE_INVALID = "The code is invalid or has expired. Request a new one.";

/** A context for calling server functions directly (no per-IP binding: only the D1 guard counts). */
function contextWith(extra: Record<string, unknown> = {}): AppLoadContext {
  return { cloudflare: { env: { ...env, PUBLIC_FORM_LIMITER: undefined, ...extra } } } as unknown as AppLoadContext;
}

/** Production refuses to run without its rate limiters (decision 012), so this context keeps them. */
const production = (extra: Record<string, unknown> = {}) =>
  contextWith({
    ENVIRONMENT: "production",
    SESSION_SECRET: "production-test-secret-0123456789",
    PUBLIC_ORIGIN: "https://store.test",
    PUBLIC_FORM_LIMITER: env.PUBLIC_FORM_LIMITER,
    UPLOAD_LIMITER: env.UPLOAD_LIMITER,
    ...extra,
  });

async function statusOf(run: Promise<unknown>): Promise<number> {
  try {
    await run;
    return 200;
  } catch (error) {
    if (error instanceof Refusal) return error.status;
    throw error;
  }
}

async function latestCode(email: string) {
  const mail = await env.DB.prepare('select text from mail_outbox where "to" = ? order by created_at desc, rowid desc limit 1')
    .bind(email)
    .first<{ text: string }>();
  return /\b(\d{6})\b/.exec(mail?.text ?? "")![1];
}

describe("login limits hold against parallel guesses", { timeout: SLOW }, () => {
  it("30 parallel wrong passwords from one client: exactly 5 are checked (401), 25 refused (429); the owner elsewhere still signs in", async () => {
    const { id, email } = await registerAccount();
    const attacker = randomIp();
    const results = await Promise.all(Array.from({ length: 30 }, () => apiLogin(email, WRONG, attacker)));
    // The per-IP binding lets 20 through; only the D1 count can hold those to 5.
    expect(tally(results)).toEqual({ 401: 5, 429: 25 });
    for (const refused of results.filter((r) => r.status === 429)) expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await loginCounters(email)).toEqual({
      [`login:15m:ip:${attacker}:${email}`]: 6, // 5 checked, then saturated: refused tries do not count
      [`login:24h:ip:${attacker}:${email}`]: 5,
      [`login:all:${email}`]: 5,
    });

    // The right password from the locked client is refused unchecked; from any other client it works.
    expect((await apiLogin(email, PASSWORD, attacker)).status).toBe(429);
    expect(await sessionCount(id)).toBe(0);
    const owner = await apiLogin(email, PASSWORD, randomIp());
    expect(owner.status).toBe(200);
    expect(await sessionCount(id)).toBe(1);
  });

  it("5 wrong passwords from a stranger do not lock the admin out of the login page", async () => {
    const stranger = randomIp();
    for (let i = 0; i < 5; i++) expect((await apiLogin("admin@example.com", WRONG, stranger)).status).toBe(401);
    expect((await apiLogin("admin@example.com", WRONG, stranger)).status).toBe(429);
    const page = await postForm("/login", { email: "admin@example.com", password: "Admin@12345", redirectTo: "/" });
    expect(page.status).toBe(303);
    expect(setCookies(page.headers).__session).toMatch(/^__session=./);
  });

  it("guesses spread over 60 clients stop at the account ceiling (50); a browser that signed in before still gets in", async () => {
    const { email } = await registerAccount();
    const device = setCookies((await apiLogin(email, PASSWORD, randomIp())).headers).__device;
    expect(device).toMatch(/^__device=./);
    const other = await registerAccount();
    const otherDevice = setCookies((await apiLogin(other.email, PASSWORD, randomIp())).headers).__device;

    const results = await Promise.all(Array.from({ length: 60 }, () => apiLogin(email, WRONG, randomIp())));
    expect(tally(results)).toEqual({ 401: 50, 429: 10 });
    expect((await loginCounters(email))[`login:all:${email}`]).toBe(51);

    // A new browser waits; a forged device cookie or one trusted for another account is not trusted here.
    expect((await apiLogin(email, PASSWORD, randomIp())).status).toBe(429);
    expect((await apiLogin(email, PASSWORD, randomIp(), { Cookie: otherDevice })).status).toBe(429);
    expect((await apiLogin(email, PASSWORD, randomIp(), { Cookie: `${device.slice(0, -3)}AAA` })).status).toBe(429);
    // The browser that signed in before gets in.
    expect((await apiLogin(email, PASSWORD, randomIp(), { Cookie: device })).status).toBe(200);
  });

  it("the wait grows: after 4 rounds of 5 failures one client waits out the day window", async () => {
    const { email } = await registerAccount();
    const ip = randomIp();
    const request = () => new Request("http://store.test/login", { method: "POST", headers: { "CF-Connecting-IP": ip } });
    const context = contextWith();
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 5; i++) expect(await statusOf(verifyCredentials(request(), context, email, WRONG))).toBe(401);
      expect(await statusOf(verifyCredentials(request(), context, email, WRONG))).toBe(429);
      // Fifteen minutes pass for this client's short window.
      await env.DB.prepare("update rate_limit_counters set reset_at = ? where key = ?")
        .bind(Date.now() - 1, `login:15m:ip:${ip}:${email}`)
        .run();
    }
    const dayLocked = await verifyCredentials(request(), context, email, PASSWORD).catch((e: Refusal) => e);
    expect(dayLocked).toBeInstanceOf(Refusal);
    expect((dayLocked as Refusal).status).toBe(429);
    expect(Number(new Headers((dayLocked as Refusal).headers).get("Retry-After"))).toBeGreaterThan(15 * 60);
    expect((await loginCounters(email))[`login:24h:ip:${ip}:${email}`]).toBe(21);
  });

  it("a right password clears the client's count", async () => {
    const { email } = await registerAccount();
    const ip = randomIp();
    for (let i = 0; i < 4; i++) expect((await apiLogin(email, WRONG, ip)).status).toBe(401);
    expect((await apiLogin(email, PASSWORD, ip)).status).toBe(200);
    expect(await loginCounters(email)).toEqual({ [`login:all:${email}`]: 4 });
    for (let i = 0; i < 5; i++) expect((await apiLogin(email, WRONG, ip)).status).toBe(401);
    expect((await apiLogin(email, WRONG, ip)).status).toBe(429);
  });

  it("an unknown email is limited exactly like a known one (no account discovery)", async () => {
    const { email } = await registerAccount();
    const unknown = freshEmail("nobody");
    const [ipA, ipB] = [randomIp(), randomIp()];
    const known: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await apiLogin(email, WRONG, ipA)).status);
      missing.push((await apiLogin(unknown, WRONG, ipB)).status);
    }
    expect(known).toEqual([401, 401, 401, 401, 401, 429]);
    expect(missing).toEqual(known);
    expect(await userRow(unknown)).toBeNull();
  });

  it("the browser that completes a password reset is trusted: it signs in while the account ceiling is full", async () => {
    const { email } = await registerAccount();
    // Guesses from many addresses have filled the account's ceiling for the hour.
    await env.DB.prepare("insert into rate_limit_counters (key, count, reset_at) values (?, 51, ?)")
      .bind(`login:all:${email}`, Date.now() + 60 * 60 * 1000)
      .run();
    expect((await apiLogin(email, PASSWORD, randomIp())).status).toBe(429);

    const ip = { "CF-Connecting-IP": randomIp() };
    expect((await api("/api/user/forgot-password", { method: "PUT", body: { email }, headers: ip })).status).toBe(200);
    const verified = await api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp: await latestCode(email) }, headers: ip });
    const NEW = "Brand@New12345";
    const reset = await api("/api/user/reset-password", {
      method: "PUT",
      body: { email, newPassword: NEW, confirmPassword: NEW, resetToken: verified.body.data.resetToken },
      headers: ip,
    });
    expect(reset.status).toBe(200);
    const device = setCookies(reset.headers).__device;
    expect((await apiLogin(email, NEW, randomIp())).status).toBe(429);
    expect((await apiLogin(email, NEW, randomIp(), { Cookie: device })).status).toBe(200);
  });
});

describe("reset codes hold against parallel guesses", { timeout: SLOW }, () => {
  it("30 parallel wrong codes: 5 tries answered 'invalid', 25 'locked' (429); the right code is burnt", async () => {
    const { id, email } = await registerAccount();
    await api("/api/user/forgot-password", { method: "PUT", body: { email }, headers: { "CF-Connecting-IP": randomIp() } });
    const code = await latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    // One IP each, so the per-IP binding never refuses: the code row is the only guard.
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp: wrong }, headers: { "CF-Connecting-IP": randomIp() } }),
      ),
    );
    expect(tally(results)).toEqual({ 400: 5, 429: 25 });
    for (const r of results.filter((r) => r.status === 400)) expect(r.body.message).toBe(CODE_INVALID);
    const row = () => env.DB.prepare("select attempts, used_at, grant_hash from password_reset_codes where user_id = ?").bind(id).first();
    expect(await row()).toEqual({ attempts: 5, used_at: null, grant_hash: null });

    const right = await api("/api/user/verify-forgot-password-otp", { method: "PUT", body: { email, otp: code }, headers: { "CF-Connecting-IP": randomIp() } });
    expect(right.status).toBe(429);
    expect(right.body.data).toBeUndefined();
    expect(await row()).toEqual({ attempts: 5, used_at: null, grant_hash: null });
  });

  it("30 parallel code requests for one email mail at most 3 codes", async () => {
    const { id, email } = await registerAccount();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => api("/api/user/forgot-password", { method: "PUT", body: { email }, headers: { "CF-Connecting-IP": randomIp() } })),
    );
    expect(tally(results)).toEqual({ 200: 3, 429: 27 });
    const codes = await env.DB.prepare("select count(*) as n from password_reset_codes where user_id = ?").bind(id).first<{ n: number }>();
    const mails = await env.DB.prepare('select count(*) as n from mail_outbox where "to" = ?').bind(email).first<{ n: number }>();
    expect({ codes: codes!.n, mails: mails!.n }).toEqual({ codes: 3, mails: 3 });
  });
});

describe("mail in production keeps nothing readable", { timeout: SLOW }, () => {
  const MAIL_SETTINGS = { MAIL_API_URL: "https://mail.example/emails", MAIL_API_KEY: "re_test_key", MAIL_FROM: "FreshDash <no-reply@freshdash.example>" };

  function recordingFetch(status = 200) {
    const calls: { url: string; method: string; headers: Headers; body: any }[] = [];
    const send = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      calls.push({ url: request.url, method: request.method, headers: request.headers, body: await request.json() });
      return new Response("{}", { status });
    };
    return { calls, send };
  }

  async function outbox(to: string) {
    return (await env.DB.prepare('select "to", subject, text, html, status from mail_outbox where "to" = ?').bind(to).all()).results;
  }

  it("a reset code goes only to the mail API; D1 keeps who, when and 'sent'", async () => {
    const { id, email } = await registerAccount();
    const { calls, send } = recordingFetch();
    const request = new Request("http://store.test/api/user/forgot-password", { method: "PUT", headers: { "CF-Connecting-IP": randomIp() } });
    await requestResetCode(request, production(MAIL_SETTINGS), email, send);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: MAIL_SETTINGS.MAIL_API_URL, method: "POST" });
    expect(calls[0].headers.get("Authorization")).toBe("Bearer re_test_key");
    expect(calls[0].headers.get("Content-Type")).toBe("application/json");
    expect(calls[0].body).toMatchObject({ from: MAIL_SETTINGS.MAIL_FROM, to: email, subject: "Your FreshDash password reset code" });
    const code = /\b(\d{6})\b/.exec(calls[0].body.text)![1];

    expect(await outbox(email)).toEqual([{ to: email, subject: "", text: "", html: "", status: "sent" }]);
    const stored = await env.DB.prepare("select code_hash from password_reset_codes where user_id = ?").bind(id).first<{ code_hash: string }>();
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.code_hash).not.toContain(code);
  });

  it("a refused or unreachable mail API is recorded as 'failed', still without the message", async () => {
    const refusedTo = freshEmail("refused");
    await sendMail(production(MAIL_SETTINGS), { to: refusedTo, subject: "Code 123456", text: "Your code is 123456" }, recordingFetch(502).send);
    expect(await outbox(refusedTo)).toEqual([{ to: refusedTo, subject: "", text: "", html: "", status: "failed" }]);

    const downTo = freshEmail("down");
    const unreachable = async () => {
      throw new TypeError("fetch failed");
    };
    await sendMail(production(MAIL_SETTINGS), { to: downTo, subject: "Code 123456", text: "Your code is 123456" }, unreachable);
    expect(await outbox(downTo)).toEqual([{ to: downTo, subject: "", text: "", html: "", status: "failed" }]);
  });

  it("without MAIL_API_URL production sends nothing and stores only 'not-sent'", async () => {
    const to = freshEmail("unset");
    const { calls, send } = recordingFetch();
    await sendMail(production(), { to, subject: "Code 123456", text: "Your code is 123456" }, send);
    expect(calls).toHaveLength(0);
    expect(await outbox(to)).toEqual([{ to, subject: "", text: "", html: "", status: "not-sent" }]);
  });

  it("development and test keep the whole message for the local mailbox, and call no API", async () => {
    const to = freshEmail("local");
    const { calls, send } = recordingFetch();
    await sendMail(contextWith(MAIL_SETTINGS), { to, subject: "Hello", text: "Body 123456" }, send);
    expect(calls).toHaveLength(0);
    expect(await outbox(to)).toEqual([{ to, subject: "Hello", text: "Body 123456", html: "", status: "kept" }]);
  });
});

describe("changing the account email needs the current password", { timeout: SLOW }, () => {
  async function signedIn() {
    const account = await registerAccount();
    const login = await apiLogin(account.email, PASSWORD, randomIp());
    return { ...account, token: login.body.data.accesstoken as string };
  }

  it("/api/user/update-user: 400 without it, 403 with a wrong one; the email stays", async () => {
    const { email, token } = await signedIn();
    const body = { name: "Asha Rao", email: freshEmail("thief"), mobile: "9876501234" };
    const missing = await api("/api/user/update-user", { method: "PUT", token, body });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(["currentPassword"]);
    const wrong = await api("/api/user/update-user", { method: "PUT", token, body: { ...body, currentPassword: WRONG } });
    expect(wrong.status).toBe(403);
    expect(Object.keys(wrong.body.errors)).toEqual(["currentPassword"]);
    expect(await userRow(email)).toMatchObject({ email, name: "Asha Rao", mobile: "" });
    expect(await userRow(body.email)).toBeNull();
  });

  it("/api/user/update-user: the right password changes it; name and mobile change without one", async () => {
    const { id, email, token } = await signedIn();
    const renamed = await api("/api/user/update-user", { method: "PUT", token, body: { name: "Asha R", email, mobile: "9876501234" } });
    expect(renamed.status).toBe(200);
    expect(await userRow(email)).toMatchObject({ id, name: "Asha R", mobile: "9876501234" });
    const newEmail = freshEmail("moved");
    const moved = await api("/api/user/update-user", {
      method: "PUT",
      token,
      body: { name: "Asha R", email: newEmail.toUpperCase(), mobile: "9876501234", currentPassword: PASSWORD },
    });
    expect(moved.status).toBe(200);
    expect(await userRow(newEmail)).toMatchObject({ id, email: newEmail });
    expect(await userRow(email)).toBeNull();
  });

  it("the profile page form: the same rules", async () => {
    const { id, email } = await registerAccount();
    const login = await postForm("/login", { email, password: PASSWORD, redirectTo: "/" });
    const cookie = setCookies(login.headers).__session;
    const newEmail = freshEmail("page");
    const missing = await postForm("/dashboard/profile", { name: "Asha Rao", email: newEmail, mobile: "9876501234" }, { Cookie: cookie });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter your current password to change your email");
    const wrong = await postForm("/dashboard/profile", { name: "Asha Rao", email: newEmail, mobile: "9876501234", currentPassword: WRONG }, { Cookie: cookie });
    expect(wrong.status).toBe(403);
    await wrong.arrayBuffer();
    expect(await userRow(email)).toMatchObject({ id, mobile: "" });
    const right = await postForm(
      "/dashboard/profile",
      { name: "Asha Rao", email: newEmail, mobile: "9876501234", currentPassword: PASSWORD },
      { Cookie: cookie },
    );
    expect(right.status).toBe(303);
    expect(await userRow(newEmail)).toMatchObject({ id, mobile: "9876501234" });
  });

  it("30 parallel wrong current passwords count like logins: 5 checked (403), 25 refused (429)", async () => {
    const { email, token } = await signedIn();
    const ip = randomIp();
    const body = { name: "Asha Rao", email: freshEmail("race"), mobile: "9876501234", currentPassword: WRONG };
    const results = await Promise.all(
      Array.from({ length: 30 }, () => api("/api/user/update-user", { method: "PUT", token, body, headers: { "CF-Connecting-IP": ip } })),
    );
    expect(tally(results)).toEqual({ 403: 5, 429: 25 });
    expect((await loginCounters(email))[`login:24h:ip:${ip}:${email}`]).toBe(5);
    expect(await userRow(email)).toMatchObject({ email });
    // The same client is now locked for sign-in too.
    expect((await apiLogin(email, PASSWORD, ip)).status).toBe(429);
  });
});

describe("mass assignment", { timeout: SLOW }, () => {
  const HOSTILE = {
    role: "ADMIN",
    status: "Suspended",
    verify_email: true,
    verifyEmail: true,
    _id: "a".repeat(24),
    id: "a".repeat(24),
    password_hash: "pbkdf2-sha256$1$00$00",
    passwordHash: "pbkdf2-sha256$1$00$00",
    avatar: "https://evil.example/x.png",
    last_login_date: 1,
    failed_logins: 99,
    created_at: 0,
  };

  it("/api/user/register ignores role, status, verify_email, ids and the password hash", async () => {
    const email = freshEmail("mass");
    const res = await api("/api/user/register", {
      method: "POST",
      body: { ...HOSTILE, name: "Asha", email, password: PASSWORD, confirmPassword: PASSWORD },
      headers: { "CF-Connecting-IP": randomIp() },
    });
    expect(res.status).toBe(201);
    const row = await userRow(email);
    expect(row).toMatchObject({ role: "USER", status: "Active", verify_email: 0, avatar: "" });
    expect(row!.id).not.toBe(HOSTILE.id);
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect((await apiLogin(email, PASSWORD, randomIp())).status).toBe(200);
  });

  it("/api/user/update-user and the profile form ignore them too", async () => {
    const { id, email } = await registerAccount();
    const token = (await apiLogin(email, PASSWORD, randomIp())).body.data.accesstoken;
    const before = await userRow(email);
    const res = await api("/api/user/update-user", {
      method: "PUT",
      token,
      body: { ...HOSTILE, name: "Asha API", email, mobile: "9876501234", currentPassword: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await userRow(email)).toEqual({ ...before, name: "Asha API", mobile: "9876501234" });

    const cookie = setCookies((await postForm("/login", { email, password: PASSWORD, redirectTo: "/" })).headers).__session;
    const fields = Object.fromEntries(Object.entries(HOSTILE).map(([k, v]) => [k, String(v)]));
    const page = await postForm("/dashboard/profile", { ...fields, name: "Asha Page", email, mobile: "9876501235" }, { Cookie: cookie });
    expect(page.status).toBe(303);
    expect(await userRow(email)).toEqual({ ...before, id, name: "Asha Page", mobile: "9876501235" });
  });
});
