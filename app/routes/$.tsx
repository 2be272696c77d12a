import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

/** Anything no other route matches: a real 404 rendered by the root error boundary. */
export function loader(_: LoaderFunctionArgs) {
  throw new Response("No route matches URL", { status: 404, statusText: "Not Found" });
}

export function action() {
  throw new Response("No route matches URL", { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
