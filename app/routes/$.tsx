import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError } from "~/utils/api.server";

/** Anything no other route matches: a JSON 404 under /api, else the root error boundary's 404 page. */
function notFound(request: Request) {
  if (new URL(request.url).pathname.startsWith("/api/")) return apiError("No such API endpoint", 404);
  throw new Response("No route matches URL", { status: 404, statusText: "Not Found" });
}

export function loader({ request }: LoaderFunctionArgs) {
  return notFound(request);
}

export function action({ request }: LoaderFunctionArgs) {
  return notFound(request);
}

export default function NotFound() {
  return null;
}
