/**
 * Issue 28 item 9c: `npm run dev` (remix vite:dev, the README's HMR server) served every image with
 * 500: the R2 read passed `onlyIf: request.headers`, a Headers object that cannot cross the dev
 * proxy to local R2. Starts the real dev server on a free port with its own state (STATE_DIR, as
 * `npm start` takes it) holding one seeded image, stored as the seed stores it, and fetches it.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const state = mkdtempSync(path.join(os.tmpdir(), "store-dev-"));
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "1" };
const IMAGE = "apple.webp";
let child: ChildProcess | undefined;
let base = "";
let output = "";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
  });
}

beforeAll(async () => {
  // The seed's own key and type for a catalogue picture (scripts/seed-lib.ts), in this test's state only.
  await promisify(execFile)(
    "npx",
    [
      "wrangler",
      "r2",
      "object",
      "put",
      `grocery-store-images/seed/${IMAGE}`,
      "--file",
      `seed/images/${IMAGE}`,
      "--content-type",
      "image/webp",
      "--local",
      "--persist-to",
      state,
    ],
    { cwd: root, env },
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn("npx", ["remix", "vite:dev", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...env, STATE_DIR: state },
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 100_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`remix vite:dev ended early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`remix vite:dev did not answer:\n${output}`);
    if (
      await fetch(`${base}/ping`).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 300));
  }
});

afterAll(() => {
  try {
    if (child?.pid) process.kill(-child.pid, "SIGKILL");
  } catch {
    /* already gone */
  }
  rmSync(state, { recursive: true, force: true });
});

describe("`npm run dev` serves the seeded pictures", () => {
  it("GET /images/seed/… is 200 image/webp with the file's bytes, and a conditional GET for it is 304", async () => {
    const res = await fetch(`${base}/images/seed/${IMAGE}`);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(res.status, output.slice(-2000)).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(Buffer.from(body).equals(readFileSync(path.join(root, "seed", "images", IMAGE)))).toBe(true);
    const etag = res.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);

    const again = await fetch(`${base}/images/seed/${IMAGE}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await fetch(`${base}/images/seed/${IMAGE}`, { headers: { "If-None-Match": '"other"' } }).then((r) => r.status)).toBe(200);
    expect(await fetch(`${base}/images/seed/missing.webp`).then((r) => r.status)).toBe(404);
  });
});
