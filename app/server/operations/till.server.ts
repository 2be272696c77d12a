/**
 * The till (docs/decisions/048-riders-and-the-till.md): per store, day and rider, the cash
 * collected on delivered cash orders, the cash handed over (recorded by a manager or an admin),
 * and the difference. A day is the metrics' day (midnight to midnight, India time); cash counts on
 * the day it was collected, the time of the order's "delivered" history row.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { MetricsDay } from "~/lib/metrics-day";
import { newId } from "~/lib/ids";
import { paiseToRupees } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import type { CashHandoverInput } from "~/lib/schemas/till";
import { tillRows, type Till, type TillHandover } from "~/lib/till";
import { getD1 } from "~/server/db/db.server";
import type { SessionUser } from "~/server/identity/auth.server";
import { managesStore } from "~/server/identity/store-access.server";

/** At most this many handovers of a day are listed (the sums count them all). */
const HANDOVERS_LISTED = 100;

/**
 * Parameters: ?1 store, ?2 day's first instant, ?3 next day's, ?4 one rider or null for all.
 * A rider typed at dispatch (no account) is grouped by name and phone. The cash of an order is its
 * total less the wallet's share (`walletShare`, decision 050).
 */
const COLLECTED_SQL = `select o.rider_user_id as rider_id,
    coalesce(u.name, o.rider_name || coalesce(' (' || o.rider_phone || ')', ''), 'Unknown rider') as name,
    count(*) as orders, sum(o.total - min(o.wallet_paid, o.total)) as amount
  from order_status_history h
  join orders o on o.id = h.order_id
  left join users u on u.id = o.rider_user_id
  where h.status = 'delivered' and h.created_at >= ?2 and h.created_at < ?3
    and o.store_id = ?1 and o.status = 'delivered' and o.payment_method = 'COD'
    and (?4 is null or o.rider_user_id = ?4)
  group by o.rider_user_id, case when o.rider_user_id is null then coalesce(o.rider_name, '') || '|' || coalesce(o.rider_phone, '') end`;

const HANDED_SQL = `select c.rider_user_id as rider_id, u.name as name, sum(c.amount) as amount
  from cash_handovers c join users u on u.id = c.rider_user_id
  where c.store_id = ?1 and c.created_at >= ?2 and c.created_at < ?3 and (?4 is null or c.rider_user_id = ?4)
  group by c.rider_user_id`;

const HANDOVERS_SQL = `select c.id, c.rider_user_id as rider_id, u.name as rider_name, c.amount, c.note, r.name as recorded_by_name, c.created_at
  from cash_handovers c join users u on u.id = c.rider_user_id join users r on r.id = c.recorded_by
  where c.store_id = ?1 and c.created_at >= ?2 and c.created_at < ?3 and (?4 is null or c.rider_user_id = ?4)
  order by c.created_at desc, c.id desc limit ${HANDOVERS_LISTED}`;

type Row = Record<string, unknown>;
const num = (v: unknown) => (typeof v === "number" ? v : 0);
const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The store's till for `day` (one rider's when `riderId` is given): one D1 batch. */
export async function readTill(context: AppLoadContext, storeId: string, day: MetricsDay, riderId: string | null = null): Promise<Till> {
  const d1 = getD1(context);
  const bind = (query: string) => d1.prepare(query).bind(storeId, day.from, day.to, riderId);
  const [collected, handed, listed] = await d1.batch<Row>([bind(COLLECTED_SQL), bind(HANDED_SQL), bind(HANDOVERS_SQL)]);
  const { riders, totals } = tillRows(
    collected.results.map((r) => ({ riderId: (r.rider_id as string | null) ?? null, name: str(r.name), orders: num(r.orders), amount: num(r.amount) })),
    handed.results.map((r) => ({ riderId: str(r.rider_id), name: str(r.name), amount: num(r.amount) })),
  );
  const handovers: TillHandover[] = listed.results.map((r) => ({
    id: str(r.id),
    riderId: str(r.rider_id),
    riderName: str(r.rider_name),
    amount: num(r.amount),
    note: (r.note as string | null) ?? null,
    recordedByName: str(r.recorded_by_name),
    createdAt: num(r.created_at),
  }));
  return { day: day.day, riders, totals, handovers };
}

/** The store's staff a handover can name (the form's choices), riders first. */
async function tillRiders(context: AppLoadContext, storeId: string): Promise<{ userId: string; name: string; role: string }[]> {
  const { results } = await getD1(context)
    .prepare(
      `select u.id as user_id, u.name, s.role from store_staff s join users u on u.id = s.user_id where s.store_id = ?1
       order by s.role <> 'rider', u.name, u.id limit 200`,
    )
    .bind(storeId)
    .all<{ user_id: string; name: string; role: string }>();
  return results.map((r) => ({ userId: r.user_id, name: r.name, role: r.role }));
}

/**
 * One INSERT decides a handover: only while the recorder is an admin or a manager of the store,
 * the rider is staff of the store or has had its orders dispatched to them (cash can be owed by
 * someone since removed), and the recorder's key is new (ON CONFLICT DO NOTHING on
 * (recorded_by, idempotency_key)). The table's CHECK refuses recording one's own cash.
 */
const INSERT_SQL = `insert into cash_handovers (id, store_id, rider_user_id, amount, note, recorded_by, idempotency_key, created_at)
  select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
  where ?3 <> ?6
    and (exists (select 1 from users where id = ?6 and role = 'ADMIN')
      or exists (select 1 from store_staff where user_id = ?6 and store_id = ?2 and role = 'manager'))
    and (exists (select 1 from store_staff where user_id = ?3 and store_id = ?2)
      or exists (select 1 from orders where rider_user_id = ?3 and store_id = ?2))
  on conflict (recorded_by, idempotency_key) do nothing
  returning id, store_id, rider_user_id, amount, note, created_at`;

export interface RecordedHandover {
  id: string;
  storeId: string;
  riderId: string;
  amount: number;
  note: string | null;
  createdAt: number;
  /** True when this key had already recorded the same handover: nothing new was written. */
  replayed: boolean;
}

type HandoverRow = { id: string; store_id: string; rider_user_id: string; amount: number; note: string | null; created_at: number };
const recorded = (row: HandoverRow, replayed: boolean): RecordedHandover => ({
  id: row.id,
  storeId: row.store_id,
  riderId: row.rider_user_id,
  amount: row.amount,
  note: row.note,
  createdAt: row.created_at,
  replayed,
});

/** Records cash a rider handed over. 403 unless the caller manages the store, and for one's own cash. */
export async function recordHandover(
  context: AppLoadContext,
  user: SessionUser,
  input: Omit<CashHandoverInput, "key"> & { key: string },
): Promise<RecordedHandover> {
  if (!managesStore(user, input.storeId)) throw new Refusal("Only the store's manager or an admin can record cash handed over", 403);
  const note = input.note ?? null;
  if (input.riderId === user.id) throw new Refusal("You cannot record a handover of your own cash: another manager or an admin records it", 403);
  const d1 = getD1(context);
  const row = await d1.prepare(INSERT_SQL).bind(newId(), input.storeId, input.riderId, input.amount, note, user.id, input.key, Date.now()).first<HandoverRow>();
  if (row) return recorded(row, false);
  // Nothing written: the statement decided; these reads only say why.
  const [earlier, rider] = await d1.batch<Row>([
    d1
      .prepare("select id, store_id, rider_user_id, amount, note, created_at from cash_handovers where recorded_by = ?1 and idempotency_key = ?2")
      .bind(user.id, input.key),
    d1
      .prepare(
        `select (exists (select 1 from store_staff where user_id = ?1 and store_id = ?2)
          or exists (select 1 from orders where rider_user_id = ?1 and store_id = ?2)) as known`,
      )
      .bind(input.riderId, input.storeId),
  ]);
  const same = earlier.results[0] as HandoverRow | undefined;
  if (same) {
    if (same.store_id === input.storeId && same.rider_user_id === input.riderId && same.amount === input.amount && same.note === note) {
      return recorded(same, true);
    }
    throw new Refusal("This idempotency key was already used for a different handover: send a new key for a new handover", 409);
  }
  if (!num(rider.results[0]?.known)) {
    throw new Refusal("The rider must be staff of this store", 400, { fields: { riderId: ["Not staff of this store"] } });
  }
  throw new Refusal("Only the store's manager or an admin can record cash handed over", 403);
}

/** A recorded handover as /api speaks it (rupees). */
export function handoverShape(h: RecordedHandover) {
  return {
    _id: h.id,
    storeId: h.storeId,
    riderId: h.riderId,
    amount: paiseToRupees(h.amount),
    note: h.note,
    createdAt: new Date(h.createdAt).toISOString(),
    replayed: h.replayed,
  };
}

/**
 * What a page shows of the till for `user`: null unless they manage the store; else the day's till,
 * the riders the form can name and a fresh key for this rendering's form.
 */
export async function tillSection(context: AppLoadContext, user: SessionUser, storeId: string, day: MetricsDay) {
  if (!managesStore(user, storeId)) return null;
  const [till, riders] = await Promise.all([readTill(context, storeId, day), tillRiders(context, storeId)]);
  return { till, riders: riders.filter((r) => r.userId !== user.id), formKey: crypto.randomUUID() };
}
