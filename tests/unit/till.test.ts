import { describe, expect, it } from "vitest";
import { metricsCsv, NO_REPORTS, type StoreMetrics } from "~/lib/store-metrics";
import { tillCsvRows, tillRows, type Till } from "~/lib/till";

describe("the till's rows (decision 048)", () => {
  it("merges collected cash and handovers per rider: difference = collected − handed over", () => {
    const { riders, totals } = tillRows(
      [
        { riderId: "r1", name: "Ravi", orders: 2, amount: 37900 },
        { riderId: null, name: "Sunil (98450)", orders: 1, amount: 10000 },
      ],
      [
        { riderId: "r1", name: "Ravi", amount: 30000 },
        { riderId: "r2", name: "Anil", amount: 5000 },
      ],
    );
    expect(riders).toEqual([
      { riderId: "r2", name: "Anil", orders: 0, collected: 0, handedOver: 5000, difference: -5000 },
      { riderId: "r1", name: "Ravi", orders: 2, collected: 37900, handedOver: 30000, difference: 7900 },
      { riderId: null, name: "Sunil (98450)", orders: 1, collected: 10000, handedOver: 0, difference: 10000 },
    ]);
    expect(totals).toEqual({ orders: 3, collected: 47900, handedOver: 35000, difference: 12900 });
  });

  it("writes a negative difference as a plain number in the CSV, while text that starts with a minus is still defused", () => {
    const { riders, totals } = tillRows([], [{ riderId: "r2", name: "=Anil", amount: 5000 }]);
    const till: Till = { day: "2026-11-28", riders, totals, handovers: [] };
    const m: StoreMetrics = {
      store: { id: "x", name: "-2+3", city: "Pune", promiseMinutes: 10 },
      day: { day: "2026-11-28", from: 0, to: 1 },
      orders: 0,
      cancelled: 0,
      cancelledUnpaid: 0,
      scanRate: [],
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
    };
    const lines = metricsCsv(m, tillCsvRows(till)).split("\r\n");
    expect(lines).toContain("till: =Anil: difference (INR),-50.00");
    expect(lines).toContain("till: difference (INR),-50.00");
    expect(lines).toContain("till: =Anil: cash handed over (INR),50.00");
    expect(lines).toContain("store,'-2+3");
  });
});
