/** Helpers for the sign-in, reset-code and session cases (tests/security/auth.test.ts, sessions.test.ts). */
import { env, SELF } from "cloudflare:test";
import { api, randomIp, type ApiResult } from "../workers/api-client";
import { BASE } from "../workers/fixtures";

export const PASSWORD = "Secret@12345";
export const WRONG = "Wrong@123456";

let n = 0;
export const freshEmail = (prefix = "sec") => `${prefix}${Date.now()}${n++}@example.com`;

export interface Account {
  id: string;
  email: string;
}

/** A new USER account, read back from D1. */
export async function registerAccount(email = freshEmail()): Promise<Account> {
  const res = await api("/api/user/register", {
    method: "POST",
    body: { name: "Asha Rao", email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { "CF-Connecting-IP": randomIp() },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: (await userRow(email))!.id, email };
}

export async function userRow(email: string) {
  return env.DB.prepare("select id, name, email, mobile, role, status, verify_email, password_hash, avatar from users where email = ?").bind(email).first<{
    id: string;
    name: string;
    email: string;
    mobile: string;
    role: string;
    status: string;
    verify_email: number;
    password_hash: string;
    avatar: string;
  }>();
}

/** POST /api/user/login from `ip` (and any extra headers, e.g. a device cookie). */
export function apiLogin(email: string, password: string, ip: string, headers: Record<string, string> = {}): Promise<ApiResult> {
  return api("/api/user/login", { method: "POST", body: { email, password }, headers: { "CF-Connecting-IP": ip, ...headers } });
}

/** name → "name=value" for every cookie a response sets. */
export function setCookies(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0];
    out[pair.slice(0, pair.indexOf("="))] = pair;
  }
  return out;
}

/** How many responses had each status, e.g. `{ 401: 5, 429: 25 }`. */
export function tally(results: { status: number }[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const { status } of results) out[status] = (out[status] ?? 0) + 1;
  return out;
}

/** The login-limit counters that mention this email: key → count. */
export async function loginCounters(email: string): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare("select key, count from rate_limit_counters where instr(key, ?) > 0 and key like 'login:%'")
    .bind(email)
    .all<{ key: string; count: number }>();
  return Object.fromEntries(results.map((r) => [r.key, r.count]));
}

/** A page form POST from the store's own pages (Sec-Fetch-Site: same-origin; no Origin, which Remix compares with a Host header SELF.fetch lacks). */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Sec-Fetch-Site": "same-origin", "CF-Connecting-IP": randomIp(), ...headers },
    redirect: "manual",
  });
}

export async function sessionCount(userId: string): Promise<number> {
  return (await env.DB.prepare("select count(*) as n from sessions where user_id = ?").bind(userId).first<{ n: number }>())!.n;
}
