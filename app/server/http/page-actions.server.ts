/**
 * The page actions' side of `handleApi` (api.server.ts): a step that may be refused with a
 * Refusal (rate limit, wrong code, a stale save, an upload too large) is run through `attempt`,
 * and the action answers it on the next line with `refused` (the form comes back with the reason)
 * or a redirect with the reason as a toast. Every answer that is not a redirect is an
 * `ActionAnswer` (app/lib/action-answer.ts). Anything else thrown (a redirect, a bug) goes on to
 * Remix as before; a Refusal that escapes is the error page (`pageAction`).
 */
import type { Submission } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ActionAnswer, NoExtra } from "~/lib/action-answer";
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
function refusalInit(error: Refusal) {
  return { status: error.status, headers: error.headers };
}

/** A page action's answer that refuses nothing: `{ ok: true, message?, ...extra }` (200 unless told). */
export function answered<Extra extends object = NoExtra>(extra: Extra & { message?: string } = {} as Extra, init?: ResponseInit) {
  return data({ ...extra, ok: true as const } satisfies ActionAnswer<Extra>, init);
}

/**
 * A page action's refusal: `{ ok: false, error: { message, fields }, ...extra }` with the Refusal's
 * status and headers. For a conform form (`submission`), also its `result`: the reason on the fields
 * the Refusal names, otherwise on the form; `hideFields` (passwords) are not sent back.
 */
export function refused<Extra extends object = NoExtra>(
  error: Refusal,
  { submission, hideFields, extra }: { submission?: Submission<unknown>; hideFields?: string[]; extra?: Extra } = {},
) {
  const result = submission?.reply(error.fields ? { fieldErrors: error.fields, hideFields } : { formErrors: [error.message], hideFields });
  const answer = { ...(extra as Extra), ok: false as const, error: { message: error.message, fields: error.fields }, ...(result ? { result } : {}) };
  return data(answer satisfies ActionAnswer<Extra>, refusalInit(error));
}

/** A conform form whose input did not parse (400): the refusal is its own errors, in `result`. */
export function invalid<Extra extends object = NoExtra>(submission: Submission<unknown>, { hideFields, extra }: { hideFields?: string[]; extra?: Extra } = {}) {
  const result = submission.reply({ hideFields });
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result.error ?? {})) if (messages?.length) fields[name] = messages;
  const message = Object.values(fields).flat()[0] ?? "Check the form";
  const answer = { ...(extra as Extra), ok: false as const, error: { message, fields }, result };
  return data(answer satisfies ActionAnswer<Extra>, { status: 400 });
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
