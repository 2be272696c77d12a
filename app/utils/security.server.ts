/** Headers every HTML response carries (ARCHITECTURE.md "Security baseline"). */
export function applySecurityHeaders(headers: Headers, isDev: boolean) {
  const csp = [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    // Remix inlines its hydration scripts; Stripe Checkout is a redirect, not an embed.
    "script-src 'self' 'unsafe-inline'",
    `connect-src 'self'${isDev ? " ws: http://localhost:* http://127.0.0.1:*" : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https://checkout.stripe.com" + (isDev ? " http://127.0.0.1:* http://localhost:*" : ""),
    "object-src 'none'",
  ].join("; ");
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
}
