/**
 * A misconfigured deploy (decision 012): the Worker entry itself, given the env such a deploy would
 * have, refuses every request with a plain 503 naming the missing setting, before Remix runs, so
 * nothing is signed, no cookie is issued and no page is rendered.
 */
import { describe, expect, it } from "vitest";
import { DEV_SESSION_SECRET } from "../../app/server/platform/env.server";
import { randomIp } from "../workers/api-client";
import { fetchWorker, freshAccount, runCron, signInRows, STRONG_SECRET } from "./support-deploy";

const PRODUCTION = { ENVIRONMENT: "production", SESSION_SECRET: STRONG_SECRET, PUBLIC_ORIGIN: "https://store.test" };
const NO_SECRET = { ...PRODUCTION, SESSION_SECRET: undefined };

const jsonLogin = (email: string, password: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
  body: JSON.stringify({ email, password }),
});
const formLogin = (email: string, password: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp() },
  body: new URLSearchParams({ email, password, redirectTo: "/" }),
  redirect: "manual",
});

async function expectRefusal(response: Response, names: RegExp) {
  expect(response.status).toBe(503);
  expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.getSetCookie()).toEqual([]);
  const text = await response.text();
  expect(text).toMatch(names);
  expect(text).not.toContain("<");
}

describe("a deploy without its production settings refuses to serve", () => {
  it("serves once production has its own secret and both rate limiters (the control)", async () => {
    const res = await fetchWorker(PRODUCTION, "/ping");
    expect(res.status).toBe(200);
    const home = await fetchWorker(PRODUCTION, "/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<!DOCTYPE html>");
  });

  const broken: [string, Record<string, unknown>, RegExp][] = [
    [
      "no ENVIRONMENT and no secret (a deploy that set nothing is production)",
      { ENVIRONMENT: undefined, SESSION_SECRET: undefined },
      /SESSION_SECRET is not set/,
    ],
    ["production without SESSION_SECRET", NO_SECRET, /SESSION_SECRET is not set/],
    [
      "production signing with the public development secret",
      { ...PRODUCTION, SESSION_SECRET: DEV_SESSION_SECRET },
      /SESSION_SECRET is the public development secret/,
    ],
    ["a SESSION_SECRET of 31 characters", { ...PRODUCTION, SESSION_SECRET: "s".repeat(31) }, /SESSION_SECRET must be at least 32 characters/],
    ["production without the PUBLIC_FORM_LIMITER binding", { ...PRODUCTION, PUBLIC_FORM_LIMITER: undefined }, /PUBLIC_FORM_LIMITER is missing/],
    ["production without the UPLOAD_LIMITER binding", { ...PRODUCTION, UPLOAD_LIMITER: undefined }, /UPLOAD_LIMITER is missing/],
    ["an ENVIRONMENT the store does not know", { ...PRODUCTION, ENVIRONMENT: "staging" }, /ENVIRONMENT/],
  ];

  it.each(broken)("%s: 503 naming it, on pages, /ping and /api", async (_name, changes, names) => {
    await expectRefusal(await fetchWorker(changes, "/"), names);
    await expectRefusal(await fetchWorker(changes, "/ping"), names);
    await expectRefusal(await fetchWorker(changes, "/api/user/login", jsonLogin("shopper@example.com", "Shopper@12345")), names);
  });

  it("a right password without the secret signs nothing: no session, no token, no cookie", async () => {
    const account = await freshAccount();
    const before = await signInRows(account.id);
    await expectRefusal(await fetchWorker(NO_SECRET, "/api/user/login", jsonLogin(account.email, account.password)), /SESSION_SECRET/);
    await expectRefusal(await fetchWorker(NO_SECRET, "/login", formLogin(account.email, account.password)), /SESSION_SECRET/);
    expect(await signInRows(account.id)).toEqual(before);
    // The same sign-in with the secret in place does sign in: the refusal was the secret's doing.
    const signedIn = await fetchWorker(PRODUCTION, "/api/user/login", jsonLogin(account.email, account.password));
    expect(signedIn.status).toBe(200);
    expect(await signInRows(account.id)).toEqual({ sessions: before.sessions + 1, refreshTokens: before.refreshTokens + 1 });
  });

  it("the cron sweep refuses too, naming the setting", async () => {
    const error = await runCron(NO_SECRET);
    expect(error?.message).toMatch(/cron sweep refused: SESSION_SECRET is not set/);
  });
});
