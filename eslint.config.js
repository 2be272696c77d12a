// Lint for app, workers, tests and scripts (`npm run lint`, part of `npm test`). Besides the
// recommended TypeScript, React hooks and jsx-a11y rules, two import rules keep the layout of
// docs/architecture.md: imports run one way (routes → components → server parts → lib → db) and
// form no cycle.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import unusedImports from "eslint-plugin-unused-imports";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A layer may not import from the layers above it. */
const layers = [
  { target: "./app/db", from: ["./app/lib", "./app/server", "./app/components", "./app/routes"], message: "the schema is the bottom layer" },
  { target: "./app/lib", from: ["./app/server", "./app/components", "./app/routes"], message: "app/lib is isomorphic and below the server parts" },
  { target: "./app/server", from: ["./app/components", "./app/routes"], message: "server parts are below components and routes" },
  { target: "./app/components", from: ["./app/routes"], message: "components are below routes" },
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "dist-worker/**",
      ".wrangler/**",
      ".state/**",
      "**/.wrangler/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      ".stryker-tmp/**",
      "reports/**",
      "tests/support/spa/**",
      "public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    plugins: { "unused-imports": unusedImports, "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": "off",
      "unused-imports/no-unused-imports": "error",
      "unused-imports/no-unused-vars": [
        "error",
        { args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: layers }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Tests read answers as the untyped JSON envelopes a client sees (`body.data` is whatever the
    // route sent), and the bench scripts reach into library internals: `any` is their honest type.
    files: ["tests/**", "scripts/bench-*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
