import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { placeForPincode } from "~/lib/pincode-places";

describe("placeForPincode", () => {
  it("knows pincodes across states, with their GST state codes", () => {
    expect(placeForPincode("560038")).toEqual({ city: "Bengaluru", state: "Karnataka", stateCode: "29" });
    expect(placeForPincode("110001")).toEqual({ city: "Central Delhi", state: "Delhi", stateCode: "07" });
    expect(placeForPincode("400001")).toEqual({ city: "Mumbai", state: "Maharashtra", stateCode: "27" });
    expect(placeForPincode("600001")).toEqual({ city: "Chennai", state: "Tamil Nadu", stateCode: "33" });
    expect(placeForPincode("500001")).toEqual({ city: "Hyderabad", state: "Telangana", stateCode: "36" });
    expect(placeForPincode("682001")).toEqual({ city: "Ernakulam", state: "Kerala", stateCode: "32" });
  });

  it("tells apart the states a prefix spans, pincode by pincode", () => {
    // 160: Chandigarh and Mohali (Punjab).
    expect(placeForPincode("160017")?.stateCode).toBe("04");
    expect(placeForPincode("160062")).toEqual({ city: "Mohali", state: "Punjab", stateCode: "03" });
    // 396: Valsad (Gujarat) and Daman / Silvassa.
    expect(placeForPincode("396001")).toEqual({ city: "Valsad", state: "Gujarat", stateCode: "24" });
    expect(placeForPincode("396210")?.stateCode).toBe("26");
    expect(placeForPincode("396230")?.stateCode).toBe("26");
  });

  it("files Leh under Ladakh, not Jammu and Kashmir", () => {
    expect(placeForPincode("194101")).toEqual({ city: "Leh", state: "Ladakh", stateCode: "38" });
  });

  it("gives a new pincode under a known prefix the prefix's place", () => {
    expect(placeForPincode("560999")?.stateCode).toBe("29");
  });

  it("knows nothing of a prefix India Post does not use, nor of malformed input", () => {
    expect(placeForPincode("999999")).toBeNull();
    expect(placeForPincode("100000")).toBeNull();
    expect(placeForPincode("56003")).toBeNull();
    expect(placeForPincode("056003")).toBeNull();
    expect(placeForPincode("constructor")).toBeNull();
  });

  it("is the table the generator draws from the data package today", () => {
    // Throws (exit 1) when app/lib/pincode-places.data.ts was edited by hand or the data moved on.
    execFileSync("npx", ["tsx", "scripts/pincode-table.ts", "--check"], { stdio: "pipe" });
  }, 60_000);
});
