/**
 * The Playwright web server: a fresh state directory, migrations, the demo seed, then the built
 * worker under wrangler on E2E_PORT as ENVIRONMENT=test. Playwright kills this process group when
 * the run ends; the server goes with it (stopWithThisProcess, and the guard for SIGKILL).
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { migrate, root, seed, serve, stopWithThisProcess } from "./local-store";

const port = Number(process.env.E2E_PORT);
if (!port) throw new Error("E2E_PORT is not set");
const persistTo = path.join(root, ".state", `e2e-${port}`);
rmSync(persistTo, { recursive: true, force: true });
migrate(persistTo);
await seed(persistTo);
const vars: { ENVIRONMENT: "test" } & Record<string, string> = { ENVIRONMENT: "test" };
for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE", "CORS_ORIGINS", "PUBLIC_ORIGIN"]) {
  if (process.env[key]) vars[key] = process.env[key]!;
}
stopWithThisProcess(serve({ port, persistTo, vars }));
