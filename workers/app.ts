import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build is produced by `remix vite:build` before wrangler bundles this file.
// A build exists only after `remix vite:build`; typecheck runs before it too, so no @ts-expect-error.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- see above
// @ts-ignore - generated at build time
import * as build from "../build/server";
import type { Env } from "../app/server/platform/bindings";
import type { NotifyMessage } from "../app/server/notify/delivery.server";
import type { PushMessage } from "../app/server/push/send.server";
import type * as Wiring from "./wiring";

// The app's modules come from the server build, which carries them anyway (workers/wiring.ts).
const {
  imageOrigin,
  withAbsoluteImageUrls,
  isApiPath,
  preflightResponse,
  withCors,
  withEdgeCache,
  withBookmarkCookie,
  getSettings,
  misconfiguredResponse,
  settingsProblems,
  cacheHeaders,
  allowedPageMethods,
  methodNotAllowedPage,
  PAGE_METHODS,
  pageRoutes,
  asSentToPublicOrigin,
  crossOriginRefusal,
  isCrossOriginWrite,
  renewNonce,
  withD1ServerTiming,
  locationCacheVariant,
  flaggedRestocks,
  searchUpkeep,
  getLoadContext,
  handleLive,
  isLivePath,
  consumeNotifyBatch,
  handOnRestocks,
  notifyUpkeep,
  consumePushBatch,
  LiveChannel,
} = (build as unknown as { wiring: typeof Wiring }).wiring;

export { LiveChannel };

/** The PUSH_QUEUE's queue name in wrangler.toml: its batches are order notices. */
const PUSH_QUEUE_NAME = "grocery-store-push";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);
/** This build's asset manifest version: edge-cache entries are kept per release (edge-cache.server.ts). */
const release = (build as unknown as ServerBuild).assets.version;
/** The build's page routes and which take a POST (for 405s and their Allow): plain data, built once. */
const routes = pageRoutes(build as unknown as ServerBuild);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // Production without its secret or rate limiters refuses everything (decision 012).
    const problems = settingsProblems(env);
    if (problems.length) {
      console.error(`refusing to serve: ${problems.join("; ")}`);
      return misconfiguredResponse(problems);
    }
    const settings = getSettings(env);
    const url = new URL(request.url);
    const api = isApiPath(url.pathname);
    // Other front ends (decision 015): preflights on every /api path, CORS headers and (with
    // PUBLIC_ORIGIN) absolute image URLs on every /api answer; pages are untouched.
    if (api && request.method === "OPTIONS") return cacheHeaders(request, preflightResponse(request, settings));
    const respond = async (response: Response) => {
      const headed = withCors(request, cacheHeaders(request, withAllow(response)), settings);
      const images = imageOrigin(settings.PUBLIC_ORIGIN);
      return api && images ? withAbsoluteImageUrls(headed, images) : headed;
    };
    /** Remix's own 405 (a POST to a page without an action) names no methods: it gets `Allow`. */
    const withAllow = (response: Response) => {
      if (api || response.status !== 405 || response.headers.has("Allow")) return response;
      const named = new Response(response.body, response);
      named.headers.set("Allow", allowedPageMethods(routes, url).join(", "));
      return named;
    };
    if (isCrossOriginWrite(request, settings)) return respond(crossOriginRefusal(request));
    // OPTIONS, PATCH and the like on a page: 405 with Allow here, not a router error per request
    // in the log (page-methods.server.ts).
    if (!api && !PAGE_METHODS.includes(request.method)) return respond(methodNotAllowedPage(request.method, allowedPageMethods(routes, url)));
    const remixRequest = asSentToPublicOrigin(request, settings);
    const loadContext = await contextFor(remixRequest, env, ctx);
    // The live channels (decision 028): a WebSocket upgrade passed on untouched, never cached.
    if (isLivePath(url.pathname)) return handleLive(request, loadContext);
    // Anonymous catalogue pages come from the data centre's cache in production (decision 007);
    // every response's Cache-Control is settled by `cacheHeaders` (private unless public and anonymous).
    const edgeCache = settings.isDev ? undefined : (caches as unknown as { default: Cache }).default;
    const response = await withEdgeCache(
      request,
      edgeCache,
      (p) => ctx.waitUntil(p),
      // Under BENCH=1, D1's cost for this request (pages, data requests and /api alike). A write
      // leaves its D1 bookmark in a cookie for the visitor's next reads (decision 026).
      async () => respond(withD1ServerTiming(await withBookmarkCookie(await handleRemixRequest(remixRequest, loadContext), loadContext), loadContext)),
      renewNonce,
      // Keyed by the verified delivery location: store and pincode, never a person (decision 020).
      (cacheable) => locationCacheVariant(cacheable.headers.get("Cookie"), loadContext),
      release,
    );
    // "Notify me" (decision 032): restocks this request's stock write recorded and claimed in its own
    // batch go to the queue once it has answered. Other requests flagged none and query nothing.
    const restocks = flaggedRestocks(loadContext);
    if (restocks.length) ctx.waitUntil(handOnRestocks(loadContext, restocks));
    return response;
  },

  /**
   * Cron (`[triggers]` in wrangler.toml): release online orders whose Checkout Session expired
   * without a webhook. It runs as a request to an internal route that answers 404 to anyone else.
   * Then search's upkeep (popularity hourly, the index's merges: decision 025), which runs even
   * when the sweep failed; either failure fails the run.
   */
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    const problems = settingsProblems(env);
    if (problems.length) throw new Error(`cron sweep refused: ${problems.join("; ")}`);
    const request = new Request("http://cron.internal/cron/release-reservations", { method: "POST" });
    const context = { ...(await contextFor(request, env, ctx)), cron: true };
    const response = await handleRemixRequest(request, context);
    const swept = response.ok ? null : `cron sweep failed: HTTP ${response.status} ${await response.text()}`;
    if (!swept) console.log("cron sweep", await response.text());
    try {
      console.log("search upkeep", JSON.stringify(await searchUpkeep(context, controller.scheduledTime)));
    } catch (error) {
      throw new Error(`search upkeep failed${swept ? ` (and ${swept})` : ""}: ${error instanceof Error ? error.message : String(error)}`);
    }
    // "Notify me": expiry after 90 days, stale claims, old restock rows pruned, restocks left pending
    // handed on (an expired checkout's returned units were recorded by the sweep above; a cancelled
    // order's by its batch, which does not hand them on itself).
    try {
      console.log("notify upkeep", JSON.stringify(await notifyUpkeep(context, controller.scheduledTime)));
    } catch (error) {
      console.error("notify upkeep failed", error);
    }
    if (swept) throw new Error(swept);
  },

  /**
   * The queues: "Notify me" (decision 032: fan a restock out, or mail one waiting shopper) and
   * order notices over Web Push (decision 037: one order move to the shopper's browsers).
   */
  async queue(batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext): Promise<void> {
    const context = await contextFor(new Request("http://queue.internal/notify", { method: "POST" }), env, ctx);
    if (batch.queue === PUSH_QUEUE_NAME) return consumePushBatch(context, batch as MessageBatch<PushMessage>);
    await consumeNotifyBatch(context, batch as MessageBatch<NotifyMessage>);
  },
} satisfies ExportedHandler<Env>;

function contextFor(request: Request, env: Env, ctx: ExecutionContext) {
  return getLoadContext({
    request,
    context: {
      cloudflare: {
        env,
        ctx: { waitUntil: ctx.waitUntil.bind(ctx), passThroughOnException: ctx.passThroughOnException.bind(ctx) },
        // Read on demand: reading `request.cf` makes the runtime build it from its JSON, and no
        // page needs it (decision 016); likewise `caches`.
        get cf() {
          return request.cf;
        },
        get caches() {
          return caches;
        },
      } as never,
    },
  });
}
