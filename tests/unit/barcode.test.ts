import { describe, expect, it } from "vitest";
import { barcodeFrom, barcodeSchema, normalizeBarcode, productBarcodeSchema } from "../../app/lib/barcode";

describe("barcodes (decision 042)", () => {
  it("accepts EAN-13 and UPC-A with a valid check digit, UPC-A kept as its EAN-13", () => {
    expect(normalizeBarcode("4006381333931")).toBe("4006381333931");
    expect(normalizeBarcode(" 036000291452 ")).toBe("0036000291452");
    expect(barcodeFrom("890000000001")).toBe("8900000000012");
  });

  it("refuses a wrong check digit, other lengths and anything but digits", () => {
    for (const bad of ["4006381333932", "036000291453", "40063813339", "40063813339310", "400638133393a", "", "4006381333931.0"]) {
      expect(normalizeBarcode(bad), bad).toBeNull();
    }
    const parsed = barcodeSchema.safeParse("4006381333932");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe("Barcode must be an EAN-13 (13 digits) or UPC-A (12 digits) code with a valid check digit");
  });

  it("a product's empty barcode is left out (kept, or numbered by the store)", () => {
    expect(productBarcodeSchema.parse("")).toBeUndefined();
    expect(productBarcodeSchema.parse(undefined)).toBeUndefined();
    expect(productBarcodeSchema.parse("036000291452")).toBe("0036000291452");
  });
});
