/**
 * The invoice as the HTML page and the PDF worker render it (decision 031): everything already
 * decided and computed by the server, so both renderings show the same numbers. Since decision 038
 * it is also the record of the invoice as issued: stored as JSON at first issue and read back
 * unchanged, so nothing here may be looked up again at render time.
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
  /** "Tax invoice", "Bill of supply" or "Tax invoice-cum-bill of supply" (see invoiceTitle). */
  title: string;
  /** e.g. BLR/2627/0000012 (older invoices: 3F9A/2627/000012) */
  number: string;
  /** Date of supply (the delivery), ms. */
  date: number;
  orderNumber: string;
  paymentMethod: string;
  seller: InvoiceParty & { storeName: string; /** 14 digits, '' when the store has none. */ fssaiLicence: string };
  buyer: InvoiceParty & { mobile: string };
  /** "Karnataka (29)" */
  placeOfSupply: string;
  maths: InvoiceMaths;
  /** "credit-note" for a GST credit note (decision 044); absent or "invoice" for an invoice. */
  kind?: "invoice" | "credit-note";
  /** A credit note's invoice, as printed on it: "Against invoice No. X dated Y". */
  against?: { number: string; date: number };
}

/**
 * The invoice's payment modes: the wallet with its amount when it paid part or all (decision 050),
 * then cash on delivery or online for the rest, e.g. "Wallet INR 100.00 + Cash on delivery INR 147.00".
 */
export function paymentModes(order: { paymentMethod: "COD" | "ONLINE"; total: number; walletPaid: number }, format: (paise: number) => string): string {
  const rest = order.paymentMethod === "COD" ? "Cash on delivery" : "Paid online";
  const wallet = Math.min(Math.max(0, order.walletPaid), Math.max(0, order.total));
  if (wallet <= 0) return rest;
  const left = order.total - wallet;
  return left > 0 ? `Wallet ${format(wallet)} + ${rest} ${format(left)}` : `Wallet ${format(wallet)}`;
}

/** Whether a frozen document is a credit note (its amounts are reversals of the invoice's). */
export function isCreditNote(document: Pick<InvoiceDocument, "kind">): boolean {
  return document.kind === "credit-note";
}

/** dd Mon yyyy in IST, the way the invoice prints dates. */
export function invoiceDate(ms: number): string {
  return dateFormat.format(new Date(ms));
}
const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/**
 * The document's title (decision 038, CGST Rules 46, 46A and 49): a bill of supply when no line is
 * taxed (all exempt or nil-rated), a tax invoice when every line is, and for a cart of both, sold to
 * an unregistered shopper, one "invoice-cum-bill of supply" (rule 46A).
 */
export function invoiceTitle(lines: readonly { gstRate: number }[]): string {
  const taxed = lines.filter((line) => line.gstRate > 0).length;
  if (taxed === 0) return "Bill of supply";
  if (taxed === lines.length) return "Tax invoice";
  return "Tax invoice-cum-bill of supply";
}
