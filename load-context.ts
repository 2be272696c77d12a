import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { corsClientOrigin } from "./app/utils/cors.server";
import { getSettings } from "./app/utils/env.server";

/** Bindings and vars declared in wrangler.toml (and secrets from .dev.vars / wrangler secret). */
export interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  ASSETS?: Fetcher;
  LOGIN_LIMITER?: RateLimit;
  UPLOAD_LIMITER?: RateLimit;
  ENVIRONMENT?: string;
  SESSION_SECRET?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  BENCH?: string;
  /** Comma-separated origins of other front ends allowed to call /api with credentials (CORS). */
  CORS_ORIGINS?: string;
  /** The store's public URL (scheme://host[:port]) when a proxy in front rewrites Host. */
  PUBLIC_ORIGIN?: string;
}

type Cloudflare = Omit<PlatformProxy<Env>, "dispose" | "caches" | "cf"> & {
  caches?: unknown;
  cf?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Per-request memo: answers several loaders of one request ask for (see visitor.server.ts). */
    memo?: { visitor?: Promise<unknown> };
    /** Set only by the Worker's `scheduled` handler: lets it run the internal cron routes. */
    cron?: boolean;
    /**
     * The origin of a front end listed in CORS_ORIGINS when this `/api` request comes from it: the
     * cookies set for it are `SameSite=None; Secure`, or its browser would not send them back.
     */
    corsClient?: string | null;
  }
}

/**
 * Built per request: Workers only hand us `env` and `ctx` inside a request. Reads may be shared
 * between the loaders of a GET; a POST runs an action first, so its loaders must read afresh.
 */
export function getLoadContext({
  request,
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
}): AppLoadContext {
  const reading = request.method === "GET" || request.method === "HEAD";
  const corsClient = corsClientOrigin(request, getSettings(context.cloudflare.env));
  return { cloudflare: context.cloudflare, corsClient, ...(reading ? { memo: {} } : {}) };
}
