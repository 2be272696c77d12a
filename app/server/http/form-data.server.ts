/**
 * The one way a page action reads its form (ARCHITECTURE.md "Security baseline": a body that is not
 * the expected type gets a clear 4xx, never a 500). Browsers only ever send a page form as a POST
 * of `application/x-www-form-urlencoded` (or `multipart/form-data` for the forms that upload), so
 * anything else is refused before the body is parsed:
 *
 * - another method (PUT, PATCH, DELETE) → 405 with `Allow`;
 * - another or no Content-Type (JSON, text, none) → 415;
 * - a body larger than `maxBytes` (declared or actually sent) → 413;
 * - a body that does not parse (a broken multipart boundary) → 400;
 * - a field sent more than once that the form does not expect more than once → 400, so
 *   `intent=a&intent=b` cannot mean one thing to `form.get` (first) and another to
 *   `Object.fromEntries` (last).
 *
 * Refusals are thrown as `Refusal`s, like every other: `pageAction` answers them with the error page
 * (the status and the message), `handleApi` with the JSON envelope.
 *
 * An answer given while the client may still be sending must not abandon a body half-handled
 * (under `npm start` such answers came back as wrangler's 503 "Your worker restarted
 * mid-request", its dev proxy's pipe to the worker broken; and a browser still uploading when the
 * answer came showed its own network error page instead of the 413). So a refusal for the method or
 * type leaves the body untouched (the runtime discards an unread body itself), a body too large,
 * declared or counted, is read to its end and dropped (`discardBody`), never cancelled (past
 * DISCARD_MAX_BYTES it is: only abuse is that large), and a route reads its
 * body once: it passes the FormData on rather than reading a `request.clone()` (a clone tees the
 * body, and the branch nobody reads is abandoned the same way). tests/process/early-answers.test.ts.
 */

import { Refusal, type RefusalStatus } from "~/lib/refusal";

/** Text forms (address, login, cart...): far above anything a person types into them. */
const FORM_MAX_BYTES = 64 * 1024;

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

export interface FormReadOptions {
  /** Largest body accepted, in bytes (default FORM_MAX_BYTES). */
  maxBytes?: number;
  /** Also accept multipart/form-data (forms with a file input); "only" accepts nothing else. */
  multipart?: boolean | "only";
  /** Fields the form sends several times on purpose (checkbox groups, image lists). */
  repeatable?: readonly string[];
  /** The body-carrying methods accepted: page forms POST; the spec's avatar upload is a PUT. */
  methods?: readonly string[];
}

/** What is read of the request (any Request, including a clone, whose types differ in workers-types). */
type FormRequest = Pick<Request, "method" | "headers" | "body">;

function refuse(status: RefusalStatus, message: string, headers: Record<string, string> = {}): Refusal {
  return new Refusal(message, status, { headers });
}

/** `multipart/form-data; boundary=x` → `multipart/form-data` (lower case); "" when absent. */
function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

export async function readFormData(
  request: FormRequest,
  { maxBytes = FORM_MAX_BYTES, multipart = false, repeatable = [], methods = ["POST"] }: FormReadOptions = {},
): Promise<FormData> {
  if (!methods.includes(request.method)) {
    throw refuse(405, `Method ${request.method} is not allowed here: send the form with ${methods.join(" or ")}.`, {
      Allow: ["GET", "HEAD", ...methods].join(", "),
    });
  }
  const types = multipart === "only" ? [MULTIPART] : multipart ? [URLENCODED, MULTIPART] : [URLENCODED];
  const contentType = request.headers.get("Content-Type");
  if (!types.includes(mediaType(contentType))) {
    throw refuse(415, `Send this form as ${types.join(" or ")}.`);
  }
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discardBody(request);
    throw tooLarge(maxBytes);
  }
  const body = await readAtMost(request, maxBytes);

  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType! } }).formData();
  } catch {
    throw refuse(400, "The form could not be read: send it again from the page.");
  }
  const seen = new Set<string>();
  for (const key of form.keys()) {
    if (seen.has(key) && !repeatable.includes(key)) throw refuse(400, `The field "${key.slice(0, 40)}" was sent more than once.`);
    seen.add(key);
  }
  return form;
}

function tooLarge(maxBytes: number) {
  const size = maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return refuse(413, `The form is too large: at most ${size}.`);
}

/** The body's bytes, refusing (413) as soon as more than `maxBytes` arrive, whatever Content-Length said. */
export async function readAtMost(request: FormRequest, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Most bytes read and dropped after a body was found too large, so that the refusal is given once
 * the client has sent it all; a body larger still is cancelled (it can only be an abuse).
 */
const DISCARD_MAX_BYTES = 32 * 1024 * 1024;

/** Reads a refused body and drops it, so the client has sent it all when the refusal comes (see the header). */
export async function discardBody(request: FormRequest): Promise<void> {
  if (request.body && !request.body.locked) await discardRest((request.body as ReadableStream<Uint8Array>).getReader());
}

/** Reads what is left of a refused body and drops it (see the header): cancelled only past DISCARD_MAX_BYTES. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DISCARD_MAX_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    /* the client went away: nothing is left to answer */
  }
}
