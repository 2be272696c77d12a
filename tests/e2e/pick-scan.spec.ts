/**
 * Picks verified by scan on a phone (docs/decisions/042-picks-verified-by-scan.md), 390×844.
 *
 * With JavaScript: the camera path. The browser's camera is stubbed: `getUserMedia` answers the
 * stream of a canvas on which the test draws a real EAN-13 symbol (bars encoded here from the
 * product's code); the page's own detector reads it. Chromium on Linux has no native
 * BarcodeDetector, so that detector is the `barcode-detector` ponyfill (ZXing WebAssembly) the page
 * loads on the first tap: the whole path is real but the lens. A wrong product's code is refused on
 * the spot; the right one confirms the line; another line is confirmed by hand; then the pick.
 *
 * Without JavaScript: a code typed per line (a wrong one refused beside its line), then the pick.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./client-test";
import { ADMIN, apiLogin, BENGALURU_ADDRESS, expectMessage, isNoJs, login, newShopper, ownProduct } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

/** The 95 modules of an EAN-13 symbol ("1" = bar). */
function ean13Modules(code: string): string {
  const L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"];
  const G = ["0100111", "0110011", "0011011", "0100001", "0011101", "0111001", "0000101", "0010001", "0001001", "0010111"];
  const R = L.map((bits) => [...bits].map((b) => (b === "1" ? "0" : "1")).join(""));
  const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]];
  const left = digits.slice(1, 7).map((d, i) => (parity[i] === "L" ? L[d] : G[d]));
  const right = digits.slice(7).map((d) => R[d]);
  return `101${left.join("")}01010${right.join("")}101`;
}

/** The camera stub: a canvas stream showing `window.__barcodeModules` as bars, 4 px a module, in a white quiet zone. */
async function stubCamera(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __barcodeModules?: string };
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 640;
      canvas.height = 480;
      const ctx = canvas.getContext("2d")!;
      const draw = () => {
        ctx.fillStyle = "#fff";
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.fillStyle = "#000";
        const bits = w.__barcodeModules ?? "";
        for (let i = 0; i < bits.length; i++) if (bits[i] === "1") ctx.fillRect(130 + i * 4, 90, 4, 300);
      };
      draw();
      setInterval(draw, 100);
      return canvas.captureStream(10);
    };
  });
}

const showCode = (page: Page, code: string) =>
  page.evaluate((bits) => ((window as unknown as { __barcodeModules?: string }).__barcodeModules = bits), ean13Modules(code));

test("a picker confirms each line by scan, by typed code or by hand, and a wrong item is refused on the spot", async ({ browser, request }, info) => {
  test.setTimeout(120_000);
  const noJs = isNoJs(info);
  const adminToken = await apiLogin(request, ADMIN.email, ADMIN.password);
  const ordered = await ownProduct(request, adminToken, info, { name: "Amul Lactose Free", stock: 5, price: 70 });
  const other = await ownProduct(request, adminToken, info, { name: "Amul Kool", stock: 5, price: 30 });
  const second = await ownProduct(request, adminToken, info, { name: "Scan Bread", stock: 5, price: 40 });
  const barcode = async (id: string) =>
    (await (await request.post("/api/product/get-product-details", { data: { productId: id } })).json()).data.barcode as string;
  const [orderedCode, otherCode, secondCode] = [await barcode(ordered._id), await barcode(other._id), await barcode(second._id)];

  const shopper = await newShopper(request, info, { prefix: "scan", address: BENGALURU_ADDRESS });
  const placed = await request.post("/api/order/cash-on-delivery", {
    headers: shopper.headers,
    data: {
      list_items: [
        { productId: ordered._id, quantity: 2 },
        { productId: second._id, quantity: 1 },
      ],
      addressId: shopper.addressId,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { _id: string; orderId: string };
  const store = (await (await request.get(`/api/store/serviceability?pincode=${BENGALURU_ADDRESS.pincode}`)).json()).data.store as { _id: string };

  const context = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: !noJs, viewport: { width: 390, height: 844 } });
  const staff = await context.newPage();
  if (!noJs) await stubCamera(staff);
  await login(staff, "staff@example.com", "Staff@12345");
  await staff.goto(`/dashboard/stores/${store._id}/queue/${order._id}`);
  const line = (name: string) => staff.getByTestId("pick-line").filter({ hasText: name });
  await expect(line(ordered.name).getByTestId("pick-line-quantity")).toHaveText("×2");
  await expect(line(ordered.name).getByTestId("pick-line-confirmed")).toHaveText("0 of 2 confirmed");
  await expect(line(ordered.name).locator("img")).toHaveAttribute("width", "80");
  await staff.screenshot({ path: info.outputPath(`pick-${info.project.name}-start.png`), fullPage: true });

  if (!noJs) {
    // The wrong pack in front of the camera: refused at once, with both names.
    await showCode(staff, otherCode);
    await line(ordered.name)
      .getByRole("button", { name: `Scan ${ordered.name} with the camera` })
      .click();
    await expect(line(ordered.name).getByTestId("scan-refusal")).toHaveText(`This is ${other.name}, not ${ordered.name}`, { timeout: 20_000 });
    await staff.screenshot({ path: info.outputPath(`pick-${info.project.name}-wrong.png`), fullPage: true });
    // The right pack, twice: both units confirmed by scan.
    await showCode(staff, orderedCode);
    for (const n of [1, 2]) {
      await line(ordered.name)
        .getByRole("button", { name: `Scan ${ordered.name} with the camera` })
        .click();
      await expect(line(ordered.name).getByTestId("pick-line-confirmed")).toHaveText(n === 2 ? "✓ All 2 confirmed" : "1 of 2 confirmed", { timeout: 20_000 });
    }
    // The bread's label is torn: confirmed by hand, with who and when on the line.
    await line(second.name).getByLabel("Units").fill("1");
    await line(second.name).getByRole("button", { name: "No code: confirm by hand" }).click();
    await expect(line(second.name).getByTestId("pick-line-manual")).toContainText("1 confirmed by hand, no scan by");
  } else {
    // A code typed per line; a wrong one comes back refused beside its line.
    const form = (name: string) => staff.getByRole("form", { name: `Confirm ${name}` });
    await form(ordered.name).getByLabel("Code on the pack").fill(otherCode);
    await form(ordered.name).getByRole("button", { name: "Confirm code" }).click();
    await expect(line(ordered.name).getByTestId("pick-line-error")).toHaveText(`This is ${other.name}, not ${ordered.name}`);
    await staff.screenshot({ path: info.outputPath(`pick-${info.project.name}-wrong.png`), fullPage: true });
    await form(ordered.name).getByLabel("Code on the pack").fill(orderedCode);
    await form(ordered.name).getByLabel("Units").fill("2");
    await form(ordered.name).getByRole("button", { name: "Confirm code" }).click();
    await expectMessage(staff, `${ordered.name}: 2 of 2 confirmed (code typed)`);
    await form(second.name).getByLabel("Code on the pack").fill(secondCode);
    await form(second.name).getByRole("button", { name: "Confirm code" }).click();
    await expectMessage(staff, `${second.name}: 1 of 1 confirmed (code typed)`);
  }
  await expect(line(ordered.name).getByTestId("pick-line-confirmed")).toHaveText("✓ All 2 confirmed");
  await expect(line(second.name).getByTestId("pick-line-confirmed")).toHaveText("✓ All 1 confirmed");
  await expect(staff.getByTestId("pick-lines-left")).toHaveText("(all confirmed)");
  await staff.screenshot({ path: info.outputPath(`pick-${info.project.name}-confirmed.png`), fullPage: true });

  // The finish form starts at the confirmed units: picked in full.
  await expect(staff.getByLabel(`Picked of ${ordered.name}`)).toHaveValue("2");
  await staff.getByRole("button", { name: "Finish picking" }).click();
  await expectMessage(staff, `Order ${order.orderId} picked, collect ₹`);
  await expect(staff.getByTestId("store-order-status")).toHaveText("Packed");
  await context.close();
});
