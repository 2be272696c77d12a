import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/unit/**/*.test.ts"],
        },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest(async ({ inject }) => ({
            main: "./workers/app.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                ENVIRONMENT: "test",
                // A local fake Stripe started by the global setup (tests/support/fake-stripe.ts).
                STRIPE_API_BASE: inject("stripeBase"),
                STRIPE_SECRET_KEY: "sk_test_fake_key",
                STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
                TEST_MIGRATIONS: await readD1Migrations(path.join(__dirname, "migrations")),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.ts", "tests/security/**/*.test.ts"],
          setupFiles: ["./tests/workers/apply-migrations.ts"],
          globalSetup: ["./tests/support/fake-stripe-global.ts"],
          deps: {
            optimizer: {
              ssr: {
                enabled: true,
                include: [
                  "@remix-run/cloudflare",
                  "@remix-run/server-runtime",
                  "@remix-run/react",
                  "@remix-run/router",
                  "react-router",
                  "react-router-dom",
                  "react",
                  "react-dom",
                  "react-dom/server",
                  "react/jsx-runtime",
                  "cookie",
                  "set-cookie-parser",
                ],
              },
            },
          },
        },
      },
    ],
  },
});
