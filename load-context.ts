import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Cloudflare } from "./app/server/platform/bindings";
import { corsClientOrigin } from "./app/server/http/cors.server";
import { getSettings } from "./app/server/platform/env.server";

/**
 * Built per request: Workers only hand us `env` and `ctx` inside a request. Reads may be shared
 * between the loaders of a GET; a POST runs an action first, so its loaders must read afresh.
 * The types it fills (`Env`, `AppLoadContext`) live in app/server/platform/bindings.ts.
 */
export function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  const reading = request.method === "GET" || request.method === "HEAD";
  const corsClient = corsClientOrigin(request, getSettings(context.cloudflare.env));
  return { cloudflare: context.cloudflare, corsClient, ...(reading ? { memo: {} } : {}) };
}
