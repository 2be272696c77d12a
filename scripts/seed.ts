/**
 * `npx tsx scripts/seed.ts [--persist-to DIR] [--large | --products N --stores M]`: migrate and seed
 * a local state directory. `--products`/`--stores` make the scale state (scripts/seed-scale.ts):
 * N products, M stores counting the three demo stores, stock for every product at every store.
 */
import { migrate, seed } from "./local-store";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const persistTo = option("--persist-to");
const products = option("--products");
const stores = option("--stores");
if ((products === undefined) !== (stores === undefined)) throw new Error("--products N and --stores M go together");
const scale = products !== undefined ? { products: Number(products), stores: Number(stores) } : undefined;
if (scale && args.includes("--large")) throw new Error("--large or --products/--stores, not both");
migrate(persistTo);
await seed(persistTo, { large: args.includes("--large"), scale });
