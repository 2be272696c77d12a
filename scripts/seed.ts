/** `npx tsx scripts/seed.ts [--persist-to DIR] [--large]`: migrate and seed a local state directory. */
import { migrate, seed } from "./local-store";

const args = process.argv.slice(2);
const at = args.indexOf("--persist-to");
const persistTo = at >= 0 ? args[at + 1] : undefined;
migrate(persistTo);
await seed(persistTo, { large: args.includes("--large") });
