/**
 * Uploads as an attacker sends them: polyglots, SVG, lying names and types, empty and oversized
 * files (with and without a Content-Length), through /api/file/upload, the admin page forms and the
 * avatar forms. A refusal has its exact status and leaves no object in R2 and no row in D1; what is
 * stored is always served with a fixed image type, nosniff and a sandboxing CSP. The per-IP upload
 * limit is one budget for the /api and the page forms.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, freshRateLimitWindow, login, newShopper, randomIp } from "../workers/api-client";
import { BASE, TINY_PNG, TINY_WEBP } from "../workers/fixtures";
import { adminCookie, formOf, htmlText, imageFile, newR2Keys, pageGet, pagePost, r2Keys, sessionCookie, storeSnapshot } from "./support-admin";

const bytes = (...parts: (string | number[] | Uint8Array)[]): Uint8Array<ArrayBuffer> => {
  const chunks = parts.map((p) => (typeof p === "string" ? new TextEncoder().encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

const HTML = "<html><body><script>fetch('/api/user/logout')</script></body></html>";
const SVG = "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(document.cookie)'/>";
const MB = 1024 * 1024;

/** Files that must be refused, with the exact status. */
const REFUSED: [string, () => File, number][] = [
  ["JPEG signature followed by HTML", () => new File([bytes([0xff, 0xd8, 0xff], HTML)], "a.jpg", { type: "image/jpeg" }), 415],
  ["PNG signature followed by SVG", () => new File([bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], SVG)], "a.png", { type: "image/png" }), 415],
  ["WebP RIFF header followed by script", () => new File([bytes("RIFF\x00\x00\x00\x00WEBP<script>alert(1)</script>")], "a.webp", { type: "image/webp" }), 415],
  ["an SVG", () => new File([SVG], "a.svg", { type: "image/svg+xml" }), 415],
  ["an SVG named and typed as PNG", () => new File([SVG], "a.png", { type: "image/png" }), 415],
  ["HTML", () => new File([HTML], "index.html", { type: "text/html" }), 415],
  ["a zero-byte file", () => new File([], "empty.png", { type: "image/png" }), 400],
  [
    "a real PNG padded past 5 MB",
    () => {
      const big = new Uint8Array(5 * MB + 10);
      big.set(TINY_PNG);
      return new File([big], "big.png", { type: "image/png" });
    },
    413,
  ],
];

let admin: string;
let adminPage: string;
beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  adminPage = await adminCookie();
});

function apiUpload(file: File, { ip = randomIp(), token = admin } = {}) {
  return SELF.fetch(`${BASE}/api/file/upload`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": ip },
    body: formOf({ image: file }),
  });
}

describe("hostile files through /api/file/upload", () => {
  it.each(REFUSED)("%s → refused, nothing stored", async (_name, file, status) => {
    const keys = await r2Keys();
    const res = await apiUpload(file());
    expect(res.status).toBe(status);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
    expect(await newR2Keys(keys)).toEqual([]);
  });

  it("a body over the limit is refused (413) even when each file is small, with or without a Content-Length", async () => {
    const keys = await r2Keys();
    // A valid little image plus 6 MB of form padding: only the body's size gives it away.
    const form = formOf({ image: imageFile(TINY_PNG), padding: "x".repeat(6 * MB) });
    const encoded = new Response(form);
    const type = encoded.headers.get("Content-Type")!;
    const body = new Uint8Array(await encoded.arrayBuffer());
    const declared = await SELF.fetch(`${BASE}/api/file/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": type, "Content-Length": String(body.length) },
      body,
    });
    expect(declared.status).toBe(413);
    // Chunked: no Content-Length, so the body is counted while it streams and cut off at the limit.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 64 * 1024) controller.enqueue(body.slice(at, at + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await SELF.fetch(`${BASE}/api/file/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": type },
      body: chunked,
    });
    expect(streamed.status).toBe(413);
    expect(await newR2Keys(keys)).toEqual([]);
  });

  it("broken multipart is 400 and stores nothing", async () => {
    const keys = await r2Keys();
    const res = await SELF.fetch(`${BASE}/api/file/upload`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin}`, "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated',
    });
    expect(res.status).toBe(400);
    expect(await newR2Keys(keys)).toEqual([]);
  });
});

describe("what is stored is served as an image only", () => {
  it("a real PNG named .html and typed text/html is stored as .png and served as image/png, nosniff, sandboxed", async () => {
    const res = await apiUpload(new File([TINY_PNG], "evil.html", { type: "text/html" }));
    expect(res.status).toBe(201);
    const url = ((await res.json()) as { data: { url: string } }).data.url;
    // Absolute in /api answers on PUBLIC_ORIGIN only (decision 015), else root-relative: never on
    // the request's Host (issue 28, item 9.4).
    expect(url).toMatch(/^\/images\/uploads\/[0-9a-f]{24}\.png$/);
    const served = await SELF.fetch(new URL(url, BASE));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG);
  });

  it("a crafted polyglot that passes the sniffing (valid JPEG header, HTML inside) is still served as image/jpeg, nosniff, sandboxed", async () => {
    const polyglot = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF\x00", HTML);
    const res = await apiUpload(new File([polyglot], "cat.html", { type: "text/html" }));
    expect(res.status).toBe(201);
    const url = ((await res.json()) as { data: { url: string } }).data.url;
    expect(url).toMatch(/^\/images\/uploads\/[0-9a-f]{24}\.jpg$/);
    const served = await SELF.fetch(new URL(url, BASE));
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
  });

  it("an object with any other stored type is served as application/octet-stream; odd keys are 404", async () => {
    await env.IMAGES.put("uploads/planted.html", HTML, { httpMetadata: { contentType: "text/html" } });
    const served = await SELF.fetch(`${BASE}/images/uploads/planted.html`);
    expect(served.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    for (const path of ["/images/uploads/..%2F..%2Fx", "/images/%2e%2e/secret", "/images/.hidden", "/images/a%00b.png"]) {
      expect((await SELF.fetch(`${BASE}${path}`)).status, path).toBe(404);
    }
  });
});

describe("hostile files through the page forms and the avatar", () => {
  it.each(REFUSED.filter(([, , status]) => status !== 400))("category form with %s → refused, no object, no row", async (_name, file, status) => {
    const keys = await r2Keys();
    const before = await storeSnapshot();
    const res = await pagePost("/dashboard/category", formOf({ intent: "create-category", name: `Hostile ${Date.now()}`, newImage: file() }), {
      cookie: adminPage,
    });
    expect(res.status).toBe(status);
    expect(await storeSnapshot()).toEqual(before);
    expect(await newR2Keys(keys)).toEqual([]);
  });

  it("avatar (page and /api): an SVG is 415, the avatar is unchanged, nothing stored", async () => {
    const { token, email } = await newShopper();
    const cookie = await sessionCookie(email);
    const keys = await r2Keys();
    const svg = new File([SVG], "me.png", { type: "image/png" });
    const page = await pagePost("/dashboard/profile", formOf({ avatar: svg }), { cookie });
    expect(page.status).toBe(415);
    expect(htmlText(await page.text())).toContain("Only JPEG, PNG, WebP or AVIF images can be uploaded");
    const viaApi = await SELF.fetch(`${BASE}/api/user/upload-avatar`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}` },
      body: formOf({ avatar: svg }),
    });
    expect(viaApi.status).toBe(415);
    const avatar = await env.DB.prepare("select avatar from users where email = ?").bind(email).first("avatar");
    expect(avatar ?? "").toBe("");
    expect(await newR2Keys(keys)).toEqual([]);
  });

  it("avatar over 2 MB is 413 before anything is stored", async () => {
    const { token, email } = await newShopper();
    const keys = await r2Keys();
    const big = new Uint8Array(2 * MB + 10);
    big.set(TINY_WEBP);
    const res = await SELF.fetch(`${BASE}/api/user/upload-avatar`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}` },
      body: formOf({ avatar: new File([big], "me.webp") }),
    });
    expect(res.status).toBe(413);
    expect(await env.DB.prepare("select avatar from users where email = ?").bind(email).first("avatar")).toBeFalsy();
    expect(await newR2Keys(keys)).toEqual([]);
  });
});

describe("one per-IP upload budget for /api and the page forms", () => {
  it("30 uploads a minute from one address, however they arrive; the 31st is 429 on both paths and stores nothing", async () => {
    const ip = randomIp();
    await freshRateLimitWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push((await apiUpload(new File([SVG], "a.svg"), { ip })).status);
      statuses.push(
        (await pagePost("/dashboard/category", formOf({ intent: "create-category", name: "", newImage: imageFile(TINY_PNG) }), { cookie: adminPage, ip }))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const keys = await r2Keys();
    const before = await storeSnapshot();
    const page = await pagePost("/dashboard/category", formOf({ intent: "create-category", name: "Over The Limit", newImage: imageFile(TINY_PNG) }), {
      cookie: adminPage,
      ip,
    });
    expect(page.status).toBe(429);
    expect(htmlText(await page.text())).toContain("Too many attempts");
    const viaApi = await apiUpload(imageFile(TINY_PNG), { ip });
    expect(viaApi.status).toBe(429);
    expect(viaApi.headers.get("Retry-After")).toBe("60");
    // Another address is not affected.
    expect((await apiUpload(imageFile(TINY_PNG))).status).toBe(201);
    expect((await newR2Keys(keys)).length).toBe(1);
    expect(await storeSnapshot()).toEqual(before);
  }, 120_000);

  it("the avatar forms share their own budget the same way", async () => {
    const { token, email } = await newShopper();
    const cookie = await sessionCookie(email);
    const ip = randomIp();
    await freshRateLimitWindow();
    const svg = () => formOf({ avatar: new File([SVG], "me.png") });
    for (let i = 0; i < 15; i++) {
      expect((await pagePost("/dashboard/profile", svg(), { cookie, ip })).status).toBe(415);
      expect(
        (
          await SELF.fetch(`${BASE}/api/user/upload-avatar`, {
            method: "PUT",
            headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": ip },
            body: svg(),
          })
        ).status,
      ).toBe(415);
    }
    expect((await pagePost("/dashboard/profile", svg(), { cookie, ip })).status).toBe(429);
    const viaApi = await api("/api/user/upload-avatar", { method: "PUT", token, headers: { "CF-Connecting-IP": ip } });
    expect(viaApi.status).toBe(429);
  }, 120_000);
});

describe("images never land in R2 for a guest or shopper page post", () => {
  it("shopper posting the admin category form with an image: 403 and no object", async () => {
    const { email } = await newShopper();
    const cookie = await sessionCookie(email);
    const keys = await r2Keys();
    const res = await pagePost("/dashboard/category", formOf({ intent: "create-category", name: "Shopper Cat", newImage: imageFile(TINY_PNG) }), { cookie });
    expect(res.status).toBe(403);
    expect(await newR2Keys(keys)).toEqual([]);
    expect((await pageGet("/dashboard/category", cookie)).status).toBe(403);
  });
});
