/**
 * One mail transport (decision 011). Development and test keep every message whole in
 * `mail_outbox`, the local mailbox at /dev/mail, and send nothing. Production sends through the
 * HTTP mail API named by MAIL_API_URL (POST, JSON `{ from, to, subject, text }`, `Authorization:
 * Bearer MAIL_API_KEY`: Resend's shape) and keeps only who, when and the status ('sent', 'failed',
 * 'not-sent'), never the subject or body, so a reset code is never readable at rest.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { mailOutbox } from "~/db/schema";
import { newId } from "~/lib/ids";
import { getDb } from "~/server/db/db.server";
import { getSettings, type Settings } from "~/server/platform/env.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The HTTP client the production transport posts with (tests pass a recording one). */
export type MailFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

type Status = "sent" | "failed" | "not-sent";

/**
 * Sends (or, in development and test, keeps) one mail. Never throws for a refused or unreachable
 * mail API: it answers how it went ("kept" locally), so a caller that must retry (the "Notify me"
 * queue consumer) can, and one that must not reveal anything (password reset) ignores it.
 */
export async function sendMail(context: AppLoadContext, mail: Mail, send: MailFetch = fetch): Promise<Status | "kept"> {
  const settings = getSettings(context.cloudflare.env);
  const db = getDb(context);
  if (settings.isDev) {
    await db.insert(mailOutbox).values({ id: newId(), to: mail.to, subject: mail.subject, text: mail.text, status: "kept" });
    return "kept";
  }
  const status = await deliver(settings, mail, send);
  await db.insert(mailOutbox).values({ id: newId(), to: mail.to, subject: "", text: "", status });
  return status;
}

/** Never throws: a mail that cannot go out must not change the answer (no account discovery). */
async function deliver(settings: Settings, mail: Mail, send: MailFetch): Promise<Status> {
  if (!settings.MAIL_API_URL || !settings.MAIL_FROM) {
    console.error("Mail not sent: set MAIL_API_URL, MAIL_API_KEY and MAIL_FROM (see README, Production).");
    return "not-sent";
  }
  try {
    const res = await send(settings.MAIL_API_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${settings.MAIL_API_KEY ?? ""}` },
      body: JSON.stringify({ from: settings.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text }),
    });
    await res.body?.cancel();
    if (res.ok) return "sent";
    console.error("Mail API refused the message", res.status);
  } catch (error) {
    console.error("Mail API unreachable", error);
  }
  return "failed";
}
