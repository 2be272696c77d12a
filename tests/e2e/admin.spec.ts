import { expect, test } from "./client-test";
import { fileURLToPath } from "node:url";
import { expectMessage, isNoJs, login } from "./support";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const seedImage = (name: string) => fileURLToPath(new URL(`../../seed/images/${name}`, import.meta.url));

test("admin: category with image → sub-category → product with two images and a custom field → storefront → edit price → delete", async ({ page }, info) => {
  test.setTimeout(60_000); // the longest journey in the suite: about 35 s on a busy machine
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
  await expect(page.getByRole("link", { name: `Edit Broken ${tag}` })).toHaveCount(0);

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
  // Images are stored only when the product is saved. With JavaScript the form stays mounted and
  // the picker still holds both files; without it the page says to choose them again.
  await expect(page.getByRole("textbox", { name: "Origin" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Preview image" })).toHaveCount(0);
  if (isNoJs(info)) {
    await expect(page.getByText("Choose the new images again: images are uploaded only when the form is saved.")).toBeVisible();
    await page.getByLabel("Add images").setInputFiles([seedImage("mango.webp"), fixture("avatar.png")]);
  } else {
    await expect(page.getByText("Choose the new images again")).toHaveCount(0);
  }
  expect(await page.getByLabel("Add images").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(2);
  await page.getByRole("textbox", { name: "Origin" }).fill("Ratnagiri, Maharashtra");
  await page.getByRole("button", { name: "Submit" }).click();
  await expectMessage(page, "Product created successfully");
  await expect(page.getByLabel("Name")).toHaveValue("");

  // On the storefront at once: search and the category's listing.
  await page.goto(`/search?q=${encodeURIComponent(product)}`);
  const card = page.getByRole("article", { name: product });
  await expect(card).toContainText("10% discount");
  await expect(card).toContainText("₹360");
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
  await expect(page.getByRole("article", { name: product })).toContainText("₹270");

  // Delete it.
  await page.goto(`/dashboard/product?search=${encodeURIComponent(product)}`);
  await page.getByRole("link", { name: `Delete ${product}` }).click();
  dialog = page.getByRole("dialog", { name: "Permanent Delete" });
  await expect(dialog).toContainText("Are you sure want to delete permanent ?");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expectMessage(page, "Product deleted successfully");
  // Search still shows other mangoes for the words (decision 014), never the deleted product.
  await page.goto(`/search?q=${encodeURIComponent(product)}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Search Results: / })).toBeVisible();
  await expect(page.getByRole("article", { name: product })).toHaveCount(0);

  // A category still in use cannot be deleted; nothing dangles.
  await page.goto("/dashboard/category");
  await page.getByRole("link", { name: `Delete ${category}` }).click();
  await expect(page.getByText("Are you sure permanent delete ?")).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expectMessage(page, /used by 1 sub-category/);
  await expect(page.getByRole("link", { name: `Edit ${category}` })).toBeVisible();
});

test("admin: a product edited elsewhere since the dialog opened is not overwritten; the form keeps what was typed", async ({
  page,
  browser,
  request,
}, info) => {
  const login_ = await request.post("/api/user/login", { data: { email: "admin@example.com", password: "Admin@12345" } });
  const token = (await login_.json()).data.accesstoken as string;
  const auth = { Authorization: `Bearer ${token}` };
  const sub = (await (await request.post("/api/subcategory/get")).json()).data[0];
  const name = `Stale Edit Ghee ${info.project.name} ${Date.now().toString(36)}`;
  const created = await request.post("/api/product/create", {
    headers: auth,
    data: {
      name,
      description: "Pure cow ghee.",
      image: ["/images/seed/milk.webp"],
      category: [sub.category[0]._id],
      subCategory: [sub._id],
      unit: "500 ml",
      stock: 20,
      price: 300,
      discount: 0,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data._id as string;

  await login(page, "admin@example.com", "Admin@12345");
  await page.goto(`/dashboard/product?dialog=edit-product&id=${id}`);
  let dialog = page.getByRole("dialog", { name: "Edit Product" });
  await expect(dialog.getByLabel("Number of Stock")).toHaveValue("20");

  // Meanwhile another admin receives 5 more units and saves.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const otherPage = await other.newPage();
  await login(otherPage, "admin@example.com", "Admin@12345");
  await otherPage.goto(`/dashboard/product?dialog=edit-product&id=${id}`);
  await otherPage.getByRole("dialog", { name: "Edit Product" }).getByLabel("Number of Stock").fill("25");
  await otherPage.getByRole("dialog", { name: "Edit Product" }).getByRole("button", { name: "Update Product" }).click();
  await expectMessage(otherPage, "Product updated successfully");
  await other.close();

  // This admin, still on the old form, changes the price: refused (another save came first), nothing lost.
  await dialog.getByLabel("Price").fill("280");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Product" });
  await expect(dialog.getByRole("alert").filter({ hasText: "Someone else saved this product since you opened it. Review and save again." })).toBeVisible();
  await expect(dialog.getByLabel("Price")).toHaveValue("280");
  const details = async () => (await (await request.post("/api/product/get-product-details", { data: { productId: id } })).json()).data;
  expect(await details()).toMatchObject({ stock: 25, price: 300 });

  // After review, saving again goes through: the stock field was left alone, so the other admin's 25 stays.
  await expect(dialog.getByLabel("Number of Stock")).toHaveValue("20");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expectMessage(page, "Product updated successfully");
  expect(await details()).toMatchObject({ stock: 25, price: 280 });
});
