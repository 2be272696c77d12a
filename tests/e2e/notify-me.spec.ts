import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./client-test";
import { expectMessage, findProduct, isNoJs, productUrl, register, uniqueEmail } from "./support";

/**
 * "Notify me" (issue 32, decision 032), with JavaScript and without: a shopper in Delhi asks to be
 * told about a product sold out there and sees similar items meanwhile; the admin restocks it at
 * Mumbai (no mail), then at Delhi through the CSV import (one mail in the dev mailbox); the shopper
 * follows the mail's link and adds the product.
 */
test.describe.configure({ timeout: 90_000 });

const DELHI = "110017";
const MUMBAI = "400053";

async function storeFor(request: APIRequestContext, pincode: string): Promise<string> {
  const res = await request.get(`/api/store/serviceability?pincode=${pincode}`);
  return (await res.json()).data.store._id as string;
}

/** The mails about `productName` in the dev mailbox: each rendered article's HTML. */
async function mailsAbout(request: APIRequestContext, productName: string) {
  const html = await (await request.get("/dev/mail")).text();
  return [...html.matchAll(/<article[\s\S]*?<\/article>/g)].map((m) => m[0]).filter((a) => a.includes(`: ${productName}"`));
}

test("notify me at Delhi: Mumbai's restock sends nothing, Delhi's CSV import sends one mail, whose link adds it", async ({ page, request, baseURL }, info) => {
  const noJs = isNoJs(info);
  // The admin (an API client of its own) makes a product sold out everywhere, beside a milk product.
  const login = await request.post("/api/user/login", { data: { email: "admin@example.com", password: "Admin@12345" } });
  const token = (await login.json()).data.accesstoken as string;
  const sibling = await findProduct(request, "milk", { minStock: 1 });
  const details = (await (await request.post("/api/product/get-product-details", { data: { productId: sibling._id } })).json()).data;
  const name = `Kesar Badam Milk ${info.project.name} ${Date.now() % 100000}`;
  const productFields = {
    description: "Saffron and almond milk.",
    image: details.image,
    category: details.category.map((c: { _id: string }) => c._id),
    subCategory: details.subCategory.map((s: { _id: string }) => s._id),
    unit: "200 ml",
    stock: 0,
    price: details.price,
    discount: 0,
  };
  const created = await request.post("/api/product/create", { headers: { Authorization: `Bearer ${token}` }, data: { ...productFields, name } });
  expect(created.status()).toBe(201);
  const product = { _id: (await created.json()).data._id as string, name };
  const [delhi, mumbai] = await Promise.all([storeFor(request, DELHI), storeFor(request, MUMBAI)]);

  // The shopper, signed in, delivering to Delhi.
  await register(page, { email: uniqueEmail("kesar", info) });
  await page.goto("/location");
  await page.getByRole("main").getByLabel("Pincode").fill(DELHI);
  await page.getByRole("main").getByRole("button", { name: "Check delivery" }).click();
  await expect(page.getByRole("banner")).toContainText(DELHI);

  await page.goto(productUrl(product));
  await expect(page.getByText("Out of Stock")).toBeVisible();
  // Similar items in stock at Delhi, each with its own Add button.
  const similar = page.getByRole("region", { name: "Similar items in stock" });
  await expect(similar.getByRole("article").first()).toBeVisible();
  await expect(similar.getByRole("button", { name: /^Add / }).first()).toBeVisible();
  await page.getByRole("button", { name: `Notify me when ${name} is back` }).click();
  await expectMessage(page, "We'll tell you when it's back at FreshDash Saket");
  await expect(page.getByText("We'll tell you when it's back", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Undo: don't tell me about ${name}` })).toBeVisible();

  // Restocked at Mumbai (stock sync): nobody waits there, no mail.
  const sync = await request.post("/api/store/stock-sync", {
    headers: { Authorization: `Bearer ${token}` },
    data: { storeId: mumbai, rows: [{ productId: product._id, stock: 20 }] },
  });
  expect(sync.status()).toBe(200);
  /**
   * The event that ends a wait for mail that must NOT come: a marker product restocked at Delhi,
   * the admin waiting for it, is mailed through the same queue after anything queued before it.
   */
  let markers = 0;
  const queueDrained = async () => {
    const markerName = `Queue Marker ${info.project.name} ${Date.now() % 100000} ${markers++}`;
    const marker = await request.post("/api/product/create", { headers: { Authorization: `Bearer ${token}` }, data: { ...productFields, name: markerName } });
    expect(marker.status()).toBe(201);
    const markerId = (await marker.json()).data._id as string;
    const asked = await request.post("/api/product/notify-me", {
      headers: { Authorization: `Bearer ${token}` },
      data: { productId: markerId, pincode: DELHI },
    });
    expect(asked.status()).toBe(201);
    const restocked = await request.post("/api/store/stock-sync", {
      headers: { Authorization: `Bearer ${token}` },
      data: { storeId: delhi, rows: [{ productId: markerId, stock: 5 }] },
    });
    expect(restocked.status()).toBe(200);
    await expect.poll(async () => (await mailsAbout(request, markerName)).length, { timeout: 20_000 }).toBe(1);
  };
  await queueDrained();
  expect(await mailsAbout(request, name)).toHaveLength(0);

  // Restocked at Delhi through the CSV import (preview, confirm), as the admin's forms post it.
  const origin = { Origin: baseURL! };
  const preview = await request.post(`/dashboard/stores/${delhi}/stock`, {
    headers: origin,
    form: { intent: "preview", csv: `product,stock\n${product._id},8\n` },
    maxRedirects: 0,
  });
  expect(preview.status()).toBe(303);
  const importId = /import=([0-9a-f]{24})/.exec(preview.headers().location)![1];
  const confirmed = await request.post(`/dashboard/stores/${delhi}/stock?import=${importId}`, {
    headers: origin,
    form: { intent: "confirm", importId },
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
  await expect.poll(async () => (await mailsAbout(request, name)).length, { timeout: 20_000 }).toBe(1);
  // No second mail: anything this restock could still send comes before the next marker's mail.
  await queueDrained();
  const [mail] = await mailsAbout(request, name);
  expect(await mailsAbout(request, name)).toHaveLength(1);
  expect(mail).toContain("FreshDash Saket");
  expect(mail).toContain("while stocks last");

  // The mail's link: the product page, in stock at Delhi now; the shopper adds it.
  const link = /Add it to your cart: (\S+)/.exec(mail)![1].replace(/&amp;/g, "&");
  await page.goto(link);
  await page.getByRole("button", { name: `Add ${name} to cart` }).click();
  if (noJs) await expectMessage(page, "Item added");
  await expect(page.getByRole("button", { name: `Add one more ${name}` }).first()).toBeVisible();
  // The request is closed: the account page lists it as mailed.
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("region", { name: "Back-in-stock alerts" })).toContainText(`${name} at FreshDash Saket: Mailed: it was back`);
});
