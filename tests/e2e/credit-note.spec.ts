/**
 * A shopper downloads the tax invoice and a credit note from the order page (decision 044), with
 * JavaScript on and off. No page of the store refunds a delivered order yet (the refunds "after
 * the order" will call `issueCreditNote`), so the note is written into the e2e server's local D1 as
 * that function writes it: the document computed by the same pure module from the issued invoice.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { computeCreditNote, creditNoteNumber } from "../../app/lib/invoice/credit-note";
import type { InvoiceDocument } from "../../app/lib/invoice/document";
import { financialYear } from "../../app/lib/invoice/maths";
import { formatInvoiceAmount } from "../../app/lib/money";
import { ADMIN, apiLogin, deliverAsAdmin, newShopper, ownProduct } from "./support";

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

test("a shopper downloads the invoice and the credit note of a refund from the order page", async ({ page, request }, info) => {
  test.setTimeout(90_000);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const product = await ownProduct(request, adminToken, info, { name: "Credit Ghee", stock: 10, price: 649.5, hsnCode: "0405", gstRate: 5 });
  const shopper = await newShopper(page.request, info, { prefix: "credit" });
  const placed = await page.request.post("/api/order/cash-on-delivery", {
    headers: shopper.headers,
    data: { list_items: [{ productId: product._id, quantity: 2 }], addressId: shopper.addressId },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data._id as string;
  await deliverAsAdmin(request, adminToken, orderId);

  // The invoice is issued when first downloaded, from the order page.
  await page.goto(`/dashboard/myorders/${orderId}`);
  const invoiceDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download invoice" }).click();
  const invoiceFile = await invoiceDownload;
  expect(invoiceFile.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
  await expect(page.getByRole("link", { name: "Download credit note" })).toHaveCount(0);

  // A refund of one of the two units after delivery: its credit note, as issueCreditNote writes it.
  const [record] = d1(`select document, store_id, gstin, series from invoices where order_id = ${quote(orderId)}`);
  const invoice = JSON.parse(String(record!.document)) as InvoiceDocument;
  const amount = Math.floor(invoice.maths.lines[0]!.value / 2);
  const date = Date.now();
  const fy = financialYear(date);
  const seq = 900_000 + Math.floor(Math.random() * 99_999);
  const number = creditNoteNumber(String(record!.series), fy, seq);
  const note: InvoiceDocument = {
    ...invoice,
    kind: "credit-note",
    title: "Credit note",
    number,
    date,
    against: { number: invoice.number, date: invoice.date },
    maths: computeCreditNote(invoice.maths, [], { amount, lines: [{ line: 0, quantity: 1 }] }),
  };
  const noteId = randomBytes(12).toString("hex");
  d1(
    `insert into credit_notes (id, refund_id, order_id, store_id, gstin, series, fy, seq, number, amount, document, issued_at) values (${[
      quote(noteId),
      quote(`re_e2e_${noteId}`),
      quote(orderId),
      quote(String(record!.store_id)),
      quote(String(record!.gstin)),
      quote(String(record!.series)),
      fy,
      seq,
      quote(number),
      amount,
      quote(JSON.stringify(note)),
      date,
    ].join(", ")})`,
  );

  await page.goto(`/dashboard/myorders/${orderId}`);
  await expect(page.getByText(`Credit note ${number}`)).toBeVisible();
  const noteDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download credit note" }).click();
  const noteFile = await noteDownload;
  expect(noteFile.suggestedFilename()).toBe(`credit-note-${number.replace(/\//g, "-")}.pdf`);
  const bytes = await readFile((await noteFile.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The printable credit note names the invoice it is against and what it reverses.
  await page.getByRole("link", { name: "Printable credit note" }).click();
  await expect(page.getByRole("heading", { name: "Credit note" })).toBeVisible();
  await expect(page.getByTestId("credit-note-against")).toContainText(`No. ${invoice.number} dated`);
  await expect(page.getByTestId("invoice-paid")).toHaveText(formatInvoiceAmount(amount));
});
