/** `npm start`: build, migrate and seed local D1/R2 (only when empty), then serve on PORT (8787). */
import { build, killGroup, migrate, seed, serve } from "./local-store";

const port = Number(process.env.PORT ?? 8787);
build();
migrate();
await seed(undefined);
const child = serve({ port });
console.log(`\nThe store is starting on http://127.0.0.1:${port}\n`);
const stop = () => {
  killGroup(child.pid);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
