/**
 * Substitutions the shopper approves (docs/decisions/043-substitutions-the-shopper-approves.md), on
 * phones (390×844), with JavaScript on and off: a line is short, the picker finds a replacement
 * among the store's suggestions and proposes it; the shopper sees it (live with JavaScript, on
 * reload without) with a countdown and accepts; the picker finishes the pick and the shopper sees
 * the replacement and the new total.
 */
import { type APIRequestContext, type TestInfo } from "@playwright/test";
import { expect, test } from "./client-test";
import { apiLogin, expectMessage, isNoJs, login, newShopper } from "./support";

/** A sub-category of the test's own: the ordered product and a similar one within its price (stock at the default store). */
async function ownShelf(request: APIRequestContext, info: TestInfo) {
  const admin = { Authorization: `Bearer ${await apiLogin(request, "admin@example.com", "Admin@12345")}` };
  const categories = (await (await request.get("/api/category/get")).json()).data as { _id: string }[];
  const tag = `${info.project.name} ${Date.now()}`;
  const sub = await request.post("/api/subcategory/create", {
    headers: admin,
    data: { name: `Subs ${tag}`, image: "/images/seed/milk.webp", category: [categories[0]._id] },
  });
  expect(sub.status(), await sub.text()).toBe(201);
  const subId = (await sub.json()).data._id as string;
  const make = async (name: string, price: number) => {
    const res = await request.post("/api/product/create", {
      headers: admin,
      data: {
        name: `${name} ${tag}`,
        image: ["/images/seed/milk.webp"],
        category: [categories[0]._id],
        subCategory: [subId],
        unit: "1 l",
        stock: 5,
        price,
        discount: 0,
        description: "Substitutions test",
        more_details: {},
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { _id: (await res.json()).data._id as string, name: `${name} ${tag}` };
  };
  return { ordered: await make("Lactose Free Milk", 80), similar: await make("Toned Milk", 70) };
}

test("the picker proposes a replacement and the shopper accepts it in time", async ({ browser, request }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info);
  const phone = { baseURL: info.project.use.baseURL, javaScriptEnabled: !noJs, viewport: { width: 390, height: 844 } };
  const { ordered, similar } = await ownShelf(request, info);

  // The shopper orders 2 with "Replace with a similar item" (through the API) and opens the order on their phone.
  const shopperPage = await (await browser.newContext(phone)).newPage();
  const shopper = await newShopper(shopperPage.request, info, { prefix: "subs" });
  const placed = await shopperPage.request.post("/api/order/cash-on-delivery", {
    headers: shopper.headers,
    data: { list_items: [{ productId: ordered._id, quantity: 2 }], addressId: shopper.addressId, replacementPreference: "similar" },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string };
  await shopperPage.goto(`/dashboard/myorders/${order._id}`);
  await expect(shopperPage.getByTestId("order-total")).toHaveText("Total ₹160");
  await expect(shopperPage.getByText("Replacements for items we are short of")).toHaveCount(0);

  // The picker, on their phone: one of two found, then the store's suggestions for the line.
  const staff = await (await browser.newContext(phone)).newPage();
  await login(staff, "staff@example.com", "Staff@12345");
  await staff.goto(`/dashboard/stores/${(await (await request.get("/api/store/serviceability?pincode=560034")).json()).data.store._id}/queue/${order._id}`);
  // Nothing is picked until confirmed (decision 042): the one unit found, by hand.
  const confirmLine = staff.getByRole("form", { name: `Confirm ${ordered.name}` });
  await confirmLine.getByLabel("Units").fill("1");
  await confirmLine.getByRole("button", { name: "No code: confirm by hand" }).click();
  await expectMessage(staff, `${ordered.name}: 1 of 2 confirmed`);
  await staff.getByLabel(`Picked of ${ordered.name}`).fill("1");
  await staff.getByRole("button", { name: `Find a replacement for ${ordered.name}` }).click();
  const box = staff.getByRole("form", { name: `Replacement for ${ordered.name}` });
  await expect(box.getByRole("radio", { name: new RegExp(`^${similar.name}, ₹70`) })).toBeChecked();
  await expect(box.getByLabel("Quantity")).toHaveValue("1");
  await box.getByRole("button", { name: "Propose to the shopper" }).click();
  await expectMessage(staff, `Proposed ${similar.name} × 1 for ${ordered.name}: waiting for the shopper's answer`);
  await expect(staff.getByTestId("picker-substitution")).toContainText("waiting for the shopper");
  // The count the picker typed is still there.
  await expect(staff.getByLabel(`Picked of ${ordered.name}`)).toHaveValue("1");

  // The shopper: live with JavaScript (no reload), on reload without.
  if (noJs) await shopperPage.reload();
  const proposal = shopperPage.getByTestId("substitution");
  await expect(proposal).toContainText(`We suggest ${similar.name} × 1 at ₹70 each`, { timeout: 15_000 });
  await expect(shopperPage.getByTestId("substitution-countdown")).toHaveText(/^[12]:[0-5]\d left to answer$/);
  const accept = proposal.getByRole("button", { name: "Accept" });
  // On the phone's first screen, and what is under its centre is the button itself.
  await accept.scrollIntoViewIfNeeded();
  const at = (await accept.boundingBox())!;
  expect(at.x + at.width).toBeLessThanOrEqual(390);
  expect(
    await shopperPage.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent?.trim(), { x: at.x + at.width / 2, y: at.y + at.height / 2 }),
  ).toBe("Accept");
  expect(await shopperPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await accept.click();
  await expectMessage(shopperPage, `You accepted ${similar.name} × 1`);
  await expect(shopperPage.getByTestId("substitution-outcome")).toHaveText(`${ordered.name}: you accepted ${similar.name} × 1`);

  // The picker sees the answer (live, or on reload) and finishes the pick.
  if (noJs) await staff.reload();
  await expect(staff.getByTestId("picker-substitution")).toContainText("(accepted)", { timeout: 15_000 });
  await staff.getByRole("button", { name: "Finish picking" }).click();
  await expectMessage(staff, `Order ${order.orderId} picked, 1 short, 1 replaced, collect ₹150`);

  // The shopper's order: the replacement and the new total.
  if (noJs) await shopperPage.reload();
  await expect(shopperPage.getByText(`Replaced with ${similar.name} × 1`)).toBeVisible({ timeout: 15_000 });
  await expect(shopperPage.getByTestId("order-total")).toHaveText("Total ₹150");
});
