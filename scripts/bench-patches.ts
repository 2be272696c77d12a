/**
 * `NODE_ENV=production npx tsx --conditions=worker scripts/bench-patches.ts` (after `npm run build`):
 * what each dependency patch in patches/ is worth, in Node, against the same package with its patch
 * taken off (a copy under node_modules/.cache/bench-patches, made with `patch -R`). Each case runs
 * patched and unpatched in alternating rounds and prints the median time per operation of each side.
 * These are CPU costs of the patched code paths in isolation, not of a request: see decision 016 for
 * what share of a request each path was in a profile. Options (env): BENCH_ROUNDS (default 7).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h, type ReactNode } from "react";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(path.join(root, "package.json"));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const cache = path.join(root, "node_modules/.cache/bench-patches");

/** The package's directory with its patch reversed (package names as in patches/). */
function unpatched(pkg: string, patchFile: string): string {
  const dir = path.join(cache, "node_modules", pkg);
  if (!existsSync(dir)) {
    mkdirSync(path.dirname(dir), { recursive: true });
    cpSync(path.join(root, "node_modules", pkg), dir, { recursive: true });
    execFileSync("patch", ["-R", "-p1", "-s", "-d", cache, "-i", path.join(root, "patches", patchFile)]);
  }
  return dir;
}

/** Median microseconds per call of each side, alternating rounds of `n` calls. */
async function compare(name: string, n: number, sides: Record<"patched" | "unpatched", () => unknown | Promise<unknown>>) {
  const times: Record<string, number[]> = { patched: [], unpatched: [] };
  for (const side of ["patched", "unpatched"] as const) for (let i = 0; i < Math.min(n, 50); i++) await sides[side](); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? (["unpatched", "patched"] as const) : (["patched", "unpatched"] as const)) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < n; i++) await sides[side]();
      times[side].push(Number(process.hrtime.bigint() - start) / 1e3 / n);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const [p, u] = [median(times.patched), median(times.unpatched)];
  console.log(`${name}: patched ${p.toFixed(1)} µs, unpatched ${u.toFixed(1)} µs (${((p / u - 1) * 100).toFixed(0)} %)`);
}

// The app's real route manifest (86 routes), from the server build.
const build: any = await import(path.join(root, "build/server/index.js"));
const manifestRoutes: Record<string, any> = build.routes;
function routeTree(parentId?: string): any[] {
  return Object.values(manifestRoutes)
    .filter((r) => r.parentId === parentId)
    .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: routeTree(r.id) }));
}

async function reactDom() {
  const file = "cjs/react-dom-server.browser.production.min.js";
  const patched = require(path.join(root, "node_modules/react-dom", file));
  const plain = require(path.join(unpatched("react-dom", "react-dom+18.3.1.patch"), file));
  // A page shaped like home: 14 rows of 6 cards, each card a dozen elements with attributes and text.
  const card = (i: number) =>
    h("article", { key: i, className: "card", "data-product": `p${i}` }, [
      h("img", { key: "i", src: `/images/p/${i}-320.webp`, alt: `Fresh item ${i}`, width: 160, height: 160, loading: "lazy" }),
      h("span", { key: "b", className: "badge" }, "10 min"),
      h("a", { key: "a", className: "card-name", href: `/product/fresh-item-${i}`, "data-client-link": "" }, `Fresh item ${i} — 500 g`),
      h("span", { key: "u", className: "card-unit" }, "500 g"),
      h("span", { key: "p", className: "card-price price" }, `₹${i * 3}.00`, h("s", null, `₹${i * 4}.00`)),
      h("button", { key: "c", type: "submit", form: "cart-add", name: "productId", value: `p${i}`, className: "btn-add" }, "Add"),
    ]);
  const page = (): ReactNode =>
    h(
      "main",
      null,
      Array.from({ length: 14 }, (_, r) =>
        h("section", { key: r, "aria-label": `Row ${r}` }, [h("h2", { key: "h" }, `Row ${r}`), ...Array.from({ length: 6 }, (_, c) => card(r * 6 + c))]),
      ),
    );
  const render = (server: any) => async () => new Response(await server.renderToReadableStream(page())).arrayBuffer();
  await compare("react-dom: render a home-like page (84 cards) to one buffer", 100, { patched: render(patched), unpatched: render(plain) });
}

async function router() {
  const patched = require(path.join(root, "node_modules/@remix-run/router/dist/router.cjs.js"));
  const plain = require(path.join(unpatched("@remix-run/router", "@remix-run+router+1.23.3.patch"), "dist/router.cjs.js"));
  const tree = routeTree();
  await compare("@remix-run/router: matchRoutes('/') on the same 86-route tree", 2000, {
    patched: () => patched.matchRoutes(tree, "/"),
    unpatched: () => plain.matchRoutes(tree, "/"),
  });
  await compare("@remix-run/router: matchRoutes('/') on a new tree of the same routes", 300, {
    patched: () => patched.matchRoutes(routeTree(), "/"),
    unpatched: () => plain.matchRoutes(routeTree(), "/"),
  });
}

async function staticRoutes() {
  // RemixServer's per-document route work: createServerRoutes (@remix-run/react), createStaticRouter
  // (react-router-dom) and matching the static router's routes, as its render does.
  const remix = path.join(root, "node_modules/@remix-run/react/dist");
  const plainDom = unpatched("react-router-dom", "react-router-dom+6.30.4.patch");
  const { createServerRoutes } = require(path.join(remix, "routes.js"));
  const source = require("node:fs").readFileSync(path.join(remix, "server.js"), "utf8") as string;
  const body = source.slice(source.indexOf("const serverRoutesCache"), source.indexOf("\n}\n", source.indexOf("function serverRoutesFor(")) + 3);
  const serverRoutesFor = new Function("routes", `${body}\nreturn serverRoutesFor;`)({ createServerRoutes });
  const dom = require(path.join(root, "node_modules/react-router-dom/server.js"));
  const domPlain = require(path.join(plainDom, "server.js"));
  const { matchRoutes } = require(path.join(root, "node_modules/@remix-run/router/dist/router.cjs.js"));
  const modules = Object.fromEntries(Object.keys(manifestRoutes).map((id) => [id, build.routes[id].module]));
  const future = build.future;
  const context = {
    basename: "/",
    location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
    matches: [
      { params: {}, pathname: "/", pathnameBase: "/", route: { id: "root" } },
      { params: {}, pathname: "/", pathnameBase: "/", route: { id: "routes/_index" } },
    ],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  };
  const per = (routesFor: () => any, staticRouter: any) => () => {
    const router = staticRouter.createStaticRouter(routesFor(), context, { future: { v7_partialHydration: true } });
    return matchRoutes(router.routes, "/");
  };
  // Unpatched, RemixServer calls createServerRoutes for every document (the patch adds only the cache).
  await compare("@remix-run/react + react-router-dom: a document's routes, static router and match", 300, {
    patched: per(() => serverRoutesFor(manifestRoutes, { ...modules }, future, false), dom),
    unpatched: per(() => createServerRoutes(manifestRoutes, { ...modules }, future, false), domPlain),
  });
}

async function drizzle() {
  const load = (dir: string) => ({
    core: require(path.join(dir, "sqlite-core/index.cjs")),
    orm: require(path.join(dir, "index.cjs")),
  });
  const sides = { patched: load(path.join(root, "node_modules/drizzle-orm")), unpatched: load(unpatched("drizzle-orm", "drizzle-orm+0.45.4.patch")) };
  const query = ({ core, orm }: ReturnType<typeof load>) => {
    const products = core.sqliteTable("products", {
      id: core.text("id").primaryKey(),
      name: core.text("name").notNull(),
      unit: core.text("unit"),
      price: core.integer("price").notNull(),
      discount: core.integer("discount").notNull(),
      createdAt: core.integer("created_at"),
    });
    const links = core.sqliteTable("product_categories", { productId: core.text("product_id"), categoryId: core.text("category_id") });
    const stock = core.sqliteTable("store_stock", { productId: core.text("product_id"), storeId: core.text("store_id"), stock: core.integer("stock") });
    return () => {
      const qb = new core.QueryBuilder();
      const inStock = qb.select({ productId: stock.productId, stock: stock.stock }).from(stock).where(orm.eq(stock.storeId, "s1")).as("in_stock");
      return qb
        .select({ id: products.id, name: products.name, unit: products.unit, price: products.price, discount: products.discount, stock: inStock.stock })
        .from(products)
        .innerJoin(links, orm.eq(links.productId, products.id))
        .leftJoin(inStock, orm.eq(inStock.productId, products.id))
        .where(orm.and(orm.eq(links.categoryId, "c1"), orm.gt(products.price, 0)))
        .orderBy(orm.desc(products.createdAt), products.id)
        .limit(24)
        .offset(0)
        .toSQL();
    };
  };
  await compare("drizzle-orm: build a listing-like select with a stock subquery (toSQL)", 2000, {
    patched: query(sides.patched),
    unpatched: query(sides.unpatched),
  });
}

rmSync(cache, { recursive: true, force: true });
console.log(`Node ${process.version}, NODE_ENV=${process.env.NODE_ENV}, ${ROUNDS} alternating rounds, median per call`);
await reactDom();
await router();
await staticRoutes();
await drizzle();
