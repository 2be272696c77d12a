import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe("imports that decide the worker's size", () => {
  it('imports zod as a namespace (`import * as z from "zod"`), never as `import { z }`', () => {
    // `import { z }` takes zod's whole `z` object, which wrangler's esbuild cannot tree-shake: it
    // carried every error-message locale and the JSON-schema converters into the worker
    // (402 KB gzip against the 400 KB budget; 333 KB with the namespace import, decision 016).
    const offenders = [...sourceFiles("app"), ...sourceFiles("workers")].filter((file) =>
      /import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*["']zod["']/.test(readFileSync(path.join(root, file), "utf8").replace(/import type \{[^}]*\}[^;]*;/g, "")),
    );
    expect(offenders).toEqual([]);
  });
});
