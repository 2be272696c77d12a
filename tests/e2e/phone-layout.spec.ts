import { type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { listingPath } from "../../app/lib/slugs";
import { expect, test } from "./client-test";
import { ADMIN, apiLogin, findProduct, isNoJs, newShopper, ownProduct, productUrl, waitForHydration } from "./support";

/**
 * The storefront at phone size, with JavaScript on and off: geometry, not pixels. One page load per
 * group of checks; everything measured in one `evaluate` per state of the page.
 */

/** Once scrolled, the header keeps its delivery line and search only. */
const HEADER_MAX_PX = 110;
/** Tap targets (WCAG 2.5.5's size; the issue's "at least 44 × 44"). */
const MIN_TARGET_PX = 44;

interface Findings {
  /** Page width beyond the screen's (0 when nothing scrolls sideways). */
  overflow: number;
  /** Where the header ends once the page has scrolled 400 px. */
  headerBottom: number;
  headerOpaque: boolean;
  /** Controls another element covers at their centre, as `label @ where`. */
  covered: string[];
  /** Controls smaller than a thumb. */
  small: string[];
  /** How many controls were checked (so an empty list of problems is not an empty page). */
  checked: number;
}

/**
 * Every control of the page (header, main, the "View Cart" bar, footer): scrolled into view at the
 * top and at the bottom of the screen (block start/end), is what `elementFromPoint` finds at its
 * centre, and is at least 44 × 44. The logo, account and cart row is checked before scrolling (it
 * slides away under the top once the page scrolls). A card's name link stretches over its card, so
 * the card is its target; a link inside a sentence is exempt from the size (as in WCAG).
 */
async function measure(page: Page): Promise<Findings> {
  // The rows of cards scroll smoothly; the checks need each scroll done at once.
  return page.evaluate(
    ({ minTarget }) => {
      const header = document.getElementById("site-header")!;
      const describe = (el: Element) => (el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || el.tagName).trim().slice(0, 40);
      // A link wrapped over two lines: its first line's box (its bounding box's centre may be outside it).
      const isHit = (el: Element) => {
        const r = el.getClientRects()[0];
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (hit === el || el.contains(hit));
      };
      const coverOf = (el: Element) => {
        const r = el.getClientRects()[0];
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit ? `${hit.tagName.toLowerCase()}.${String(hit.getAttribute("class")).slice(0, 40)}` : "nothing";
      };
      const target = (el: Element) => (el.classList.contains("card-name") ? el.closest(".card")! : el);
      const controls = [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary")].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
      });
      const covered: string[] = [];
      const small: string[] = [];
      window.scrollTo(0, 0);
      const firstRow = controls.filter((el) => header.contains(el));
      for (const el of firstRow) if (!isHit(el)) covered.push(`${describe(el)} @ top of page`);
      for (const el of controls) {
        const box = target(el).getBoundingClientRect();
        const inline = el.tagName === "A" && el.closest("p") !== null;
        if (!inline && (box.width < minTarget - 0.5 || box.height < minTarget - 0.5))
          small.push(`${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
        if (header.contains(el)) continue;
        for (const block of ["start", "end"] as const) {
          el.scrollIntoView({ block, inline: "nearest", behavior: "instant" });
          if (!isHit(el)) covered.push(`${describe(el)} @ ${block}, under ${coverOf(el)}`);
        }
      }
      window.scrollTo(0, 400);
      const stuck = header.getBoundingClientRect().bottom;
      // The delivery line and search stay, and stay tappable.
      for (const el of firstRow) {
        const r = el.getBoundingClientRect();
        if (r.bottom > 0 && r.top >= 0 && !isHit(el)) covered.push(`${describe(el)} @ scrolled`);
      }
      // Any CSS colour (rgb, oklab, color-mix…): painted on a canvas, its alpha is what shows through.
      const paint = document.createElement("canvas").getContext("2d")!;
      paint.fillStyle = getComputedStyle(header).backgroundColor;
      paint.fillRect(0, 0, 1, 1);
      const alpha = paint.getImageData(0, 0, 1, 1).data[3];
      window.scrollTo(0, 0);
      return {
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        headerBottom: stuck,
        headerOpaque: alpha === 255,
        covered,
        small,
        checked: controls.length,
      };
    },
    { minTarget: MIN_TARGET_PX },
  );
}

/** `scrolls: false`: a page too short to scroll 400 px, whose header cannot be measured scrolled. */
function expectThumbFriendly(found: Findings, { minControls, scrolls = true }: { minControls: number; scrolls?: boolean }) {
  expect(found.checked).toBeGreaterThanOrEqual(minControls);
  expect(found.overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  if (scrolls) expect(found.headerBottom, "header height once scrolled").toBeLessThanOrEqual(HEADER_MAX_PX);
  expect(found.headerOpaque, "the header lets content show through").toBe(true);
  expect(found.covered, "controls covered where they are drawn").toEqual([]);
  expect(found.small, "tap targets under 44 × 44").toEqual([]);
}

/** A listing whose sub-category's name has an "&" (the seed's "Bread & Pav"). */
async function ampersandListing(request: APIRequestContext) {
  const subs = (await (await request.post("/api/subcategory/get")).json()).data as { _id: string; name: string; category: { _id: string; name: string }[] }[];
  const sub = subs.find((s) => s.name === "Bread & Pav" && s.category.length)!;
  expect(sub, "the seed's Bread & Pav").toBeTruthy();
  return { name: sub.name, path: listingPath({ name: sub.category[0].name, id: sub.category[0]._id }, { name: sub.name, id: sub._id }) };
}

/** Puts the page's first card's (or the product page's) product in the cart by tapping Add, as a shopper does. */
async function tapAdd(page: Page, info: TestInfo, add: ReturnType<Page["getByRole"]>) {
  if (!isNoJs(info)) await waitForHydration(page);
  const box = (await add.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole("complementary", { name: "Cart summary" })).toBeVisible();
  // The "added" toast lies over the page for its 2 s; the layout is measured once it has gone.
  await expect(page.locator("[data-toast]")).toHaveCount(0);
}

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

for (const viewport of PHONES) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test("home: no sideways scroll, a short opaque header, every control uncovered and thumb-sized", async ({ page }) => {
      await page.goto("/");
      expectThumbFriendly(await measure(page), { minControls: 100 });
    });

    test('listing: the heading keeps its "&"; with an item in the cart the View Cart bar covers nothing', async ({ page, request }, info) => {
      const listing = await ampersandListing(request);
      await page.goto(listing.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.name);
      expectThumbFriendly(await measure(page), { minControls: 20 });
      // Adding puts the View Cart bar at the foot of the screen: scrolled to, no control ends under it.
      await tapAdd(
        page,
        info,
        page
          .getByRole("list", { name: listing.name })
          .getByRole("button", { name: /^Add .* to cart$/ })
          .first(),
      );
      expectThumbFriendly(await measure(page), { minControls: 20 });
    });

    test("search: results and the search box fit and are tappable", async ({ page }) => {
      await page.goto("/search?q=milk");
      expectThumbFriendly(await measure(page), { minControls: 20 });
    });

    test("product: Add is on the first screen and stays at hand down a long page, above the View Cart bar", async ({ page, request }, info) => {
      const product = await findProduct(request, "milk");
      await page.goto(productUrl(product));
      const add = page.getByRole("button", { name: `Add ${product.name} to cart` });
      const firstScreen = async () => {
        const box = (await add.boundingBox())!;
        expect(box.y + box.height, "Add below the first screen").toBeLessThanOrEqual(viewport.height);
        expect(
          await add.evaluate(
            (el) =>
              el ===
              document.elementFromPoint(
                el.getBoundingClientRect().x + el.getBoundingClientRect().width / 2,
                el.getBoundingClientRect().y + el.getBoundingClientRect().height / 2,
              ),
          ),
        ).toBe(true);
      };
      await firstScreen();
      expectThumbFriendly(await measure(page), { minControls: 8 });
      // A long page: halfway down, the Add is still on screen and tappable.
      const long = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      expect(long, "the product page is longer than a screen").toBeGreaterThan(200);
      await page.evaluate((y) => window.scrollTo(0, y), Math.round(long / 2));
      await expect(add).toBeInViewport();
      expect(
        await add.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el === document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        }),
      ).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));

      // In the cart: the quantity control and the View Cart bar, both on the first screen, neither under the other.
      await tapAdd(page, info, add);
      const more = page.getByRole("button", { name: `Add one more ${product.name}` });
      await expect(more).toBeVisible();
      const bar = (await page.getByRole("complementary", { name: "Cart summary" }).boundingBox())!;
      const plus = (await more.boundingBox())!;
      expect(plus.y + plus.height, "the quantity control ends under the View Cart bar").toBeLessThanOrEqual(bar.y);
      expectThumbFriendly(await measure(page), { minControls: 10 });
    });
  });
}

test.describe("at 390 × 844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an out-of-stock card's Notify me is tappable where it is drawn (not the card's link)", async ({ page, request }, info) => {
    const token = await apiLogin(request, ADMIN.email, ADMIN.password);
    const product = await ownProduct(request, token, info, { name: "Phone Layout Kokum", stock: 0, price: 40 });
    await page.goto(`/search?q=${encodeURIComponent(product.name)}`);
    const card = page.getByRole("article", { name: product.name });
    await expect(card.getByRole("button", { name: `Notify me when ${product.name} is back` })).toBeVisible();
    expectThumbFriendly(await measure(page), { minControls: 10, scrolls: false });
  });

  test("toasts appear below the header, never over the logo", async ({ page }, info) => {
    const product = await findProduct(page.request, "bread");
    await page.goto(productUrl(product));
    if (isNoJs(info)) {
      // Without JavaScript the message is part of the page, under the header by the flow itself.
      await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
      const message = page.getByRole("main").getByRole("status").first();
      await expect(message).toBeVisible();
      expect((await message.boundingBox())!.y).toBeGreaterThanOrEqual(
        (await page.locator("#site-header").boundingBox())!.y + (await page.locator("#site-header").boundingBox())!.height,
      );
      return;
    }
    await waitForHydration(page);
    await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
    const toast = page.locator("[data-toast]").first();
    await expect(toast).toBeVisible();
    const header = (await page.locator("#site-header").boundingBox())!;
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  test("a live order's page updates by itself, with JavaScript or without", async ({ browser, request }, info) => {
    test.setTimeout(60_000);
    const token = await apiLogin(request, ADMIN.email, ADMIN.password);
    const product = await ownProduct(request, token, info, { name: "Phone Layout Ghee", stock: 5, price: 300 });
    const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: !isNoJs(info), viewport: { width: 390, height: 844 } });
    const shopper = await context.newPage();
    const { headers, addressId } = await newShopper(shopper.request, info, { prefix: "phone-order" });
    const placed = await shopper.request.post("/api/order/cash-on-delivery", {
      headers,
      data: { list_items: [{ productId: product._id, quantity: 1 }], addressId },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).data as { _id: string };
    await shopper.goto(`/dashboard/myorders/${order._id}`);
    await expect(shopper.getByTestId("order-status")).toHaveText("Placed");
    await expect(shopper.getByText("This page updates by itself")).toBeVisible();
    const moved = await request.post("/api/order/admin/update-status", {
      headers: { Authorization: `Bearer ${token}` },
      data: { _id: order._id, status: "packed" },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    // No reload from the test: the page's own live channel (JavaScript) or its refresh (without) shows it.
    await expect(shopper.getByTestId("order-status")).toHaveText("Packed", { timeout: 25_000 });
    await context.close();
  });
});

/** The seeded staff of FreshDash Indiranagar (README's demo accounts). */
const PICKER = { email: "staff@example.com", password: "Staff@12345" };
const RIDER = { email: "rider@example.com", password: "Staff@12345" };
const MANAGER = { email: "manager@example.com", password: "Staff@12345" };

/**
 * How far the page scrolls sideways, and where that starts: each element that sticks out past the
 * screen's right edge while its parent does not (a box with its own sideways scroll is its own
 * business, and so are the elements inside it).
 */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsItself = (el: Element) => ["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(el).overflowX);
    const insideScroller = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (scrollsItself(up)) return true;
      return false;
    };
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((el) => sticksOut(el) && !(el.parentElement && sticksOut(el.parentElement) && el.parentElement !== document.body) && !insideScroller(el))
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class")).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}`);
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, culprits: culprits.slice(0, 5) };
  });
}

async function expectNoSidewaysScroll(page: Page, info: TestInfo, name: string, viewport: { width: number }) {
  const found = await sideways(page);
  if (viewport.width === 390) await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
  expect.soft(found.overflow, `${name} scrolls sideways by ${found.overflow} px; it starts at ${found.culprits.join(", ")}`).toBeLessThanOrEqual(0);
}

for (const viewport of PHONES) {
  test.describe(`staff pages at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test("the picker's queue and pick page, the rider's deliveries, the till, staff and metrics do not scroll sideways", async ({ browser, request }, info) => {
      test.setTimeout(120_000);
      const phone = async (who: { email: string; password: string }) => {
        const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: !isNoJs(info), viewport });
        const page = await context.newPage();
        const token = await apiLogin(page.request, who.email, who.password);
        return { page, headers: { Authorization: `Bearer ${token}` } };
      };
      const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
      const store = (await (await request.get("/api/store/serviceability?pincode=560038")).json()).data.store as { _id: string };
      // A long name, as real packs have: it must wrap, not widen the page.
      const product = await ownProduct(request, adminToken, info, { name: "Phone Layout Aged Extra-Long Grain Basmati Rice Premium", stock: 10, price: 95 });
      const shopper = await newShopper(request, info, { prefix: "phone-staff" });
      // Two orders of different quantities (the same order twice would be taken as a repeat of the first).
      const order = async (quantity: number) => {
        const placed = await request.post("/api/order/cash-on-delivery", {
          headers: shopper.headers,
          data: { list_items: [{ productId: product._id, quantity }], addressId: shopper.addressId, replacementPreference: "similar" },
        });
        expect(placed.status(), await placed.text()).toBe(201);
        return (await placed.json()).data as { _id: string; orderId: string };
      };
      const ok = async (res: Promise<import("@playwright/test").APIResponse>) => {
        const answer = await res;
        expect(answer.status(), await answer.text()).toBe(200);
      };

      // The picker claims one order and opens its pick list: lines, scan button, then a short line's replacement form.
      const picker = await phone(PICKER);
      const picking = await order(2);
      await ok(picker.page.request.post("/api/order/claim", { headers: picker.headers, data: { _id: picking._id } }));
      await picker.page.goto(`/dashboard/stores/${store._id}/queue`);
      await expect(picker.page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(picker.page, info, "staff-queue", viewport);
      await picker.page.goto(`/dashboard/stores/${store._id}/queue/${picking._id}`);
      await expect(picker.page.getByTestId("claim-notice")).toContainText("You are picking this order since");
      await expect(picker.page.getByRole("form", { name: `Confirm ${product.name}` })).toBeVisible();
      await expectNoSidewaysScroll(picker.page, info, "staff-pick", viewport);
      await picker.page.goto(`/dashboard/stores/${store._id}/queue/${picking._id}?suggest=${product._id}&picked.${product._id}=1`);
      await expect(picker.page.getByRole("form", { name: `Replacement for ${product.name}` })).toBeVisible();
      await expectNoSidewaysScroll(picker.page, info, "staff-pick-replacement", viewport);

      // The rider takes another order out and opens their deliveries.
      const rider = await phone(RIDER);
      const riding = await order(1);
      await ok(
        request.post("/api/order/pick/confirm", {
          headers: { Authorization: `Bearer ${adminToken}` },
          data: { _id: riding._id, productId: product._id, manual: true, units: 1 },
        }),
      );
      await ok(
        request.post("/api/order/pick", {
          headers: { Authorization: `Bearer ${adminToken}` },
          data: { _id: riding._id, lines: [{ productId: product._id, picked: 1 }] },
        }),
      );
      await ok(request.post("/api/order/ready", { headers: { Authorization: `Bearer ${adminToken}` }, data: { _id: riding._id } }));
      await ok(rider.page.request.post("/api/order/dispatch", { headers: rider.headers, data: { _id: riding._id } }));
      await rider.page.goto(`/dashboard/stores/${store._id}/deliveries`);
      await expect(rider.page.getByTestId("rider-delivery").filter({ hasText: riding.orderId })).toBeVisible();
      await expectNoSidewaysScroll(rider.page, info, "staff-deliveries", viewport);

      // The manager's till and metrics; the admin's staff page.
      const manager = await phone(MANAGER);
      await manager.page.goto(`/dashboard/stores/${store._id}/till`);
      await expect(manager.page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(manager.page, info, "staff-till", viewport);
      await manager.page.goto(`/dashboard/stores/${store._id}/metrics`);
      await expect(manager.page.getByTestId("till")).toBeVisible();
      await expectNoSidewaysScroll(manager.page, info, "staff-metrics", viewport);
      const admin = await phone(ADMIN);
      await admin.page.goto(`/dashboard/stores/${store._id}/staff`);
      await expect(admin.page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(admin.page, info, "staff-staff", viewport);
      for (const who of [picker, rider, manager, admin]) await who.page.context().close();
    });
  });
}
