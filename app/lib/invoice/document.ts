/**
 * The tax invoice as the HTML page and the PDF worker render it (decision 031): everything already
 * decided and computed by the server, so both renderings show the same numbers.
 */
import type { InvoiceMaths } from "./maths";

interface InvoiceParty {
  name: string;
  /** Address lines, top to bottom. */
  address: string[];
  state: string;
  /** GST state code ('' when the state is not a known one). */
  stateCode: string;
  gstin: string;
}

export interface InvoiceDocument {
  /** e.g. 3F9A/2627/000012 */
  number: string;
  /** Date of supply (the delivery), ms. */
  date: number;
  orderNumber: string;
  paymentMethod: string;
  seller: InvoiceParty & { storeName: string };
  buyer: InvoiceParty & { mobile: string };
  /** "Karnataka (29)" */
  placeOfSupply: string;
  maths: InvoiceMaths;
}

/** dd Mon yyyy in IST, the way the invoice prints dates. */
export function invoiceDate(ms: number): string {
  return new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }).format(new Date(ms));
}
