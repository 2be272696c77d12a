/**
 * The Playwright web server: a fresh state directory, migrations, the demo seed, then the built
 * worker under wrangler on E2E_PORT. Playwright kills this process group when the run ends.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { migrate, root, seed, serve } from "./local-store";

const port = Number(process.env.E2E_PORT);
if (!port) throw new Error("E2E_PORT is not set");
const persistTo = path.join(root, ".state", `e2e-${port}`);
rmSync(persistTo, { recursive: true, force: true });
migrate(persistTo);
await seed(persistTo);
const vars: Record<string, string> = { ENVIRONMENT: "test" };
for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"]) {
  if (process.env[key]) vars[key] = process.env[key]!;
}
const child = serve({ port, persistTo, vars, detached: false });
const stop = () => {
  child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 1));
