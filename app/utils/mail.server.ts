/**
 * One mail transport. Every message is kept in `mail_outbox` (the dev mailbox at /dev/mail); in
 * production it is also sent through the HTTP mail API named by MAIL_API_URL / MAIL_API_KEY / MAIL_FROM.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { getD1 } from "./db.server";
import { getSettings } from "./env.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export async function sendMail(context: AppLoadContext, mail: Mail) {
  const settings = getSettings(context.cloudflare.env);
  await getD1(context)
    .prepare("insert into mail_outbox (id, \"to\", subject, text) values (?, ?, ?, ?)")
    .bind(newId(), mail.to, mail.subject, mail.text)
    .run();
  if (settings.isDev || !settings.MAIL_API_URL) return;
  const res = await fetch(settings.MAIL_API_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${settings.MAIL_API_KEY ?? ""}` },
    body: JSON.stringify({ from: settings.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text }),
  });
  if (!res.ok) console.error("Mail API refused the message", res.status);
}
