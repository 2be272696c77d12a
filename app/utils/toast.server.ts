/**
 * Flash messages (ARCHITECTURE.md "Progressive enhancement"): an action sets a toast in a signed
 * cookie and answers 303; the next page renders it as role="status" text on the server, and as a
 * toast when JavaScript runs.
 */
import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { getSettings } from "./env.server";

export const toastSchema = z.object({
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

export async function createToastHeaders(context: AppLoadContext, toast: ToastInput): Promise<Headers> {
  const storage = toastStorage(context);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

/** 303 to a same-origin path with a toast. */
export async function redirectWithToast(
  context: AppLoadContext,
  to: string,
  toast: ToastInput,
  init: ResponseInit = {},
) {
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

/** Only same-origin paths: `/x` yes; `//evil.com`, `/\evil.com`, `https://…` no. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
