import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { execFileSync } from "node:child_process";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/** The test secret of the production layer: 32+ characters, as production demands. */
const PRODUCTION_TEST_SECRET = "production-layer-test-secret-0123456789";

/**
 * The invoice PDF worker (workers/invoice, decision 031) bundled as wrangler deploys it: an
 * auxiliary worker of the tests must be plain JavaScript. Built once per project and test run, into
 * a directory of the project's own: `npm test` runs the workers and workers-production projects at
 * the same time, and wrangler empties its --outdir before writing.
 */
const invoiceWorkers = new Map<string, string>();
function buildInvoiceWorker(project: string): string {
  const built = invoiceWorkers.get(project);
  if (built) return built;
  const outdir = path.join(__dirname, "build", "invoice-worker", project);
  execFileSync("npx", ["wrangler", "deploy", "-c", "workers/invoice/wrangler.toml", "--dry-run", "--outdir", outdir], {
    cwd: __dirname,
    stdio: "ignore",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  const script = path.join(outdir, "index.js");
  invoiceWorkers.set(project, script);
  return script;
}

/**
 * A project running the real worker (built server) in workerd with local D1/R2, the rate limiters
 * of wrangler.toml and the fake Stripe; `vars` override wrangler.toml's (ENVIRONMENT above all).
 */
function workersProject(name: string, include: string[], vars: { ENVIRONMENT: "test" | "production"; SESSION_SECRET?: string; PUBLIC_ORIGIN?: string }) {
  return {
    plugins: [
      tsconfigPaths(),
      cloudflareTest(async ({ inject }) => ({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // The store's INVOICE_PDF service binding (wrangler.toml) resolves to this worker by name.
          // Its fonts are Data modules beside the bundle (workers/invoice/wrangler.toml [[rules]]).
          workers: [
            {
              name: "grocery-invoice",
              modules: true,
              scriptPath: buildInvoiceWorker(name),
              modulesRules: [
                { type: "Data", include: ["**/*.ttf"] },
                { type: "CompiledWasm", include: ["**/*.wasm"] },
              ],
              compatibilityDate: "2026-04-01",
            },
          ],
          bindings: {
            ...vars,
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
      name,
      include,
      // Vitest's 5 s default: races of 30 parallel requests timed out at 5 s while `npm test` ran
      // process beside workers on a loaded 2-core machine. A test that hangs still fails.
      testTimeout: 30_000,
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
  };
}

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
      workersProject("workers", ["tests/workers/**/*.test.ts", "tests/security/**/*.test.ts"], { ENVIRONMENT: "test" }),
      // The same worker as deployed: production settings, edge cache, Secure cookies (decision 012).
      workersProject("workers-production", ["tests/production/**/*.test.ts"], {
        ENVIRONMENT: "production",
        SESSION_SECRET: PRODUCTION_TEST_SECRET,
        // Production refuses to run without its public origin (decision 046).
        PUBLIC_ORIGIN: "https://store.test",
      }),
      {
        // `npm start` and the servers the scripts start: real processes, signals and ports. Needs a build.
        test: {
          name: "process",
          environment: "node",
          include: ["tests/process/**/*.test.ts"],
          testTimeout: 200_000,
          hookTimeout: 120_000,
          maxConcurrency: 6,
        },
      },
    ],
  },
});
