import { defineConfig } from "drizzle-kit";

// Generate only (`npm run db:generate`); wrangler applies migrations (drizzle-kit migrate does not
// work with D1). The filter keeps wrangler's own d1_migrations table out of the diff.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
  tablesFilter: ["!d1_migrations", "!_cf_*", "!products_fts*"],
});
