/**
 * The one way the store refuses a request: a 4xx status, a message a shopper or admin can act on,
 * and optionally the fields it is about, headers (a rate limit's Retry-After, a 405's Allow) and
 * what a client needs to recover (the current version after a 409). Every server module throws it
 * (never a bare Response); two adapters answer it: `handleApi` (app/server/http/api.server.ts) as
 * the /api JSON envelope, and `attempt` / `refused` / `pageAction` (app/server/http/page-actions.server.ts)
 * as a page action's `ActionAnswer` or the page's error page.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

export interface RefusalDetails {
  /** Messages per form field (the field's name in the page form and the /api body). */
  fields?: Record<string, string[]>;
  headers?: HeadersInit;
  /** Sent to /api clients as `data`. */
  data?: unknown;
}

export class Refusal extends Error {
  readonly fields?: Record<string, string[]>;
  readonly headers?: HeadersInit;
  readonly data?: unknown;

  constructor(
    message: string,
    readonly status: RefusalStatus,
    { fields, headers, data }: RefusalDetails = {},
  ) {
    super(message);
    this.name = "Refusal";
    this.fields = fields;
    this.headers = headers;
    this.data = data;
  }
}
