/**
 * The Lighthouse part of `npm run bench` (issue 15): Lighthouse 12.8 with its default mobile preset
 * (Moto G Power emulation, simulated 4× CPU / slow 4G throttling) on Debian's Chromium, N runs per
 * page (default 3), the run with the median performance score reported. Each page is measured
 * anonymous and signed in (the session cookie sent as an extra header on every request). Lighthouse
 * 13 needs Node 22; 12.8 runs on Node 20.
 *
 * Options (env): BENCH_LIGHTHOUSE=0 skips it, BENCH_LIGHTHOUSE_RUNS (default 3),
 * CHROME_PATH (default /usr/bin/chromium). Every run's figures are written to
 * .state/bench/lighthouse.json (LCP element and its phases included) for a closer look.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { root } from "./local-store";

export interface LighthousePage {
  name: string;
  path: string;
  /** Cookie header for a signed-in run; none for anonymous. */
  cookie?: string;
}

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  domElements: number;
  benchmarkIndex: number;
  lcpElement: string;
  lcpPhases: Record<string, number>;
}

export interface LighthouseResult {
  page: LighthousePage;
  median: LighthouseRun;
  runs: LighthouseRun[];
}

/** Issue 15's goals, flagged in the table. */
export const LIGHTHOUSE_BUDGETS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05, homeDom: 900 };

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

// Lighthouse's result types are loose JSON: read the few numbers we need defensively.
type Audit = { numericValue?: number; details?: unknown };
const num = (audit: Audit | undefined) => audit?.numericValue ?? NaN;

function lcpDetails(audit: Audit | undefined): { element: string; phases: Record<string, number> } {
  const items = ((audit?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
    type?: string;
    items?: { node?: { snippet?: string; selector?: string }; phase?: string; timing?: number }[];
  }[];
  let element = "";
  const phases: Record<string, number> = {};
  for (const table of items) {
    for (const row of table.items ?? []) {
      if (row.node && !element) element = row.node.snippet ?? row.node.selector ?? "";
      if (row.phase && typeof row.timing === "number") phases[row.phase] = Math.round(row.timing);
    }
  }
  return { element, phases };
}

async function runOnce(url: string, port: number, cookie: string | undefined): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, Audit>;
  const lcp = lcpDetails(audits["largest-contentful-paint-element"]);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? NaN) * 100),
    fcpMs: num(audits["first-contentful-paint"]),
    lcpMs: num(audits["largest-contentful-paint"]),
    tbtMs: num(audits["total-blocking-time"]),
    cls: num(audits["cumulative-layout-shift"]),
    domElements: num(audits["dom-size"]),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: lcp.element,
    lcpPhases: lcp.phases,
  };
}

/** The run whose performance score is the median (ties: the lower LCP). */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export async function runLighthouse(base: string, pages: LighthousePage[]): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const results: LighthouseResult[] = [];
  try {
    for (const page of pages) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(base + page.path, chrome.port, page.cookie));
      results.push({ page, median: medianRun(runs), runs });
      process.stdout.write(".");
    }
  } finally {
    await chrome.kill();
  }
  process.stdout.write("\n");
  writeFileSync(path.join(root, ".state", "bench", "lighthouse.json"), JSON.stringify(results, null, 2));
  return results;
}

/** The Markdown table of the median runs, and the goals each one misses. */
export function lighthouseTable(results: LighthouseResult[]): { table: string; misses: string[] } {
  const b = LIGHTHOUSE_BUDGETS;
  const misses: string[] = [];
  const rows = results.map(({ page, median: m, runs }) => {
    const label = `${page.name}${page.cookie ? ", signed in" : ""}`;
    if (m.performance < b.performance) misses.push(`${label}: performance ${m.performance} < ${b.performance}`);
    if (m.lcpMs > b.lcpMs) misses.push(`${label}: LCP ${(m.lcpMs / 1000).toFixed(2)} s > ${b.lcpMs / 1000} s`);
    if (m.tbtMs > b.tbtMs) misses.push(`${label}: TBT ${m.tbtMs.toFixed(0)} ms > ${b.tbtMs} ms`);
    if (m.cls > b.cls) misses.push(`${label}: CLS ${m.cls.toFixed(3)} > ${b.cls}`);
    if (page.path === "/" && m.domElements > b.homeDom) misses.push(`${label}: ${m.domElements} DOM elements > ${b.homeDom}`);
    const scores = runs.map((r) => r.performance);
    return [
      label,
      `${m.performance} (${Math.min(...scores)}–${Math.max(...scores)})`,
      m.accessibility,
      (m.fcpMs / 1000).toFixed(2),
      (m.lcpMs / 1000).toFixed(2),
      m.tbtMs.toFixed(0),
      m.cls.toFixed(3),
      m.domElements,
      m.benchmarkIndex.toFixed(0),
    ];
  });
  const header = ["page (Lighthouse mobile)", "perf (runs)", "a11y", "FCP s", "LCP s", "TBT ms", "CLS", "DOM elements", "CPU index"];
  const table = [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
  return { table, misses };
}
