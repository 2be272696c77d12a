import { expect, test } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { expectMessage, login } from "./support";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const seedImage = (name: string) => fileURLToPath(new URL(`../../seed/images/${name}`, import.meta.url));

test("admin: category with image → sub-category → product with two images and a custom field → storefront → edit price → delete", async ({ page }, info) => {
  const tag = `${info.project.name === "no-js" ? "Nojs" : "Js"}${Date.now().toString(36)}`;
  const category = `Farm Box ${tag}`;
  const sub = `Seasonal Mangoes ${tag}`;
  const product = `Alphonso Mango ${tag}`;
  await login(page, "admin@example.com", "Admin@12345");

  // Category: URL-driven dialog, image uploaded with the form.
  await page.goto("/dashboard/category");
  await page.getByRole("link", { name: "Add Category" }).click();
  let dialog = page.getByRole("dialog", { name: "Category" });
  await dialog.getByLabel("Name").fill(category);
  await dialog.getByLabel("Upload image").setInputFiles(fixture("avatar.png"));
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await expectMessage(page, "Category added");
  await expect(page.getByText(category)).toBeVisible();

  // A bad upload is refused with a clear message.
  await page.getByRole("link", { name: "Add Category" }).click();
  dialog = page.getByRole("dialog", { name: "Category" });
  await dialog.getByLabel("Name").fill(`Broken ${tag}`);
  await dialog.getByLabel("Upload image").setInputFiles(fixture("not-an-image.jpg"));
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByRole("dialog", { name: "Category" }).getByText("Only JPEG, PNG, WebP or AVIF images can be uploaded")).toBeVisible();
  await page.goto("/dashboard/category");

  // Sub-category under it.
  await page.goto("/dashboard/subcategory");
  await page.getByRole("link", { name: "Add Sub Category" }).click();
  dialog = page.getByRole("dialog", { name: "Add Sub Category" });
  await dialog.getByLabel("Name").fill(sub);
  await dialog.getByLabel("Upload image").setInputFiles(seedImage("mango.webp"));
  await dialog.getByRole("checkbox", { name: category }).check();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expectMessage(page, "Sub category added");
  await expect(page.getByRole("row", { name: new RegExp(sub) })).toContainText(category);

  // Product with two images and a custom field (the field is added through its dialog).
  await page.goto("/dashboard/upload-product");
  await page.getByLabel("Name").fill(product);
  await page.getByLabel("Description").fill("Sweet Ratnagiri Alphonso mangoes, hand-picked.");
  await page.getByLabel("Add images").setInputFiles([seedImage("mango.webp"), fixture("avatar.png")]);
  await page.getByRole("checkbox", { name: category, exact: true }).check();
  await page.getByRole("checkbox", { name: sub, exact: true }).check();
  await page.getByLabel("Unit").fill("1 kg");
  await page.getByLabel("Number of Stock").fill("25");
  await page.getByLabel("Price").fill("400");
  await page.getByLabel("Discount").fill("10");
  await page.getByRole("button", { name: "Add Fields" }).click();
  await page.getByRole("textbox", { name: "Enter field name" }).fill("Origin");
  await page.getByRole("button", { name: "Add Field", exact: true }).click();
  // Both images were uploaded on that step and are kept as previews.
  await expect(page.getByRole("link", { name: "Preview image" })).toHaveCount(2);
  await page.getByRole("textbox", { name: "Origin" }).fill("Ratnagiri, Maharashtra");
  await page.getByRole("button", { name: "Submit" }).click();
  await expectMessage(page, "Product created successfully");
  await expect(page.getByLabel("Name")).toHaveValue("");

  // On the storefront at once: search and the category's listing.
  await page.goto(`/search?q=${encodeURIComponent(product)}`);
  const card = page.getByRole("article", { name: product });
  await expect(card).toContainText("10% discount");
  await expect(card).toContainText("₹360.00");
  await page.goto("/");
  await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: category }).click();
  await expect(page.getByRole("heading", { level: 1, name: sub })).toBeVisible();
  await page.getByRole("article", { name: product }).getByRole("link", { name: product }).click();
  await expect(page.getByText("Ratnagiri, Maharashtra")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pictures" }).getByRole("link")).toHaveCount(2);

  // Edit its price.
  await page.goto("/dashboard/product");
  const search = page.getByRole("searchbox", { name: "Search product here ..." });
  await search.fill(product);
  await search.press("Enter");
  await page.getByRole("link", { name: `Edit ${product}` }).click();
  dialog = page.getByRole("dialog", { name: "Edit Product" });
  await dialog.getByLabel("Price").fill("300");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expectMessage(page, "Product updated successfully");
  await page.goto(`/search?q=${encodeURIComponent(product)}`);
  await expect(page.getByRole("article", { name: product })).toContainText("₹270.00");

  // Delete it.
  await page.goto(`/dashboard/product?search=${encodeURIComponent(product)}`);
  await page.getByRole("link", { name: `Delete ${product}` }).click();
  dialog = page.getByRole("dialog", { name: "Permanent Delete" });
  await expect(dialog).toContainText("Are you sure want to delete permanent ?");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expectMessage(page, "Product deleted successfully");
  await page.goto(`/search?q=${encodeURIComponent(product)}`);
  await expect(page.getByText("No Data found")).toBeVisible();

  // A category still in use cannot be deleted; nothing dangles.
  await page.goto("/dashboard/category");
  await page.getByRole("link", { name: `Delete ${category}` }).click();
  await expect(page.getByText("Are you sure permanent delete ?")).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expectMessage(page, /used by 1 sub-category/);
});
