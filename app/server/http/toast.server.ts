/**
 * Flash messages (ARCHITECTURE.md "Progressive enhancement"): an action sets a toast in a signed
 * cookie and answers 303; the next page renders it as role="status" text on the server, and as a
 * toast when JavaScript runs.
 */
import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { getSettings } from "~/server/platform/env.server";

const toastSchema = z.object({
  type: z.enum(["success", "error", "message"]).default("message"),
  text: z.string().min(1).max(300),
  id: z.string().default(() => crypto.randomUUID()),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const TOAST_KEY = "toast";

function toastStorage(context: AppLoadContext) {
  const settings = getSettings(context.cloudflare.env);
  return createCookieSessionStorage({
    cookie: {
      name: "__toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: settings.ENVIRONMENT === "production",
      secrets: [settings.sessionSecret],
    },
  });
}

async function createToastHeaders(context: AppLoadContext, toast: ToastInput): Promise<Headers> {
  const storage = toastStorage(context);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

/** 303 to a same-origin path with a toast. */
export async function redirectWithToast(context: AppLoadContext, to: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const [k, v] of await createToastHeaders(context, toast)) headers.append(k, v);
  return redirect(safeRedirect(to), { ...init, status: init.status ?? 303, headers });
}

/** Reads (and clears) the pending toast. Returns the header that clears it when there was one. */
export async function getToast(context: AppLoadContext, request: Request) {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__toast=")) return { toast: null, headers: null };
  const storage = toastStorage(context);
  const session = await storage.getSession(cookie).catch(() => storage.getSession());
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }),
  };
}

const REDIRECT_BASE = new URL("https://store.invalid");
/** C0 and C1 control characters, DEL, and the backslash browsers read as a slash. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_REDIRECT = /[\u0000-\u001f\u007f-\u009f\\]/;
/** The same, percent-encoded (checked on the raw text, so a run that does not decode is covered too). */
const ENCODED_UNSAFE = /%(?:[01][0-9a-f]|7f|5c|c2%[89][0-9a-f])/i;

/** Each run of %XX decoded where it is valid UTF-8; left as it was where not. */
function percentDecoded(value: string): string {
  return value.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * The one gate for redirect targets that come from a request (`redirectTo`, ...): only a path on
 * this origin survives, else `fallback`. Browsers drop tabs and newlines from URLs and read `\` as
 * `/`, so `/\t/evil.example` or `/\\evil.example` would leave the site: any control character or
 * backslash, raw or percent-encoded, refuses the value. What is left is resolved with `new URL`
 * against a fixed origin, must stay on it, and is returned normalised (percent-encoded, so it is
 * always a valid header value) and starting with exactly one `/`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  if (UNSAFE_IN_REDIRECT.test(to) || ENCODED_UNSAFE.test(to) || UNSAFE_IN_REDIRECT.test(percentDecoded(to))) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE.origin) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}
