/**
 * Delivering "Notify me" (decision 032). The 0 -> >0 transition of a product at a store is found by
 * the database: the `store_stock` triggers of migration 0025 write a `restock_events` row inside
 * whichever statement raised the stock (the admin form, /api, the CSV import, stock-sync, a
 * cancelled order, an expired checkout), when someone waits for it. From there:
 *
 * 1. The write that raised the stock claims the pending restock rows in its own batch (`claimRestocks`
 *    in stock-writes.server.ts: ONE UPDATE … RETURNING, so it knows whether its statements recorded
 *    one) and leaves them on the request's context; the Worker hands them to the NOTIFY_QUEUE after
 *    it has answered (`handOnRestocks`, in waitUntil): the admin's save never waits for
 *    subscribers, and no other request looks at restocks at all. Writers that do not claim
 *    (a cancelled order, an expired checkout) and rows whose send failed are handed on by the cron
 *    (`dispatchRestocks` in `notifyUpkeep`), which also prunes rows older than 30 days.
 * 2. The queue consumer fans a `restock` out: the open requests for that product and store, 1,000 a
 *    message (a continuation message carries the rest), sent as `mail` messages in batches of at
 *    most 100 (Queues' `sendBatch` limit).
 * 3. A `mail` message claims its request (open -> sending, ONE conditional UPDATE: a redelivery or a
 *    parallel consumer finds it taken and sends nothing), sends through the mail transport, then
 *    marks it sent. A mail the transport reports failed gives the claim back and is retried by the
 *    queue; a Worker that died mid-send leaves a claim the cron reopens after 30 minutes.
 *
 * Without a queue binding (`npm run dev` under Vite) the same steps run inline, in waitUntil.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { notifyEmails, notifyRequests, products, restockEvents, stores, storeStock, users, nowMs } from "~/db/schema";
import { mailboxOf } from "~/lib/mailbox";
import { productPath } from "~/lib/slugs";
import { NOTIFY_EXPIRY_DAYS } from "~/lib/schemas/notify";
import { getDb } from "~/server/db/db.server";
import { columnAs } from "~/server/db/named-columns.server";
import { claimRestocks, DISPATCH_MAX, type ClaimedRestocks } from "~/server/stores/stock-writes.server";
import { sendMail, type Mail } from "~/server/identity/mail.server";
import { getSettings, publicOrigin } from "~/server/platform/env.server";
import { signToken, verifyToken } from "~/server/platform/crypto.server";

export type NotifyMessage = { kind: "restock"; restockId: number; after?: string } | { kind: "mail"; requestId: string; restockId: number };

/** What the consumer needs of a queue: Cloudflare's Queue, or the inline one. */
export type NotifySender = { sendBatch(messages: Iterable<MessageSendRequest<NotifyMessage>>): Promise<unknown> };

/** Queues accept at most 100 messages per `sendBatch`. */
export const SEND_BATCH_MAX = 100;
/** Requests read per `restock` message; the rest go on in a continuation message. */
export const FAN_OUT_PAGE = 1_000;
/**
 * Restock rows handed on are kept this long, then pruned by the cron: far beyond the queue's last
 * retry (hours), and long enough to answer "why did I get this mail" from `notify_requests.restock_id`.
 */
export const RESTOCK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** A claim older than this belongs to a Worker that died mid-send: the cron reopens it. */
const STALE_CLAIM_MS = 30 * 60 * 1000;
/** How long a guest's verification and cancel links work. */
const VERIFY_LINK_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What a signed link in a guest's mail may do: each token names its purpose (`typ`) and is refused
 * for any other, so a verify link cannot cancel, nor a cancel link verify (nor either sign anyone in:
 * access tokens are `typ: "access"`).
 */
type MailLinkPurpose = "notify-verify" | "notify-cancel";

/** A signed link's token for one purpose, naming the mailbox it acts on. */
function mailLinkToken(purpose: MailLinkPurpose, email: string, secret: string, now = Date.now()) {
  return signToken({ typ: purpose, e: email, exp: now + VERIFY_LINK_MS }, secret);
}

/** The email a token names when it is valid and for `purpose`; null otherwise. */
export async function readMailLinkToken(purpose: MailLinkPurpose, token: string, secret: string): Promise<string | null> {
  const payload = await verifyToken<{ typ?: unknown; e?: unknown; exp: number }>(token, secret);
  return payload?.typ === purpose && typeof payload.e === "string" ? payload.e : null;
}

/** Chunks of at most `size`. */
function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Sends claimed restock rows to the queue (or delivers them inline without one); a failed send puts
 * them back for the cron. Throws that failure after putting them back.
 */
async function sendClaimed(context: AppLoadContext, claimed: ClaimedRestocks, queue: NotifySender | undefined) {
  const sender = queue ?? inlineSender(context);
  try {
    await sender.sendBatch(claimed.map(({ id }) => ({ body: { kind: "restock", restockId: id } as NotifyMessage, contentType: "json" as const })));
  } catch (error) {
    const ids = claimed.map((r) => r.id);
    await getDb(context).update(restockEvents).set({ queuedAt: null }).where(inArray(restockEvents.id, ids));
    throw error;
  }
}

/**
 * After a request whose stock write claimed restock rows (`flaggedRestocks`): hands them to the
 * queue. Never rejects: rows whose send failed are put back, and the cron hands them on.
 */
export async function handOnRestocks(context: AppLoadContext, claimed: ClaimedRestocks, queue: NotifySender | undefined = context.cloudflare.env.NOTIFY_QUEUE) {
  if (!claimed.length) return;
  try {
    await sendClaimed(context, claimed, queue);
  } catch (error) {
    console.error("notify dispatch failed", error);
  }
}

/**
 * The cron's drain (the backstop): claims pending restock rows, DISPATCH_MAX at a time, and hands
 * them on; rows whose send failed are put back for the next run. Returns how many it handed on.
 */
export async function dispatchRestocks(context: AppLoadContext, queue: NotifySender | undefined = context.cloudflare.env.NOTIFY_QUEUE): Promise<number> {
  const db = getDb(context);
  let handed = 0;
  for (;;) {
    const claimed = await claimRestocks(db);
    if (!claimed.length) return handed;
    await sendClaimed(context, claimed, queue);
    handed += claimed.length;
    if (claimed.length < DISPATCH_MAX) return handed;
  }
}

/** Without a queue binding: the consumer's steps, in turn, in this invocation. */
function inlineSender(context: AppLoadContext): NotifySender {
  const sender: NotifySender = {
    async sendBatch(messages) {
      for (const { body } of messages) await handleMessage(context, body, sender);
    },
  };
  return sender;
}

export type Outcome = "fanned-out" | "sent" | "skipped" | "failed";

/** One message's work. `failed`: the consumer retries it. */
async function handleMessage(context: AppLoadContext, message: NotifyMessage, queue: NotifySender, mailer = sendMail): Promise<Outcome> {
  if (message.kind === "restock") {
    await fanOut(context, message.restockId, message.after ?? "", queue);
    return "fanned-out";
  }
  return deliverRequest(context, message.requestId, message.restockId, mailer);
}

/**
 * A restock's open requests, one page from `after` (ids in order), as `mail` messages in batches of
 * at most 100; a full page sends a continuation for the rest. A retry re-sends mail messages, which
 * the claim makes harmless.
 */
export async function fanOut(context: AppLoadContext, restockId: number, after: string, queue: NotifySender) {
  const db = getDb(context);
  const event = await db.select().from(restockEvents).where(eq(restockEvents.id, restockId)).get();
  if (!event) return;
  if (event.notBefore !== null && !after) {
    // A held restock (a shopper's own cancel): news only if the units are still there after it.
    const now = await db
      .select({ stock: storeStock.stock })
      .from(storeStock)
      .where(and(eq(storeStock.storeId, event.storeId), eq(storeStock.productId, event.productId)))
      .get();
    if (!now || now.stock <= 0) return;
  }
  const ids = await db
    .select({ id: notifyRequests.id })
    .from(notifyRequests)
    .where(
      and(
        eq(notifyRequests.productId, event.productId),
        eq(notifyRequests.storeId, event.storeId),
        eq(notifyRequests.status, "open"),
        gt(notifyRequests.id, after),
        event.subscriber ? eq(notifyRequests.subscriber, event.subscriber) : undefined,
      ),
    )
    .orderBy(asc(notifyRequests.id))
    .limit(FAN_OUT_PAGE);
  for (const part of chunks(ids, SEND_BATCH_MAX)) {
    await queue.sendBatch(part.map(({ id }) => ({ body: { kind: "mail", requestId: id, restockId } as NotifyMessage, contentType: "json" as const })));
  }
  if (ids.length === FAN_OUT_PAGE) await queue.sendBatch([{ body: { kind: "restock", restockId, after: ids[ids.length - 1].id }, contentType: "json" }]);
}

/**
 * One request's mail for one restock: claimed (open -> sending) in ONE conditional UPDATE before
 * sending, so a redelivered or duplicated message sends nothing; a guest's unverified email may be
 * mailed for one request only (the first to claim it) until its link is followed.
 */
export async function deliverRequest(context: AppLoadContext, requestId: string, restockId: number, mailer = sendMail): Promise<Outcome> {
  const db = getDb(context);
  const [, claimed] = await db.batch([
    // A guest's first mail takes the mailbox's one slot (only while the request is open): every
    // address variant of one inbox shares it (`e:<mailbox>`, decision 046).
    db
      .update(notifyEmails)
      .set({ firstRequestId: requestId })
      .where(
        and(
          sql`${notifyEmails.email} = (select substr(${notifyRequests.subscriber}, 3) from ${notifyRequests} where ${notifyRequests.id} = ${requestId} and ${notifyRequests.userId} is null and ${notifyRequests.status} = 'open')`,
          isNull(notifyEmails.verifiedAt),
          isNull(notifyEmails.firstRequestId),
        ),
      ),
    db
      .update(notifyRequests)
      .set({ status: "sending", restockId, claimedAt: nowMs })
      .where(
        and(
          eq(notifyRequests.id, requestId),
          eq(notifyRequests.status, "open"),
          sql`(${notifyRequests.userId} is not null or exists (select 1 from ${notifyEmails} where ${notifyEmails.email} = substr(${notifyRequests.subscriber}, 3)
            and (${notifyEmails.verifiedAt} is not null or ${notifyEmails.firstRequestId} = ${notifyRequests.id})))`,
        ),
      )
      .returning({ id: notifyRequests.id }),
  ]);
  if (!claimed.length) return "skipped";
  const row = await db
    .select({
      email: sql<string>`coalesce(${users.email}, ${notifyRequests.email})`,
      userId: notifyRequests.userId,
      origin: notifyRequests.origin,
      createdAt: notifyRequests.createdAt,
      productId: products.id,
      // Named apart: `products` and `stores` both have `name` (a batch would key them as one).
      productName: columnAs(products.name, "product_name"),
      unit: products.unit,
      storeName: columnAs(stores.name, "store_name"),
      verified: sql<
        number | null
      >`(select ${notifyEmails.verifiedAt} from ${notifyEmails} where ${notifyEmails.email} = substr(${notifyRequests.subscriber}, 3))`,
    })
    .from(notifyRequests)
    .innerJoin(products, eq(products.id, notifyRequests.productId))
    .innerJoin(stores, eq(stores.id, notifyRequests.storeId))
    .leftJoin(users, eq(users.id, notifyRequests.userId))
    .where(eq(notifyRequests.id, requestId))
    .get();
  if (!row) return "skipped";
  const settings = getSettings(context.cloudflare.env);
  // The configured origin only (production refuses to run without it); the stored one is what a
  // local server was asked on, for local commands and tests.
  const origin = publicOrigin(settings, row.origin);
  const link = `${origin}${productPath({ id: row.productId, name: row.productName })}`;
  const lines = [
    `Good news: ${row.productName} (${row.unit}) is back in stock at ${row.storeName}, while stocks last.`,
    "",
    `Add it to your cart: ${link}`,
    "",
    `You asked us to tell you on ${new Date(row.createdAt).toISOString().slice(0, 10)}; this request is now closed.`,
  ];
  if (!row.userId && !row.verified) {
    const token = await mailLinkToken("notify-verify", row.email, settings.sessionSecret);
    lines.push("", "Confirm this email address to get alerts for your other waiting products:", `${origin}/notify/verify?token=${encodeURIComponent(token)}`);
    lines.push("Until you do, we send no more mails to this address.");
  }
  if (!row.userId) {
    const token = await mailLinkToken("notify-cancel", row.email, settings.sessionSecret);
    lines.push("", "Did not ask us? Stop every back-in-stock mail to this address:", `${origin}/notify/cancel?token=${encodeURIComponent(token)}`);
  } else {
    lines.push("", `Your other waiting requests: ${origin}/dashboard/profile#notify-me`);
  }
  const mail: Mail = { to: row.email, subject: `Back in stock at ${row.storeName}: ${row.productName}`, text: lines.join("\n") };
  const status = await mailer(context, mail);
  const mine = and(eq(notifyRequests.id, requestId), eq(notifyRequests.status, "sending"), eq(notifyRequests.restockId, restockId));
  if (status === "sent" || status === "kept") {
    await db.update(notifyRequests).set({ status: "sent", closedAt: nowMs }).where(mine);
    return "sent";
  }
  // Not delivered: the request waits again, and the queue retries this message.
  await db.update(notifyRequests).set({ status: "open", restockId: null, claimedAt: null }).where(mine);
  return "failed";
}

/**
 * The queue consumer: each message handled on its own (acked, or retried with a delay when its
 * mail failed or it threw).
 */
export async function consumeNotifyBatch(context: AppLoadContext, batch: MessageBatch<NotifyMessage>) {
  const queue = context.cloudflare.env.NOTIFY_QUEUE ?? inlineSender(context);
  for (const message of batch.messages) {
    try {
      const outcome = await handleMessage(context, message.body, queue);
      if (outcome === "failed") message.retry({ delaySeconds: Math.min(60 * 2 ** message.attempts, 3600) });
      else message.ack();
    } catch (error) {
      console.error("notify message failed", JSON.stringify(message.body), error);
      message.retry({ delaySeconds: 30 });
    }
  }
}

/**
 * The cron's upkeep: requests older than 90 days expire, claims whose Worker died are reopened,
 * restock rows handed on more than RESTOCK_RETENTION_MS ago are pruned (pending ones are kept until
 * handed on), and restock rows left pending (a failed send, a writer that does not claim) are handed on.
 */
export async function notifyUpkeep(context: AppLoadContext, now = Date.now()) {
  const db = getDb(context);
  const [expired, reopened, pruned] = await db.batch([
    db
      .update(notifyRequests)
      .set({ status: "expired", closedAt: now })
      .where(and(eq(notifyRequests.status, "open"), lt(notifyRequests.createdAt, now - NOTIFY_EXPIRY_DAYS * 24 * 60 * 60 * 1000)))
      .returning({ id: notifyRequests.id }),
    db
      .update(notifyRequests)
      .set({ status: "open", restockId: null, claimedAt: null })
      .where(and(eq(notifyRequests.status, "sending"), lt(notifyRequests.claimedAt, now - STALE_CLAIM_MS)))
      .returning({ id: notifyRequests.id }),
    db.delete(restockEvents).where(and(lt(restockEvents.createdAt, now - RESTOCK_RETENTION_MS), isNotNull(restockEvents.queuedAt))),
  ]);
  const dispatched = await dispatchRestocks(context);
  return { expired: expired.length, reopened: reopened.length, pruned: pruned.meta.changes, dispatched };
}

/**
 * A guest follows the link in their first mail: the email is verified, and its requests for
 * products already back at their store get a restock of their own (only theirs).
 */
export async function verifyGuestEmail(context: AppLoadContext, email: string) {
  const db = getDb(context);
  const mailbox = mailboxOf(email);
  const key = `e:${mailbox}`;
  await db
    .insert(notifyEmails)
    .values({ email: mailbox, verifiedAt: Date.now() })
    .onConflictDoUpdate({ target: notifyEmails.email, set: { verifiedAt: sql`coalesce(${notifyEmails.verifiedAt}, ${Date.now()})` } });
  // Its requests for products already back get a restock of their own (should this fail, they
  // wait for the next return, as before the link).
  await db.run(sql`insert into ${restockEvents} (store_id, product_id, stock, subscriber)
    select r.store_id, r.product_id, s.stock, ${key} from ${notifyRequests} r
    join store_stock s on s.store_id = r.store_id and s.product_id = r.product_id
    where r.subscriber = ${key} and r.status = 'open' and s.stock > 0`);
  await dispatchRestocks(context);
}
