/**
 * The one way to write an `/api` resource route: the method, who may call it and the JSON body's
 * schema are declared; the factory checks them in that order (405, then 401/403, then 413/415/400)
 * and hands the handler the caller and the parsed body. Every refusal thrown on the way (or by the
 * handler) becomes the JSON envelope through `handleApi`.
 *
 *   export const loader = () => methodNotAllowed("PUT");
 *   export const action = apiAction({ method: "PUT", auth: "user", body: schema }, async ({ user, body }) => …);
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type * as z from "zod";
import { requireApiAdmin, requireApiUser, type SessionUser } from "~/server/identity/auth.server";
import { assertMethod, handleApi, readJson } from "~/server/http/api.server";

/** Who may call: anyone, a signed-in user (401 otherwise) or an admin (401 / 403 otherwise). */
type Auth = "anyone" | "user" | "admin";
type Caller<A extends Auth> = A extends "anyone" ? null : SessionUser;

interface ApiArgs<A extends Auth> {
  request: Request;
  context: AppLoadContext;
  user: Caller<A>;
}

async function caller<A extends Auth>(auth: A, request: Request, context: AppLoadContext): Promise<Caller<A>> {
  if (auth === "user") return (await requireApiUser(request, context)) as Caller<A>;
  if (auth === "admin") return (await requireApiAdmin(request, context)) as Caller<A>;
  return null as Caller<A>;
}

type WriteMethod = "POST" | "PUT" | "DELETE";

/**
 * A route's action: POST, PUT or DELETE (or several, e.g. POST and DELETE of one resource: the
 * handler reads `request.method`) with an optional JSON body read by `body` (the page form's schema).
 */
export function apiAction<A extends Auth, S extends z.ZodType = z.ZodUndefined>(
  spec: { method: WriteMethod | WriteMethod[]; auth: A; body?: S },
  handler: (args: ApiArgs<A> & { body: z.output<S> }) => Promise<Response>,
) {
  return ({ request, context }: ActionFunctionArgs) =>
    handleApi(async () => {
      assertMethod(request, ...[spec.method].flat());
      const user = await caller(spec.auth, request, context);
      const body = (spec.body ? await readJson(request, spec.body) : undefined) as z.output<S>;
      return handler({ request, context, user, body });
    });
}

/** A route's loader: GET (and HEAD) for `auth`; the handler reads its own query string. */
export function apiLoader<A extends Auth>(spec: { auth: A }, handler: (args: ApiArgs<A>) => Promise<Response>) {
  return ({ request, context }: LoaderFunctionArgs) => handleApi(async () => handler({ request, context, user: await caller(spec.auth, request, context) }));
}
