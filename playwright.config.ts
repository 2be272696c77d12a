import { defineConfig, devices } from "@playwright/test";
import { createServer } from "node:net";

/** A free port chosen once by the main process and inherited by the workers through the env. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "js", testIgnore: /\.http\.spec\.ts$/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", testIgnore: /\.http\.spec\.ts$/, use: { ...chromium, javaScriptEnabled: false } },
    // Checks over plain HTTP that need no browser variant (run once).
    { name: "http", testMatch: /\.http\.spec\.ts$/, use: { ...chromium } },
  ],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `${baseURL}/ping`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
