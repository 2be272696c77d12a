import { describe, expect, it } from "vitest";
import { FALLBACK_NOTIFICATION, MAX_BODY, MAX_TAG, MAX_TITLE, parsePushPayload, sameOriginPath } from "~/lib/pwa/push-payload";

/**
 * The contract between the server's order notifications and the service worker (decision 036):
 * `{ title, body, url, tag? }` with `url` a path on the store; anything else shows the generic
 * notification, never nothing and never a link off the store.
 */
const good = { title: "Your order is packed", body: "Order #A1B2 is on its way soon", url: "/dashboard/myorders/abc123" };
const parse = (value: unknown) => parsePushPayload(JSON.stringify(value));

describe("parsePushPayload", () => {
  it("shows a well-formed message as sent", () => {
    expect(parse(good)).toEqual(good);
    expect(parse({ ...good, tag: "order-abc123" })).toEqual({ ...good, tag: "order-abc123" });
  });

  it("keeps a path's query and fragment", () => {
    expect(parse({ ...good, url: "/dashboard/myorders/abc?from=push#status" }).url).toBe("/dashboard/myorders/abc?from=push#status");
  });

  it("answers the generic notification for anything that is not the contract's shape", () => {
    for (const payload of [null, undefined, "", "not json", "[]", "null", "42", '"text"']) {
      expect(parsePushPayload(payload), String(payload)).toEqual(FALLBACK_NOTIFICATION);
    }
    for (const broken of [
      { body: good.body, url: good.url },
      { title: good.title, url: good.url },
      { title: good.title, body: good.body },
      { ...good, title: 42 },
      { ...good, body: ["x"] },
      { ...good, title: "   " },
      { ...good, tag: 7 },
      { ...good, tag: "" },
    ]) {
      expect(parse(broken), JSON.stringify(broken)).toEqual(FALLBACK_NOTIFICATION);
    }
  });

  it("never lets a message link off the store", () => {
    for (const url of ["https://evil.example/x", "//evil.example/x", "/\\evil.example/x", "javascript:alert(1)", "dashboard/myorders", "http:/evil.example"]) {
      expect(parse({ ...good, url }).url, url).toBe(FALLBACK_NOTIFICATION.url);
    }
  });

  it("cuts overlong text instead of refusing it", () => {
    const notice = parse({ ...good, title: "t".repeat(500), body: "b".repeat(5000), tag: "g".repeat(500) });
    expect(notice.title).toHaveLength(MAX_TITLE);
    expect(notice.body).toHaveLength(MAX_BODY);
    expect(notice.tag).toHaveLength(MAX_TAG);
  });

  it("has a generic notification that points at the shopper's orders", () => {
    expect(FALLBACK_NOTIFICATION).toEqual({ title: "FreshDash", body: "Your order was updated", url: "/dashboard/myorders" });
  });
});

describe("sameOriginPath", () => {
  it("normalises a path and refuses what is not one", () => {
    expect(sameOriginPath("/dashboard/../dashboard/myorders")).toBe("/dashboard/myorders");
    expect(sameOriginPath("/a b")).toBe("/a%20b");
    expect(sameOriginPath(undefined)).toBeNull();
    expect(sameOriginPath({ url: "/x" })).toBeNull();
    expect(sameOriginPath("//evil.example")).toBeNull();
  });
});
