/**
 * GST facts the invoice needs (decision 031): the rate slabs, Indian states with their GST state
 * codes, GSTIN validation (format and check character) and HSN codes. Isomorphic: the admin forms,
 * the /api schemas and the invoice all use it.
 */

/**
 * The GST rate slabs a product may have, in whole percent. 40 is GST 2.0's slab for aerated and
 * caffeinated drinks (Notification 9/2025-Central Tax (Rate), schedule III); 12 and 28 stay for
 * products not yet moved off them (migration 0041).
 */
export const GST_RATES = [0, 5, 12, 18, 28, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

export function isGstRate(value: unknown): value is GstRate {
  return typeof value === "number" && (GST_RATES as readonly number[]).includes(value);
}

/** States and union territories with their GST state code (the first two digits of a GSTIN). */
export const GST_STATES: readonly { code: string; name: string }[] = [
  { code: "01", name: "Jammu and Kashmir" },
  { code: "02", name: "Himachal Pradesh" },
  { code: "03", name: "Punjab" },
  { code: "04", name: "Chandigarh" },
  { code: "05", name: "Uttarakhand" },
  { code: "06", name: "Haryana" },
  { code: "07", name: "Delhi" },
  { code: "08", name: "Rajasthan" },
  { code: "09", name: "Uttar Pradesh" },
  { code: "10", name: "Bihar" },
  { code: "11", name: "Sikkim" },
  { code: "12", name: "Arunachal Pradesh" },
  { code: "13", name: "Nagaland" },
  { code: "14", name: "Manipur" },
  { code: "15", name: "Mizoram" },
  { code: "16", name: "Tripura" },
  { code: "17", name: "Meghalaya" },
  { code: "18", name: "Assam" },
  { code: "19", name: "West Bengal" },
  { code: "20", name: "Jharkhand" },
  { code: "21", name: "Odisha" },
  { code: "22", name: "Chhattisgarh" },
  { code: "23", name: "Madhya Pradesh" },
  { code: "24", name: "Gujarat" },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu" },
  { code: "27", name: "Maharashtra" },
  { code: "29", name: "Karnataka" },
  { code: "30", name: "Goa" },
  { code: "31", name: "Lakshadweep" },
  { code: "32", name: "Kerala" },
  { code: "33", name: "Tamil Nadu" },
  { code: "34", name: "Puducherry" },
  { code: "35", name: "Andaman and Nicobar Islands" },
  { code: "36", name: "Telangana" },
  { code: "37", name: "Andhra Pradesh" },
  { code: "38", name: "Ladakh" },
];

/** Other spellings shoppers type in an address. */
const ALIASES: Record<string, string> = {
  newdelhi: "07",
  nctofdelhi: "07",
  nationalcapitalterritoryofdelhi: "07",
  orissa: "21",
  pondicherry: "34",
  jk: "01",
  // "J&K": "&" is read as "and" before the lookup.
  jandk: "01",
  uttaranchal: "05",
  andamanandnicobar: "35",
  dadraandnagarhaveli: "26",
  damananddiu: "26",
};

function squash(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z]/g, "");
}

/** The GST state code of a state's name as typed (case, spaces, "&" and common old names tolerated); null if unknown. */
export function stateCode(name: string | null | undefined): string | null {
  if (!name) return null;
  const key = squash(name);
  if (!key) return null;
  const found = GST_STATES.find((s) => squash(s.name) === key);
  // Own keys only: "constructor" is not a state.
  return found?.code ?? (Object.hasOwn(ALIASES, key) ? ALIASES[key] : null);
}

/** The state's name for a GST state code. */
export function stateName(code: string): string | null {
  return GST_STATES.find((s) => s.code === code)?.name ?? null;
}

/**
 * Whether a supply from the store's state to the delivery state is within one state (CGST + SGST)
 * rather than between states (IGST). Known states compare by code; unknown names compare as typed
 * (squashed); a store without a state is treated as within the state of delivery.
 */
export function isIntraState(storeState: string, deliveryState: string): boolean {
  if (!storeState.trim()) return true;
  const a = stateCode(storeState);
  const b = stateCode(deliveryState);
  if (a && b) return a === b;
  return squash(storeState) === squash(deliveryState);
}

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (the GSTN's mod-36 scheme). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is not valid (shape, state code, check character), or null when it is. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return "A GSTIN is 15 characters: 2-digit state code, 10-character PAN, entity number, Z, check character";
  if (!stateName(gstin.slice(0, 2))) return `${gstin.slice(0, 2)} is not a GST state code`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return "The GSTIN's check character is wrong: check for a typing mistake";
  return null;
}

/** HSN codes on invoices are 4, 6 or 8 digits. */
export const HSN_PATTERN = /^(?:[0-9]{4}|[0-9]{6}|[0-9]{8})$/;
