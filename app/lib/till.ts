/**
 * The till of a store's day (docs/decisions/048-riders-and-the-till.md), as pages, the CSV and
 * /api read it. Isomorphic: the figures come from `till.server.ts`.
 */
import { paiseToRupees } from "./money";

/** A handover's note: at most this many characters. */
export const HANDOVER_NOTE_MAX = 200;

export interface TillRider {
  /** The rider's account; null for a rider whose name and phone were only typed at dispatch. */
  riderId: string | null;
  name: string;
  /** Delivered cash orders of the day. */
  orders: number;
  /** Paise collected at the door: those orders' totals (whole rupees, decision 039's rounding). */
  collected: number;
  /** Paise handed over that day. */
  handedOver: number;
  /** collected − handed over, paise: positive is cash still with the rider. */
  difference: number;
}

export interface TillHandover {
  id: string;
  riderId: string;
  riderName: string;
  amount: number;
  note: string | null;
  recordedByName: string;
  createdAt: number;
}

export interface Till {
  day: string;
  riders: TillRider[];
  totals: { orders: number; collected: number; handedOver: number; difference: number };
  handovers: TillHandover[];
}

/** Merges the day's collected cash and handovers per rider, riders by name. */
export function tillRows(
  collected: { riderId: string | null; name: string; orders: number; amount: number }[],
  handed: { riderId: string; name: string; amount: number }[],
): { riders: TillRider[]; totals: Till["totals"] } {
  const byKey = new Map<string, TillRider>();
  const keyOf = (riderId: string | null, name: string) => (riderId ? `id:${riderId}` : `typed:${name}`);
  for (const c of collected) {
    byKey.set(keyOf(c.riderId, c.name), { riderId: c.riderId, name: c.name, orders: c.orders, collected: c.amount, handedOver: 0, difference: 0 });
  }
  for (const h of handed) {
    const key = keyOf(h.riderId, h.name);
    const row = byKey.get(key) ?? { riderId: h.riderId, name: h.name, orders: 0, collected: 0, handedOver: 0, difference: 0 };
    row.handedOver += h.amount;
    byKey.set(key, row);
  }
  const riders = [...byKey.values()].map((r) => ({ ...r, difference: r.collected - r.handedOver }));
  riders.sort((a, b) => a.name.localeCompare(b.name) || String(a.riderId).localeCompare(String(b.riderId)));
  const totals = riders.reduce(
    (t, r) => ({
      orders: t.orders + r.orders,
      collected: t.collected + r.collected,
      handedOver: t.handedOver + r.handedOver,
      difference: t.difference + r.difference,
    }),
    { orders: 0, collected: 0, handedOver: 0, difference: 0 },
  );
  return { riders, totals };
}

/** The till as CSV rows for the metrics download (metric, value), amounts in rupees. */
export function tillCsvRows(till: Till): [string, string | number][] {
  const inr = (paise: number) => paiseToRupees(paise).toFixed(2);
  const rows: [string, string | number][] = [];
  for (const r of till.riders) {
    const who = `till: ${r.name}${r.riderId ? "" : " (no rider account)"}`;
    rows.push(
      [`${who}: cash orders delivered`, r.orders],
      [`${who}: cash collected (INR)`, inr(r.collected)],
      [`${who}: cash handed over (INR)`, inr(r.handedOver)],
      [`${who}: difference (INR)`, inr(r.difference)],
    );
  }
  rows.push(
    ["till: cash orders delivered", till.totals.orders],
    ["till: cash collected (INR)", inr(till.totals.collected)],
    ["till: cash handed over (INR)", inr(till.totals.handedOver)],
    ["till: difference (INR)", inr(till.totals.difference)],
  );
  return rows;
}
