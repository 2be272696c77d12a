// The layers of docs/architecture.md, held by `npm run lint` (`npm run lint:layers`, also a stage of
// `npm test`). `npm run docs:layers` draws docs/layers.md from the same graph and LAYERS below, so
// the picture and the rules cannot drift apart. Type-only imports count everywhere
// (tsPreCompilationDeps): a cycle that exists only in types still ties the files together.

/** app/server's folders from the bottom up: a folder may import only the folders listed before it. */
const LAYERS = [
  ["platform"],
  ["db"],
  ["http"],
  ["stores"],
  ["catalogue"],
  ["search", "cart"],
  ["identity", "coupons", "addresses", "push", "wallet"],
  ["orders", "notify"],
  ["operations", "reports"],
  ["live", "api"],
];

const SERVER = "^app/server/";
const below = (i) => LAYERS.slice(0, i + 1).flat();

/** One rule per layer: its folders import nothing from app/server outside themselves and the layers below. */
const serverLayers = LAYERS.map((folders, i) => ({
  name: `server-layer-${folders.join("-")}`,
  comment: `app/server/{${folders.join(",")}} may import only app/server/{${below(i).join(",")}} (docs/architecture.md)`,
  severity: "error",
  from: { path: `${SERVER}(${folders.join("|")})/` },
  to: { path: SERVER, pathNot: `${SERVER}(${below(i).join("|")})/` },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No file reaches itself through its imports, type-only imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      comment: "No folder of app/server reaches itself through other folders: each domain sits on the ones below it.",
      severity: "error",
      scope: "folder",
      from: { path: `${SERVER}[^/]+$` },
      to: { path: `${SERVER}[^/]+$`, circular: true },
    },
    {
      name: "server-folder-unknown",
      comment: "Every folder of app/server has its place in LAYERS (.dependency-cruiser.cjs) and in docs/architecture.md.",
      severity: "error",
      from: { path: `${SERVER}(?!(${LAYERS.flat().join("|")})/)[^/]+/` },
      to: {},
    },
    ...serverLayers,
    {
      name: "schema-is-the-bottom",
      comment: "app/db (the Drizzle schema) imports nothing of the app.",
      severity: "error",
      from: { path: "^app/db/" },
      to: { path: "^app/", pathNot: "^app/db/" },
    },
    {
      name: "lib-is-isomorphic",
      comment: "app/lib runs anywhere: it imports only itself and the schema.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/", pathNot: "^app/(lib|db)/" },
    },
    {
      name: "server-below-ui",
      comment: "app/server never imports components, routes or the root.",
      severity: "error",
      from: { path: SERVER },
      to: { path: "^app/(components|routes)/|^app/(root|entry\\.client|entry\\.server)\\.tsx$" },
    },
    {
      name: "components-below-routes",
      comment: "Components never import routes.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/routes/|^app/root\\.tsx$" },
    },
    {
      name: "components-take-only-types-from-the-server",
      comment: "Components render in the browser too: from app/server and the schema they import types only.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/(server|db)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "routes-use-server-modules",
      comment: "Routes import from app/server only *.server.ts modules (the public surface of a part), so Remix keeps them out of the browser bundle.",
      severity: "error",
      from: { path: "^app/(routes/|root\\.tsx$)" },
      to: { path: SERVER, pathNot: "\\.server\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "routes-skip-the-wiring",
      comment:
        "The Worker's own wiring (the request's D1 session, the D1 cost counter, the live channels' Durable Object, the react-dom stand-in) is for workers/app.ts and load-context.ts, never for routes or components.",
      severity: "error",
      from: { path: "^app/(routes|components)/|^app/(root|entry\\.client|entry\\.server)\\.tsx$" },
      to: { path: `${SERVER}(db/(d1-session|server-timing)|live/live-channel|platform/react-dom-on-the-server)\\.server\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules"] },
    exclude: { path: ["^build/", "^dist-worker/", "\\.wrangler/", "^node_modules/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};

// For scripts/layers-picture.ts; not enumerable, so the configuration's schema does not see it.
Object.defineProperty(module.exports, "LAYERS", { value: LAYERS });
