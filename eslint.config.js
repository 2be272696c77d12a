// Lint for app, workers, tests and scripts (`npm run lint`, part of `npm test`): the recommended
// TypeScript, React hooks and jsx-a11y rules. The layers of docs/architecture.md (which way imports
// run, no cycles) are held by dependency-cruiser (.dependency-cruiser.cjs), also in `npm run lint`.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import unusedImports from "eslint-plugin-unused-imports";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    plugins: { "unused-imports": unusedImports },
    rules: {
      "@typescript-eslint/no-unused-vars": "off",
      "unused-imports/no-unused-imports": "error",
      "unused-imports/no-unused-vars": [
        "error",
        { args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
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
