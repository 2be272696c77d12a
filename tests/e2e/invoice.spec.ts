import { type APIRequestContext, type TestInfo } from "@playwright/test";
import { expect, test } from "./client-test";
import { expectAccessible } from "./a11y";
import { isNoJs, uniqueEmail } from "./support";

/**
 * Issue 31 part 5 (docs/decisions/031-gst-invoices.md), with JavaScript and without: a delivered
 * order has "Download invoice" on the shopper's order page; the printable invoice shows the seller's
 * GSTIN, the HSN code and the CGST + SGST split, and its totals match the order page; the PDF
 * behind the link is a PDF. A Karnataka address and the Bengaluru store: the same state.
 */
test.describe.configure({ timeout: 90_000 });

const ADDRESS = { address_line: "12 MG Road, Indiranagar", city: "Bengaluru", state: "Karnataka", country: "India", pincode: "560038", mobile: "9876501234" };

async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/user/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.accesstoken as string;
}

/** A product of the test's own with an HSN code and a 12 % GST rate (price in rupees). */
async function gstProduct(request: APIRequestContext, admin: string, info: TestInfo) {
  const subs = (await (await request.post("/api/subcategory/get")).json()).data as { _id: string; category: { _id: string }[] }[];
  const sub = subs.find((s) => s.category.length)!;
  const name = `Invoice Ghee ${info.project.name} ${Date.now()}`;
  const res = await request.post("/api/product/create", {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      name,
      image: ["/images/seed/milk.webp"],
      category: [sub.category[0]._id],
      subCategory: [sub._id],
      unit: "500 ml",
      stock: 5,
      price: 649.5,
      discount: 0,
      description: "Test ghee",
      more_details: {},
      hsnCode: "04059020",
      gstRate: 12,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { _id: (await res.json()).data._id as string, name };
}

test("a delivered order's shopper opens its invoice, and its totals match the order page", async ({ page }, info) => {
  const admin = await apiLogin(page.request, "admin@example.com", "Admin@12345");
  const product = await gstProduct(page.request, admin, info);

  // The shopper signs in through the API in the page's own context (its session cookie comes along).
  const email = uniqueEmail("invoice", info);
  const password = "Shopper@12345";
  expect((await page.request.post("/api/user/register", { data: { name: "Kavya Rao", email, password, confirmPassword: password } })).status()).toBeLessThan(
    300,
  );
  const headers = { Authorization: `Bearer ${await apiLogin(page.request, email, password)}` };
  const address = await (await page.request.post("/api/address/create", { headers, data: ADDRESS })).json();
  const placed = await page.request.post("/api/order/cash-on-delivery", {
    headers,
    data: { list_items: [{ productId: product._id, quantity: 3 }], addressId: address.data._id },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string };

  // Before delivery there is no invoice.
  await page.goto(`/dashboard/myorders/${order._id}`);
  await expect(page.getByRole("heading", { name: `Order No : ${order.orderId}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download invoice" })).toHaveCount(0);

  // The store packs, dispatches and delivers it (the admin's moves).
  for (const status of ["packed", "ready", "out_for_delivery", "delivered"]) {
    const res = await page.request.post("/api/order/admin/update-status", { headers: { Authorization: `Bearer ${admin}` }, data: { _id: order._id, status } });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.goto(`/dashboard/myorders/${order._id}`);
  const total = await page.getByTestId("order-total").innerText();
  expect(total).toBe("Total ₹1,948.50");
  const download = page.getByRole("link", { name: "Download invoice" });
  await expect(download).toBeVisible();

  // The PDF behind the link.
  const pdf = await page.request.get((await download.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The printable invoice: seller, HSN, CGST + SGST, and the amount paid equal to the order's total.
  await page.getByRole("link", { name: "Printable invoice" }).click();
  await expect(page.getByRole("heading", { name: "Tax invoice" })).toBeVisible();
  await expect(page.getByTestId("invoice-number")).toHaveText(/^[0-9A-F]{4}\/\d{4}\/\d{6}$/);
  const seller = page.getByRole("region", { name: "Seller" });
  await expect(seller).toContainText("FreshDash Quick Commerce Private Limited");
  await expect(seller).toContainText(/GSTIN: 29[0-9A-Z]{13}/);
  const line = page.getByTestId("invoice-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(product.name);
  await expect(line).toContainText("04059020");
  await expect(line).toContainText("12%");
  // ₹1,948.50 at 12 % within Karnataka: CGST = SGST = round(194850 × 6 / 112) = ₹104.38, taxable ₹1,739.74.
  await expect(page.getByTestId("invoice-cgst")).toHaveText("₹104.38");
  await expect(page.getByTestId("invoice-sgst")).toHaveText("₹104.38");
  await expect(page.getByTestId("invoice-taxable")).toHaveText("₹1,739.74");
  await expect(page.getByTestId("invoice-igst")).toHaveCount(0);
  await expect(page.getByTestId("invoice-paid")).toHaveText(total.replace("Total ", ""));
  await expectAccessible(page, "the printable invoice");

  // On paper only the invoice: the store's header is hidden by the print stylesheet.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByTestId("invoice-paid")).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // "Back to the order" returns to the shopper's order page.
  await page.getByRole("link", { name: "Back to the order" }).click();
  await expect(page.getByRole("heading", { name: `Order No : ${order.orderId}` })).toBeVisible();
  if (!isNoJs(info)) await expect(page.getByTestId("order-total")).toHaveText(total);
});
