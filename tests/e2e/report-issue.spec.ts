/**
 * Reporting a missing item (docs/decisions/050-after-the-order.md) on a phone (390×844), with
 * JavaScript on and off: a shopper's cash order is delivered, and from the order page they report
 * one missing unit with a photo (a small PNG made here), then see the report "Under review" with
 * its photo, which loads for them.
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

test("a shopper reports a missing item with a photo and sees it under review", async ({ page, request }, info) => {
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
  await section.getByLabel(/^Comment/).fill("One loaf was not in the bag");
  await page.screenshot({ path: info.outputPath("report-form-390.png"), fullPage: true });
  await section.getByRole("button", { name: "Send report" }).click();

  await expectMessage(page, "Thank you for telling us: your report is below");
  const report = page.getByTestId("order-report");
  await expect(report).toHaveCount(1);
  await expect(report.getByTestId("report-status")).toHaveText("Under review");
  await expect(report).toContainText(`1 × ${product.name}: Missing`);
  await expect(report).toContainText("Claimed ₹45");
  await expect(report).toContainText("One loaf was not in the bag");
  const photo = report.getByRole("img", { name: "What you sent us of the items" });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  // The unit left can still be reported once this one is answered: it is under review now.
  await expect(page.getByText(`Under review already: ${product.name}.`)).toBeVisible();
  await page.screenshot({ path: info.outputPath("report-sent-390.png"), fullPage: true });
});
