import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * Our @remix-run/react patch (patches/@remix-run+react+2.17.5.patch, decision 016) keeps
 * RemixServer's `createServerRoutes` result per route manifest and reuses it while the route
 * modules (one by one), the `future` object and the SPA-mode flag are the ones it was built from.
 * These hold RemixServer to routes built from the inputs of the render at hand: a route's new module
 * object, other future flags or SPA mode get new routes, never the cached ones.
 *
 * The CommonJS build (what Node's `require` loads) calls createServerRoutes and createStaticRouter
 * through their modules' export objects, so spies see which routes a render used and what they
 * were built from. The ESM build (what the Worker bundles) is the same function; its cache is
 * checked by evaluating the patched function from that file against a stand-in createServerRoutes.
 * Checked: removing any one of the cache's three checks (modules, `future`, SPA flag) from both
 * installed builds makes 3 to 5 of these tests fail.
 */
const require = createRequire(import.meta.url);
const remixDist = path.dirname(require.resolve("@remix-run/react"));
const routesModule = require(path.join(remixDist, "routes.js")) as { createServerRoutes: (...args: unknown[]) => unknown };
const staticServer = require(require.resolve("react-router-dom/server", { paths: [remixDist] })) as {
  createStaticRouter: (...args: unknown[]) => unknown;
};
const { RemixServer, Outlet } = require(path.join(remixDist, "index.js")) as typeof import("@remix-run/react");

type Modules = Record<string, { default: ComponentType }>;
interface Args {
  manifestRoutes: unknown;
  routeModules: Modules;
  future: object;
  isSpaMode: boolean;
}

const manifestRoutes = {
  root: {
    id: "root",
    path: "",
    hasLoader: false,
    hasAction: false,
    hasClientLoader: false,
    hasClientAction: false,
    hasErrorBoundary: false,
    module: "/root.js",
  },
  "routes/shop": {
    id: "routes/shop",
    parentId: "root",
    path: "shop",
    hasLoader: false,
    hasAction: false,
    hasClientLoader: false,
    hasClientAction: false,
    hasErrorBoundary: false,
    module: "/shop.js",
  },
};
const manifest = { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" };

const Root = () => h("main", null, "root:", h(Outlet));
const shopSaying = (text: string) => () => h("p", null, text);
const FLAGS = { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_singleFetch: true, v3_lazyRouteDiscovery: true };

/** One document's entry context for /shop, as the server runtime builds it (a new modules object each time). */
function contextFor(modules: Modules, { future = FLAGS as object, isSpaMode = false } = {}) {
  return {
    manifest,
    routeModules: { ...modules },
    criticalCss: undefined,
    serverHandoffString: "{}",
    future,
    isSpaMode,
    renderMeta: {},
    serializeError: (error: Error) => ({ message: error.message }),
    staticHandlerContext: {
      basename: "/",
      location: { pathname: "/shop", search: "", hash: "", state: null, key: "default" },
      matches: [
        { params: {}, pathname: "/", pathnameBase: "/", route: { id: "root" } },
        { params: {}, pathname: "/shop", pathnameBase: "/shop", route: { id: "routes/shop" } },
      ],
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    },
  };
}

describe("RemixServer's routes, kept per route manifest (patched @remix-run/react, CommonJS build)", () => {
  const builtWith = new WeakMap<object, Args>();
  let built: Args[];
  let used: unknown[];
  beforeEach(() => {
    built = [];
    used = [];
    const createServerRoutes = routesModule.createServerRoutes;
    vi.spyOn(routesModule, "createServerRoutes").mockImplementation((...args: unknown[]) => {
      const routes = createServerRoutes(...args) as object;
      const [m, routeModules, future, isSpaMode] = args as [unknown, Modules, object, boolean];
      built.push({ manifestRoutes: m, routeModules, future, isSpaMode });
      builtWith.set(routes, built.at(-1)!);
      return routes;
    });
    const createStaticRouter = staticServer.createStaticRouter;
    vi.spyOn(staticServer, "createStaticRouter").mockImplementation((...args: unknown[]) => {
      used.push(args[0]);
      return createStaticRouter(...args);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** Renders one document and checks the routes it used were built from that document's own inputs. */
  function render(context: ReturnType<typeof contextFor>) {
    const html = renderToString(h(RemixServer, { context: context as never, url: "http://store.test/shop" }));
    const from = builtWith.get(used.at(-1) as object);
    expect(from, "the routes came from createServerRoutes").toBeDefined();
    expect(from!.manifestRoutes).toBe(manifestRoutes);
    expect(from!.future).toBe(context.future);
    expect(from!.isSpaMode).toBe(context.isSpaMode);
    for (const id of Object.keys(manifestRoutes)) expect(from!.routeModules[id], id).toBe(context.routeModules[id as keyof Modules]);
    return html;
  }

  it("builds once for documents with the same modules, flags and mode", () => {
    const modules = { root: { default: Root }, "routes/shop": { default: shopSaying("fresh milk") } };
    // A manifest seen before (an earlier test) may already be cached: start from other flags so this one builds.
    render(contextFor(modules, { future: { ...FLAGS } }));
    built.length = 0;
    const first = render(contextFor(modules));
    const second = render(contextFor(modules));
    expect(first).toContain("<p>fresh milk</p>");
    expect(second).toBe(first);
    expect(built).toHaveLength(1);
    expect(used[2]).toBe(used[1]);
  });

  it("builds new routes when a route's module object changes, and renders the new module", () => {
    const modules = { root: { default: Root }, "routes/shop": { default: shopSaying("fresh milk") } };
    expect(render(contextFor(modules))).toContain("<p>fresh milk</p>");
    const reloaded = { ...modules, "routes/shop": { default: shopSaying("fresh bread") } };
    const html = render(contextFor(reloaded));
    expect(html).toContain("<p>fresh bread</p>");
    expect(html).not.toContain("fresh milk");
    expect(used.at(-1)).not.toBe(used.at(-2));
    // Back to the first module: its routes again, not the reloaded one's.
    expect(render(contextFor(modules))).toContain("<p>fresh milk</p>");
  });

  it("builds new routes for other future flags and back, with the flags passed in", () => {
    const modules = { root: { default: Root }, "routes/shop": { default: shopSaying("fresh milk") } };
    const other = { ...FLAGS, v3_singleFetch: false, v3_relativeSplatPath: false };
    render(contextFor(modules));
    render(contextFor(modules, { future: other }));
    expect(built.at(-1)!.future).toBe(other);
    render(contextFor(modules));
    expect(built.at(-1)!.future).toBe(FLAGS);
  });

  it("builds new routes when SPA mode changes, and renders as that mode renders", () => {
    const modules = { root: { default: Root }, "routes/shop": { default: shopSaying("fresh milk") } };
    const server = render(contextFor(modules));
    expect(server).toContain("<p>fresh milk</p>");
    const spa = render(contextFor(modules, { isSpaMode: true }));
    expect(spa).not.toContain("fresh milk");
    expect(render(contextFor(modules))).toBe(server);
  });
});

describe("the patched serverRoutesFor of each build, against a stand-in createServerRoutes", () => {
  const remixRoot = path.dirname(remixDist);
  for (const [file, call] of [
    ["dist/server.js", "routes.createServerRoutes("],
    ["dist/esm/server.js", "createServerRoutes("],
  ] as const) {
    it(`${file}: reuses routes only for the same manifest, modules, future object and SPA flag`, () => {
      const source = readFileSync(path.join(remixRoot, file), "utf8");
      const start = source.indexOf("const serverRoutesCache = new WeakMap();");
      const end = source.indexOf("\n}\n", source.indexOf("function serverRoutesFor(")) + 3;
      expect(start, "the patch's cache is in the file").toBeGreaterThan(-1);
      const body = source.slice(start, end);
      expect(body).toContain(call);
      const builds: unknown[][] = [];
      const createServerRoutes = (...args: unknown[]) => (builds.push(args), { routes: builds.length });
      const serverRoutesFor = new Function("routes", "createServerRoutes", `${body}\nreturn serverRoutesFor;`)({ createServerRoutes }, createServerRoutes) as (
        m: object,
        modules: object,
        future: object,
        spa: boolean,
      ) => unknown;

      const m = {};
      const a = { default: () => null };
      const b = { default: () => null };
      const future = { v3_singleFetch: true };
      const first = serverRoutesFor(m, { root: a }, future, false);
      expect(serverRoutesFor(m, { root: a }, future, false)).toBe(first); // a new object holding the same modules
      expect(builds).toHaveLength(1);
      const m2 = {};
      const other = { v3_singleFetch: false };
      const cases: Array<[string, unknown[]]> = [
        ["another module for a route id", [m, { root: b }, future, false]],
        ["one more route module", [m, { root: a, other: b }, future, false]],
        ["another future object", [m, { root: a }, other, false]],
        ["SPA mode", [m, { root: a }, future, true]],
        ["another manifest", [m2, { root: a }, future, false]],
      ];
      for (const [what, args] of cases) {
        serverRoutesFor(m, { root: a }, future, false); // back to the first inputs
        const before = builds.length;
        const routes = (serverRoutesFor as (...args: unknown[]) => unknown)(...args);
        expect(builds.length, what).toBe(before + 1);
        expect(builds.at(-1), what).toEqual(args); // built from exactly the inputs passed in
        expect(routes, what).toEqual({ routes: builds.length });
      }
    });
  }
});
