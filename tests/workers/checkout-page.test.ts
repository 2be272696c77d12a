/**
 * The checkout page without JavaScript: a refused order comes back as the page with the shopper's
 * choices (address, payment, what to do when an item is short) still chosen and a message saying
 * what to do; a placed cash order lands on its own live order page; the old /success links still
 * answer, never as a way off the site.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/lib/ids";
import { htmlText } from "../security/support-admin";
import { addressFor, ordersOf, postForm, sessionCookie } from "../security/support-pay";
import { api, makeProduct, newShopper } from "./api-client";
import { BASE } from "./fixtures";

/** The value of the checked radio named `name` in a page's HTML (null when none is). */
function checkedValue(html: string, name: string): string | null {
  const radios = [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`name="${name}"`) && tag.includes('type="radio"'));
  expect(radios.length, `radios named ${name}`).toBeGreaterThan(1);
  const checked = radios.filter((tag) => /\schecked(=""|\s|>|\/)/.test(tag));
  expect(checked.length, `checked radios named ${name}`).toBeLessThanOrEqual(1);
  return checked[0] ? /value="([^"]*)"/.exec(checked[0])![1] : null;
}

async function shopperAtCheckout() {
  const shopper = await newShopper();
  const first = await addressFor(shopper.token);
  const second = await addressFor(shopper.token);
  const product = await makeProduct({ stock: 3 });
  expect((await api("/api/cart/create", { method: "POST", token: shopper.token, body: { productId: product.id } })).status).toBe(200);
  const cookie = await sessionCookie(shopper.email);
  // The page's own defaults, as loaded: the address it offers first and the refund.
  const loaded = await (await SELF.fetch(`${BASE}/checkout`, { headers: { Cookie: cookie } })).text();
  const offered = checkedValue(loaded, "addressId");
  expect([first, second]).toContain(offered);
  expect(checkedValue(loaded, "replacementPreference")).toBe("refund");
  return { ...shopper, cookie, product, offered, other: offered === first ? second : first };
}

describe("the checkout page keeps the shopper's choices on a refusal", () => {
  it("an item sold out meanwhile: 409, the message, and the other address, cash and 'similar' still chosen", async () => {
    const { cookie, product, other, token } = await shopperAtCheckout();

    await env.DB.prepare("update store_stock set stock = 0 where product_id = ?").bind(product.id).run();
    const page = await postForm("/checkout", cookie, { intent: "cod", addressId: other, replacementPreference: "similar", idempotencyKey: newId() });
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(htmlText(html)).toContain(`${product.name} just sold out`);
    expect(htmlText(html).replace(/<[^>]+>/g, "")).toContain(`Not enough in stock at your store: ${product.name}. Change your cart, then place your order.`);
    expect(checkedValue(html, "addressId")).toBe(other);
    expect(checkedValue(html, "intent")).toBe("cod");
    expect(checkedValue(html, "replacementPreference")).toBe("similar");
    expect(await ordersOf(token)).toHaveLength(0);
  });

  it("a form the server cannot read (no address): 400, 'Choose a delivery address', online and 'call' still chosen", async () => {
    const { cookie, token } = await shopperAtCheckout();
    const page = await postForm("/checkout", cookie, { intent: "online", replacementPreference: "call", idempotencyKey: newId() });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(htmlText(html)).toContain("Choose a delivery address");
    expect(checkedValue(html, "intent")).toBe("online");
    expect(checkedValue(html, "replacementPreference")).toBe("call");
    expect(await ordersOf(token)).toHaveLength(0);
  });

  it("a value the page does not offer is not echoed: the page's own defaults instead", async () => {
    const { cookie, offered } = await shopperAtCheckout();
    const page = await postForm("/checkout", cookie, { intent: "barter", addressId: "not-an-id", replacementPreference: "<b>", idempotencyKey: newId() });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).not.toContain("barter");
    expect(checkedValue(html, "addressId")).toBe(offered);
    expect(checkedValue(html, "replacementPreference")).toBe("refund");
  });
});

describe("after ordering", () => {
  it("a cash order lands on its own order page", async () => {
    const { cookie, offered, token } = await shopperAtCheckout();
    const placed = await postForm("/checkout", cookie, { intent: "cod", addressId: offered!, idempotencyKey: newId() });
    expect(placed.status).toBe(303);
    const [order] = await ordersOf(token);
    expect(placed.headers.get("Location")).toBe(`/dashboard/myorders/${order.id}`);
  });

  it("/success, for old links, goes to the order when given its id and to the orders list otherwise", async () => {
    const go = async (query: string) => (await SELF.fetch(`${BASE}/success${query}`, { redirect: "manual" })).headers.get("Location");
    const id = newId();
    expect(await go(`?order=${id}`)).toBe(`/dashboard/myorders/${id}`);
    expect(await go("?text=Payment&session_id=cs_test_123")).toBe("/dashboard/myorders");
    expect(await go("?order=%2F%2Fevil.example")).toBe("/dashboard/myorders");
    expect(await go(`?order=${id}%2F..%2F..%2F%2Fevil.example`)).toBe("/dashboard/myorders");
  });
});
