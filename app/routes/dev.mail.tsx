import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { desc, sql } from "drizzle-orm";
import { mailOutbox } from "~/db/schema";
import { getDb } from "~/server/db/db.server";
import { getSettings } from "~/server/platform/env.server";
import { notFound } from "~/server/http/not-found.server";

export const meta: MetaFunction = () => [{ title: "Dev mailbox | FreshDash" }, { name: "robots", content: "noindex" }];

/** The local mailbox: every message the store sent. 404 outside development and test. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!getSettings(context.cloudflare.env).isDev) notFound();
  const messages = await getDb(context)
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(sql`${mailOutbox}.rowid`))
    .limit(50);
  return data({ messages }, { headers: { "Cache-Control": "no-store" } });
}

export default function DevMail() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="mail-title" className="grid gap-3">
      <h1 id="mail-title" className="text-lg font-semibold">
        Dev mailbox
      </h1>
      {messages.length ? null : <p>No mail yet.</p>}
      <ul className="grid gap-3">
        {messages.map((m) => (
          <li key={m.id}>
            <article aria-label={`Mail to ${m.to}: ${m.subject}`} className="rounded-lg border border-neutral-200 bg-white p-4 text-sm">
              <p className="text-neutral-500">To: {m.to}</p>
              <h2 className="font-semibold">{m.subject}</h2>
              <pre className="mt-2 whitespace-pre-wrap font-sans">{m.text}</pre>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
