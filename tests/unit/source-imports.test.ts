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

describe("the shapes every route takes (docs/architecture.md)", () => {
  const routes = sourceFiles("app/routes").map((file) => [file, readFileSync(path.join(root, file), "utf8")] as const);

  it("every page action is a pageAction, so a Refusal that escapes it is a 4xx, never a 500", () => {
    const pages = routes.filter(([file, text]) => !path.basename(file).startsWith("api.") && /export (async function|const) action\b/.test(text));
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.filter(([, text]) => !/export const action = pageAction\(/.test(text)).map(([file]) => file)).toEqual([]);
  });

  it("every /api action and loader is written with apiAction / apiLoader or answers 405", () => {
    const api = routes.filter(([file]) => path.basename(file).startsWith("api."));
    expect(api.length).toBeGreaterThan(40);
    const handwritten = api.flatMap(([file, text]) =>
      ["action", "loader"]
        .filter((name) => {
          const line = text.match(new RegExp(`export (?:const|async function) ${name}\\b.*`))?.[0];
          return line && !/= (apiAction|apiLoader)\(|= \(\) => methodNotAllowed\(/.test(line);
        })
        .map((name) => `${file} ${name}`),
    );
    expect(handwritten).toEqual([]);
  });
});
