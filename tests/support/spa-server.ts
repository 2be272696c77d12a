/**
 * The stand-in single-page front end of the `cross-origin` e2e project: one static page
 * (tests/support/spa/index.html) served on SPA_PORT, a second origin next to the store's. The page
 * is reached as http://127.0.0.1:SPA_PORT (listed in the store's CORS_ORIGINS) and as
 * http://localhost:SPA_PORT (not listed). Playwright starts it as a webServer and kills its group.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const port = Number(process.env.SPA_PORT);
if (!port) throw new Error("SPA_PORT is not set");
const page = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "spa", "index.html"));

createServer((request, response) => {
  const { pathname } = new URL(request.url ?? "/", "http://spa.local");
  if (request.method !== "GET" || (pathname !== "/" && pathname !== "/health")) {
    response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    return;
  }
  if (pathname === "/health") response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
  else response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(page);
  // No host: every address of this machine, so "localhost" answers whether it resolves to ::1 or 127.0.0.1.
}).listen(port);
