/**
 * Exact fixed-window rate limits per account, client or email: counters in D1, taken atomically
 * before the work they guard (`takeSlots`). The per-IP limiter is platform/rate-limit.server.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { rateLimitCounters } from "~/db/schema";
import { RateLimited } from "~/server/platform/rate-limit.server";
import { type Database, getDb } from "./db.server";

/** A fixed-window counter: at most `max` slots per `windowMs`, kept in D1 under `key`. */
export interface CounterWindow {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * One statement that takes a slot in a window and returns the count: 1..max means granted,
 * max + 1 means refused. The count saturates at max + 1, so refused tries never count (and never
 * lengthen anything); a new window starts once the old one has ended. With `gates`, the slot is
 * taken only if each gate (taken earlier in the same batch) granted its slot; otherwise the
 * statement changes nothing and returns no row.
 */
function takeSlotStatement(db: Database, window: CounterWindow, now: number, gates: CounterWindow[]) {
  const { key, count, resetAt } = rateLimitCounters;
  const newWindow = { key: window.key, count: 1, resetAt: now + window.windowMs };
  const slot = {
    target: key,
    set: {
      count: sql`case when ${resetAt} <= ${now} then 1 when ${count} <= ${window.max} then ${count} + 1 else ${count} end`,
      resetAt: sql`case when ${resetAt} <= ${now} then excluded.${sql.identifier(resetAt.name)} else ${resetAt} end`,
    },
  };
  const taken = { count, resetAt };
  const [first, ...others] = gates;
  if (!first) return db.insert(rateLimitCounters).values(newWindow).onConflictDoUpdate(slot).returning(taken);
  // Gated: the new row is selected from the first gate's counter row (there since the gate was taken
  // earlier in this batch), and only while every gate's count is within its max.
  const within = (gate: CounterWindow) => sql`(select ${count} from ${rateLimitCounters} where ${key} = ${gate.key}) <= ${gate.max}`;
  return db
    .insert(rateLimitCounters)
    .select(
      db
        .select({
          key: sql`${newWindow.key}`.as("key"),
          count: sql`${newWindow.count}`.as("count"),
          resetAt: sql`${newWindow.resetAt}`.as("reset_at"),
        })
        .from(rateLimitCounters)
        .where(and(eq(key, first.key), lte(count, first.max), ...others.map(within))),
    )
    .onConflictDoUpdate(slot)
    .returning(taken);
}

/**
 * Takes a slot in every window, in order, in one atomic batch (each only if all before it granted
 * theirs). Returns the RateLimited answer of the first window that refused, or null when all granted.
 * Parallel callers cannot overtake each other: the count is decided in SQL before any work.
 */
export async function takeSlots(context: AppLoadContext, windows: CounterWindow[]): Promise<RateLimited | null> {
  const db = getDb(context);
  const now = Date.now();
  const [head, ...rest] = windows.map((window, i) => takeSlotStatement(db, window, now, windows.slice(0, i)));
  if (!head) return null;
  const results = await db.batch([head, ...rest]);
  for (const [i, window] of windows.entries()) {
    const row = results[i]?.[0];
    if (!row) return new RateLimited(60); // unreachable: an earlier window refused and returned first
    if (row.count > window.max) return new RateLimited(Math.max(1, Math.ceil((row.resetAt - now) / 1000)));
  }
  return null;
}

/** Gives back one granted slot (a try that turned out legitimate). */
export async function refundSlot(context: AppLoadContext, window: CounterWindow) {
  const { key, count, resetAt } = rateLimitCounters;
  await getDb(context)
    .update(rateLimitCounters)
    .set({ count: sql`max(min(${count}, ${window.max}) - 1, 0)` })
    .where(and(eq(key, window.key), gt(resetAt, Date.now())));
}

export async function clearCounters(context: AppLoadContext, keys: string[]) {
  if (!keys.length) return;
  await getDb(context).delete(rateLimitCounters).where(inArray(rateLimitCounters.key, keys));
}
