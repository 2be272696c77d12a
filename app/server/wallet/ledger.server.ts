/**
 * The FreshDash wallet's ledger (decision 050, migrations/0043): append-only entries per shopper;
 * the balance is their sum. Every entry is written by `walletEntry()`, ONE statement that computes
 * the balance after it from the ledger itself, so that statement is the guard: the trigger holds
 * `balance_after` equal to the sum, the CHECK holds it at 0 or more, and an entry that would
 * overdraw fails, taking the D1 batch it is part of with it. `(kind, ref)` is unique and a repeat is
 * ignored, so a retried refund or payment writes once.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { orders, walletEntries, type WalletEntryKind } from "~/db/schema";
import { newId } from "~/lib/ids";
import { type Database, getDb } from "~/server/db/db.server";
import type { AppLoadContext } from "@remix-run/cloudflare";

export interface WalletEntryInput {
  userId: string;
  /** Paise: positive for a credit, negative for `order_payment`. */
  amount: number;
  kind: WalletEntryKind;
  /** What it is for (a report's id, an order's id, a support key): unique per kind. */
  ref: string;
  orderId?: string | null;
  note?: string | null;
  createdBy?: string | null;
  now?: number;
}

/**
 * The shopper's balance as an SQL expression (the sum of their ledger): for one shopper's id, or for
 * a column of the rows an `insert … select` reads (aliased, so it never binds to an outer table).
 */
export function walletBalanceSql(userId: string | SQL) {
  return sql<number>`(select coalesce(sum(w.amount), 0) from ${walletEntries} w where w.user_id = ${userId})`;
}

/**
 * ONE statement that appends an entry, or nothing when `(kind, ref)` already has one. A debit
 * larger than the balance fails the statement (CHECK balance_after >= 0): put it in the batch whose
 * other writes it must decide, and tell the shopper why by reading the balance again afterwards.
 * Its `meta.changes` is 1 when the entry was written, 0 when `(kind, ref)` already had one.
 */
export function walletEntry(db: Database, entry: WalletEntryInput) {
  return db
    .insert(walletEntries)
    .select(
      db
        .select({
          id: value(newId(), walletEntries.id),
          userId: value(entry.userId, walletEntries.userId),
          amount: value(entry.amount, walletEntries.amount),
          balanceAfter: sql<number>`${walletBalanceSql(entry.userId)} + ${entry.amount}`.as(walletEntries.balanceAfter.name),
          kind: value(entry.kind, walletEntries.kind),
          ref: value(entry.ref, walletEntries.ref),
          orderId: value(entry.orderId ?? null, walletEntries.orderId),
          note: value(entry.note ?? null, walletEntries.note),
          createdBy: value(entry.createdBy ?? null, walletEntries.createdBy),
          createdAt: value(entry.now ?? Date.now(), walletEntries.createdAt),
        })
        .from(sql`(select 1)`)
        // SQLite reads `on conflict` after `insert … select` only when the select has a WHERE.
        .where(sql`true`),
    )
    .onConflictDoNothing({ target: [walletEntries.kind, walletEntries.ref] });
}

/**
 * Entries computed from rows of another table, in ONE `insert … select` (e.g. the reversals of the
 * orders a cancel's guard matches). Each row's `balance_after` is computed from the ledger like
 * `walletEntry`'s; SQLite reads the whole select before inserting, so at most one row per shopper
 * may be selected at a time (a cancel's guard matches one order, or a shopper's one open checkout).
 */
export function walletEntriesFor(
  db: Database,
  rows: {
    from: SQLiteTable;
    where: SQL;
    userId: SQL;
    amount: SQL<number>;
    kind: WalletEntryKind;
    ref: SQL;
    orderId: SQL;
    note: SQL;
    now: number;
  },
) {
  const balance = walletBalanceSql(rows.userId);
  return db
    .insert(walletEntries)
    .select(
      db
        .select({
          id: sql<string>`lower(hex(randomblob(12)))`.as(walletEntries.id.name),
          userId: sql<string>`${rows.userId}`.as(walletEntries.userId.name),
          amount: sql<number>`${rows.amount}`.as(walletEntries.amount.name),
          balanceAfter: sql<number>`${balance} + ${rows.amount}`.as(walletEntries.balanceAfter.name),
          kind: value(rows.kind, walletEntries.kind),
          ref: sql<string>`${rows.ref}`.as(walletEntries.ref.name),
          orderId: sql<string | null>`${rows.orderId}`.as(walletEntries.orderId.name),
          note: sql<string | null>`${rows.note}`.as(walletEntries.note.name),
          createdBy: sql<string | null>`null`.as(walletEntries.createdBy.name),
          createdAt: value(rows.now, walletEntries.createdAt),
        })
        .from(rows.from)
        .where(rows.where),
    )
    .onConflictDoNothing({ target: [walletEntries.kind, walletEntries.ref] });
}

/** A bound value selected as `column` (an `insert … select` names what it selects). */
const value = <T extends string | number | null>(v: T, column: { name: string }) => sql<T>`${v}`.as(column.name);

/** The shopper's balance in paise. */
export async function walletBalance(db: Database, userId: string): Promise<number> {
  const [row] = await walletBalanceQuery(db, userId);
  return Number(row?.balance ?? 0);
}

/** The balance as a query, to share a batch (`[{ balance }]`). */
export function walletBalanceQuery(db: Database, userId: string) {
  return db.select({ balance: walletBalanceSql(userId) }).from(sql`(select 1)`);
}

export interface WalletView {
  balance: number;
  entries: {
    id: string;
    amount: number;
    balanceAfter: number;
    kind: WalletEntryKind;
    orderId: string | null;
    /** The order's number (ORD-…) when the entry names an order. */
    orderNumber: string | null;
    note: string | null;
    createdAt: number;
  }[];
}

/** The balance and the newest entries (the balance is the newest entry's `balanceAfter`). */
export async function readWallet(db: Database, userId: string, limit = 50): Promise<WalletView> {
  const entries = await db
    .select({
      id: walletEntries.id,
      amount: walletEntries.amount,
      balanceAfter: walletEntries.balanceAfter,
      kind: walletEntries.kind,
      orderId: walletEntries.orderId,
      orderNumber: orders.orderId,
      note: walletEntries.note,
      createdAt: walletEntries.createdAt,
    })
    .from(walletEntries)
    .leftJoin(orders, eq(orders.id, walletEntries.orderId))
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt), desc(sql`${walletEntries}.rowid`))
    .limit(limit);
  return { balance: entries[0]?.balanceAfter ?? 0, entries };
}

/** The signed-in shopper's own wallet, for their account page and `GET /api/wallet`. */
export function walletOf(context: AppLoadContext, userId: string, limit = 50): Promise<WalletView> {
  return readWallet(getDb(context), userId, limit);
}
