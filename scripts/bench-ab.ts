/**
 * `npx tsx scripts/bench-ab.ts <other checkout>`: this checkout against another one (e.g. the
 * commit before a refactor), in one sitting. Both must have run `npm run bench` once (a build and
 * the large catalogue in `.state/bench`). The two workers are served side by side and measured in
 * alternating rounds, each target's rate divided by its own /ping of the same round, so a machine
 * busier in one minute than the next weighs on both sides alike. Prints the median ratio per side
 * and the change. Options (env): AB_ROUNDS (default 5), AB_REQUESTS (default 100 per round),
 * AB_CONCURRENCY (default 8), AB_ONLY (a substring: measure only the targets whose name contains it).
 */
import path from "node:path";
import { freePort, killGroup, root, serve, waitForServer } from "./local-store";

const ROUNDS = Number(process.env.AB_ROUNDS ?? 5);
const REQUESTS = Number(process.env.AB_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.AB_CONCURRENCY ?? 8);
const other = process.argv[2] ? path.resolve(process.argv[2]) : "";
if (!other) throw new Error("usage: npx tsx scripts/bench-ab.ts <other checkout>");

interface Side {
  name: string;
  base: string;
  cookie: string;
  paths: Record<string, string>;
}

interface Target {
  name: string;
  path: (side: Side) => string;
  method?: "POST";
  body?: unknown;
  signedIn?: boolean;
}

const slug = (n: string) =>
  n
    .replace(/[\s,&]+/g, "-")
    .replace(/[^A-Za-z0-9-]+/g, "")
    .replace(/-+/g, "-");

async function start(name: string, checkout: string): Promise<{ side: Side; pid: number | undefined }> {
  const port = await freePort();
  const { serve: serveThere } = (await import(path.join(checkout, "scripts", "local-store.ts"))) as { serve: typeof serve };
  const server = (checkout === root ? serve : serveThere)({
    port,
    persistTo: path.join(checkout, ".state", "bench"),
    vars: { BENCH: "1", ENVIRONMENT: "production", SESSION_SECRET: "bench-secret-not-for-production-use", PUBLIC_ORIGIN: `http://127.0.0.1:${port}` },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/ping`, 120_000);
  const categories = (await (await fetch(`${base}/api/category/get`)).json()) as { data: { _id: string; name: string }[] };
  const subs = (await (await fetch(`${base}/api/subcategory/get`, { method: "POST" })).json()) as {
    data: { _id: string; name: string; category: { _id: string }[] }[];
  };
  const cat = categories.data.find((c) => c.name.startsWith("Dairy")) ?? categories.data[0];
  const sub = subs.data.find((s) => s.category.some((c) => c._id === cat._id))!;
  const products = (await (await fetch(`${base}/api/product/get`, { method: "POST", body: "{}" })).json()) as { data: { _id: string; name: string }[] };
  const login = await fetch(`${base}/api/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "shopper@example.com", password: "Shopper@12345" }),
  });
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith("__session=")) ?? "").split(";")[0];
  if (!cookie) throw new Error(`${name}: demo shopper login failed (HTTP ${login.status})`);
  const paths = {
    listing: `/${slug(cat.name)}-${cat._id}/${slug(sub.name)}-${sub._id}`,
    product: `/product/${slug(products.data[0].name)}-${products.data[0]._id}`,
  };
  return { side: { name, base, cookie, paths }, pid: server.pid };
}

const allTargets: Target[] = [
  { name: "/ping", path: () => "/ping" },
  { name: "/ (home)", path: () => "/" },
  { name: "listing", path: (s) => s.paths.listing },
  { name: "product", path: (s) => s.paths.product },
  { name: "/search?q=milk", path: () => "/search?q=milk" },
  { name: "/search?q=choclate", path: () => "/search?q=choclate" },
  { name: "/ (home), signed in", path: () => "/", signedIn: true },
  { name: "listing, signed in", path: (s) => s.paths.listing, signedIn: true },
  { name: "/dashboard/myorders, signed in", path: () => "/dashboard/myorders", signedIn: true },
  { name: "POST /api/product/get", path: () => "/api/product/get", method: "POST", body: { page: 3, limit: 12 } },
  { name: "POST /api/product/search-product", path: () => "/api/product/search-product", method: "POST", body: { search: "milk", page: 1 } },
  { name: "GET /api/product/suggest?q=mil", path: () => "/api/product/suggest?q=mil" },
];
const only = process.env.AB_ONLY;
/** /ping first (every ratio's baseline), then the targets asked for. */
const targets = only ? [allTargets[0], ...allTargets.slice(1).filter((t) => t.name.includes(only))] : allTargets;

async function rate(side: Side, t: Target): Promise<number> {
  const init: RequestInit = {
    method: t.method ?? "GET",
    headers: {
      "Cache-Control": "no-cache",
      ...(t.body ? { "Content-Type": "application/json" } : {}),
      ...(t.signedIn ? { Cookie: side.cookie } : {}),
    },
    body: t.body ? JSON.stringify(t.body) : undefined,
  };
  const url = side.base + t.path(side);
  for (let i = 0; i < 5; i++) await (await fetch(url, init)).arrayBuffer();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const res = await fetch(url, init);
        await res.arrayBuffer();
        if (res.status >= 400) throw new Error(`${side.name} ${t.name}: HTTP ${res.status}`);
      }
    }),
  );
  return REQUESTS / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const before = await start("before", other);
const after = await start("after", root);
try {
  const ratios = new Map<string, { before: number[]; after: number[] }>();
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which side goes first, so neither always meets the warmer or the busier moment.
    const order = round % 2 ? [after.side, before.side] : [before.side, after.side];
    for (const side of order) {
      const ping = await rate(side, targets[0]);
      for (const t of targets.slice(1)) {
        const entry = ratios.get(t.name) ?? { before: [], after: [] };
        entry[side.name as "before" | "after"].push(ping / (await rate(side, t)));
        ratios.set(t.name, entry);
      }
    }
    console.error(`round ${round + 1}/${ROUNDS} done`);
  }
  console.log(`\n${ROUNDS} alternating rounds · ${REQUESTS} requests per target and round · concurrency ${CONCURRENCY}`);
  console.log(`before: ${other}\nafter: ${root}\n`);
  console.log("| target | ratio before | ratio after | change |");
  console.log("| --- | --- | --- | --- |");
  for (const [name, r] of ratios) {
    const b = median(r.before);
    const a = median(r.after);
    console.log(`| ${name} | ${b.toFixed(2)} | ${a.toFixed(2)} | ${(((a - b) / b) * 100).toFixed(1)} % |`);
  }
} finally {
  killGroup(before.pid);
  killGroup(after.pid);
}
