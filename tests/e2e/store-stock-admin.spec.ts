import { expect, test } from "./client-test";
import { expectAccessible } from "./a11y";
import { expectMessage, findProduct, isNoJs } from "./support";

/**
 * Dark stores, second half, admin side (issue 12, decision 020; issue 29, decision 024): an admin adds
 * a store and imports its stock by CSV (a preview kept server-side with an error per row, then
 * confirm), and manages the store's integration tokens, with JavaScript and without.
 */
test.describe.configure({ timeout: 60_000 });

test("an admin adds a store and imports its stock by CSV: preview, confirm, the store has that stock", async ({ page, request }, info) => {
  const noJs = isNoJs(info);
  const product = await findProduct(request, "milk", { minStock: 0 });
  const res = await page.request.post("/api/user/login", { data: { email: "admin@example.com", password: "Admin@12345" } });
  expect(res.status()).toBe(200);

  await page.goto("/dashboard/stores?dialog=add-store");
  const name = `FreshDash Salt Lake ${info.project.name} ${Date.now()}`;
  const dialog = page.getByRole("dialog", { name: "Add store" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Address").fill("Sector V, Salt Lake 700091");
  await dialog.getByLabel("City").fill("Kolkata");
  await dialog.getByLabel("Delivery minutes").fill("12");
  await dialog.getByLabel("Pincodes served").fill("700091");
  await dialog.getByRole("button", { name: "Add store" }).click();
  await expectMessage(page, "Store added");

  await page.getByRole("link", { name: `Import stock for ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Import stock: ${name}, Kolkata`, level: 1 })).toBeVisible();
  await expectAccessible(page, "stock import form");

  // Nothing to preview yet: the field says so.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Paste the CSV or choose a file")).toBeVisible();

  const stock = 30 + (Date.now() % 50);
  await page.getByLabel("Or paste the CSV").fill(`product,stock\n${product._id},${stock}\nNo Such Product At All,4\n`);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: /^Preview:/ });
  await expect(preview.getByRole("heading")).toHaveText(`Preview: 1 product to update at ${name}, 1 row with errors (skipped)`);
  const valid = preview.getByRole("row").filter({ hasText: product._id });
  await expect(valid).toContainText(product.name);
  await expect(valid.getByRole("cell").nth(4)).toHaveText(String(stock));
  await expect(preview.getByRole("row").filter({ hasText: "No Such Product At All" })).toContainText("No product with this id, barcode or name");
  await expectAccessible(page, "stock import preview");

  await expect(page).toHaveURL(/\/dashboard\/stores\/[0-9a-f]{24}\/stock\?import=[0-9a-f]{24}$/);

  await preview.getByRole("button", { name: "Confirm import of 1 product" }).click();
  await expectMessage(page, "Stock imported: 1 product updated, 0 already right");
  await expect(preview.getByRole("status")).toHaveText("Imported: 1 product updated, 0 already right.");
  await expect(page.getByRole("button", { name: /^Confirm import/ })).toHaveCount(0);
  if (noJs) await expect(page).toHaveURL(/\/dashboard\/stores\/[0-9a-f]{24}\/stock\?import=[0-9a-f]{24}$/);

  // The store now has that stock: a new preview of the product shows it as the stock now.
  await page.getByLabel("Or paste the CSV").fill(`${product._id},1`);
  await page.getByRole("button", { name: "Preview" }).click();
  const again = page
    .getByRole("region", { name: /^Preview:/ })
    .getByRole("row")
    .filter({ hasText: product._id });
  await expect(again.getByRole("cell").nth(3)).toHaveText(String(stock));
});

// Issue 28 item 9.2: a file over the body limit was the root error page ("Unexpected Application
// Error! 413"). Without JavaScript the server answers the page with its form and the message; with
// it, the form's own check says the same before anything is sent.
test("a CSV over the size limit gets the message on the form, not an error page", async ({ page }) => {
  const res = await page.request.post("/api/user/login", { data: { email: "admin@example.com", password: "Admin@12345" } });
  expect(res.status()).toBe(200);
  await page.goto("/dashboard/stores");
  await page.getByRole("link", { name: "Import stock for FreshDash Indiranagar" }).click();
  await expect(page.getByRole("heading", { name: /^Import stock: FreshDash Indiranagar/, level: 1 })).toBeVisible();
  await page.getByLabel("CSV file").setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.from("Amul Taaza Milk,5\n".repeat(260_000)) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("The CSV is too large: at most 4 MB")).toBeVisible();
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^Import stock: FreshDash Indiranagar/, level: 1 })).toBeVisible();
  await expect(page.getByLabel("CSV file")).toBeVisible();
  await expect(page.getByRole("button", { name: "Preview" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Preview:/ })).toHaveCount(0);
});

test("an admin creates a store's integration token, sees it once, and revokes it", async ({ page }, info) => {
  const res = await page.request.post("/api/user/login", { data: { email: "admin@example.com", password: "Admin@12345" } });
  expect(res.status()).toBe(200);
  await page.goto("/dashboard/stores");
  await page.getByRole("link", { name: "Sync tokens for FreshDash Indiranagar" }).click();
  await expect(page.getByRole("heading", { name: /^Sync tokens: FreshDash Indiranagar/, level: 1 })).toBeVisible();
  const label = `ERP ${info.project.name} ${Date.now()}`;
  await page.getByLabel("Token name").fill(label);
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText(`Token “${label}” created. Copy it now: it is not shown again.`)).toBeVisible();
  const token = await page.getByTestId("new-token").textContent();
  expect(token).toMatch(/^fdst_[0-9a-f]{64}$/);
  await expectAccessible(page, "sync tokens");

  // The token syncs this store's stock (an empty body is refused as a body, not as a caller).
  const refused = await page.request.post("/api/store/stock-sync", { headers: { Authorization: `Bearer ${token}` }, data: {} });
  expect(refused.status()).toBe(400);

  await page.goto(page.url());
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  await page.getByRole("button", { name: `Revoke ${label}` }).click();
  await expectMessage(page, "Token revoked: it no longer opens stock sync");
  await expect(page.getByRole("listitem").filter({ hasText: label })).toContainText("revoked");
  const revoked = await page.request.post("/api/store/stock-sync", { headers: { Authorization: `Bearer ${token}` }, data: {} });
  expect(revoked.status()).toBe(401);
});
