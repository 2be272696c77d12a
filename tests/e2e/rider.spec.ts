/**
 * Riders and the till (docs/decisions/048-riders-and-the-till.md) on a phone (390×844), with
 * JavaScript on and off: a rider signs in and lands on their deliveries, sees the address, the
 * call link and the cash to collect, and delivers with the shopper's code; the store's manager
 * records the cash handed over on the metrics page and sees the difference.
 */
import { expect, test } from "./client-test";
import { ADMIN, apiLogin, BENGALURU_ADDRESS, expectMessage, isNoJs, login, newShopper, ownProduct } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

const ADDRESS = { ...BENGALURU_ADDRESS, house: "Flat 7C", floor: "3rd", building: "Palm Grove", landmark: "Behind the water tank" };

test("a rider delivers from their phone and the manager's till balances", async ({ browser, request }, info) => {
  test.setTimeout(180_000);
  const noJs = isNoJs(info);
  const phone = () => browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: !noJs, viewport: { width: 390, height: 844 } });
  const admin = { Authorization: `Bearer ${await apiLogin(request, ADMIN.email, ADMIN.password)}` };
  const store = (await (await request.get(`/api/store/serviceability?pincode=${ADDRESS.pincode}`)).json()).data.store as { _id: string };

  // A rider and a manager of the default store, with names of their own (the till lists riders by name).
  const tag = `${info.project.name} ${Date.now()}`;
  const riderName = `Ravi ${tag}`;
  const rider = await newShopper(request, info, { prefix: "rider", name: riderName });
  const manager = await newShopper(request, info, { prefix: "manager", name: `Manju ${tag}` });
  for (const [who, role] of [
    [rider, "rider"],
    [manager, "manager"],
  ] as const) {
    const res = await request.post("/api/store/staff", { headers: admin, data: { storeId: store._id, email: who.email, role } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const staffList = (await (await request.post("/api/store/staff", { headers: admin, data: { storeId: store._id, email: rider.email } })).json()).data as {
    _id: string;
    email: string;
  }[];
  const riderId = staffList.find((s) => s.email === rider.email)!._id;

  // A shopper's cash order of 2 × ₹120, picked and sent out with the rider.
  const shopper = await newShopper(request, info, { address: ADDRESS });
  const product = await ownProduct(request, (await apiLogin(request, ADMIN.email, ADMIN.password)) as string, info, {
    name: "Rider Ghee",
    stock: 5,
    price: 120,
  });
  const placed = await request.post("/api/order/cash-on-delivery", {
    headers: shopper.headers,
    data: { list_items: [{ productId: product._id, quantity: 2 }], addressId: shopper.addressId },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string };
  const step = async (path: string, data: object) => {
    const res = await request.post(path, { headers: admin, data });
    expect(res.status(), await res.text()).toBe(200);
  };
  // Nothing is picked until confirmed (decision 042): both units by hand, through /api.
  await step("/api/order/pick/confirm", { _id: order._id, productId: product._id, manual: true, units: 2 });
  await step("/api/order/pick", { _id: order._id, lines: [{ productId: product._id, picked: 2 }] });
  await step("/api/order/ready", { _id: order._id });
  await step("/api/order/dispatch", { _id: order._id, rider: { userId: riderId } });
  const details = await request.get(`/api/order/details?_id=${order._id}`, { headers: shopper.headers });
  const code = (await details.json()).data.deliveryCode as string;
  expect(code).toMatch(/^[0-9]{4}$/);

  // The rider signs in on their phone and lands on their deliveries.
  const riderContext = await phone();
  const riderPage = await riderContext.newPage();
  await login(riderPage, rider.email, rider.password);
  await expect(riderPage).toHaveURL(new RegExp(`/dashboard/stores/${store._id}/deliveries$`));
  const card = riderPage.getByTestId("rider-delivery").filter({ hasText: order.orderId });
  await expect(card.getByTestId("rider-collect")).toHaveText("Collect ₹240 cash");
  await expect(card.getByText("Flat 7C, 3rd floor, Palm Grove, 12 MG Road, Indiranagar")).toBeVisible();
  await expect(card.getByText("Near Behind the water tank")).toBeVisible();
  await expect(card.getByTestId("rider-call")).toHaveAttribute("href", `tel:${ADDRESS.mobile}`);
  await expect(card.getByRole("link", { name: "Find the address in Google Maps" })).toHaveAttribute("href", /google\.com\/maps/);
  await riderPage.screenshot({ path: info.outputPath("rider-deliveries.png"), fullPage: true });

  await card.getByLabel("Delivery code from the shopper").fill(code);
  await card.getByRole("button", { name: "Mark delivered" }).click();
  await expectMessage(riderPage, `Order ${order.orderId} delivered`);
  await expect(riderPage.getByText("No deliveries assigned to you right now")).toBeVisible();
  await expect(riderPage.getByTestId("rider-cash")).toContainText("Collected ₹240 on 1 cash order; handed over ₹0.");
  await expect(riderPage.getByTestId("rider-cash")).toContainText("Still to hand over: ₹240");
  await riderContext.close();

  // The manager records ₹200 handed over on the metrics page and sees ₹40 still with the rider.
  const managerContext = await phone();
  const managerPage = await managerContext.newPage();
  await login(managerPage, manager.email, manager.password);
  await managerPage.goto(`/dashboard/stores/${store._id}/metrics`);
  const row = managerPage.getByTestId("till-rider").filter({ hasText: riderName });
  await expect(row).toContainText("₹240");
  await expect(row.getByTestId("till-difference")).toHaveText("₹240");
  await managerPage.locator(`select[name="riderId"]`).selectOption(riderId);
  await managerPage.getByLabel("Amount (₹)").fill("200");
  await managerPage.getByLabel("Note (optional)").fill("Evening bag");
  await managerPage.getByRole("button", { name: "Record handover" }).click();
  await expectMessage(managerPage, "Recorded ₹200 handed over");
  await expect(managerPage).toHaveURL(new RegExp(`/dashboard/stores/${store._id}/metrics\\?date=`));
  await expect(row.getByTestId("till-difference")).toHaveText("₹40");
  // The form starts again empty (with a new key), so a second tap does not repeat the handover.
  await expect(managerPage.getByLabel("Amount (₹)")).toHaveValue("");
  await managerPage.getByTestId("till").scrollIntoViewIfNeeded();
  await managerPage.screenshot({ path: info.outputPath("manager-till.png"), fullPage: true });
  await managerContext.close();
});
