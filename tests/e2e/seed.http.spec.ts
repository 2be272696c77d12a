import { expect, test } from "./client-test";

/** The seeded store's integrity, checked over HTTP against the served worker (the `http` project). */
test("every seeded category image is served from R2 with a fixed type, nosniff and immutable caching", async ({ page, request }) => {
  await page.goto("/");
  const images = await page.locator("main img").evaluateAll((els) => els.map((e) => e.getAttribute("src")!));
  expect(images.length).toBeGreaterThanOrEqual(10);
  for (const src of new Set(images)) {
    expect(src).toMatch(/^\/images\//);
    const res = await request.get(src);
    expect(res.status(), src).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^image\/(webp|png|jpeg|avif)$/);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["cache-control"]).toContain("immutable");
  }
  const missing = await request.get("/images/seed/does-not-exist.webp");
  expect(missing.status()).toBe(404);
});
