/**
 * A picker's claim on an order (docs/decisions/047-order-claims.md). One staff member picks an
 * order at a time: a claim is one guarded UPDATE (the order unclaimed or already the caller's, still
 * to be picked, at the caller's store) read back with RETURNING, so of any number of parallel claims
 * exactly one wins; the pick's own batch carries `claimFree` in its guard, so nobody but the
 * claimant can pick a claimed order. A release is one batch: the history row and the UPDATE under the
 * same condition (the claimant their own, the store's manager or an admin anyone's). The claim ends
 * by itself when the order leaves picking (the `orders_claim_ends` trigger, migrations/0038).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { orders, orderStatusHistory, users } from "~/db/schema";
import { liveChannelNames } from "~/lib/live";
import { claimNotice } from "~/lib/order-claims";
import { STATUS_LABELS } from "~/lib/order-status";
import { Refusal } from "~/lib/refusal";
import { type Database, getDb } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { managesStore, worksAt } from "~/server/identity/store-access.server";

const NOT_FOUND = "Order not found";

/** The condition the pick's batch adds to its guard: nobody else holds the order. */
export function claimFree(userId: string): SQL {
  return sql`(${orders.claimedBy} is null or ${orders.claimedBy} = ${userId})`;
}

/** Still to be picked: placed or paid, and not an online order waiting for its payment. */
const pickable = and(inArray(orders.status, ["placed", "paid"]), or(ne(orders.paymentMethod, "ONLINE"), ne(orders.paymentStatus, "PENDING")))!;

/** Orders of the caller's store (admins: every store). Staff of no store match nothing. */
function atCallersStore(user: SessionUser): SQL | undefined {
  if (user.role === "ADMIN") return undefined;
  return user.staffStoreId ? eq(orders.storeId, user.staffStoreId) : sql`0`;
}

const holderName = sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${orders.claimedBy})`;

interface ClaimState {
  claimedBy: { id: string; name: string | null } | null;
  claimedAt: number | null;
}

/** Claims the order for `user` (409 naming the holder when someone else has it). Claiming again keeps the first time. */
export async function claimOrder(context: AppLoadContext, { orderId, user }: { orderId: string; user: SessionUser }) {
  const db = getDb(context);
  const now = Date.now();
  const [won] = await db
    .update(orders)
    .set({ claimedBy: user.id, claimedAt: sql`case when ${orders.claimedBy} = ${user.id} then ${orders.claimedAt} else ${now} end` })
    .where(and(eq(orders.id, orderId), atCallersStore(user), pickable, claimFree(user.id)))
    .returning({ orderId: orders.orderId, claimedAt: orders.claimedAt, storeId: orders.storeId, status: orders.status });
  if (!won) throw await whyNotClaimed(db, orderId, user);
  publishClaimChange(context, { orderId, storeId: won.storeId, status: won.status });
  return {
    message: won.claimedAt === now ? `You are picking order ${won.orderId}` : `You are already picking order ${won.orderId}`,
    claim: { claimedBy: { id: user.id, name: user.name }, claimedAt: won.claimedAt } satisfies ClaimState,
  };
}

/**
 * Ends a claim without a pick: the claimant their own, the store's manager or an admin anyone's
 * (403 otherwise). `holder`, when given, is the claimant the caller saw: a newer claim is left alone.
 * The order's history records who released whose claim and why.
 */
export async function releaseClaim(
  context: AppLoadContext,
  { orderId, user, reason, holder }: { orderId: string; user: SessionUser; reason?: string; holder?: string },
) {
  const db = getDb(context);
  const now = Date.now();
  // A manager's own store is the only one `atCallersStore` lets them reach, so this is managesStore for the order's store.
  const anyone = managesStore(user, user.role === "ADMIN" ? null : user.staffStoreId);
  const condition = and(
    eq(orders.id, orderId),
    isNotNull(orders.claimedBy),
    atCallersStore(user),
    anyone ? undefined : eq(orders.claimedBy, user.id),
    holder ? eq(orders.claimedBy, holder) : undefined,
  );
  const note = sql<string>`'Claim of ' || coalesce(${holderName}, 'a former staff member') || ' released' || ${reason ? `: ${reason}` : ""}`;
  const [history, released] = await db.batch([
    db
      .insert(orderStatusHistory)
      .select(
        db
          .select({
            id: sql<string>`lower(hex(randomblob(12)))`.as("id"),
            orderId: orders.id,
            status: orders.status,
            actorUserId: sql<string>`${user.id}`.as("actor_user_id"),
            note: note.as("note"),
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(orders)
          .where(condition),
      )
      .returning({ note: orderStatusHistory.note }),
    db
      .update(orders)
      .set({ claimedBy: null, claimedAt: null })
      .where(condition)
      .returning({ orderId: orders.orderId, storeId: orders.storeId, status: orders.status }),
  ]);
  const [done] = released;
  if (!done) throw await whyNotReleased(db, orderId, user, holder);
  publishClaimChange(context, { orderId, storeId: done.storeId, status: done.status });
  return { message: `${history[0]?.note ?? "Claim released"} (order ${done.orderId})` };
}

/** The order's claim as its store's staff see it, or 404. One read, only to explain a refusal. */
async function readClaim(db: Database, orderId: string, user: SessionUser) {
  const [row] = await db
    .select({
      orderId: orders.orderId,
      storeId: orders.storeId,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      claimedBy: orders.claimedBy,
      claimedAt: orders.claimedAt,
      holderName: holderName.as("holder_name"),
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row || !worksAt(user, row.storeId)) throw new Refusal(NOT_FOUND, 404);
  return row;
}

type ClaimRow = Awaited<ReturnType<typeof readClaim>>;

function heldRefusal(row: Pick<ClaimRow, "orderId" | "claimedBy" | "claimedAt" | "holderName">) {
  const notice = claimNotice(row.holderName, row.claimedAt ?? Date.now());
  return new Refusal(`Order ${row.orderId}: ${notice.charAt(0).toLowerCase()}${notice.slice(1)}`, 409, {
    data: { claimedBy: { _id: row.claimedBy, name: row.holderName }, claimedAt: new Date(row.claimedAt ?? 0).toISOString() },
  });
}

/** After a pick's batch did not apply: the 409 naming who holds the order, or null when nobody else does. */
export async function heldByOther(db: Database, orderId: string, userId: string): Promise<Refusal | null> {
  const [row] = await db
    .select({ orderId: orders.orderId, claimedBy: orders.claimedBy, claimedAt: orders.claimedAt, holderName: holderName.as("holder_name") })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.claimedBy && row.claimedBy !== userId ? heldRefusal(row) : null;
}

/** Why a claim did not apply: another store's or no order 404, not pickable or held by someone else 409. */
async function whyNotClaimed(db: Database, orderId: string, user: SessionUser): Promise<Refusal> {
  const row = await readClaim(db, orderId, user);
  if (row.status === "cancelled") return new Refusal("This order was cancelled: there is nothing to pick", 409);
  if (row.paymentMethod === "ONLINE" && row.paymentStatus === "PENDING")
    return new Refusal("This order is waiting for its online payment: pick it once it is paid", 409);
  if (row.status !== "placed" && row.status !== "paid")
    return new Refusal(`This order was already picked: it is ${STATUS_LABELS[row.status].toLowerCase()}`, 409);
  if (row.claimedBy && row.claimedBy !== user.id) return heldRefusal(row);
  return new Refusal("This order changed meanwhile: open it again", 409);
}

/** Why a release did not apply: nothing to release 409, someone else's claim without being its manager 403. */
async function whyNotReleased(db: Database, orderId: string, user: SessionUser, holder?: string): Promise<Refusal> {
  const row = await readClaim(db, orderId, user);
  if (!row.claimedBy) return new Refusal(`Nobody is picking order ${row.orderId}: there is no claim to release`, 409);
  if (holder && row.claimedBy !== holder) return heldRefusal(row);
  if (row.claimedBy !== user.id && !managesStore(user, row.storeId)) {
    return new Refusal(`Only the store's manager or an admin can release ${row.holderName || "another staff member"}'s claim`, 403);
  }
  return new Refusal("This order changed meanwhile: open it again", 409);
}

/**
 * Tells the order's and the store's open pages that its claim changed, as an order notice (each page
 * re-reads through its own loader). Not `publishOrderChange`: a claim is not a move the shopper is
 * pushed about. Best effort after the write, like every live notice (decision 028).
 */
function publishClaimChange(context: AppLoadContext, change: { orderId: string; storeId: string | null; status: string }) {
  try {
    const namespace = context.cloudflare.env.LIVE;
    if (!namespace) return; // `npm run dev` has no Durable Objects: pages poll.
    const body = JSON.stringify({ type: "order", orderId: change.orderId, status: change.status, at: Date.now() });
    const sends = liveChannelNames(change).map((name) =>
      namespace
        .get(namespace.idFromName(name))
        .fetch("https://live.internal/publish", { method: "POST", body, headers: { "Content-Type": "application/json" } })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.body?.cancel();
        }),
    );
    context.cloudflare.ctx.waitUntil(
      Promise.allSettled(sends).then((results) => {
        for (const result of results) if (result.status === "rejected") logFailure(change.orderId, result.reason);
      }),
    );
  } catch (error) {
    logFailure(change.orderId, error);
  }
}

function logFailure(orderId: string, error: unknown) {
  console.error("live: could not publish a claim change", orderId, (error as Error)?.message ?? String(error));
}
