/**
 * GST facts of the invoice (app/lib/invoice/gst.ts, decision 031): rate slabs, state codes as the GST
 * portal lists them, within-state or between states, GSTIN shape and check character, HSN codes.
 */
import { describe, expect, it } from "vitest";
import { GST_RATES, GST_STATES, gstinCheckChar, gstinProblem, HSN_PATTERN, isGstRate, isIntraState, stateCode, stateName } from "~/lib/invoice/gst";

/** The GST state codes (first two digits of a GSTIN) of the states and union territories. */
const OFFICIAL_CODES = `01 Jammu and Kashmir|02 Himachal Pradesh|03 Punjab|04 Chandigarh|05 Uttarakhand|06 Haryana|07 Delhi|
08 Rajasthan|09 Uttar Pradesh|10 Bihar|11 Sikkim|12 Arunachal Pradesh|13 Nagaland|14 Manipur|15 Mizoram|16 Tripura|17 Meghalaya|
18 Assam|19 West Bengal|20 Jharkhand|21 Odisha|22 Chhattisgarh|23 Madhya Pradesh|24 Gujarat|26 Dadra and Nagar Haveli and Daman and Diu|
27 Maharashtra|29 Karnataka|30 Goa|31 Lakshadweep|32 Kerala|33 Tamil Nadu|34 Puducherry|35 Andaman and Nicobar Islands|36 Telangana|
37 Andhra Pradesh|38 Ladakh`
  .split("|")
  .map((entry) => ({ code: entry.trim().slice(0, 2), name: entry.trim().slice(3) }));

describe("GST rates", () => {
  it("are the five slabs, and nothing else is one", () => {
    expect(GST_RATES).toEqual([0, 5, 12, 18, 28, 40]);
    expect(GST_RATES.every(isGstRate)).toBe(true);
    for (const other of [3, 41, -5, 5.5, Number.NaN, "18", null, undefined]) expect(isGstRate(other), String(other)).toBe(false);
  });
});

describe("state codes", () => {
  it("lists every state and union territory with its GST code", () => {
    expect(GST_STATES).toEqual(OFFICIAL_CODES);
    for (const { code, name } of OFFICIAL_CODES) {
      expect(stateCode(name), name).toBe(code);
      expect(stateName(code), code).toBe(name);
    }
  });

  it("reads a state as typed: case, spaces, punctuation and '&' do not matter", () => {
    expect(stateCode("  tamil   NADU ")).toBe("33");
    expect(stateCode("Andaman & Nicobar Islands")).toBe("35");
    expect(stateCode("Jammu & Kashmir")).toBe("01");
    expect(stateCode("Dadra & Nagar Haveli and Daman & Diu")).toBe("26");
    expect(stateCode("West-Bengal.")).toBe("19");
  });

  it("knows the old and everyday names shoppers type", () => {
    expect(
      Object.fromEntries(
        [
          "New Delhi",
          "NCT of Delhi",
          "National Capital Territory of Delhi",
          "Orissa",
          "Pondicherry",
          "J&K",
          "JK",
          "Uttaranchal",
          "Andaman and Nicobar",
          "Dadra and Nagar Haveli",
          "Daman and Diu",
        ].map((name) => [name, stateCode(name)]),
      ),
    ).toEqual({
      "New Delhi": "07",
      "NCT of Delhi": "07",
      "National Capital Territory of Delhi": "07",
      Orissa: "21",
      Pondicherry: "34",
      "J&K": "01",
      JK: "01",
      Uttaranchal: "05",
      "Andaman and Nicobar": "35",
      "Dadra and Nagar Haveli": "26",
      "Daman and Diu": "26",
    });
  });

  it("answers null for what is not a state", () => {
    for (const name of [null, undefined, "", "   ", "123", "Atlantis", "constructor", "toString"]) expect(stateCode(name), String(name)).toBeNull();
    expect(stateName("25")).toBeNull();
    expect(stateName("99")).toBeNull();
    expect(stateName("")).toBeNull();
  });
});

describe("isIntraState", () => {
  it("compares known states by code, whatever the spelling", () => {
    expect(isIntraState("Karnataka", "karnataka")).toBe(true);
    expect(isIntraState("Odisha", "Orissa")).toBe(true);
    expect(isIntraState("Delhi", "New Delhi")).toBe(true);
    expect(isIntraState("Karnataka", "Kerala")).toBe(false);
  });

  it("compares unknown names as typed, and a known with an unknown as different", () => {
    expect(isIntraState("Atlantis", "atlantis!")).toBe(true);
    expect(isIntraState("Atlantis", "Narnia")).toBe(false);
    expect(isIntraState("Karnataka", "Atlantis")).toBe(false);
    expect(isIntraState("Atlantis", "Karnataka")).toBe(false);
  });

  it("treats a store without a state as within the state of delivery", () => {
    expect(isIntraState("", "Karnataka")).toBe(true);
    expect(isIntraState("   ", "Karnataka")).toBe(true);
  });
});

describe("GSTIN", () => {
  // Published GSTINs, whose check characters were issued by the GSTN.
  const valid = ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4"];

  it("computes the check character of published GSTINs", () => {
    for (const gstin of valid) expect(gstinCheckChar(gstin.slice(0, 14)), gstin).toBe(gstin[14]);
  });

  it("catches any single mistyped character", () => {
    const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (const gstin of valid) {
      const first14 = gstin.slice(0, 14);
      for (let i = 0; i < 14; i++) {
        for (const c of chars) {
          if (c === first14[i]) continue;
          const typo = first14.slice(0, i) + c + first14.slice(i + 1);
          expect(gstinCheckChar(typo), typo).not.toBe(gstin[14]);
        }
      }
    }
  });

  it("accepts a valid GSTIN and says what is wrong with the others", () => {
    const shape = "A GSTIN is 15 characters: 2-digit state code, 10-character PAN, entity number, Z, check character";
    for (const gstin of valid) expect(gstinProblem(gstin), gstin).toBeNull();
    for (const bad of [
      "",
      "27AAPFU0939F1Z", // 14 characters
      "27AAPFU0939F1ZVX", // 16
      "x27AAPFU0939F1ZV",
      "27AAPFU0939F1ZVx",
      "27aapfu0939f1zv", // lower case
      "2AAAPFU0939F1ZV", // state code not two digits
      "27AAPF00939F1ZV", // PAN: five letters first
      "27AAPFUA939F1ZV", // PAN: then four digits
      "27AAPFU09391FZV", // PAN: then a letter
      "27AAPFU0939F0ZV", // entity number 1-9 or A-Z, not 0
      "27AAPFU0939F1YV", // the 14th is always Z
      "27AAPFU0939F1Z-", // check character a digit or letter
      " 27AAPFU0939F1ZV",
    ]) {
      expect(gstinProblem(bad), bad).toBe(shape);
    }
    expect(gstinProblem("27AAPFU0939FAZV")).not.toBe(shape); // an entity letter is of the right shape
    expect(gstinProblem("25AAPFU0939F1ZV")).toBe("25 is not a GST state code");
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("The GSTIN's check character is wrong: check for a typing mistake");
    expect(gstinProblem("27AAPFU0939F1Z5")).toBe("The GSTIN's check character is wrong: check for a typing mistake");
  });
});

describe("HSN codes", () => {
  it("are 4, 6 or 8 digits", () => {
    for (const ok of ["1006", "100630", "10063010"]) expect(HSN_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["", "100", "10063", "1006301", "100630101", "10a6", "1006 ", " 1006", "x1006", "1006x", "１００６"]) {
      expect(HSN_PATTERN.test(bad), bad).toBe(false);
    }
  });
});
