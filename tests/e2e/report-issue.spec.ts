/**
 * After the order (docs/decisions/050-after-the-order.md) on a phone (390×844), with JavaScript on
 * and off: a shopper's cash order is delivered; from the order page they report one missing unit
 * with a photo (a small PNG made here). Their first claim is within the rules, so it is approved at
 * once and refunded to their FreshDash wallet, which pays part of their next order at checkout;
 * the account shows the ledger.
 */
import { deflateSync } from "node:zlib";
import { expect, test } from "./client-test";
import { ADMIN, apiLogin, deliverAsAdmin, expectMessage, newShopper, ownProduct } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

/** CRC-32 of PNG chunks (ISO 3309). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A solid-colour RGB PNG of `size` × `size` pixels. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("a shopper reports a missing item with a photo, is refunded to the wallet and spends it on the next order", async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const product = await ownProduct(request, adminToken, info, { name: "Report Bread", stock: 6, price: 45 });
  // The browser is the shopper (the session cookie lands in the page's context).
  const shopper = await newShopper(page.request, info, { prefix: "report", name: "Meera Iyer" });
  const placed = await page.request.post("/api/order/cash-on-delivery", {
    headers: shopper.headers,
    data: { list_items: [{ productId: product._id, quantity: 2 }], addressId: shopper.addressId },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data._id as string;
  await deliverAsAdmin(request, adminToken, orderId);

  await page.goto(`/dashboard/myorders/${orderId}`);
  const section = page.getByRole("region", { name: "Report an issue" });
  await expect(section).toBeVisible();
  await expect(section.getByText(product.name)).toBeVisible();
  await expect(section.getByLabel("How many").locator("option")).toHaveText(["None", "1", "2"]);
  await section.getByLabel("How many").selectOption("1");
  await section.getByLabel("What went wrong").selectOption("missing");
  await section.getByLabel(/^Photo/).setInputFiles({ name: "bag.png", mimeType: "image/png", buffer: solidPng(64, [200, 120, 40]) });
  await section.getByLabel(/^What happened/).fill("One loaf was not in the bag");
  await page.screenshot({ path: info.outputPath("report-form-390.png"), fullPage: true });
  await section.getByRole("button", { name: "Send report" }).click();

  await expectMessage(page, "Thank you for telling us: your report is below");
  const report = page.getByTestId("order-report");
  await expect(report).toHaveCount(1);
  // A first claim of ₹45 is within the rules out of the box: approved and refunded at once.
  await expect(report.getByTestId("report-status")).toHaveText("Approved ₹45 to your wallet");
  await expect(report).toContainText(`1 × ${product.name}: Missing`);
  await expect(report).toContainText("Claimed ₹45");
  await expect(report).toContainText("One loaf was not in the bag");
  const photo = report.getByRole("img", { name: "What you sent us of the items" });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  // The unit delivered can still be reported; the refunded one cannot.
  await expect(section.getByLabel("How many").locator("option")).toHaveText(["None", "1"]);
  await page.screenshot({ path: info.outputPath("report-approved-390.png"), fullPage: true });

  // The next order: the wallet's ₹45 pays part of it, the rest in cash.
  const added = await page.request.post("/api/cart/create", { headers: shopper.headers, data: { productId: product._id } });
  expect(added.status(), await added.text()).toBe(200);
  await page.goto("/checkout");
  await page.getByRole("radio", { name: "Cash on Delivery" }).check();
  await page.getByLabel("Use wallet balance (₹45)").check();
  await expect(page.getByTestId("bill-wallet-paid")).toHaveText("−₹45");
  await page.screenshot({ path: info.outputPath("checkout-wallet-390.png"), fullPage: true });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f]{24}$/);
  await expect(page.getByTestId("order-wallet-paid")).toContainText("Paid from wallet −₹45");

  await page.goto("/dashboard/profile");
  await expect(page.getByTestId("wallet-balance")).toHaveText("₹0");
  // The account page fits the phone: nothing scrolls sideways (the avatar's file input once did).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const entries = page.getByRole("list", { name: "Wallet entries" }).getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(/Paid for order ORD-\d{8}-\w{6}/);
  await expect(entries.first()).toContainText("−₹45");
  await expect(entries.last()).toContainText(/Refund for order/);
  await page.screenshot({ path: info.outputPath("wallet-account-390.png"), fullPage: true });
});
