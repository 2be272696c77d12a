import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/server/http/toast.server";

/** Values a browser would follow off the site (or that are not a path at all): every one falls back. */
const HOSTILE = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\t\\evil.example",
  "/\\\tevil.example",
  "\t//evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0D%0A/evil.example",
  "/%5c/evil.example",
  "/%5Cevil.example",
  "/%c2%85/evil.example",
  "/%ff%09/evil.example",
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  "/\u0085/evil.example",
  "/\u009f/evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/./\\evil.example",
  "/.//evil.example",
  "/a/..//evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  " /cart",
  "",
  "/cart\r\nSet-Cookie: a=b",
  "/cart%0d%0aSet-Cookie:%20a=b",
  `/${"a".repeat(3000)}`,
];

describe("safeRedirect", () => {
  it.each(HOSTILE.map((value) => [JSON.stringify(value).slice(0, 60), value]))("refuses %s", (_, value) => {
    expect(safeRedirect(value, "/fallback")).toBe("/fallback");
  });

  it("refuses what is not text", () => {
    expect(safeRedirect(null, "/fallback")).toBe("/fallback");
    expect(safeRedirect(undefined, "/fallback")).toBe("/fallback");
    expect(safeRedirect(new File(["x"], "x.txt"), "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/", "/"],
    ["/cart", "/cart"],
    ["/dashboard/orders?status=paid&q=ab%20c", "/dashboard/orders?status=paid&q=ab%20c"],
    ["/search?q=milk#results", "/search?q=milk#results"],
    ["/a/../checkout", "/checkout"],
    ["/product/दूध-1", "/product/%E0%A4%A6%E0%A5%82%E0%A4%A7-1"],
    ["/search?q=दूध", "/search?q=%E0%A4%A6%E0%A5%82%E0%A4%A7"],
    ["/search?q=100%", "/search?q=100%"],
  ])("keeps the same-origin path %j as %j", (value, expected) => {
    expect(safeRedirect(value, "/fallback")).toBe(expected);
  });

  it("always answers a single-slash path that is a valid header value", () => {
    for (const value of HOSTILE) {
      const target = safeRedirect(value);
      expect(target).toMatch(/^\/(?!\/)/);
      expect(() => new Headers({ Location: target })).not.toThrow();
    }
  });
});
