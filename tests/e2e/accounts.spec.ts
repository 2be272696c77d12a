import { expect, test } from "./client-test";
import { fileURLToPath } from "node:url";
import { expectAccessible } from "./a11y";
import { expectMessage, isNoJs, login, logout, register, uniqueEmail } from "./support";

test("register → logout → login, with clear errors on the way", async ({ page }, info) => {
  const email = uniqueEmail("asha", info);
  // Mismatched confirmation: the spec's message, nothing created.
  await page.goto("/register");
  await page.getByLabel("Name").fill("Asha Rao");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Shopper@12345");
  await page.getByLabel("Confirm Password").fill("Different@123");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("password and confirm password must be same")).toBeVisible();
  await expectAccessible(page, "register with an error");

  await register(page, { name: "Asha Rao", email });
  await expect(page.getByRole("banner").locator("summary", { hasText: "Account" })).toBeVisible();
  await logout(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();

  // A wrong password gets one message that does not say which part was wrong.
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Wrong@123456");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expectAccessible(page, "login with an error");
  await expect(page.getByLabel("Email")).toHaveValue(email);

  await login(page, email, "Shopper@12345");
  await page.goto("/user");
  const menu = page.getByRole("main");
  await expect(menu.getByText("My Account")).toBeVisible();
  await expect(menu.getByText("Asha Rao")).toBeVisible();
  await expect(menu.getByRole("link", { name: "Category" })).toHaveCount(0);
});

test("password reset by code read from the dev mailbox", async ({ page }, info) => {
  const email = uniqueEmail("reset", info);
  await register(page, { email });
  await logout(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password ?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Otp" }).click();
  await expect(page).toHaveURL(/\/verification-otp\?email=/);

  await page.goto("/dev/mail");
  const mail = page.getByRole("article", { name: `Mail to ${email}: Your FreshDash password reset code` });
  const code = /\b(\d{6})\b/.exec((await mail.textContent()) ?? "")![1];
  await page.goBack();

  if (isNoJs(info)) {
    for (let i = 0; i < 6; i++) await page.getByLabel(`Digit ${i + 1}`).fill(code[i]);
  } else {
    // With JavaScript a pasted or typed code spreads over the six boxes.
    await page.getByLabel("Digit 1").fill(code);
    await expect(page.getByLabel("Digit 6")).toHaveValue(code[5]);
  }
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByLabel("Email")).toHaveValue(email);

  await page.getByLabel("New Password").fill("Brand@New12345");
  await page.getByLabel("Confirm Password").fill("Brand@New12346");
  await page.evaluate(() => document.querySelectorAll("form").forEach((f) => (f.noValidate = true)));
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("New password and confirm password must be same.")).toBeVisible();
  await expectAccessible(page, "reset password with an error");
  await page.getByLabel("New Password").fill("Brand@New12345");
  await page.getByLabel("Confirm Password").fill("Brand@New12345");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, email, "Brand@New12345");

  // The grant was single use: /reset-password now sends the shopper home.
  await page.goto("/reset-password");
  await expect(page).toHaveURL(/\/$/);
});

test("profile edit and avatar upload", async ({ page }, info) => {
  const email = uniqueEmail("profile", info);
  await register(page, { name: "Ravi", email });
  await page.goto("/dashboard/profile");
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");

  await page.getByLabel("Name").fill("Ravi Kumar");
  await page.getByLabel("Mobile").fill("98765 43210");
  await page.getByRole("button", { name: "Submit" }).click();
  await expectMessage(page, "Profile updated successfully");
  await expect(page.getByLabel("Name")).toHaveValue("Ravi Kumar");
  await expect(page.getByLabel("Mobile")).toHaveValue("9876543210");

  // A server-side validation error keeps what was typed.
  await page.evaluate(() => document.querySelectorAll("form").forEach((f) => (f.noValidate = true)));
  await page.getByLabel("Mobile").fill("12");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Mobile must be a 10-digit Indian mobile number")).toBeVisible();
  await expect(page.getByLabel("Mobile")).toHaveValue("12");

  // A new email needs the current password: the field is always there without JavaScript, and
  // appears once the email changes with it.
  await page.goto("/dashboard/profile");
  const newEmail = uniqueEmail("profile-moved", info);
  if (!isNoJs(info)) await expect(page.getByLabel("Current password")).toHaveCount(0);
  await page.getByLabel("Email").fill(newEmail);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Enter your current password to change your email")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(newEmail);
  await page.getByLabel("Current password").fill("Wrong@123456");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your current password is not correct")).toBeVisible();
  await page.getByLabel("Current password").fill("Shopper@12345");
  await page.getByRole("button", { name: "Submit" }).click();
  await expectMessage(page, "Profile updated successfully");
  await expect(page.getByLabel("Email")).toHaveValue(newEmail);

  await page.goto("/dashboard/profile");
  await page.getByLabel("Change avatar").setInputFiles(fileURLToPath(new URL("../fixtures/not-an-image.jpg", import.meta.url)));
  if (isNoJs(info)) await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert")).toHaveText("Only JPEG, PNG, WebP or AVIF images can be uploaded");

  await page.goto("/dashboard/profile");
  await page.getByLabel("Change avatar").setInputFiles(fileURLToPath(new URL("../fixtures/avatar.png", import.meta.url)));
  if (isNoJs(info)) await page.getByRole("button", { name: "Upload" }).click();
  await expectMessage(page, "Avatar updated");
  const avatar = page.getByRole("img", { name: "Ravi Kumar's avatar" });
  await expect(avatar).toHaveAttribute("src", /^\/images\/avatars\/[0-9a-f]{24}\.png$/);
});

test("admin links only for ADMIN; shoppers see 'Do not have permission'", async ({ page }) => {
  await login(page, "shopper@example.com", "Shopper@12345");
  await page.goto("/user");
  await expect(page.getByRole("main").getByRole("link", { name: "My Orders" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Upload Product" })).toHaveCount(0);
  await expect(page.getByRole("main").getByText("(Admin)")).toHaveCount(0);
  const denied = await page.goto("/dashboard/category");
  expect(denied?.status()).toBe(403);
  await expect(page.getByText("Do not have permission")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Category" })).toHaveCount(0);
  await logout(page);

  await login(page, "admin@example.com", "Admin@12345");
  await page.goto("/user");
  await expect(page.getByRole("main").getByText("(Admin)")).toBeVisible();
  for (const name of ["Category", "Sub Category", "Upload Product", "Product"]) {
    await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
  }
  await page.getByRole("main").getByRole("link", { name: "Category", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Category" })).toBeVisible();
  await expect(page.getByText("Dairy, Bread & Eggs")).toBeVisible();
});

test("dashboard pages send guests to login and back", async ({ page }) => {
  await page.goto("/dashboard/address");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Faddress/);
  await page.getByLabel("Email").fill("shopper@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Shopper@12345");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard\/address$/);
  await expect(page.getByText("12 MG Road, Indiranagar")).toBeVisible();
});
