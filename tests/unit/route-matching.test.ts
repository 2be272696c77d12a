import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { matchPath, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * Our patch of @remix-run/router (patches/, decision 016) reuses a route tree's ranked branches
 * and compiled paths between calls. These hold it to what the unpatched router answers: a tree
 * changed in place (as lazy route discovery does on the client) is matched as it is now.
 */
function tree(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "product", path: "product/:slug" },
        { id: "listing", path: ":category/:subcategory?" },
        { id: "api-cart", path: "api/cart/add" },
      ],
    },
  ];
}

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => m.route.id) ?? null;

describe("route matching (patched @remix-run/router)", () => {
  it("is applied: both builds of the router carry the patch", () => {
    const require = createRequire(import.meta.url);
    const dist = require.resolve("@remix-run/router").replace(/router\.cjs\.js$/, "");
    for (const file of ["router.js", "router.cjs.js"]) {
      expect(readFileSync(dist + file, "utf8")).toContain("grocery-store patch");
    }
  });

  it("answers repeated calls on one tree as a fresh tree would", () => {
    const routes = tree();
    for (let round = 0; round < 3; round++) {
      expect(ids(matchRoutes(routes, "/"))).toEqual(["root", "home"]);
      expect(ids(matchRoutes(routes, "/product/milk-1"))).toEqual(["root", "product"]);
      expect(ids(matchRoutes(routes, "/api/cart/add"))).toEqual(["root", "api-cart"]);
      expect(ids(matchRoutes(routes, "/dairy-1"))).toEqual(["root", "listing"]);
      expect(ids(matchRoutes(routes, "/a/b/c"))).toBeNull();
    }
    expect(matchRoutes(routes, "/product/milk-1")?.[1].params).toEqual({ slug: "milk-1" });
    expect(matchRoutes(routes, "/product/eggs-2")?.[1].params).toEqual({ slug: "eggs-2" });
  });

  it("sees routes added to, replaced in or changed in a tree it has matched before", () => {
    const routes = tree();
    expect(ids(matchRoutes(routes, "/a/b/c"))).toBeNull();
    // Lazy route discovery pushes newly found routes into the live tree.
    routes[0].children!.push({ id: "deep", path: "a/b/c" });
    expect(ids(matchRoutes(routes, "/a/b/c"))).toEqual(["root", "deep"]);
    // A route replaced by another object at the same place.
    routes[0].children![4] = { id: "deeper", path: "a/b/c" };
    expect(ids(matchRoutes(routes, "/a/b/c"))).toEqual(["root", "deeper"]);
    // A path changed in place.
    routes[0].children![1].path = "p/:slug";
    expect(ids(matchRoutes(routes, "/product/milk-1"))).toEqual(["root", "listing"]);
    expect(ids(matchRoutes(routes, "/p/milk-1"))).toEqual(["root", "product"]);
    // An index flag changed in place.
    routes[0].children![0].index = false;
    routes[0].children![0].path = "home";
    expect(ids(matchRoutes(routes, "/"))).toEqual(["root"]);
    expect(ids(matchRoutes(routes, "/home"))).toEqual(["root", "home"]);
  });

  it("keeps each match's params its own, whatever a caller does to an earlier one", () => {
    const first = matchPath("/product/:slug", "/product/milk-1");
    (first!.params as Record<string, string>).slug = "changed";
    expect(matchPath("/product/:slug", "/product/milk-1")?.params).toEqual({ slug: "milk-1" });
    const matches = matchRoutes(tree(), "/product/milk-1")!;
    (matches[1].params as Record<string, string>).slug = "changed";
    expect(matchRoutes(tree(), "/product/milk-1")![1].params).toEqual({ slug: "milk-1" });
  });

  it("hands each caller its own copy of a path's matches, params shared within it as the router does", () => {
    const routes = tree();
    const matches = matchRoutes(routes, "/dairy-1/milk-2")!;
    expect(matches[0].params).toBe(matches[1].params);
    expect(matches[1].params).toEqual({ category: "dairy-1", subcategory: "milk-2" });
    (matches[1].params as Record<string, string>).category = "changed";
    (matches[0] as { pathname: string }).pathname = "/changed";
    matches.pop();
    const again = matchRoutes(routes, "/dairy-1/milk-2")!;
    expect(again).not.toBe(matches);
    expect(ids(again)).toEqual(["root", "listing"]);
    expect(again.map((m) => m.pathname)).toEqual(["/", "/dairy-1/milk-2"]);
    expect(again[0].params).toEqual({ category: "dairy-1", subcategory: "milk-2" });
    expect(again[0].params).toBe(again[1].params);
    expect(matchRoutes(routes, "/dairy-1")![1].params).toEqual({ category: "dairy-1" });
    expect(matchRoutes(routes, "/dairy-1/", "/")![1].params).toEqual({ category: "dairy-1" });
  });

  it("answers paths too long to keep (over 512 characters) as it answers short ones", () => {
    const routes = tree();
    const slug = `milk-${"a".repeat(2_000)}`;
    for (let round = 0; round < 2; round++) {
      const matches = matchRoutes(routes, `/product/${slug}`)!;
      expect(ids(matches)).toEqual(["root", "product"]);
      expect(matches[1].params).toEqual({ slug });
      (matches[1].params as Record<string, string>).slug = "changed";
    }
    expect(matchRoutes(routes, `/${"x".repeat(600)}/y/z`)).toBeNull();
  });

  it("compiles case and end variants of one pattern apart", () => {
    expect(matchPath({ path: "/Product", caseSensitive: true, end: true }, "/product")).toBeNull();
    expect(matchPath({ path: "/Product", caseSensitive: false, end: true }, "/product")).not.toBeNull();
    expect(matchPath({ path: "/product", end: true }, "/product/milk")).toBeNull();
    expect(matchPath({ path: "/product", end: false }, "/product/milk")?.pathnameBase).toBe("/product");
  });
});
