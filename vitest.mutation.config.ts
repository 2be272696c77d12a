// The unit tests alone, for mutation testing (stryker.config.mjs): the workers projects of
// vitest.config.ts need workerd and a build, which a mutant of app/lib never reaches.
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    name: "unit",
    environment: "node",
    include: ["tests/unit/**/*.test.ts"],
  },
});
