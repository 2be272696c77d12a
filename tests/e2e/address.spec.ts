import { expect, test } from "./client-test";
import { expectAccessible } from "./a11y";
import { expectMessage, isNoJs, newShopper } from "./support";

// A delivery address a rider can find (docs/decisions/035-delivery-addresses.md), added on a phone:
// city and state come from the pincode (live with JavaScript, on save without), never typed.
test.use({ viewport: { width: 390, height: 844 } });

test("a shopper adds an address with recipient, flat, floor, landmark and label on a phone", async ({ page, context }, info) => {
  test.setTimeout(60_000);
  const noJs = isNoJs(info);
  await newShopper(page.request, info);
  if (!noJs) {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 28.524512, longitude: 77.206634 });
  }
  await page.goto("/dashboard/address");
  await page.getByRole("link", { name: "Add address", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Address" });
  await expect(dialog).toBeVisible();

  await dialog.getByRole("radio", { name: "Work" }).check();
  await dialog.getByLabel("Recipient name").fill("Asha Rao");
  await dialog.getByLabel("Recipient mobile").fill("98123 45678");
  await dialog.getByLabel("House or flat number").fill("Flat 4B");
  await dialog.getByLabel("Floor (optional)").fill("2nd");
  await dialog.getByLabel("Building or society (optional)").fill("Lake View Apartments");
  await dialog.getByLabel("Street or area").fill("12 Press Enclave Road, Saket");
  await dialog.getByLabel("Landmark (optional)").fill("Opposite the metro gate");
  await expect(dialog.getByLabel("City")).toHaveAttribute("readonly", "");

  // An unknown pincode: said so as it is typed with JavaScript, on the field after saving without.
  await dialog.getByLabel("Pincode").fill("999999");
  if (noJs) {
    await dialog.getByRole("button", { name: "Save address" }).click();
  }
  const again = page.getByRole("dialog", { name: "Add Address" });
  await expect(again.getByText("Pincode 999999 not recognised: check it, or we don't deliver there yet").first()).toBeVisible();
  await expect(again.getByLabel("House or flat number")).toHaveValue("Flat 4B");

  await again.getByLabel("Pincode").fill("110017");
  if (noJs) {
    await expect(again.getByRole("button", { name: /Use my current location/ })).toHaveCount(0);
  } else {
    await expect(again.getByLabel("City")).toHaveValue("South Delhi");
    await expect(again.getByLabel("State")).toHaveValue("Delhi");
    await again.getByRole("button", { name: "Use my current location (optional)" }).click();
    await expect(again.getByText("Pinned at 28.52451, 77.20663 for the rider.")).toBeVisible();
  }
  await expectAccessible(page, "add-address dialog at phone size");
  await again.getByRole("button", { name: "Save address" }).click();
  await expectMessage(page, "Address Created Successfully");

  const card = page.getByRole("listitem").filter({ hasText: "Asha Rao" });
  await expect(card).toContainText("Work");
  await expect(card).toContainText("Flat 4B, 2nd floor, Lake View Apartments, 12 Press Enclave Road, Saket");
  await expect(card).toContainText("Near Opposite the metro gate");
  await expect(card).toContainText("South Delhi, Delhi - 110017");
  await expect(card).toContainText("9812345678");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The saved pin (JavaScript only) and the place come back in the edit form.
  await card.getByRole("link", { name: /Edit address/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Address" });
  await expect(edit.getByLabel("State")).toHaveValue("Delhi");
  await expect(edit.getByRole("radio", { name: "Work" })).toBeChecked();
  if (!noJs) await expect(edit.getByText("Pinned at 28.52451, 77.20663 for the rider.")).toBeVisible();
});
