import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { Refusal } from "../../app/lib/refusal";
import { attempt, pageAction } from "../../app/server/http/page-actions.server";

const args = { request: new Request("http://store.test/cart", { method: "POST" }), context: {}, params: {} } as unknown as ActionFunctionArgs;

describe("the page adapter of a refusal", () => {
  it("attempt gives the step's value, or the Refusal that stopped it; anything else is thrown on", async () => {
    expect(await attempt(async () => 42)).toEqual({ ok: true, value: 42 });
    const refused = await attempt(async () => {
      throw new Refusal("This item is not in your cart", 404);
    });
    expect(refused.ok ? null : [refused.error.status, refused.error.message]).toEqual([404, "This item is not in your cart"]);
    await expect(attempt(async () => Promise.reject(new TypeError("a bug")))).rejects.toThrow(TypeError);
  });

  it("pageAction answers a Refusal that escapes an action with its status, message and headers, never a 500", async () => {
    const action = pageAction(async () => {
      throw new Refusal("Too many attempts. Try again in 1 minute.", 429, { headers: { "Retry-After": "60" } });
    });
    const thrown = await action(args).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(await response.text()).toBe("Too many attempts. Try again in 1 minute.");
  });

  it("pageAction passes on what the action returns and every other error unchanged", async () => {
    expect(await pageAction(async () => ({ done: true }))(args)).toEqual({ done: true });
    const redirect = new Response(null, { status: 303, headers: { Location: "/cart" } });
    await expect(
      pageAction(async () => {
        throw redirect;
      })(args),
    ).rejects.toBe(redirect);
    await expect(pageAction(async () => Promise.reject(new RangeError("a bug")))(args)).rejects.toThrow(RangeError);
  });
});
