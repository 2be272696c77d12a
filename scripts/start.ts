/**
 * `npm start`: build, migrate and seed local D1/R2 (only when empty), then serve on PORT (8787) as
 * development (wrangler.toml's own ENVIRONMENT is production, decision 012). However this script
 * ends (Ctrl-C, SIGTERM from timeout/docker/systemd/CI, SIGHUP, its parent killed, even SIGKILL),
 * the server it started ends with it: see stopWithThisProcess and scripts/serve-guard.ts.
 *
 * Env: PORT; STATE_DIR, a wrangler --persist-to directory (default .wrangler/state); SKIP_BUILD=1
 * serves the existing build (the process tests use both).
 */
import { build, migrate, seed, serve, stopWithThisProcess } from "./local-store";

const port = Number(process.env.PORT ?? 8787);
const persistTo = process.env.STATE_DIR || undefined;
if (process.env.SKIP_BUILD !== "1") build();
migrate(persistTo);
await seed(persistTo);
const child = serve({ port, persistTo, vars: { ENVIRONMENT: "development" } });
stopWithThisProcess(child);
console.log(`\nThe store is starting on http://127.0.0.1:${port}\n`);
