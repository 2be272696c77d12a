import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError } from "~/server/http/api.server";
import { notFound } from "~/server/http/not-found.server";

/** Anything no other route matches: a JSON 404 under /api, else the root error boundary's 404 page. */
function noRoute(request: Request) {
  if (new URL(request.url).pathname.startsWith("/api/")) return apiError("No such API endpoint", 404);
  notFound();
}

export function loader({ request }: LoaderFunctionArgs) {
  return noRoute(request);
}

export function action({ request }: LoaderFunctionArgs) {
  return noRoute(request);
}

export default function NotFound() {
  return null;
}
