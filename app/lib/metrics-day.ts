/**
 * The days of the promise metrics (decision 029). The stores are in India, which keeps one offset
 * all year (IST, UTC+05:30, no daylight saving), so a day is cut at midnight IST: the day
 * `2026-11-26` is the instants [2026-11-25T18:30Z, 2026-11-26T18:30Z). An order belongs to the day
 * it was placed, even when it is delivered after midnight.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The earliest and latest days the page accepts (anything else is a 400 naming the range). */
const FIRST_DAY = "2020-01-01";
const LAST_DAY = "2099-12-31";

export interface MetricsDay {
  /** `YYYY-MM-DD`, the day in IST. */
  day: string;
  /** First instant of the day, epoch ms (inclusive). */
  from: number;
  /** First instant of the next day, epoch ms (exclusive). */
  to: number;
}

/** Today's date in IST at `now` (epoch ms), as `YYYY-MM-DD`. */
export function todayInIst(now: number): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export const BAD_DAY_MESSAGE = `Choose a date as YYYY-MM-DD between ${FIRST_DAY} and ${LAST_DAY}`;

/**
 * The day named by `?date=` (absent or empty: today in IST), or null when it is not a real
 * calendar date in the accepted range (e.g. `2026-02-30`, `26-11-2026`, `2026-11-26x`).
 */
export function parseMetricsDay(raw: string | null, now: number): MetricsDay | null {
  const day = raw === null || raw.trim() === "" ? todayInIst(now) : raw.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < FIRST_DAY || day > LAST_DAY) return null;
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Date.parse rolls nothing over for this exact form, but a day like 02-30 is NaN or another day.
  if (Number.isNaN(midnightUtc) || new Date(midnightUtc).toISOString().slice(0, 10) !== day) return null;
  const from = midnightUtc - IST_OFFSET_MS;
  return { day, from, to: from + DAY_MS };
}

/** The day before and after `day` (for the page's previous/next links). */
export function neighbourDays(day: string): { previous: string; next: string } {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  return { previous: new Date(midnight - DAY_MS).toISOString().slice(0, 10), next: new Date(midnight + DAY_MS).toISOString().slice(0, 10) };
}

/** Milliseconds as minutes with one decimal ("7.5"), or "–" when there is no value. */
export function formatMinutes(ms: number | null): string {
  return ms === null ? "–" : (Math.round(ms / 6000) / 10).toFixed(1);
}

/** `part` of `whole` as a percentage with one decimal ("66.7 %"), or "–" when `whole` is 0. */
export function formatShare(part: number, whole: number): string {
  return whole === 0 ? "–" : `${(Math.round((part / whole) * 1000) / 10).toFixed(1)} %`;
}
