/**
 * What the Worker is given: the bindings and vars declared in wrangler.toml (and secrets from
 * .dev.vars / `wrangler secret`), and the load context every loader and action receives. Types
 * only; `load-context.ts` at the top builds the context per request from these.
 */
import type { PlatformProxy } from "wrangler";

export interface Env {
  DB: D1Database;
  IMAGES: R2Bucket;
  ASSETS?: Fetcher;
  /** Per-IP limit on the forms anyone may send: login, registration, reset codes, "Notify me". */
  PUBLIC_FORM_LIMITER?: RateLimit;
  /** Per-IP limit on image uploads. */
  UPLOAD_LIMITER?: RateLimit;
  /** The live channels' Durable Objects (decision 028); absent under `npm run dev`, where pages poll. */
  LIVE?: DurableObjectNamespace;
  /** The invoice PDF worker (workers/invoice, decision 031); absent under `npm run dev`. */
  INVOICE_PDF?: Fetcher;
  /**
   * "Notify me" deliveries (decision 032): restocks fanned out to one message per waiting request,
   * consumed by this same Worker's `queue` handler. Absent under `npm run dev`: delivered inline.
   */
  NOTIFY_QUEUE?: Queue<unknown>;
  /**
   * Order notices over Web Push (decision 037): one message per order move, sent to the shopper's
   * subscriptions by this same Worker's `queue` handler. Absent under `npm run dev`: sent inline, in waitUntil.
   */
  PUSH_QUEUE?: Queue<unknown>;
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
  /** Web Push (decision 037): all three or none; outside production a development pair is used. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
}

/**
 * Where a request's D1 session starts (db/d1-session.server.ts opens it). This type and `RequestD1`
 * live here, beside the load context that carries them, so that platform imports nothing above it.
 */
export type SessionStart = "first-primary" | "first-unconstrained" | `bookmark:${string}`;

/** What a request's load context holds for D1: the one session, where it started, whether it wrote. */
export interface RequestD1 {
  /** The session, seen as a binding (what Drizzle and hand-written SQL expect: prepare and batch). */
  db: D1Database;
  start: SessionStart;
  /** A statement other than a plain SELECT was prepared on it. */
  wrote: boolean;
  /** The session's latest bookmark (null before its first query, or without the Sessions API). */
  bookmark: () => string | null;
  /** May this request leave a bookmark for the visitor's next reads (a write of theirs)? */
  leavesBookmark: boolean;
}

export type Cloudflare = Omit<PlatformProxy<Env>, "dispose" | "caches" | "cf"> & {
  caches?: unknown;
  cf?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Per-request memo: answers several loaders of one request ask for (see visitor.server.ts). */
    memo?: { visitor?: Promise<unknown>; guestCart?: Promise<unknown> };
    /** Set only by the Worker's `scheduled` handler: lets it run the internal cron routes. */
    cron?: boolean;
    /**
     * The origin of a front end listed in CORS_ORIGINS when this `/api` request comes from it: the
     * cookies set for it are `SameSite=None; Secure`, or its browser would not send them back.
     */
    corsClient?: string | null;
    /**
     * This request's one D1 session (read replicas, bookmarks: d1-session.server.ts). `getDb` and
     * `getD1` use it; a context built without it (a test, a script) uses the binding itself.
     */
    d1?: RequestD1;
  }
}
