/**
 * The one 404 a page route throws from a loader or action: the root error boundary renders it as the
 * not-found page. `message` is the response body (what a non-HTML client reads).
 */
export function notFound(message = "No route matches URL"): never {
  throw new Response(message, { status: 404, statusText: "Not Found" });
}
