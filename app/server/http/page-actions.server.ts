/**
 * The page actions' side of `handleApi` (api.server.ts): a step that may be refused with an
 * Refusal (rate limit, wrong code, a stale save, an upload too large) is run through `attempt`,
 * and the action answers the refusal its own way on the next line. Anything else thrown (a
 * Response, a redirect, a bug) goes on to Remix as before.
 */
import type { Submission } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Refusal } from "~/lib/refusal";

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: Refusal };

/** Runs one step of a page action: its value, or the Refusal that refused it. */
export async function attempt<T>(step: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await step() };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error };
    throw error;
  }
}

/** The refusal's status and headers (a rate limit's Retry-After), for the page's own reply. */
export function refusalInit(error: Refusal) {
  return { status: error.status, headers: error.headers };
}

/** The page adapter for a plain form (no conform): the refusal as its `formError`, with its status and headers. */
export function refusedAction(error: Refusal) {
  return data({ formError: error.message }, refusalInit(error));
}

/**
 * A conform form the server refused: the reason on the fields the Refusal names, otherwise on the
 * form, as `{ result, ...extra }` with the refusal's status and headers. `hideFields` are not sent back.
 */
export function refusedForm<Extra extends Record<string, unknown> = Record<never, never>>(
  submission: Submission<unknown>,
  error: Refusal,
  { hideFields, extra }: { hideFields?: string[]; extra?: Extra } = {},
) {
  const errors = error.fields ? { fieldErrors: error.fields } : { formErrors: [error.message] };
  return data({ result: submission.reply({ ...errors, hideFields }), ...(extra as Extra) }, refusalInit(error));
}

/** A Refusal as the page's error page: its status, headers and message (the root ErrorBoundary shows it). */
function refusalPage(error: Refusal): Response {
  const headers = new Headers(error.headers);
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(error.message, { status: error.status, headers });
}

/** Runs a page loader or action, answering a Refusal that escapes it with `refusalPage`; anything else goes on unchanged. */
function answeringRefusals<Args, Result>(run: (args: Args) => Promise<Result>) {
  return async (args: Args): Promise<Result> => {
    try {
      return await run(args);
    } catch (error) {
      if (error instanceof Refusal) throw refusalPage(error);
      throw error;
    }
  };
}

/**
 * Every page route's action: a Refusal that escapes it (a step not run through `attempt`, a form
 * `readFormData` refuses, a permission `requireAdminAction` refuses) is answered with its status and
 * message as the route's error page instead of becoming a 500. Anything else thrown (a redirect, a
 * bug) goes on to Remix unchanged.
 */
export function pageAction<Result>(action: (args: ActionFunctionArgs) => Promise<Result>) {
  return answeringRefusals(action);
}

/** The same for a page loader whose refusals are the page itself (the invoice: 404, 409). */
export function pageLoader<Result>(loader: (args: LoaderFunctionArgs) => Promise<Result>) {
  return answeringRefusals(loader);
}
