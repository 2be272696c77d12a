/**
 * The wallet's ledger (decision 050): entries are appended by one statement that is its own guard.
 * The balance never goes below zero however many debits race, a repeated `(kind, ref)` writes
 * nothing, and the ledger cannot be edited or deleted.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "~/lib/ids";
import { getDb } from "../../app/server/db/db.server";
import { readWallet, walletBalance, walletEntry } from "../../app/server/wallet/ledger.server";
import { newShopper } from "./api-client";

const db = () => getDb({ cloudflare: { env } } as unknown as AppLoadContext);
const shopperId = async () => {
  const { email } = await newShopper();
  return (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;
};

describe("the wallet ledger", () => {
  it("keeps a balance that is the sum of the entries, newest first", async () => {
    const userId = await shopperId();
    await db().batch([
      walletEntry(db(), { userId, amount: 20000, kind: "refund", ref: newId() }),
      walletEntry(db(), { userId, amount: 5000, kind: "goodwill", ref: newId() }),
    ]);
    await walletEntry(db(), { userId, amount: -7500, kind: "order_payment", ref: newId() });
    expect(await walletBalance(db(), userId)).toBe(17500);
    const view = await readWallet(db(), userId);
    expect(view.balance).toBe(17500);
    expect(view.entries.map((e) => [e.amount, e.balanceAfter])).toEqual([
      [-7500, 17500],
      [5000, 25000],
      [20000, 20000],
    ]);
  });

  it("writes one entry per kind and ref, however often it is sent", async () => {
    const userId = await shopperId();
    const ref = newId();
    const results = await Promise.all(Array.from({ length: 10 }, () => walletEntry(db(), { userId, amount: 1000, kind: "refund", ref })));
    expect(results.reduce((n, r) => n + r.meta.changes, 0)).toBe(1);
    expect(await walletBalance(db(), userId)).toBe(1000);
  });

  it("never goes below zero when 20 debits race for one balance", async () => {
    const userId = await shopperId();
    await walletEntry(db(), { userId, amount: 10000, kind: "refund", ref: newId() });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => walletEntry(db(), { userId, amount: -3000, kind: "order_payment", ref: newId() })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    expect(await walletBalance(db(), userId)).toBe(1000);
  });

  it("refuses a debit beyond the balance and a balance_after that does not follow the ledger", async () => {
    const userId = await shopperId();
    await expect(walletEntry(db(), { userId, amount: -1, kind: "order_payment", ref: newId() })).rejects.toThrow();
    await expect(
      env.DB.prepare("insert into wallet_entries (id, user_id, amount, balance_after, kind, ref) values (?, ?, 100, 5000, 'goodwill', ?)")
        .bind(newId(), userId, newId())
        .run(),
    ).rejects.toThrow();
    expect(await walletBalance(db(), userId)).toBe(0);
  });

  it("cannot be edited or deleted", async () => {
    const userId = await shopperId();
    await walletEntry(db(), { userId, amount: 500, kind: "goodwill", ref: newId() });
    await expect(env.DB.prepare("update wallet_entries set amount = 50000 where user_id = ?").bind(userId).run()).rejects.toThrow();
    await expect(env.DB.prepare("delete from wallet_entries where user_id = ?").bind(userId).run()).rejects.toThrow();
    expect(await walletBalance(db(), userId)).toBe(500);
  });
});
