import { applyD1Migrations, env } from "cloudflare:test";
import catalogue from "../../seed/catalogue.json";
import { isSeeded, seedStore, type CatalogueFile } from "../../scripts/seed-lib";
import { TINY_WEBP } from "./fixtures";

// Runs before each test file: migrations (idempotent) and the demo catalogue, with a tiny real WebP
// standing in for every picture.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
if (!(await isSeeded(env.DB))) {
  await seedStore(env.DB, env.IMAGES, catalogue as CatalogueFile, { loadImage: async () => TINY_WEBP });
}
