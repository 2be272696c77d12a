/** Money is stored as integer paise and spoken as rupees (`price: 150`) by pages and /api. */
const wholeRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/**
 * Formatted prices by paise: a page shows the same few hundred prices over and over (decision 016
 * has what formatting each one cost). Bounded: when full it starts again, so odd amounts (cart
 * totals) cannot grow it without limit.
 */
const formatted = new Map<number, string>();
const MAX_FORMATTED = 2000;

/**
 * The one way shoppers and staff read money: whole rupees without needless paise (12000 → "₹120"),
 * otherwise two digits (12050 → "₹120.50"). A fraction of a paisa is rounded first.
 */
export function formatINR(paise: number): string {
  // `+ 0` makes -0 and 0 one key: both are shown as ₹0.
  const key = Math.round(paise) + 0;
  let text = formatted.get(key);
  if (text === undefined) {
    text = (key % 100 === 0 ? wholeRupees : withPaise).format(key / 100);
    if (formatted.size >= MAX_FORMATTED) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** A round off with its sign: −₹0.13, +₹0.40. */
export function signedINR(paise: number): string {
  return `${paise < 0 ? "−" : "+"}${formatINR(Math.abs(paise))}`;
}

const invoiceAmount = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The GST invoice only (a tax document with aligned columns): always two decimals, "₹168.00". */
export function formatInvoiceAmount(paise: number): string {
  return invoiceAmount.format((Math.round(paise) + 0) / 100);
}

export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees (up to 2 decimals) to paise; rounds to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
