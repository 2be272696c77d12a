import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Cloudflare } from "./app/server/platform/bindings";
import { corsClientOrigin } from "./app/server/http/cors.server";
import { getSettings } from "./app/server/platform/env.server";
import { carriedBookmark, openRequestD1 } from "./app/server/db/d1-session.server";

/**
 * Built per request: Workers only hand us `env` and `ctx` inside a request. Reads may be shared
 * between the loaders of a GET; a POST runs an action first, so its loaders must read afresh.
 * Each request gets one D1 session, started from the visitor's bookmark when it carries one
 * (decision 026). The types it fills (`Env`, `AppLoadContext`) live in app/server/platform/bindings.ts.
 */
export async function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): Promise<AppLoadContext> {
  const reading = request.method === "GET" || request.method === "HEAD";
  const corsClient = corsClientOrigin(request, getSettings(context.cloudflare.env));
  const loadContext: AppLoadContext = { cloudflare: context.cloudflare, corsClient, ...(reading ? { memo: {} } : {}) };
  loadContext.d1 = openRequestD1(context.cloudflare.env.DB, request, await carriedBookmark(request, loadContext));
  return loadContext;
}
