/**
 * "Notify me" requests (decision 032): a shopper (signed in, or a guest by email) waits
 * for a product that is out of stock at their store. The limits are decided in the insert itself:
 * one open request per subscriber, product and store (a partial unique index) and at most
 * {@link NOTIFY_OPEN_LIMIT} open ones (counted in the same statement), so parallel taps cannot
 * exceed them. Delivery is in delivery.server.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { notifyEmails, notifyRequests, products, productImages, sessions, stores, storeStock, users, nowMs } from "~/db/schema";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { mailboxOf } from "~/lib/mailbox";
import { NOTIFY_GUEST_UNVERIFIED_LIMIT, NOTIFY_OPEN_LIMIT } from "~/lib/schemas/notify";
import { getDb, type Database } from "~/server/db/db.server";
import { renamed } from "~/server/catalogue/rows.server";
import { storeIdSql, type StockStore } from "~/server/stores/store-stock.server";

/** Who asks: a signed-in shopper (`u:<id>`) or a guest's email (`e:<mailbox>`). */
export type Subscriber = { userId: string; email: string } | { userId: null; email: string };

/** A guest is counted per mailbox (app/lib/mailbox.ts): address variants are one subscriber. */
const subscriberKey = (who: Subscriber) => (who.userId ? `u:${who.userId}` : `e:${mailboxOf(who.email)}`);

/**
 * What asking did. A guest's answer must not depend on whether the email already waits or is at a
 * limit (decision 046), so for a guest `id` is null and `created` says nothing the caller may show.
 */
export type Subscribed = { id: string | null; created: boolean; storeName: string; productName: string; email: string };

/**
 * Subscribes `who` to `productId` at the request's store: ONE insert that also checks the product
 * is out of stock there, the store is active and the subscriber has fewer than 50 open requests
 * (a guest's unverified mailbox: fewer than {@link NOTIFY_GUEST_UNVERIFIED_LIMIT}). A signed-in
 * shopper asking again for the same product and store gets the open request (not an error); a
 * guest gets the same answer whatever happened, unless the product or store says otherwise.
 */
export async function subscribe(
  context: AppLoadContext,
  { productId, store, who, origin }: { productId: string; store: StockStore; who: Subscriber; origin: string },
  retried = false,
): Promise<Subscribed> {
  const db = getDb(context);
  const key = subscriberKey(who);
  const email = who.email.toLowerCase();
  const mailbox = mailboxOf(email);
  const id = newId();
  const storeId = storeIdSql(store);
  const stockThere = sql`coalesce((select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = s.id and ${storeStock.productId} = p.id), 0)`;
  const openCount = sql`(select count(*) from ${notifyRequests} where ${notifyRequests.subscriber} = ${key} and ${notifyRequests.status} = 'open')`;
  // An unverified mailbox may wait for a few products only: one inbox cannot be piled up by strangers.
  const guestBound = who.userId
    ? sql`1`
    : sql`(${openCount} < ${NOTIFY_GUEST_UNVERIFIED_LIMIT} or exists (select 1 from ${notifyEmails} where ${notifyEmails.email} = ${mailbox} and ${notifyEmails.verifiedAt} is not null))`;
  // A guest's mailbox gets its row (unverified) first.
  if (!who.userId) await db.insert(notifyEmails).values({ email: mailbox }).onConflictDoNothing();
  const inserted = await db.all<{ id: string }>(sql`insert into ${notifyRequests} (id, subscriber, user_id, email, product_id, store_id, origin)
    select ${id}, ${key}, ${who.userId}, ${email}, p.id, s.id, ${origin.slice(0, 256)}
    from ${products} p, ${stores} s
    where p.id = ${productId} and s.id = ${storeId} and s.active = 1 and ${stockThere} = 0 and ${openCount} < ${NOTIFY_OPEN_LIMIT} and ${guestBound}
    on conflict do nothing
    returning id`);
  // Explain (or find the open request): one read.
  const why = await db.get<{ productName: string | null; storeName: string | null; stock: number; existing: string | null; open: number }>(sql`select
      (select name from ${products} where id = ${productId}) as productName,
      (select name from ${stores} s where s.id = ${storeId} and s.active = 1) as storeName,
      coalesce((select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = ${storeId} and ${storeStock.productId} = ${productId}), 0) as stock,
      (select id from ${notifyRequests} where ${notifyRequests.subscriber} = ${key} and ${notifyRequests.productId} = ${productId}
        and ${notifyRequests.storeId} = ${storeId} and ${notifyRequests.status} in ('open', 'sending')) as existing,
      ${openCount} as open`);
  if (!why?.productName) throw new Refusal("Product not found", 404);
  if (!why.storeName) throw new Refusal("No store delivers to that pincode yet", 404);
  const found = { storeName: why.storeName, productName: why.productName, email };
  if (!who.userId) {
    // Only what anyone can see (the product, the store, its stock) may change a guest's answer.
    if (!inserted.length && why.stock > 0)
      throw new Refusal(`${why.productName} is in stock at ${why.storeName}: add it to your cart`, 409, { data: { stock: why.stock } });
    return { id: null, created: false, ...found };
  }
  if (inserted.length) return { id: inserted[0].id, created: true, ...found };
  if (why.existing) return { id: why.existing, created: false, ...found };
  if (why.stock > 0) throw new Refusal(`${why.productName} is in stock at ${why.storeName}: add it to your cart`, 409, { data: { stock: why.stock } });
  if (why.open >= NOTIFY_OPEN_LIMIT)
    throw new Refusal(`You are waiting for ${NOTIFY_OPEN_LIMIT} products already: cancel one on your account page to add another`, 409, {
      data: { open: why.open, limit: NOTIFY_OPEN_LIMIT },
    });
  // A parallel request changed things between the insert and the read: try once more.
  if (retried) throw new Refusal("That changed while you asked: try again", 409);
  return subscribe(context, { productId, store, who, origin }, true);
}

/**
 * Cancels the signed-in subscriber's own open request. A guest cancels only through the signed
 * link in their mail (`cancelMailbox`): a request's id is no capability (decision 046).
 */
export async function cancelRequest(context: AppLoadContext, id: string, who: Subscriber | null) {
  if (!who) throw new Refusal("Sign in to cancel, or use the link in our mail", 401);
  const db = getDb(context);
  const rows = await db
    .update(notifyRequests)
    .set({ status: "cancelled", closedAt: nowMs })
    .where(and(eq(notifyRequests.id, id), eq(notifyRequests.status, "open"), eq(notifyRequests.subscriber, subscriberKey(who))))
    .returning({ id: notifyRequests.id, productId: notifyRequests.productId });
  if (!rows.length) throw new Refusal("No such waiting request (it may have been sent or cancelled already)", 404);
  return rows[0];
}

/** The signed link in a guest's mail: every open request of that mailbox is cancelled. */
export async function cancelMailbox(context: AppLoadContext, mailbox: string) {
  const rows = await getDb(context)
    .update(notifyRequests)
    .set({ status: "cancelled", closedAt: nowMs })
    .where(and(eq(notifyRequests.subscriber, `e:${mailboxOf(mailbox)}`), isNull(notifyRequests.userId), eq(notifyRequests.status, "open")))
    .returning({ id: notifyRequests.id });
  return rows.length;
}

const firstImage = sql<
  string | null
>`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`;

/** A subscriber's requests, newest first: the open ones and the last 20 closed. */
export async function listRequests(context: AppLoadContext, who: Subscriber) {
  const db = getDb(context);
  const columns = {
    id: notifyRequests.id,
    status: notifyRequests.status,
    createdAt: notifyRequests.createdAt,
    closedAt: notifyRequests.closedAt,
    productId: renamed(products.id, "product_id_"),
    // Renamed: a batch's rows are keyed by column name, and both tables have `id` and `name`.
    productName: renamed(products.name, "product_name"),
    unit: products.unit,
    image: firstImage,
    storeId: renamed(stores.id, "store_id_"),
    storeName: renamed(stores.name, "store_name"),
  };
  const base = () =>
    db
      .select(columns)
      .from(notifyRequests)
      .innerJoin(products, eq(products.id, notifyRequests.productId))
      .innerJoin(stores, eq(stores.id, notifyRequests.storeId));
  const key = subscriberKey(who);
  const [open, closed] = await db.batch([
    base()
      .where(and(eq(notifyRequests.subscriber, key), sql`${notifyRequests.status} in ('open', 'sending')`))
      .orderBy(desc(notifyRequests.createdAt), desc(notifyRequests.id)),
    base()
      .where(and(eq(notifyRequests.subscriber, key), sql`${notifyRequests.status} in ('sent', 'cancelled', 'expired')`))
      .orderBy(desc(notifyRequests.createdAt), desc(notifyRequests.id))
      .limit(20),
  ]);
  return { open, closed };
}

export type NotifyRequestRow = Awaited<ReturnType<typeof listRequests>>["open"][number];

/** The most wanted products at a store: open requests per product, most first (the admin view). */
export async function mostWanted(context: AppLoadContext, storeId: string, limit = 50) {
  const db = getDb(context);
  const waiting = sql<number>`count(*)`;
  return db
    .select({
      productId: products.id,
      name: products.name,
      unit: products.unit,
      waiting,
      stock: sql<number>`coalesce((select ${storeStock.stock} from ${storeStock} where ${storeStock.storeId} = ${storeId} and ${storeStock.productId} = ${products.id}), 0)`,
    })
    .from(notifyRequests)
    .innerJoin(products, eq(products.id, notifyRequests.productId))
    .where(and(eq(notifyRequests.storeId, storeId), eq(notifyRequests.status, "open")))
    .groupBy(products.id)
    .orderBy(desc(waiting), products.name)
    .limit(limit);
}

/**
 * The product page's "Notify me" state, as one query for its batch (no user read first): the open
 * request of the signed-in visitor (by the session's token hash) and, for an admin, how many wait
 * at the store. A guest's request is never shown by id (decision 046).
 */
export function notifyStateQuery(db: Database, { productId, store, tokenHash }: { productId: string; store: StockStore; tokenHash: string | null }) {
  const storeId = storeIdSql(store);
  const sessionUser = sql`(select ${sessions.userId} from ${sessions} where ${sessions.tokenHash} = ${tokenHash ?? ""} and ${sessions.expiresAt} > ${Date.now()})`;
  const isAdmin = sql`exists (select 1 from ${users} where ${users.id} = ${sessionUser} and ${users.role} = 'ADMIN')`;
  return db
    .select({
      requestId: sql<string | null>`(select ${notifyRequests.id} from ${notifyRequests} where ${notifyRequests.productId} = ${productId}
        and ${notifyRequests.storeId} = ${storeId} and ${notifyRequests.status} in ('open', 'sending')
        and ${notifyRequests.subscriber} = 'u:' || ${sessionUser} limit 1)`,
      waiting: sql<number | null>`case when ${isAdmin} then (select count(*) from ${notifyRequests} where ${notifyRequests.productId} = ${productId}
        and ${notifyRequests.storeId} = ${storeId} and ${notifyRequests.status} = 'open') end`,
      storeName: sql<string | null>`(select ${stores.name} from ${stores} where ${stores.id} = ${storeId})`,
    })
    .from(sql`(select 1)`);
}
