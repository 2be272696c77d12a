import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { getSettings } from "~/server/platform/env.server";
import { NonceContext } from "~/lib/nonce";
import { fetchScriptsAfterPaint } from "~/server/http/scripts-after-paint.server";
import { applySecurityHeaders, newNonce } from "~/server/http/security.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);
  let didError = false;
  // One nonce per response: the CSP allows only inline scripts that carry it (Remix's own, and
  // React's streaming ones through the `nonce` option).
  const nonce = newNonce();

  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        didError = true;
        if (!controller.signal.aborted) console.error(error);
      },
    },
  );

  // Documents are sent complete: a deferred boundary streamed after the shell is revealed by an
  // inline script, which a shopper without JavaScript never runs (decision 008). Deferred data
  // still streams into client-side navigations, behind skeletons.
  await body.allReady;
  clearTimeout(timeoutId);
  // Complete anyway, so sent as one piece with a known length. Our react-dom patch already encodes
  // a flush as one chunk (React 18 alone writes 512-byte chunks, each crossing into the runtime and
  // its compressor on its own); reading it here keeps that true should the patch go (decision 016).
  // Built, its JavaScript is fetched once it has painted (scripts-after-paint.server.ts); under
  // Vite's dev server, at once, as Remix asks (React checks attributes in development).
  const rendered = await new Response(body).text();
  const html = import.meta.env.DEV ? rendered : fetchScriptsAfterPaint(rendered);

  const env = loadContext.cloudflare.env;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const settings = getSettings(env);
  const origin = settings.PUBLIC_ORIGIN ?? new URL(request.url).origin;
  applySecurityHeaders(responseHeaders, { nonce, isDev: settings.isDev, viteDev: import.meta.env.DEV, origin });
  return new Response(html, {
    headers: responseHeaders,
    status: didError ? 500 : responseStatusCode,
  });
}

/**
 * What Remix reports from loaders, actions and rendering goes to the log, as by default, except
 * the router's own refusals of a request (4xx: a method a route does not take, no such route):
 * those are the client's doing, answered with their status, and one per request would let anyone
 * flood the log. The worker answers most of them before Remix runs
 * (page-methods.server.ts); a POST to a page without an action still arrives here.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Remix's default logs the router's underlying error (with its stack) when there is one.
  const internal = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(internal ?? error);
};
