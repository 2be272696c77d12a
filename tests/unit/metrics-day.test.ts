import { describe, expect, it } from "vitest";
import { formatMinutes, formatShare, neighbourDays, parseMetricsDay, todayInIst } from "~/lib/metrics-day";
import { metricsCsv, NO_REPORTS, spreadLabel, type StoreMetrics } from "~/lib/store-metrics";

describe("metrics days (IST, decision 029)", () => {
  it("cuts a day at midnight IST", () => {
    expect(parseMetricsDay("2026-11-26", 0)).toEqual({
      day: "2026-11-26",
      from: Date.parse("2026-11-25T18:30:00Z"),
      to: Date.parse("2026-11-26T18:30:00Z"),
    });
  });

  it("takes today in IST when no date is given", () => {
    // 18:29:59.999 UTC is still the 26th in India; 18:30 UTC is the 27th.
    expect(todayInIst(Date.parse("2026-11-26T18:29:59.999Z"))).toBe("2026-11-26");
    expect(todayInIst(Date.parse("2026-11-26T18:30:00Z"))).toBe("2026-11-27");
    expect(parseMetricsDay(null, Date.parse("2026-11-26T20:00:00Z"))?.day).toBe("2026-11-27");
    expect(parseMetricsDay("  ", Date.parse("2026-11-26T20:00:00Z"))?.day).toBe("2026-11-27");
  });

  it("refuses anything but a real calendar day in range", () => {
    for (const raw of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "2026-1-1", "26-11-2026", "2026-11-26x", "2019-12-31", "2100-01-01", "x"]) {
      expect(parseMetricsDay(raw, 0), raw).toBeNull();
    }
    expect(parseMetricsDay("2028-02-29", 0)?.day).toBe("2028-02-29");
  });

  it("steps to the neighbouring days across months and years", () => {
    expect(neighbourDays("2027-01-01")).toEqual({ previous: "2026-12-31", next: "2027-01-02" });
  });

  it("formats minutes to a tenth and shares as percentages", () => {
    expect(formatMinutes(null)).toBe("–");
    expect(formatMinutes(435_000)).toBe("7.3");
    expect(formatMinutes(600_000)).toBe("10.0");
    expect(formatShare(2, 3)).toBe("66.7 %");
    expect(formatShare(0, 0)).toBe("–");
    expect(spreadLabel(0, 2)).toBe("0–2 min");
    expect(spreadLabel(15, 2)).toBe("30+ min");
  });
});

describe("metrics CSV", () => {
  it("quotes values with commas or quotes and defuses formulas", () => {
    const m: StoreMetrics = {
      store: { id: "x", name: '=HYPERLINK("a,b")', city: "Pune", promiseMinutes: 10 },
      day: { day: "2026-11-26", from: 0, to: 1 },
      orders: 0,
      cancelled: 0,
      cancelledUnpaid: 0,
      delivered: 0,
      open: 0,
      deliveredWithinPromise: 0,
      deliveredValue: 0,
      steps: [],
      picking: { linesPicked: 0, linesShort: 0, ordersPicked: 0, ordersShort: 0, refunded: 0 },
      hourly: Array.from({ length: 24 }, () => 0),
      spread: { bucketMinutes: 2, counts: Array.from({ length: 16 }, () => 0) },
      ratings: { count: 0, average: null, byStars: [0, 0, 0, 0, 0], latestComments: [] },
      reports: NO_REPORTS,
      scanRate: [],
    };
    const lines = metricsCsv(m).split("\r\n");
    expect(lines[1]).toBe(`store,"'=HYPERLINK(""a,b"")"`);
    expect(lines).toContain("delivered value (INR),0.00");
    expect(lines).toContain("ratings,0");
    expect(lines).toContain("average rating (1-5),");
  });

  it("lists the ratings, and a comment with a line break or a formula stays one safe value", () => {
    const m: StoreMetrics = {
      store: { id: "x", name: "Kothrud", city: "Pune", promiseMinutes: 10 },
      day: { day: "2026-11-26", from: 0, to: 1 },
      orders: 3,
      cancelled: 0,
      cancelledUnpaid: 0,
      delivered: 3,
      open: 0,
      deliveredWithinPromise: 3,
      deliveredValue: 0,
      steps: [],
      picking: { linesPicked: 0, linesShort: 0, ordersPicked: 0, ordersShort: 0, refunded: 0 },
      hourly: Array.from({ length: 24 }, () => 0),
      spread: { bucketMinutes: 2, counts: Array.from({ length: 16 }, () => 0) },
      ratings: {
        count: 3,
        average: 3.67,
        byStars: [0, 1, 0, 1, 1],
        latestComments: [
          { orderNumber: "ORD-1", rating: 5, comment: "fast\nand fresh", at: 2 },
          { orderNumber: "ORD-2", rating: 2, comment: "=SUM(A1)", at: 1 },
        ],
      },
      scanRate: [],
      reports: NO_REPORTS,
    };
    const csv = metricsCsv(m);
    const lines = csv.split("\r\n");
    expect(lines).toEqual(expect.arrayContaining(["ratings,3", "average rating (1-5),3.67", "rated 1 of 5,0", "rated 2 of 5,1", "rated 5 of 5,1"]));
    expect(csv).toContain('latest comment 1 (order ORD-1; rated 5),"fast\nand fresh"\r\n');
    expect(lines).toContain("latest comment 2 (order ORD-2; rated 2),'=SUM(A1)");
  });
});
