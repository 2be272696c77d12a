/**
 * Reports for tests (decision 050) without the shopper's report form: a cash order driven to
 * delivered through the real /api (placed, picked, ready, dispatched, delivered with its code), and
 * an `order_reports` row with its lines inserted as a submission would leave it (open, each line's
 * value its units at the price paid).
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { newId } from "~/lib/ids";
import type { ReportReason } from "~/db/schema";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { confirmAllLines } from "./pick-support";

export interface Shopper {
  token: string;
  email: string;
  id: string;
}

export interface DeliveredItem {
  orderItemId: string;
  productId: string;
  /** Paise paid per unit. */
  unitPaid: number;
  quantity: number;
}

export interface DeliveredOrder {
  id: string;
  number: string;
  storeId: string;
  total: number;
  shopper: Shopper;
  items: DeliveredItem[];
}

let adminToken: Promise<string> | null = null;
const admin = () => (adminToken ??= login("admin@example.com", "Admin@12345"));

export const userIdOf = async (email: string) => (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;

/** A new shopper with their user id. */
export async function shopper(): Promise<Shopper> {
  const s = await newShopper();
  return { ...s, id: await userIdOf(s.email) };
}

/**
 * A cash order of `lines` (price in rupees, units) at the default store, delivered: the admin picks
 * every unit, marks it ready, hands it to a rider by name and enters the shopper's delivery code.
 */
export async function deliveredOrder(lines: { price: number; quantity: number }[], who?: Shopper): Promise<DeliveredOrder> {
  const token = await admin();
  const buyer = who ?? (await shopper());
  const products = [];
  for (const line of lines) products.push(await makeProduct({ stock: line.quantity + 5, price: line.price }));
  const address = await api("/api/address/create", { method: "POST", token: buyer.token, body: VALID_ADDRESS });
  expect(address.status, JSON.stringify(address.body)).toBeLessThan(300);
  const placed = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token: buyer.token,
    body: { list_items: products.map((p, i) => ({ productId: p.id, quantity: lines[i].quantity })), addressId: address.body.data._id },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.data._id as string;
  await confirmAllLines(id);
  const steps: [string, Record<string, unknown>][] = [
    ["/api/order/pick", { _id: id, lines: products.map((p, i) => ({ productId: p.id, picked: lines[i].quantity })) }],
    ["/api/order/ready", { _id: id }],
    ["/api/order/dispatch", { _id: id, rider: { name: "Test Rider", phone: "9876543210" } }],
  ];
  for (const [path, body] of steps) {
    const res = await api(path, { method: "POST", token, body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
  }
  const { code } = (await env.DB.prepare("select delivery_code as code from orders where id = ?").bind(id).first<{ code: string }>())!;
  const delivered = await api("/api/order/deliver", { method: "POST", token, body: { _id: id, code } });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  const order = (await env.DB.prepare("select order_id as number, store_id, total, status from orders where id = ?").bind(id).first<{
    number: string;
    store_id: string;
    total: number;
    status: string;
  }>())!;
  expect(order.status).toBe("delivered");
  const { results } = await env.DB.prepare("select id, product_id, unit_final_price, quantity from order_items where order_id = ? order by rowid")
    .bind(id)
    .all<{ id: string; product_id: string; unit_final_price: number; quantity: number }>();
  const items = products.map((p) => {
    const row = results.find((r) => r.product_id === p.id)!;
    return { orderItemId: row.id, productId: p.id, unitPaid: row.unit_final_price, quantity: row.quantity };
  });
  return { id, number: order.number, storeId: order.store_id, total: order.total, shopper: buyer, items };
}

export interface ReportInput {
  /** Lines: the order's item (index), units and why. */
  lines: { item: number; quantity: number; reason?: ReportReason }[];
  comment?: string | null;
  photoKey?: string | null;
  createdAt?: number;
  /** An already decided report (history): approved in full at `createdAt`. */
  approved?: boolean;
}

/** Inserts a report of `order`'s items as a submission leaves it (open unless `approved`); its id. */
export async function insertReport(order: DeliveredOrder, input: ReportInput): Promise<string> {
  const id = newId();
  const createdAt = input.createdAt ?? Date.now();
  const lines = input.lines.map((l) => {
    const item = order.items[l.item];
    return { id: newId(), item, quantity: l.quantity, reason: l.reason ?? "missing", amount: l.quantity * item.unitPaid };
  });
  const claimed = lines.reduce((sum, l) => sum + l.amount, 0);
  await env.DB.batch([
    env.DB.prepare(
      `insert into order_reports (id, order_id, user_id, store_id, comment, photo_key, claimed_amount, created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)`,
    ).bind(id, order.id, order.shopper.id, order.storeId, input.comment ?? null, input.photoKey ?? null, claimed, createdAt),
    ...lines.map((l) =>
      env.DB.prepare(
        `insert into order_report_lines (id, report_id, order_id, order_item_id, product_id, quantity, reason, amount) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(l.id, id, order.id, l.item.orderItemId, l.item.productId, l.quantity, l.reason, l.amount),
    ),
    ...(input.approved
      ? [
          env.DB.prepare(
            `update order_reports set status = 'approved', approved_amount = claimed_amount, auto_approved = 1, decided_at = ?2, refund_status = 'pending' where id = ?1`,
          ).bind(id, createdAt),
        ]
      : []),
  ]);
  return id;
}

export interface ReportRow {
  status: string;
  claimed_amount: number;
  approved_amount: number | null;
  auto_approved: number;
  decided_by: string | null;
  decision_reason: string | null;
  decided_at: number | null;
  refund_status: string;
}

export const reportRow = async (id: string) => (await env.DB.prepare("select * from order_reports where id = ?").bind(id).first<ReportRow>())!;

export const reportLines = async (id: string) =>
  (
    await env.DB.prepare("select quantity, amount, approved_quantity, approved_amount, open from order_report_lines where report_id = ? order by rowid")
      .bind(id)
      .all<{ quantity: number; amount: number; approved_quantity: number | null; approved_amount: number | null; open: number }>()
  ).results;

/** Sets the rules (paise, count, percent); tests put DEFAULT_RULES back after. */
export async function setRules(autoMaxAmount: number, autoMaxPriorApproved: number, autoMaxSharePercent: number) {
  await env.DB.prepare("update report_rules set auto_max_amount = ?, auto_max_prior_approved = ?, auto_max_share_percent = ? where id = 1")
    .bind(autoMaxAmount, autoMaxPriorApproved, autoMaxSharePercent)
    .run();
}
export const DEFAULT_RULES = [20000, 0, 100] as const;
