/**
 * Calls the Worker entry itself (its default export, not SELF) with a changed env, as a deploy with
 * those settings would run: a secret never set, a rate-limit binding not declared, another secret.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import type { Env } from "../../app/server/platform/bindings";
import { api, randomIp } from "../workers/api-client";
import { BASE } from "../workers/fixtures";

/** A strong secret of the test's own (32+ characters). */
export const STRONG_SECRET = "a-strong-secret-for-the-deploy-tests-0123456789";

/** This project's env with `changes` applied; `undefined` removes a key altogether. */
export function envWith(changes: Record<string, unknown>): Env {
  const copy: Record<string, unknown> = { ...env };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete copy[key];
    else copy[key] = value;
  }
  return copy as unknown as Env;
}

export async function fetchWorker(changes: Record<string, unknown>, path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${BASE}${path}`, init), envWith(changes), ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Runs the cron handler with a changed env; resolves to the error it threw, or null. */
export async function runCron(changes: Record<string, unknown>): Promise<Error | null> {
  const ctx = createExecutionContext();
  try {
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), envWith(changes), ctx);
    return null;
  } catch (error) {
    return error as Error;
  } finally {
    await waitOnExecutionContext(ctx);
  }
}

/** A fresh shopper (registered through the test env's own worker) to sign in as. */
export async function freshAccount(): Promise<{ id: string; email: string; password: string }> {
  const email = `deploy${Date.now()}${Math.random().toString(16).slice(2, 8)}@example.com`;
  const password = "Deploy@12345";
  const res = await api("/api/user/register", {
    method: "POST",
    body: { name: "Deploy Check", email, password, confirmPassword: password },
    headers: { "CF-Connecting-IP": randomIp() },
  });
  if (res.status >= 300) throw new Error(`register failed: ${res.status}`);
  const row = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
  return { id: row!.id, email, password };
}

/** What a sign-in of this user adds: session rows and refresh tokens. */
export async function signInRows(userId: string): Promise<{ sessions: number; refreshTokens: number }> {
  const row = await env.DB.prepare(
    `select (select count(*) from sessions where user_id = ?1) as sessions,
            (select count(*) from refresh_tokens where user_id = ?1) as refreshTokens`,
  )
    .bind(userId)
    .first<{ sessions: number; refreshTokens: number }>();
  return row!;
}
