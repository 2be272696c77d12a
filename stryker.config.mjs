// Mutation testing of the pure business modules in app/lib (`npm run test:mutation`, not part of
// `npm test`): the unit tests must fail when a rule of money, pricing, coupons, the invoice's GST,
// the order life cycle, the stock CSV or search spelling is changed. Results: docs/quality.md.
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  mutate: [
    "app/lib/money.ts",
    "app/lib/pricing.ts",
    "app/lib/coupon-rules.ts",
    "app/lib/invoice/*.ts",
    "app/lib/order-status.ts",
    "app/lib/stock-csv.ts",
    "app/lib/search/normalise.ts",
    "app/lib/search/correction.ts",
    "app/lib/search/edit-distance.ts",
  ],
  coverageAnalysis: "perTest",
  // The machine is shared: two vitest workers at most.
  concurrency: 2,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  // Build output and local state are not needed by the unit tests: not copied into the sandbox.
  ignorePatterns: ["build", "dist-worker", ".wrangler", "**/.wrangler", ".state", ".cache", "test-results", "playwright-report", "blob-report", "*.log"],
  thresholds: { high: 90, low: 85, break: 85 },
};
