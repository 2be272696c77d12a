/**
 * Sessions: a cookie session never ends on a request another site started, and one sign-in (tokens
 * plus cookie from /api/user/login) ends as a whole, whichever credential logs out. Every case reads D1.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, randomIp } from "../workers/api-client";
import { BASE } from "../workers/fixtures";
import { apiLogin, PASSWORD, postForm, registerAccount, sessionCount, setCookies } from "./support-auth";

/** Each case does many PBKDF2 checks (parallel ones dozens at once) on a shared 2-core machine. */
const SLOW = 30_000;

/** One /api sign-in: an access token, a refresh token and the session cookie issued with them. */
async function signIn() {
  const { id, email } = await registerAccount();
  const res = await apiLogin(email, PASSWORD, randomIp());
  expect(res.status).toBe(200);
  return {
    id,
    email,
    token: res.body.data.accesstoken as string,
    refreshToken: res.body.data.refreshToken as string,
    cookie: setCookies(res.headers).__session,
  };
}

async function liveRefreshTokens(userId: string) {
  return (await env.DB.prepare("select count(*) as n from refresh_tokens where user_id = ? and revoked_at is null").bind(userId).first<{ n: number }>())!.n;
}

describe("GET /api/user/logout with a cookie", { timeout: SLOW }, () => {
  it.each([
    ["Sec-Fetch-Site: cross-site (a link or image on another site)", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", { "Sec-Fetch-Site": "same-site" }],
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["an opaque Origin", { Origin: "null" }],
    ["a Referer from another site", { Referer: "https://evil.example/page.html" }],
  ])("started by %s is refused (403) and the session lives", async (_, headers) => {
    const s = await signIn();
    const res = await api("/api/user/logout", { headers: { Cookie: s.cookie, ...headers } });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount(s.id)).toBe(1);
    expect(await liveRefreshTokens(s.id)).toBe(1);
    expect((await api("/api/user/user-details", { headers: { Cookie: s.cookie } })).status).toBe(200);
  });

  it.each([
    ["Sec-Fetch-Site: same-origin", { "Sec-Fetch-Site": "same-origin" }],
    ["Sec-Fetch-Site: none (typed in the address bar)", { "Sec-Fetch-Site": "none" }],
    ["no browser headers (a script with a cookie jar)", {}],
    ["our own Referer", { Referer: `${BASE}/user` }],
  ])("from the store itself (%s) ends the session and the tokens issued with it", async (_, headers) => {
    const s = await signIn();
    const res = await api("/api/user/logout", { headers: { Cookie: s.cookie, ...headers } });
    expect(res.status).toBe(200);
    expect(setCookies(res.headers).__session).toBe("__session=");
    expect(await sessionCount(s.id)).toBe(0);
    expect(await liveRefreshTokens(s.id)).toBe(0);
    expect((await api("/api/user/user-details", { token: s.token })).status).toBe(401);
    expect((await api("/api/user/refresh-token", { method: "POST", token: s.refreshToken })).status).toBe(401);
  });
});

describe("one sign-in ends as a whole", { timeout: SLOW }, () => {
  it("a bearer-only logout also ends the cookie session issued with the same login", async () => {
    const s = await signIn();
    const res = await api("/api/user/logout", { token: s.token });
    expect(res.status).toBe(200);
    expect(await sessionCount(s.id)).toBe(0);
    expect(await liveRefreshTokens(s.id)).toBe(0);
    expect((await api("/api/user/user-details", { headers: { Cookie: s.cookie } })).status).toBe(401);
  });

  it("a bearer logout sent cross-site ends that login only, not another cookie session of the browser", async () => {
    const s = await signIn();
    const page = await postForm("/login", { email: s.email, password: PASSWORD, redirectTo: "/" });
    const pageCookie = setCookies(page.headers).__session;
    expect(await sessionCount(s.id)).toBe(2);
    const res = await api("/api/user/logout", { token: s.token, headers: { Cookie: pageCookie, "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount(s.id)).toBe(1);
    expect((await api("/api/user/user-details", { headers: { Cookie: pageCookie } })).status).toBe(200);
    expect((await api("/api/user/user-details", { headers: { Cookie: s.cookie } })).status).toBe(401);
  });

  it("the page's POST /logout also revokes the tokens issued with that login", async () => {
    const s = await signIn();
    const res = await postForm("/logout", {}, { Cookie: s.cookie });
    expect(res.status).toBe(303);
    expect(await sessionCount(s.id)).toBe(0);
    expect(await liveRefreshTokens(s.id)).toBe(0);
    expect((await api("/api/user/user-details", { token: s.token })).status).toBe(401);
  });

  it("a replayed refresh token ends the cookie session issued with it too", async () => {
    const s = await signIn();
    expect((await api("/api/user/refresh-token", { method: "POST", token: s.refreshToken })).status).toBe(200);
    expect((await api("/api/user/refresh-token", { method: "POST", token: s.refreshToken })).status).toBe(401);
    expect(await sessionCount(s.id)).toBe(0);
    expect((await api("/api/user/user-details", { headers: { Cookie: s.cookie } })).status).toBe(401);
  });

  it("logout without credentials is 401, with a wrong method 405; nothing changes", async () => {
    const s = await signIn();
    expect((await api("/api/user/logout")).status).toBe(401);
    expect((await api("/api/user/logout", { token: "forged.token" })).status).toBe(401);
    const post = await SELF.fetch(`${BASE}/api/user/logout`, { method: "POST", headers: { Authorization: `Bearer ${s.token}` } });
    expect(post.status).toBe(405);
    await post.arrayBuffer();
    expect(await sessionCount(s.id)).toBe(1);
    expect(await liveRefreshTokens(s.id)).toBe(1);
  });
});
