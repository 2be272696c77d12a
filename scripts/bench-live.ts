/**
 * The live-update bench row (decision 028): how long from an admin's status change to the shopper's
 * open order page receiving the notice over its WebSocket. A shopper connects to
 * `/live/order/:id` as the order page does; an admin moves the order placed → packed → ready → out
 * for delivery → delivered through `/api/order/admin/update-status`; each sample is the time from
 * sending the move to the notice arriving, next to the move's own response time. Locally, against
 * the built worker under wrangler (Durable Objects in workerd), so the figures are relative.
 *
 * `benchLive(base)` is called by scripts/bench.ts; `tsx scripts/bench-live.ts` serves its own
 * worker (small seed, production settings) and prints the same row. Env: BENCH_LIVE_ORDERS (10).
 *
 * The client is a minimal WebSocket over node:http (Node 20 has no global WebSocket): it reads the
 * server's unmasked text frames, which is all the channel sends.
 */
import { request as httpRequest } from "node:http";
import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { rmSync } from "node:fs";
import path from "node:path";
import { freePort, killGroup, migrate, root, seed, serve, waitForServer } from "./local-store";

const STEPS = ["packed", "ready", "out_for_delivery", "delivered"] as const;

async function json(base: string, pathname: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "Content-Type": "application/json", ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { data: any; message: string };
  if (!res.ok) throw new Error(`bench-live: ${pathname} answered ${res.status}: ${body.message}`);
  return body.data;
}

const login = async (base: string, email: string, password: string) =>
  (await json(base, "/api/user/login", { body: { email, password } })).accesstoken as string;

/** Opens a WebSocket; `onText` gets each text frame with the time it arrived. */
function openSocket(url: string, token: string, onText: (text: string, at: number) => void): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
        Authorization: `Bearer ${token}`,
      },
    });
    req.on("upgrade", (_res, socket) => {
      let buffer = Buffer.alloc(0);
      socket.on("data", (chunk: Buffer) => {
        const at = performance.now();
        buffer = Buffer.concat([buffer, chunk]);
        while (buffer.length >= 2) {
          let length = buffer[1] & 0x7f;
          let offset = 2;
          if (length === 126) {
            if (buffer.length < 4) return;
            length = buffer.readUInt16BE(2);
            offset = 4;
          } else if (length === 127) {
            if (buffer.length < 10) return;
            length = Number(buffer.readBigUInt64BE(2));
            offset = 10;
          }
          if (buffer.length < offset + length) return;
          if ((buffer[0] & 0x0f) === 1) onText(buffer.subarray(offset, offset + length).toString("utf8"), at);
          buffer = buffer.subarray(offset + length);
        }
      });
      resolve(socket);
    });
    req.on("response", (res) => reject(new Error(`bench-live: no upgrade, HTTP ${res.statusCode}`)));
    req.on("error", reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchLive(base: string): Promise<string> {
  const orders = Number(process.env.BENCH_LIVE_ORDERS ?? 10);
  const admin = await login(base, "admin@example.com", "Admin@12345");
  const email = `live-bench-${Date.now()}@example.com`;
  const password = "Bench@12345";
  await json(base, "/api/user/register", { body: { name: "Live Bench", email, password, confirmPassword: password } });
  const shopper = await login(base, email, password);
  const address = await json(base, "/api/address/create", {
    token: shopper,
    body: { address_line: "12 MG Road, Indiranagar", city: "Bengaluru", state: "Karnataka", country: "India", pincode: "560038", mobile: "9876501234" },
  });
  const products = ((await json(base, "/api/product/get", { body: {} })) as { _id: string; stock: number }[]).filter((p) => p.stock > 0);

  const toNotice: number[] = [];
  const toResponse: number[] = [];
  for (let i = 0; i < orders; i++) {
    const order = await json(base, "/api/order/cash-on-delivery", {
      token: shopper,
      body: { list_items: [{ productId: products[i % products.length]._id, quantity: 1 }], addressId: address._id },
    });
    const waiting = new Map<string, (at: number) => void>();
    const socket = await openSocket(`${base}/live/order/${order._id}`, shopper, (text, at) => {
      const notice = JSON.parse(text) as { status: string };
      waiting.get(notice.status)?.(at);
    });
    for (const status of STEPS) {
      const arrived = new Promise<number>((resolve) => waiting.set(status, resolve));
      const sent = performance.now();
      await json(base, "/api/order/admin/update-status", { token: admin, body: { _id: order._id, status } });
      toResponse.push(performance.now() - sent);
      const timeout = new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`bench-live: no notice for ${status} in 5 s`)), 5000).unref());
      toNotice.push((await Promise.race([arrived, timeout])) - sent);
    }
    socket.destroy();
  }
  const row = (name: string, samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return `| ${name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} |`;
  };
  return [
    "| live update | samples | p50 ms | p95 ms |",
    "| --- | --- | --- | --- |",
    row("status change → shopper's page notified", toNotice),
    row("(the move's own response)", toResponse),
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = await freePort();
  const persistTo = path.join(root, ".state", "bench-live");
  rmSync(persistTo, { recursive: true, force: true });
  migrate(persistTo);
  await seed(persistTo);
  const server = serve({
    port,
    persistTo,
    vars: { ENVIRONMENT: "production", SESSION_SECRET: "bench-secret-not-for-production-use", PUBLIC_ORIGIN: `http://127.0.0.1:${port}` },
    stdio: "ignore",
  });
  try {
    await waitForServer(`http://127.0.0.1:${port}/ping`);
    console.log(await benchLive(`http://127.0.0.1:${port}`));
  } finally {
    killGroup(server.pid);
  }
}
