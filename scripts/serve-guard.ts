/**
 * `node --import tsx scripts/serve-guard.ts <command> [args…]`: runs the command (`wrangler dev`)
 * inside this process's group and takes the whole group down with it: when the command ends, when
 * the group is told to stop (SIGTERM, SIGINT, SIGHUP), and when the process that started us goes
 * away in any way at all (exit, crash, SIGKILL), which reads here as end of file on our stdin, a
 * pipe from it. serve() in local-store.ts starts it detached, as the leader of a new group.
 * Why: killing `npx wrangler` alone leaves workerd holding the port (STACK.md 8).
 */
import { spawn } from "node:child_process";

const GRACE_MS = 3_000;
const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error("serve-guard: no command given");

const server = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
let stopping = false;

/** SIGTERM to the group, then SIGKILL to whatever is left (this guard included). */
function stopGroup() {
  if (stopping) return;
  stopping = true;
  signalGroup("SIGTERM");
  const force = () => signalGroup("SIGKILL");
  server.once("exit", force);
  setTimeout(force, GRACE_MS);
}

function signalGroup(signal: NodeJS.Signals) {
  try {
    process.kill(-process.pid, signal);
  } catch {
    /* the group is gone */
  }
}

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, stopGroup);
process.stdin.on("end", stopGroup);
process.stdin.on("error", stopGroup);
process.stdin.resume();
server.on("exit", (code, signal) => {
  if (stopping) return;
  // The server ended by itself (port taken, crash): leave nothing of it behind, report its code.
  stopping = true;
  console.error(`serve-guard: ${command} exited (${signal ?? code})`);
  try {
    process.kill(-process.pid, "SIGKILL");
  } catch {
    /* nothing left */
  }
});
