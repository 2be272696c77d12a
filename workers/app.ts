import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build is produced by `remix vite:build` before wrangler bundles this file.
// @ts-ignore - generated at build time
import * as build from "../build/server";
import { varyOnCookie } from "../app/utils/http-cache.server";
import { crossOriginRefusal, isCrossOriginWrite } from "../app/utils/origin-check.server";
import { getLoadContext, type Env } from "../load-context";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (isCrossOriginWrite(request)) return crossOriginRefusal(request);
    const loadContext = getLoadContext({
      request,
      context: {
        cloudflare: {
          env,
          ctx: { waitUntil: ctx.waitUntil.bind(ctx), passThroughOnException: ctx.passThroughOnException.bind(ctx) },
          cf: request.cf,
          caches,
        } as never,
      },
    });
    return varyOnCookie(request, await handleRemixRequest(request, loadContext));
  },
} satisfies ExportedHandler<Env>;
