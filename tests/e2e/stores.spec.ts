import { expect, test } from "./client-test";
import { expectAccessible } from "./a11y";
import { expectMessage, isNoJs, openLocation, uniqueEmail } from "./support";

/**
 * Dark stores, first half (issue 12, decision 020): a guest's delivery location (an unserved
 * pincode, "Tell me when you do", then a served one) with JavaScript (the header's dialog, updated
 * in place) and without (the /location page, 303 back); an admin adds a store with plain forms.
 */

// Each journey checks axe on its states too: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test("a guest is told an unserved pincode is not delivered to, asks to hear, then sets a served one", async ({ page }, info) => {
  const noJs = isNoJs(info);
  await page.goto("/search?q=milk");
  await expect(page.getByRole("main").getByRole("link", { name: "Set your delivery pincode" })).toBeVisible();

  let form = await openLocation(page, noJs, "Set delivery location");
  await form.getByLabel("Pincode").fill("110099");
  await form.getByRole("button", { name: "Check delivery" }).click();
  await expect(form.getByText("We don't deliver to 110099 yet.")).toBeVisible();
  await expectAccessible(page, noJs ? "location page, unserved pincode" : "location dialog, unserved pincode");
  await form.getByLabel("Email (optional)").fill(uniqueEmail("notify", info));
  await form.getByRole("button", { name: "Tell me when you do" }).click();
  await expectMessage(page, /We'll email .* when we deliver to 110099/);
  await expect(page).toHaveURL(/\/search\?q=milk$/);
  await expect(page.getByRole("banner")).toContainText("Set delivery location");

  form = await openLocation(page, noJs, "Set delivery location");
  await form.getByLabel("Pincode").fill("560001");
  await form.getByRole("button", { name: "Check delivery" }).click();
  const chosen = page.getByRole("banner").getByRole(noJs ? "link" : "button", { name: "Delivery in 10 minutes · 560001" });
  await expect(chosen).toBeVisible();
  await expect(page).toHaveURL(/\/search\?q=milk$/);
  await expect(page.getByRole("main").getByRole("link", { name: "Set your delivery pincode" })).toHaveCount(0);
  if (!noJs) {
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(chosen).toBeFocused();
  }
  // The choice outlives the page: another page shows it too.
  await page.goto("/");
  await expect(page.getByRole("banner")).toContainText("Delivery in 10 minutes · 560001");
});

test("a malformed pincode gets its message and changes nothing", async ({ page }, info) => {
  const noJs = isNoJs(info);
  await page.goto("/");
  const form = await openLocation(page, noJs, "Set delivery location");
  await form.getByLabel("Pincode").fill("5600");
  await form.getByRole("button", { name: "Check delivery" }).click();
  await expect(form.getByText("A pincode is 6 digits, e.g. 560001")).toBeVisible();
  if (noJs) await page.goto("/");
  else await page.keyboard.press("Escape");
  await expect(page.getByRole("banner")).toContainText("Set delivery location");
});

test("an admin adds a store with plain forms, fixing a pincode error first", async ({ page, request }, info) => {
  const res = await page.request.post("/api/user/login", { data: { email: "admin@example.com", password: "Admin@12345" } });
  expect(res.status()).toBe(200);
  await page.goto("/dashboard/profile");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Stores" }).click();
  await expect(page.getByRole("heading", { name: "Stores", level: 1 })).toBeVisible();
  await expectAccessible(page, "admin stores");
  await page.getByRole("link", { name: "Add Store" }).click();
  const dialog = page.getByRole("dialog", { name: "Add store" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "add-store dialog");

  const name = `FreshDash Navrangpura ${info.project.name} ${Date.now()}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Address").fill("CG Road, Navrangpura 380009");
  await dialog.getByLabel("City").fill("Ahmedabad");
  await dialog.getByLabel("Opens at").fill("07:00");
  await dialog.getByLabel("Closes at").fill("23:00");
  await dialog.getByLabel("Delivery minutes").fill("11");
  await dialog.getByLabel("Pincodes served").fill("380001-380061, 3800");
  await dialog.getByRole("button", { name: "Add store" }).click();
  await expect(page.getByText('"3800" is not a pincode or a range like 560001-560103')).toBeVisible();

  await page.getByRole("dialog", { name: "Add store" }).getByLabel("Pincodes served").fill("380001-380061, 382210");
  await page.getByRole("dialog", { name: "Add store" }).getByRole("button", { name: "Add store" }).click();
  await expectMessage(page, "Store added");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("380001-380061, 382210");
  await expect(card).toContainText("07:00–23:00 · delivery in 11 minutes");

  const served = await (await request.get("/api/store/serviceability?pincode=382210")).json();
  expect(served.data).toMatchObject({ serviceable: true, store: { etaMinutes: 11 } });
});
