/**
 * A shopper with a wallet credit spends it at checkout, pays the rest in cash, and sees the wallet's
 * part on the order page and in the account (decision 050 "Spending the wallet"), with JavaScript on
 * and off. No page credits a wallet in this journey, so the credit is written into the e2e server's
 * local D1 as the ledger writes it (the first entry: balance after = amount).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, apiLogin, newShopper, ownProduct } from "./support";

const persistTo = path.join(process.cwd(), ".state", `e2e-${process.env.E2E_PORT}`);

/** One statement against the running e2e server's local D1. */
function d1(command: string): Record<string, unknown>[] {
  const out = execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", command], {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  return (JSON.parse(out) as { results: Record<string, unknown>[] }[])[0]!.results;
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

test("a shopper spends a wallet credit at checkout and pays the rest in cash", async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const product = await ownProduct(request, adminToken, info, { name: "Wallet Paneer", stock: 10, price: 120 });
  const shopper = await newShopper(page.request, info, { prefix: "wallet" });
  const [user] = d1(`select id from users where email = ${quote(shopper.email)}`);
  d1(
    `insert into wallet_entries (id, user_id, amount, balance_after, kind, ref, note) values (${quote(randomBytes(12).toString("hex"))}, ${quote(
      String(user!.id),
    )}, 5000, 5000, 'goodwill', ${quote(`e2e-${randomBytes(6).toString("hex")}`)}, 'Sorry for the late delivery')`,
  );
  const added = await page.request.post("/api/cart/create", { headers: shopper.headers, data: { productId: product._id } });
  expect(added.status(), await added.text()).toBe(200);

  await page.goto("/checkout");
  await page.getByRole("radio", { name: "Cash on Delivery" }).check();
  await page.getByLabel("Use wallet balance (₹50)").check();
  await expect(page.getByTestId("bill-wallet-paid")).toHaveText("−₹50");
  await expect(page.getByTestId("bill-wallet-cash")).toHaveText("₹70");
  // The pay bar's total follows the box with CSS alone: cash (whole rupees) is its first part.
  await expect(page.getByTestId("pay-total-wallet")).toBeVisible();
  await expect(page.getByTestId("pay-total")).toBeHidden();
  await expect(page.getByTestId("pay-total-wallet").locator("span").first()).toHaveText("₹70");
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f]{24}$/);
  await expect(page.getByTestId("order-wallet-paid")).toContainText("Paid from wallet −₹50");
  await expect(page.getByTestId("order-wallet-paid")).toContainText("Cash to pay on delivery: ₹70");

  await page.goto("/dashboard/profile");
  await expect(page.getByTestId("wallet-balance")).toHaveText("₹0");
  const entries = page.getByRole("list", { name: "Wallet entries" });
  await expect(entries.getByRole("listitem")).toHaveCount(2);
  await expect(entries.getByRole("listitem").first()).toContainText(/Paid for order ORD-\d{8}-\w{6}/);
  await expect(entries.getByRole("listitem").first()).toContainText("−₹50");
  await expect(entries.getByRole("listitem").last()).toContainText("Goodwill from FreshDash");
});
