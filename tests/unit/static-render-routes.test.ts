import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { StaticHandlerContext } from "@remix-run/router";
import { createStaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * Our patches of react-router-dom and @remix-run/react (patches/, decision 016) make a server's
 * static renders share one set of route objects: RemixServer builds its routes once per build, and
 * createStaticRouter converts a routes array once. These hold the router to the same answers.
 */
const require = createRequire(import.meta.url);

function context(pathname: string, routeIds: string[]): StaticHandlerContext {
  return {
    basename: "/",
    location: { pathname, search: "", hash: "", state: null, key: "default" },
    matches: routeIds.map((id) => ({ params: {}, pathname, pathnameBase: pathname, route: { id } })),
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  } as unknown as StaticHandlerContext;
}

describe("static render routes (patched react-router-dom and @remix-run/react)", () => {
  it("is applied to every build of both packages", () => {
    const dom = require.resolve("react-router-dom/server").replace(/server\.js$/, "");
    for (const file of ["server.js", "server.mjs", "dist/server.js", "dist/server.mjs"]) {
      expect(readFileSync(dom + file, "utf8"), file).toContain("grocery-store patch");
    }
    const remix = require.resolve("@remix-run/react").replace(/index\.js$/, "");
    for (const file of ["server.js", "esm/server.js"]) {
      expect(readFileSync(remix + file, "utf8"), file).toContain("grocery-store patch");
    }
  });

  it("converts a routes array once and binds each render's matches to its data routes", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          { id: "product", path: "product/:slug" },
        ],
      },
    ];
    const first = createStaticRouter(routes, context("/", ["root", "home"]));
    const second = createStaticRouter(routes, context("/product/milk-1", ["root", "product"]));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
    expect(second.state.matches.map((m) => m.route.id)).toEqual(["root", "product"]);
    expect(second.state.matches[1].route).toBe(second.routes[0].children![1]);
    expect(second.state.location.pathname).toBe("/product/milk-1");
    expect(first.state.location.pathname).toBe("/");
  });

  it("converts another routes array on its own", () => {
    const a = createStaticRouter([{ id: "root", path: "/" }], context("/", ["root"]));
    const b = createStaticRouter([{ id: "root", path: "/", children: [{ id: "about", path: "about" }] }], context("/about", ["root", "about"]));
    expect(b.routes).not.toBe(a.routes);
    expect(b.routes[0].children?.map((r) => r.id)).toEqual(["about"]);
  });
});
