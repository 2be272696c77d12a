/**
 * Issue 28 item 9b: under `npm start` an answer given before a request's body was read came back
 * as wrangler's 503 "Your worker restarted mid-request" (its dev proxy's pipe to the worker broken):
 * POST /login with a JSON body (415, refused on a `request.clone()` that teed the body) in about a
 * quarter of tries, and a body found too large while counting (413, then cancelled) nearly always.
 * Runs the real `npm start` script (existing build, its own state, free port) and requires the
 * store's own answer every time.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const state = mkdtempSync(path.join(os.tmpdir(), "store-early-"));
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "1", SKIP_BUILD: "1" };
let child: ChildProcess | undefined;
let base = "";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
  });
}

/** Process groups of the server `npm start` started for this state (the guard's: wrangler, workerd). */
function serverGroups(): number[] {
  const out = execFileSync("ps", ["-eo", "pgid=,args="], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line.includes("wrangler dev") && line.includes(`--persist-to ${state}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

beforeAll(async () => {
  if (!existsSync(path.join(root, "build", "server", "index.js"))) throw new Error("No build: run `npm run build` first (npm test does).");
  // A migrated state with one category: start's seed step keeps it (no catalogue is needed here).
  const wrangler = (...args: string[]) => promisify(execFile)("npx", ["wrangler", "d1", ...args, "--local", "--persist-to", state], { cwd: root, env });
  await wrangler("migrations", "apply", "DB");
  await wrangler("execute", "DB", "--command", "insert into categories (id, name) values ('0123456789abcdef01234567', 'Process test')");
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...env, PORT: String(port), STATE_DIR: state },
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 100_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start ended early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not answer /ping:\n${output}`);
    if (
      await fetch(`${base}/ping`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 300));
  }
});

afterAll(() => {
  const groups = [...(child?.pid ? [child.pid] : []), ...serverGroups()];
  for (const group of groups) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
  rmSync(state, { recursive: true, force: true });
});

/** A body sent as a stream (no Content-Length) of `size` bytes in 16 KB chunks. */
function streamed(size: number, text = "a=") {
  const chunk = new TextEncoder().encode(text + "x".repeat(16 * 1024 - text.length));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

async function statusOf(path: string, init: RequestInit): Promise<string> {
  try {
    const res = await fetch(`${base}${path}`, { method: "POST", ...init, headers: { Origin: base, ...(init.headers as Record<string, string>) } });
    const text = await res.text();
    return res.status === 503 ? `503 ${text.slice(0, 40)}` : String(res.status);
  } catch (error) {
    return `network error ${(error as Error & { cause?: { code?: string } }).cause?.code ?? error}`;
  }
}

const tally = (answers: string[]) => answers.reduce<Record<string, number>>((t, a) => ({ ...t, [a]: (t[a] ?? 0) + 1 }), {});

describe("answers given before the body is read, under `npm start`", () => {
  it("POST /login with a JSON body is 415 every time, also right after a burst of parallel logins", async () => {
    const answers: string[] = [];
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          statusOf("/login", {
            headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `10.28.${round}.${i}` },
            body: new URLSearchParams({ email: `nobody${i}@example.com`, password: "Wrong@123456" }),
          }),
        ),
      );
      for (let i = 0; i < 6; i++) {
        answers.push(
          await statusOf("/login", {
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: "a@example.com", password: "x".repeat(100) }),
          }),
        );
      }
    }
    expect(tally(answers)).toEqual({ 415: 24 });
  });

  it("a 2 MB JSON body to /login is 415, a form streamed past the limit is 413, and so is JSON to /api", async () => {
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(2_000_000) });
    const login: string[] = [];
    const form: string[] = [];
    const api: string[] = [];
    for (let i = 0; i < 6; i++) {
      login.push(await statusOf("/login", { headers: { "Content-Type": "application/json" }, body: big }));
      form.push(
        await statusOf("/register", {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: streamed(2_000_000),
          duplex: "half",
        } as RequestInit),
      );
      api.push(
        await statusOf("/api/user/login", {
          headers: { "Content-Type": "application/json" },
          body: streamed(2_000_000, '{"a":"'),
          duplex: "half",
        } as RequestInit),
      );
    }
    expect({ login: tally(login), form: tally(form), api: tally(api) }).toEqual({ login: { 415: 6 }, form: { 413: 6 }, api: { 413: 6 } });
  });
});
