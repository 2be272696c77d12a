/** Headers every HTML response carries (ARCHITECTURE.md "Security baseline"). */

/** A fresh CSP nonce: 16 random bytes, base64 (one per response). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

export interface CspOptions {
  /** The response's nonce: the only inline scripts that run are Remix's, which carry it. */
  nonce: string;
  /** Local development settings (ENVIRONMENT is not production): the fake Stripe and ports on 127.0.0.1. */
  isDev: boolean;
  /**
   * The Vite dev server (`npm run dev`, never a build): its HMR client and React Refresh preamble are
   * inline scripts without our nonce, so there and only there script-src falls back to
   * 'unsafe-inline' (a nonce in the list would make browsers ignore it).
   */
  viteDev?: boolean;
  /**
   * The page's own origin (PUBLIC_ORIGIN behind a proxy): its WebSocket form is listed in
   * connect-src for the live channels (decision 028), as not every browser reads 'self' as ws(s).
   */
  origin?: string;
}

function contentSecurityPolicy({ nonce, isDev, viteDev = false, origin }: CspOptions): string {
  const local = " http://127.0.0.1:* http://localhost:*";
  const live = origin ? ` ${origin.replace(/^http/, "ws")}` : "";
  return [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    // Stripe Checkout is a redirect, not an embed: no third-party script at all.
    // 'wasm-unsafe-eval' lets the pick page's barcode ponyfill compile its WebAssembly (decision 042);
    // it allows no JavaScript eval. On every page: a client-side visit keeps the first page's policy.
    viteDev ? "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'" : `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`,
    `connect-src 'self'${live}${isDev || viteDev ? ` ws:${local}` : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action 'self' https://checkout.stripe.com${isDev ? local : ""}`,
    "object-src 'none'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, csp: CspOptions) {
  headers.set("Content-Security-Policy", contentSecurityPolicy(csp));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
}

/**
 * A copy of a page from the edge cache, given a nonce of its own: the CSP header and every element
 * that carries the old nonce (only Remix's and React's scripts do: it was unknown to anyone when the
 * page was rendered) get a fresh one, so no two responses share a nonce even when one render serves
 * many visitors. Anything without a nonce is left alone.
 */
export function renewNonce(response: Response): Response {
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  const old = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  if (!old) return response;
  const nonce = newNonce();
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", csp.replace(`'nonce-${old}'`, `'nonce-${nonce}'`));
  const renewed = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  return new HTMLRewriter()
    .on(`[nonce="${old}"]`, {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(renewed);
}
