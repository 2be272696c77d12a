/**
 * The one shape a page action answers with when it does not redirect (docs/architecture.md "How a
 * request is refused"): `ok`, and when refused the `error` (the message for the form, and messages
 * per field when it is about fields). A conform form also gets its `result` (conform's `lastResult`:
 * the typed values kept, the errors on their fields). Anything the page needs to draw the form again
 * (a draft with its images, the intent that opened a dialog, a created token) rides along beside.
 *
 * Built on the server by `answered` / `refused` / `invalid` (app/server/http/page-actions.server.ts);
 * read by components with `answerMessage` / `answerErrors` / `fieldMessages`.
 */
import type { SubmissionResult } from "@conform-to/react";

/** No fields beside the answer's own (`{}` vanishes from an intersection, so a plain answer stays a plain object type). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type NoExtra = {};

interface AnswerError {
  message: string;
  /** Messages per form field, by the field's name. */
  fields?: Record<string, string[]>;
}

export type ActionAnswer<Extra extends object = NoExtra> = Extra &
  ({ ok: true; message?: string; error?: undefined } | { ok: false; message?: undefined; error: AnswerError }) & { result?: SubmissionResult<string[]> };

type Answer = { ok: boolean; message?: string; error?: AnswerError };

/** The answer's message, done or refused (a fetcher's toast), or null before any answer. */
export function answerMessage(answer: Answer | null | undefined): string | null {
  if (!answer) return null;
  return (answer.ok ? answer.message : answer.error?.message) ?? null;
}

/** The refusal's message as FormErrors takes it, or null when the answer is not a refusal. */
export function answerErrors(answer: Answer | null | undefined): string[] | null {
  return answer && !answer.ok && answer.error ? [answer.error.message] : null;
}

/** The first message of each field, for forms that show one per field (`_` is the form's own). */
export function fieldMessages(answer: Answer | null | undefined): Record<string, string> {
  const fields = answer && !answer.ok ? answer.error?.fields : undefined;
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, messages]) => [name, messages[0]]));
}
