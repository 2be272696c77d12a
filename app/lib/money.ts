/** Money is stored as integer paise and spoken as rupees (`price: 150`) by pages and /api. */
const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/**
 * Formatted prices by paise: a page shows the same few hundred prices over and over (decision 016
 * has what formatting each one cost). Bounded: when full it starts again, so odd amounts (cart
 * totals) cannot grow it without limit.
 */
const formatted = new Map<number, string>();
const MAX_FORMATTED = 2000;

export function formatINR(paise: number): string {
  // The map keeps -0 and 0 as one key: both are shown as ₹0.00.
  const key = paise + 0;
  let text = formatted.get(key);
  if (text === undefined) {
    text = inr.format(key / 100);
    if (formatted.size >= MAX_FORMATTED) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees (up to 2 decimals) to paise; rounds to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Shopper-facing rupees without needless paise: 12000 → "₹120", 12050 → "₹120.50". */
export function formatRupees(paise: number): string {
  const whole = Math.round(paise) % 100 === 0;
  return `₹${(Math.round(paise) / 100).toLocaleString("en-IN", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}
