import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, makeProduct, randomIp } from "./api-client";
import { BASE } from "./fixtures";

/**
 * Our react-dom patch (patches/react-dom+18.3.1.patch, decision 016) gathers a flush's chunks in ONE
 * module-level string for the whole isolate; the string belongs to the destination whose flush is
 * writing, and a write for any other destination or outside a flush throws. This renders two
 * signed-in shoppers' pages at the same time, many times over, and holds each page to its own
 * shopper's name, email and cart item and to none of the other's.
 *
 * Checked to fail with the buffer misused (in node_modules/react-dom/cjs/
 * react-dom-server.browser.development.js, the build this pool runs; delete node_modules/.vite/vitest
 * after such an edit, the pool keeps a pre-bundled copy; restored afterwards):
 * - the bytes written outside the synchronous flush: completeWriting and close deferred with
 *   `setTimeout(..., 0)`, no owner checks, no reset in beginWriting. The same four pages fetched one
 *   after another passed (5 rounds); concurrently, round 0 failed with four documents in one page
 *   (4 doctypes), and with the document checks removed with "not to contain 'Bravo Concurrent …'".
 *   Deferring by a microtask instead did not fail: no other flush runs in between.
 * - the buffer not reset between renders (no `pendingText = ''` in beginWriting or completeWriting):
 *   round 0 failed, two documents in one page (this one fails without concurrency too).
 */

const ROUNDS = 30;

interface Shopper {
  name: string;
  email: string;
  cookie: string;
  item: string;
}

async function signedInShopper(tag: string): Promise<Shopper> {
  const suffix = `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
  const name = `${tag} Concurrent ${suffix}`;
  const email = `${tag.toLowerCase()}.${suffix}@example.com`;
  const password = "Test@12345";
  const registered = await api("/api/user/register", {
    method: "POST",
    body: { name, email, password, confirmPassword: password },
    headers: { "CF-Connecting-IP": randomIp() },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const login = await SELF.fetch(`${BASE}/api/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { data: { accesstoken: string } }).data.accesstoken;
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))!
    .split(";")[0];
  const product = await makeProduct({ name: `${tag} Cart Paneer`, stock: 5 });
  const added = await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
  expect(added.status).toBe(200);
  return { name, email, cookie, item: product.name };
}

async function page(shopper: Shopper, path: string) {
  const res = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: shopper.cookie } });
  expect(res.status, path).toBe(200);
  return res.text();
}

describe("two shoppers' pages rendered at the same time", () => {
  let alpha: Shopper;
  let bravo: Shopper;
  beforeAll(async () => {
    alpha = await signedInShopper("Alpha");
    bravo = await signedInShopper("Bravo");
  });

  it(`each carries its own shopper and nothing of the other (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [alphaCart, bravoCart, alphaProfile, bravoProfile] = await Promise.all([
        page(alpha, "/cart"),
        page(bravo, "/cart"),
        page(alpha, "/dashboard/profile"),
        page(bravo, "/dashboard/profile"),
      ]);
      for (const [own, other, cart, profile] of [
        [alpha, bravo, alphaCart, alphaProfile],
        [bravo, alpha, bravoCart, bravoProfile],
      ] as const) {
        const at = `round ${round}, ${own.name}`;
        // One document each: a doctype and a closing html tag once, as a page joined to another would not be.
        for (const html of [cart, profile]) {
          expect(html.match(/<!DOCTYPE html>/gi)?.length, at).toBe(1);
          expect(html.match(/<\/html>/g)?.length, at).toBe(1);
          expect(html, at).toContain(own.name);
          expect(html, at).not.toContain(other.name);
          expect(html, at).not.toContain(other.email);
          expect(html, at).not.toContain(other.item);
        }
        expect(cart, at).toContain(own.item);
        expect(profile, at).toContain(own.email);
      }
    }
    // Rounds of four pages each: generous for a loaded machine (the assertions are what matter, not the time).
  }, 30_000);
});
