/**
 * The "Notify me" bench row (decision 032): the admin's save that brings a product back in stock
 * ("Units received" on the product page, a plain form post) with nobody waiting and with 10,000
 * shoppers waiting at that store, and how long the queue then takes to mail all 10,000 (locally
 * the mails are kept in the dev mailbox). The save must not grow with the subscribers: the trigger
 * records one restock row and the fan-out runs in the queue after the answer.
 *
 * `benchNotify(base, persistTo)` is not called with the main bench's state (it writes 50,000
 * requests); `tsx scripts/bench-notify.ts` seeds its own state (small seed), adds the waiting
 * shoppers with SQL before serving, serves the built worker as `npm start` does (development:
 * the dev mailbox) and prints the row. Env: BENCH_NOTIFY_SAMPLES (5 products each way).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, killGroup, migrate, root, seed, serve, waitForServer, wranglerEnv } from "./local-store";

const SAMPLES = Number(process.env.BENCH_NOTIFY_SAMPLES ?? 5);
const WAITING = 10_000;

function d1(persistTo: string, command: string): unknown[] {
  const out = execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", command], {
    cwd: root,
    env: { ...process.env, ...wranglerEnv },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(out) as { results: unknown[] }[])[0]?.results ?? [];
}

/** Picks 2 × SAMPLES products, sold out at the default store; the first half gets 10,000 waiting each. */
function prepareSubscribers(persistTo: string) {
  const rows = d1(persistTo, `select id from products order by id limit ${2 * SAMPLES}`) as { id: string }[];
  const store = (d1(persistTo, "select id from stores where is_default = 1") as { id: string }[])[0].id;
  const ids = rows.map((r) => r.id);
  d1(persistTo, `update store_stock set stock = 0 where store_id = '${store}' and product_id in (${ids.map((id) => `'${id}'`).join(", ")})`);
  for (const id of ids.slice(0, SAMPLES)) {
    d1(
      persistTo,
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${WAITING})
       insert into notify_requests (id, subscriber, email, product_id, store_id, origin)
       select lower(hex(randomblob(12))), 'e:bench' || i || '.${id.slice(0, 6)}@example.com', 'bench' || i || '.${id.slice(0, 6)}@example.com', '${id}', '${store}', 'http://127.0.0.1'
       from n`,
    );
    d1(
      persistTo,
      `insert into notify_emails (email, verified_at) select 'bench' || i || '.${id.slice(0, 6)}@example.com', 1 from (with recursive n(i) as (select 1 union all select i + 1 from n where i < ${WAITING}) select i from n)`,
    );
  }
  return { store, withWaiting: ids.slice(0, SAMPLES), without: ids.slice(SAMPLES) };
}

async function adminCookie(base: string) {
  const res = await fetch(`${base}/api/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "Admin@12345" }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!res.ok || !cookie) throw new Error(`bench-notify: admin login answered ${res.status}`);
  return cookie.split(";")[0];
}

/** One "Units received: +5" save, timed end to end. */
async function timedSave(base: string, cookie: string, store: string, productId: string) {
  const body = new URLSearchParams({ intent: "add-store-stock", id: productId, store, delta: "5" });
  const started = performance.now();
  const res = await fetch(`${base}/dashboard/product?dialog=edit-product&id=${productId}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 303) throw new Error(`bench-notify: the save answered ${res.status}`);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchNotify(base: string, plan: ReturnType<typeof prepareSubscribers>): Promise<string> {
  const cookie = await adminCookie(base);
  // Interleaved, so both see the same minute of the machine's load; the first save of each warms up.
  await timedSave(base, cookie, plan.store, plan.without[0]);
  const without: number[] = [];
  const withWaiting: number[] = [];
  const started = performance.now();
  for (let i = 0; i < SAMPLES; i++) {
    if (i > 0) without.push(await timedSave(base, cookie, plan.store, plan.without[i]));
    withWaiting.push(await timedSave(base, cookie, plan.store, plan.withWaiting[i]));
  }
  // The queue's work: every request of the first product mailed (closed), read from the store's
  // admin page (its "most wanted" lists open requests per product; the state is the server's own).
  const first = plan.withWaiting[0];
  let open = WAITING;
  while (open > 0 && performance.now() - started < 600_000) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const html = await (await fetch(`${base}/dashboard/stores/${plan.store}`, { headers: { Cookie: cookie } })).text();
    const row = html.split("<tr").find((r) => r.includes(first));
    open = row ? Number(/<td>(\d+)<\/td>/.exec(row)?.[1] ?? 0) : 0;
  }
  const drainedS = ((performance.now() - started) / 1000).toFixed(0);
  return [
    `admin save bringing a product back ("Units received" +5), median of ${SAMPLES - 1} / ${SAMPLES}:`,
    `  nobody waiting:        ${median(without).toFixed(0)} ms  (${without.map((v) => v.toFixed(0)).join(", ")})`,
    `  ${WAITING.toLocaleString("en")} waiting:        ${median(withWaiting).toFixed(0)} ms  (${withWaiting.map((v) => v.toFixed(0)).join(", ")})`,
    `  queue: ${open === 0 ? `all ${WAITING.toLocaleString("en")} of the first product mailed ${drainedS} s after the first save` : `${open} still open after ${drainedS} s`} (${SAMPLES} products × ${WAITING.toLocaleString("en")} queued at once)`,
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = await freePort();
  const persistTo = path.join(root, ".state", "bench-notify");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  await seed(persistTo);
  const plan = prepareSubscribers(persistTo);
  const server = serve({ port, persistTo, vars: { ENVIRONMENT: "development" }, stdio: process.env.BENCH_NOTIFY_VERBOSE ? "inherit" : "ignore" });
  try {
    await waitForServer(`http://127.0.0.1:${port}/ping`);
    console.log(await benchNotify(`http://127.0.0.1:${port}`, plan));
  } finally {
    killGroup(server.pid);
  }
}
