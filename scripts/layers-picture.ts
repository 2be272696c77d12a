/**
 * `npm run docs:layers`: draws docs/layers.md (Mermaid, rendered by GitHub and most Markdown
 * viewers) from dependency-cruiser's graph of the code and the LAYERS of .dependency-cruiser.cjs:
 * app/server's folders stacked by layer, and an arrow for each folder that imports another (drawn
 * only when no longer path already implies it, so the picture stays readable).
 * `--check` (in `npm run lint`) writes nothing and fails when docs/layers.md is not what the code
 * draws today.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const LAYERS: string[][] = createRequire(import.meta.url)(join(root, ".dependency-cruiser.cjs")).LAYERS;
const target = join(root, "docs/layers.md");

interface Cruised {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

const json = execFileSync("npx", ["depcruise", "app", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
  cwd: root,
  maxBuffer: 256 * 1024 * 1024,
  encoding: "utf8",
});
const { modules } = JSON.parse(json) as Cruised;

const folderOf = (path: string) => /^app\/server\/([^/]+)\//.exec(path)?.[1] ?? null;

/** Which app/server folders each folder imports from. */
const imports = new Map<string, Set<string>>(LAYERS.flat().map((folder) => [folder, new Set<string>()]));
for (const module of modules) {
  const from = folderOf(module.source);
  if (!from) continue;
  for (const dependency of module.dependencies) {
    const to = folderOf(dependency.resolved);
    if (to && to !== from) imports.get(from)?.add(to);
  }
}

/** Can `from` reach `to` through at least one folder in between? */
function reachesIndirectly(from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [...(imports.get(from) ?? [])].filter((next) => next !== to);
  while (stack.length) {
    const folder = stack.pop()!;
    if (folder === to) return true;
    if (seen.has(folder)) continue;
    seen.add(folder);
    stack.push(...(imports.get(folder) ?? []));
  }
  return false;
}

const lines = [
  "<!-- Drawn by `npm run docs:layers` (scripts/layers-picture.ts); `npm run lint` fails when it is out of date. -->",
  "",
  "# app/server's layers",
  "",
  "Each box is a layer of `LAYERS` in `.dependency-cruiser.cjs`, the top one first: a folder imports only",
  "from the layers below it, never from a folder beside it. An arrow is a folder that imports another,",
  "left out when a longer path of arrows already leads there. See docs/architecture.md for what each",
  "folder owns.",
  "",
  "```mermaid",
  "flowchart TB",
];
[...LAYERS].reverse().forEach((folders, i) => {
  lines.push(`  subgraph layer${LAYERS.length - 1 - i}[" "]`, "    direction LR");
  for (const folder of folders) lines.push(`    ${folder}["${folder}/"]`);
  lines.push("  end");
});
for (const [from, targets] of imports) {
  for (const to of [...targets].sort()) if (!reachesIndirectly(from, to)) lines.push(`  ${from} --> ${to}`);
}
lines.push("```", "");
const picture = lines.join("\n");

if (process.argv.includes("--check")) {
  if (readFileSync(target, "utf8") !== picture) {
    console.error("docs/layers.md is not what the code draws today: run `npm run docs:layers` and commit it.");
    process.exit(1);
  }
  console.log("docs/layers.md is up to date.");
} else {
  writeFileSync(target, picture);
  console.log("wrote docs/layers.md");
}
