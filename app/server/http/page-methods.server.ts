/**
 * The methods a page (non-/api) URL takes, for the 405s the worker answers.
 *
 * Page routes take GET and HEAD, and POST when the route the form posts to has an action; nothing
 * else (page actions read their form with `readFormData`, which accepts POST only). Remix answers
 * any other method with 405 itself, but without `Allow`, and its router's error went to the log
 * with a stack each time: anyone could flood the log with `OPTIONS /`. The worker answers those
 * methods itself (`methodNotAllowedPage`), and adds `Allow` to the 405 Remix still gives a POST to
 * a route without an action (whose log entry `handleError` in entry.server.tsx leaves out).
 *
 * The route tree is derived once from the server build (plain data, the same for every request).
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";

/** The methods any page route may take; the rest are refused before Remix runs. */
export const PAGE_METHODS: readonly string[] = ["GET", "HEAD", "POST"];

/** What is read of the server build: its flat route manifest. */
interface BuildRoutes {
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: { action?: unknown } }>;
}

export interface PageRoutes {
  tree: AgnosticRouteObject[];
  withAction: Set<string>;
}

/** The build's routes as a tree for `matchRoutes`, and which of them have an action. */
export function pageRoutes(build: BuildRoutes): PageRoutes {
  const byParent = new Map<string, BuildRoutes["routes"][string][]>();
  for (const route of Object.values(build.routes)) {
    const parent = route.parentId ?? "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  const children = (parentId: string): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) },
    );
  const withAction = new Set(
    Object.values(build.routes)
      .filter((r) => typeof r.module.action === "function")
      .map((r) => r.id),
  );
  return { tree: children(""), withAction };
}

/**
 * The methods `url` takes, as Remix routes a submission: a single-fetch `.data` URL is its page's
 * (`/_root.data` is `/`), and an index route takes the POST only with `?index`, else its parent does.
 */
export function allowedPageMethods(routes: PageRoutes, url: URL): string[] {
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const matches = matchRoutes(routes.tree, pathname) ?? [];
  let target = matches.at(-1);
  if (target?.route.index && !url.searchParams.getAll("index").some((v) => v === "")) target = matches.at(-2);
  return target?.route.id && routes.withAction.has(target.route.id) ? [...PAGE_METHODS] : ["GET", "HEAD"];
}

/** A 405 for a method no page route takes, naming the ones this URL does. */
export function methodNotAllowedPage(method: string, allowed: readonly string[]): Response {
  return new Response(`Method ${method.slice(0, 20)} is not allowed here; use ${allowed.join(", ")}.`, {
    status: 405,
    headers: { Allow: allowed.join(", "), "Content-Type": "text/plain; charset=utf-8" },
  });
}
