/** Money is stored as integer paise and spoken as rupees (`price: 150`) by pages and /api. */
const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

export function formatINR(paise: number): string {
  return inr.format(paise / 100);
}

export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees (up to 2 decimals) to paise; rounds to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
