/**
 * Support decides a report (decision 050, "Deciding a report"), with JavaScript on and off: the
 * seeded Indiranagar manager opens the queue, finds a shopper's report with its items and history,
 * approves part of it and sees it decided. Reports are submitted by the shopper's form (another
 * part of the store), so the report is written into the e2e server's local D1 as a submission
 * leaves it: open, its line worth the units at the price paid, above the ₹200 the rules approve.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, apiLogin, deliverAsAdmin, expectMessage, isNoJs, login, newShopper, ownProduct } from "./support";

const persistTo = path.join(process.cwd(), ".state", `e2e-${process.env.E2E_PORT}`);

/** One statement against the running e2e server's local D1 (the state directory scripts/e2e-server.ts made). */
function d1(command: string): Record<string, unknown>[] {
  const out = execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", command], {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  return (JSON.parse(out) as { results: Record<string, unknown>[] }[])[0]!.results;
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const newId = () => randomBytes(12).toString("hex");

test("the store's manager approves part of a shopper's report from the queue", async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const product = await ownProduct(request, adminToken, info, { name: "Report Eggs", stock: 10, price: 150 });
  const shopper = await newShopper(request, info, { prefix: "reporter" });
  const placed = await request.post("/api/order/cash-on-delivery", {
    headers: shopper.headers,
    data: { list_items: [{ productId: product._id, quantity: 2 }], addressId: shopper.addressId },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data._id as string;
  await deliverAsAdmin(request, adminToken, orderId);

  const [item] = d1(
    `select i.id, i.unit_final_price as price, o.order_id as number, o.store_id, o.user_id from order_items i join orders o on o.id = i.order_id where o.id = ${quote(orderId)}`,
  );
  const reportId = newId();
  const claimed = 2 * Number(item!.price);
  expect(claimed).toBe(30000);
  d1(
    `insert into order_reports (id, order_id, user_id, store_id, comment, claimed_amount) values (${quote(reportId)}, ${quote(orderId)}, ${quote(String(item!.user_id))}, ${quote(String(item!.store_id))}, 'Both eggs cracked', ${claimed});
     insert into order_report_lines (id, report_id, order_id, order_item_id, product_id, quantity, reason, amount) values (${quote(newId())}, ${quote(reportId)}, ${quote(orderId)}, ${quote(String(item!.id))}, ${quote(product._id)}, 2, 'damaged', ${claimed})`,
  );
  const number = String(item!.number);

  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, "manager@example.com", "Staff@12345");
  await page.goto("/dashboard/reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  const card = page.getByRole("article", { name: `Order ${number}: ₹300 claimed` });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Both eggs cracked");
  await expect(card).toContainText(`${product.name} × 2 · Damaged`);
  await expect(card.getByTestId("shopper-history")).toContainText("1 order, ₹300");
  await page.screenshot({ path: info.outputPath(`support-reports-${info.project.name}.png`), fullPage: true });

  // More than the claim: the reason on the report's card, nothing decided.
  await card.getByLabel("Amount (₹)").fill("600");
  await card.getByRole("button", { name: "Approve part" }).click();
  await expect(card.getByRole("alert")).toHaveText("Amount can be at most the claim, ₹300");
  await card.getByLabel("Amount (₹)").fill("120");
  await card.getByRole("button", { name: "Approve part" }).click();
  await expectMessage(page, `Approved ₹120 of ₹300 on order ${number}`);
  await expect(page.getByRole("article", { name: `Order ${number}: ₹300 claimed` })).toHaveCount(0);
  await expect(page.getByTestId("decided-report").filter({ hasText: `Order ${number}: Approved ₹120 of ₹300` })).toContainText("By Kiran Manager");
  if (!isNoJs(info)) await page.screenshot({ path: info.outputPath("support-reports-decided.png"), fullPage: true });

  const [row] = d1(`select status, approved_amount, decided_by is not null as decided from order_reports where id = ${quote(reportId)}`);
  expect(row).toMatchObject({ status: "approved", approved_amount: 12000, decided: 1 });
});
