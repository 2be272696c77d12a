/**
 * Loads the demo catalogue (seed/catalogue.json + seed/images) and the demo accounts into a D1
 * database and an R2 bucket. Used by `npm start` (through getPlatformProxy), the benchmark (with the
 * large generated catalogue) and the workers tests (with a small fixture). Pure Web APIs, so it runs
 * in Node and in workerd alike.
 */
import { barcodeFrom } from "../app/lib/barcode";
import { toHex } from "../app/lib/ids";
import { gstinCheckChar, stateCode } from "../app/lib/invoice/gst";
import { rupeesToPaise } from "../app/lib/money";
import { hashPassword } from "../app/server/identity/password.server";
import { refreshSearchVocabulary } from "../app/server/search/search-upkeep.server";

export interface CatalogueFile {
  categories: { key: string; name: string; image: string }[];
  subCategories: { key: string; name: string; image: string; categories: string[] }[];
  products: {
    name: string;
    unit: string;
    price: number;
    discount: number;
    stock: number;
    description: string;
    more_details: Record<string, string>;
    images: string[];
    categories: string[];
    subCategories: string[];
  }[];
}

export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "Admin@12345", name: "Store Admin", role: "ADMIN" as const },
  shopper: {
    email: "shopper@example.com",
    password: "Shopper@12345",
    name: "Priya Sharma",
    role: "USER" as const,
    mobile: "9876543210",
  },
  /** Staff of a dark store (decision 027): they see only their store's queue; their role (decision 041). Same password. */
  staff: {
    email: "staff@example.com",
    password: "Staff@12345",
    name: "Ravi Kumar",
    mobile: "9000000002",
    store: "bengaluru-indiranagar",
    staffRole: "picker" as const,
  },
  otherStaff: {
    email: "staff.saket@example.com",
    password: "Staff@12345",
    name: "Asha Verma",
    mobile: "9000000003",
    store: "delhi-saket",
    staffRole: "picker" as const,
  },
  rider: {
    email: "rider@example.com",
    password: "Staff@12345",
    name: "Meena Rider",
    mobile: "9000000004",
    store: "bengaluru-indiranagar",
    staffRole: "rider" as const,
  },
  manager: {
    email: "manager@example.com",
    password: "Staff@12345",
    name: "Kiran Manager",
    mobile: "9000000005",
    store: "bengaluru-indiranagar",
    staffRole: "manager" as const,
  },
};

/**
 * HSN code and GST rate by sub-category, checked category by category against the rates in force
 * since 22 September 2025 (decision 038: Notification 9/2025-Central Tax (Rate) and the nil-rated
 * list of 10/2025-Central Tax (Rate); the table and its gaps are in the decision). Aerated,
 * caffeinated and other sweetened drinks are at 40 % (schedule III; decision 045).
 */
export const SUB_CATEGORY_GST: Record<string, [string, number]> = {
  milk: ["0401", 0],
  "bread-pav": ["1905", 0],
  eggs: ["0407", 0],
  "paneer-tofu": ["0406", 0],
  "curd-yogurt": ["0403", 5],
  "butter-cheese": ["0405", 5],
  "fresh-fruits": ["0810", 0],
  "fresh-vegetables": ["0709", 0],
  exotics: ["0810", 0],
  "leafy-herbs": ["0709", 0],
  "atta-flours": ["1101", 5],
  rice: ["1006", 5],
  "dals-pulses": ["0713", 5],
  "sugar-salt": ["1701", 5],
  "chips-crisps": ["20052000", 5],
  "namkeen-bhujia": ["21069099", 5],
  "popcorn-nachos": ["1904", 5],
  "dry-fruits-nuts": ["0802", 5],
  chocolates: ["1806", 5],
  "candies-gums": ["1704", 5],
  "ice-creams": ["2105", 5],
  "indian-sweets": ["21069099", 5],
  "soft-drinks": ["22021010", 40],
  "fruit-juices": ["2009", 5],
  "water-soda": ["2201", 18],
  "energy-drinks": ["22029990", 40],
  "iced-tea-coffee": ["22029990", 40],
  tea: ["0902", 5],
  "green-tea": ["0902", 5],
  coffee: ["2101", 5],
  "health-drinks": ["1901", 5],
  "masala-powders": ["0910", 5],
  "whole-spices": ["0908", 5],
  "cooking-oil": ["1512", 5],
  ghee: ["0405", 5],
  "sauces-spreads": ["2103", 5],
  pickles: ["2001", 5],
  cookies: ["1905", 5],
  "cream-biscuits": ["1905", 5],
  "glucose-marie": ["1905", 5],
  "rusk-khari": ["1905", 5],
  "cakes-muffins": ["1905", 5],
  "noodles-pasta": ["1902", 5],
  "ready-to-eat": ["2106", 5],
  "frozen-snacks": ["2106", 5],
  soups: ["2104", 5],
  "breakfast-cereals": ["1904", 5],
  detergents: ["3402", 18],
  dishwash: ["3402", 18],
  "floor-toilet": ["3808", 18],
  "cleaning-tools": ["9603", 18],
  tissues: ["4818", 18],
  "home-needs": ["3924", 18],
  "bath-body": ["3401", 5],
  "oral-care": ["3306", 5],
  "skin-care": ["3304", 18],
  "hair-care": ["3305", 5],
  shaving: ["3307", 5],
  "health-wellness": ["3004", 5],
  "diapers-wipes": ["9619", 5],
  "baby-food": ["1901", 5],
  "baby-bath": ["3401", 5],
  feeding: ["3924", 5],
  "dog-food": ["2309", 18],
  "cat-food": ["2309", 18],
  "pet-treats": ["2309", 18],
};

/**
 * Products of a sub-category whose own heading or rate differs from the sub-category's (first
 * match wins): the flavoured and milk-based drinks (2202 99, 5 %), fruits and vegetables by their
 * own heading, salt (nil), cheese (0406) and the rest listed in decision 038.
 */
const PRODUCE = ["fresh-fruits", "fresh-vegetables", "exotics", "leafy-herbs"];
export const PRODUCT_GST: [string[], RegExp, string, number][] = [
  [["milk"], /flavoured milk/i, "22029930", 5],
  [["iced-tea-coffee"], /kool cafe|latte/i, "22029930", 5],
  [["fruit-juices"], /aamras|aam panna|mango drink/i, "22029920", 5],
  [["water-soda"], /tonic water/i, "22021090", 40],
  [["energy-drinks"], /glucon-d/i, "1702", 18],
  [["paneer-tofu"], /tofu/i, "2106", 5],
  [["butter-cheese"], /cheese/i, "0406", 5],
  [["ghee"], /vanaspati/i, "1516", 5],
  [PRODUCE, /banana/i, "0803", 0],
  [PRODUCE, /mango|avocado|pineapple/i, "0804", 0],
  [PRODUCE, /orange|sweet lime|lemon/i, "0805", 0],
  [PRODUCE, /grapes/i, "0806", 0],
  [PRODUCE, /melon/i, "0807", 0],
  [PRODUCE, /\bapple|pear/i, "0808", 0],
  [PRODUCE, /cherries|peach/i, "0809", 0],
  [PRODUCE, /coconut/i, "0801", 0],
  [PRODUCE, /^(onion|garlic)/i, "0703", 0],
  [PRODUCE, /^potato/i, "0701", 0],
  [PRODUCE, /tomato/i, "0702", 0],
  [PRODUCE, /carrot/i, "0706", 0],
  [PRODUCE, /cucumber/i, "0707", 0],
  [PRODUCE, /peas/i, "0708", 0],
  [PRODUCE, /broccoli/i, "0704", 0],
  [PRODUCE, /sweet potato/i, "0714", 0],
  [PRODUCE, /ginger/i, "0910", 0],
  [["sugar-salt"], /salt/i, "2501", 0],
  [["chips-crisps"], /kurkure|mad angles|tedhe medhe/i, "21069099", 5],
  [["atta-flours"], /besan/i, "1106", 5],
  [["atta-flours"], /sooji/i, "1103", 5],
  [["dry-fruits-nuts"], /cashews/i, "0801", 5],
  [["dry-fruits-nuts"], /raisins/i, "0806", 5],
  [["sauces-spreads"], /honey/i, "0409", 5],
  [["sauces-spreads"], /jam$/i, "2007", 5],
  [["sauces-spreads"], /nutella/i, "1806", 5],
  [["sauces-spreads"], /peanut butter/i, "2008", 5],
  [["coffee"], /filter coffee|ground coffee/i, "0901", 5],
  [["frozen-snacks"], /french fries|smiles|aloo tikki/i, "2004", 5],
  [["frozen-snacks"], /green peas|sweet corn/i, "0710", 5],
  [["frozen-snacks"], /momos/i, "1902", 5],
  [["breakfast-cereals"], /oats$/i, "1104", 5],
  [["indian-sweets"], /mix$/i, "1901", 5],
  [["oral-care"], /toothbrush/i, "9603", 5],
  [["oral-care"], /mouthwash/i, "3306", 18],
  [["shaving"], /razor/i, "8212", 18],
  [["hair-care"], /coconut oil/i, "1513", 5],
  [["skin-care"], /antiseptic cream/i, "3004", 5],
  [["health-wellness"], /bandages/i, "3005", 5],
  [["health-wellness"], /sanitizer|antiseptic liquid/i, "3808", 18],
  [["diapers-wipes"], /wipes/i, "3401", 5],
  [["baby-bath"], /shampoo|oil/i, "3305", 5],
  [["baby-bath"], /powder|lotion/i, "3304", 5],
  [["home-needs"], /garbage bags/i, "3923", 18],
  [["home-needs"], /led bulb/i, "8539", 18],
  [["home-needs"], /batteries/i, "8506", 18],
  [["home-needs"], /candles/i, "3406", 18],
];

/** A demo product's HSN code and GST rate: its own entry, else its first sub-category's (18 % with no code when unknown). */
export function demoGst(subCategories: readonly string[], name = ""): { hsnCode: string; gstRate: number } {
  const first = subCategories[0] ?? "";
  const own = PRODUCT_GST.find(([of, pattern]) => of.includes(first) && pattern.test(name));
  const [hsnCode, gstRate] = own ? [own[2], own[3]] : (SUB_CATEGORY_GST[first] ?? ["", 18]);
  return { hsnCode, gstRate };
}

/** The demo company's PAN, and a store's GSTIN in a state: state code + PAN + "1Z" + the check character. */
const DEMO_PAN = "AACCF4821K";
export function demoGstin(state: string): string {
  const first14 = `${stateCode(state) ?? "29"}${DEMO_PAN}1Z`;
  return `${first14}${gstinCheckChar(first14)}`;
}
export const DEMO_LEGAL_NAME = "FreshDash Quick Commerce Private Limited";

/** A demo shelf location for the n-th product at a store: aisles A–F, shelves 1–9 (decision 027). */
const demoBin = (index: number) => `${String.fromCharCode(65 + (index % 6))}${1 + (Math.floor(index / 6) % 9)}`;

/** Deterministic 24-hex ids, so seeded URLs are stable across machines and runs. */
/**
 * Three dark stores with real pincode ranges (docs/decisions/020-dark-stores.md). Bengaluru is the
 * default and serves the demo shopper's address (560038); 110099 is served by none of them.
 */
export const DEMO_STORES = [
  {
    key: "bengaluru-indiranagar",
    invoiceSeries: "BLR",
    fssaiLicence: "11226999000123",
    name: "FreshDash Indiranagar",
    address: "100 Feet Road, HAL 2nd Stage, Indiranagar 560038",
    city: "Bengaluru",
    state: "Karnataka",
    opensAt: 6 * 60,
    closesAt: 24 * 60,
    baseDeliveryMinutes: 10,
    isDefault: true,
    ranges: [[560001, 560103]],
  },
  {
    key: "delhi-saket",
    invoiceSeries: "DEL",
    fssaiLicence: "13326999000456",
    name: "FreshDash Saket",
    address: "Press Enclave Marg, Saket 110017",
    city: "Delhi",
    state: "Delhi",
    opensAt: 7 * 60,
    closesAt: 23 * 60,
    baseDeliveryMinutes: 12,
    isDefault: false,
    ranges: [
      [110001, 110049],
      [110062, 110070],
    ],
  },
  {
    key: "mumbai-andheri",
    invoiceSeries: "BOM",
    fssaiLicence: "11526999000789",
    name: "FreshDash Andheri West",
    address: "Link Road, Andheri West 400053",
    city: "Mumbai",
    state: "Maharashtra",
    opensAt: 0,
    closesAt: 24 * 60,
    baseDeliveryMinutes: 15,
    isDefault: false,
    ranges: [
      [400001, 400104],
      [400601, 400615],
    ],
  },
] as const;

/**
 * A product's stock at a demo store: the default (Bengaluru) store has the catalogue's stock, so
 * what the tests know of it holds; Delhi and Mumbai differ, each with products out there that are
 * in at the others (and products sold out in Bengaluru in stock there).
 */
export function demoStoreStock(storeKey: (typeof DEMO_STORES)[number]["key"], index: number, catalogueStock: number): number {
  if (storeKey === "delhi-saket") return index % 4 === 1 ? 0 : catalogueStock === 0 ? 25 : Math.max(1, Math.round(catalogueStock * 0.6));
  if (storeKey === "mumbai-andheri") return index % 4 === 2 ? 0 : catalogueStock === 0 ? 12 : catalogueStock + 15;
  return catalogueStock;
}

/**
 * The demo barcode of the catalogue's product number `index` (0-based): India's GS1 prefix 890, the
 * number on 9 digits and the check digit (decision 042). Deterministic, so every seeded state agrees.
 */
export function demoBarcode(index: number): string {
  return barcodeFrom(`890${String(index + 1).padStart(9, "0")}`);
}

export async function seedId(kind: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${kind}:${key}`));
  return toHex(new Uint8Array(digest)).slice(0, 24);
}

/**
 * Pictures the store itself uses (home banner art, each in the widths its srcset offers),
 * uploaded alongside the catalogue's.
 */
export const SITE_IMAGES = ["banner-desktop.webp", "banner-desktop-1200.webp", "banner-desktop-800.webp", "banner-mobile.webp", "banner-mobile-480.webp"];

export const seedImageUrl = (file: string) => `/images/seed/${file}`;

export function imageContentType(file: string): string {
  if (file.endsWith(".webp")) return "image/webp";
  if (file.endsWith(".png")) return "image/png";
  if (file.endsWith(".avif")) return "image/avif";
  return "image/jpeg";
}

async function runInBatches(db: D1Database, statements: D1PreparedStatement[], size = 100) {
  for (let i = 0; i < statements.length; i += size) {
    await db.batch(statements.slice(i, i + size));
  }
}

export async function isSeeded(db: D1Database): Promise<boolean> {
  const row = await db.prepare("select count(*) as n from categories").first<{ n: number }>();
  return (row?.n ?? 0) > 0;
}

export interface SeedOptions {
  loadImage?: (file: string) => Promise<ArrayBuffer | Uint8Array>;
  withAccounts?: boolean;
}

export async function seedStore(db: D1Database, bucket: R2Bucket | null, catalogue: CatalogueFile, { loadImage, withAccounts = true }: SeedOptions = {}) {
  const statements: D1PreparedStatement[] = [];
  const catIds = new Map<string, string>();
  const subIds = new Map<string, string>();

  for (const c of catalogue.categories) {
    const id = await seedId("category", c.key);
    catIds.set(c.key, id);
    statements.push(db.prepare("insert into categories (id, name, image) values (?, ?, ?)").bind(id, c.name, seedImageUrl(c.image)));
  }
  for (const s of catalogue.subCategories) {
    const id = await seedId("subcategory", s.key);
    subIds.set(s.key, id);
    statements.push(db.prepare("insert into sub_categories (id, name, image) values (?, ?, ?)").bind(id, s.name, seedImageUrl(s.image)));
    s.categories.forEach((key, position) => {
      statements.push(
        db
          .prepare("insert into sub_category_categories (sub_category_id, category_id, position) values (?, ?, ?)")
          .bind(id, mustGet(catIds, key, s.name), position),
      );
    });
  }
  // Stores first: every product has a stock row at each of them.
  const storeIds: string[] = [];
  for (const store of DEMO_STORES) {
    const id = await seedId("store", store.key);
    storeIds.push(id);
    statements.push(
      db
        .prepare(
          "insert into stores (id, name, address, city, opens_at, closes_at, base_delivery_minutes, is_default, legal_name, state, gstin, invoice_series, fssai_licence) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(
          id,
          store.name,
          store.address,
          store.city,
          store.opensAt,
          store.closesAt,
          store.baseDeliveryMinutes,
          store.isDefault ? 1 : 0,
          DEMO_LEGAL_NAME,
          store.state,
          demoGstin(store.state),
          store.invoiceSeries,
          store.fssaiLicence,
        ),
      ...store.ranges.map(([from, to]) =>
        db.prepare("insert into store_pincode_ranges (store_id, from_pincode, to_pincode) values (?, ?, ?)").bind(id, from, to),
      ),
    );
  }

  // Stagger created_at so "newest first" orders are stable and match the file's order.
  const base = Date.now() - catalogue.products.length * 1000;
  for (const [index, p] of catalogue.products.entries()) {
    const id = await seedId("product", p.name);
    statements.push(
      db
        .prepare(
          "insert into products (id, name, description, unit, price, discount, more_details, created_at, updated_at, hsn_code, gst_rate, barcode) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(
          id,
          p.name,
          p.description,
          p.unit,
          rupeesToPaise(p.price),
          p.discount,
          JSON.stringify(p.more_details ?? {}),
          base + index * 1000,
          base + index * 1000,
          demoGst(p.subCategories, p.name).hsnCode,
          demoGst(p.subCategories, p.name).gstRate,
          demoBarcode(index),
        ),
    );
    DEMO_STORES.forEach((store, at) => {
      statements.push(
        db.prepare("insert into store_stock (store_id, product_id, stock) values (?, ?, ?)").bind(storeIds[at], id, demoStoreStock(store.key, index, p.stock)),
        db.prepare("insert into product_bins (store_id, product_id, bin) values (?, ?, ?)").bind(storeIds[at], id, demoBin(index + at)),
      );
    });
    p.images.forEach((file, position) => {
      statements.push(db.prepare("insert into product_images (product_id, position, url) values (?, ?, ?)").bind(id, position, seedImageUrl(file)));
    });
    p.categories.forEach((key, position) => {
      statements.push(
        db.prepare("insert into product_categories (product_id, category_id, position) values (?, ?, ?)").bind(id, mustGet(catIds, key, p.name), position),
      );
    });
    p.subCategories.forEach((key, position) => {
      statements.push(
        db
          .prepare("insert into product_sub_categories (product_id, sub_category_id, position) values (?, ?, ?)")
          .bind(id, mustGet(subIds, key, p.name), position),
      );
    });
  }

  if (withAccounts) {
    const adminId = await seedId("user", DEMO_ACCOUNTS.admin.email);
    const shopperId = await seedId("user", DEMO_ACCOUNTS.shopper.email);
    statements.push(
      db
        .prepare("insert into users (id, name, email, password_hash, role, verify_email, mobile) values (?, ?, ?, ?, ?, 1, ?)")
        .bind(adminId, DEMO_ACCOUNTS.admin.name, DEMO_ACCOUNTS.admin.email, await hashPassword(DEMO_ACCOUNTS.admin.password), "ADMIN", "9000000001"),
      db
        .prepare("insert into users (id, name, email, password_hash, role, verify_email, mobile) values (?, ?, ?, ?, ?, 1, ?)")
        .bind(
          shopperId,
          DEMO_ACCOUNTS.shopper.name,
          DEMO_ACCOUNTS.shopper.email,
          await hashPassword(DEMO_ACCOUNTS.shopper.password),
          "USER",
          DEMO_ACCOUNTS.shopper.mobile,
        ),
      db
        .prepare("insert into addresses (id, user_id, address_line, city, state, country, pincode, mobile) values (?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(
          await seedId("address", "shopper-home"),
          shopperId,
          "12 MG Road, Indiranagar",
          "Bengaluru",
          "Karnataka",
          "India",
          "560038",
          DEMO_ACCOUNTS.shopper.mobile,
        ),
    );
    const staffHash = await hashPassword(DEMO_ACCOUNTS.staff.password);
    for (const member of [DEMO_ACCOUNTS.staff, DEMO_ACCOUNTS.otherStaff, DEMO_ACCOUNTS.rider, DEMO_ACCOUNTS.manager]) {
      const userId = await seedId("user", member.email);
      const storeId = storeIds[DEMO_STORES.findIndex((store) => store.key === member.store)];
      statements.push(
        db
          .prepare("insert into users (id, name, email, password_hash, role, verify_email, mobile) values (?, ?, ?, ?, 'USER', 1, ?)")
          .bind(userId, member.name, member.email, staffHash, member.mobile),
        db.prepare("insert into store_staff (user_id, store_id, added_by, role) values (?, ?, ?, ?)").bind(userId, storeId, adminId, member.staffRole),
      );
    }
  }

  await runInBatches(db, statements);
  // "Did you mean" reads the stored word list from the start, as the cron keeps it (migration 0027).
  await refreshSearchVocabulary(db);

  if (bucket && loadImage) await uploadImages(bucket, catalogue, loadImage);

  return { categories: catIds.size, subCategories: subIds.size, products: catalogue.products.length };
}

/** Puts every picture the catalogue and the site use into the bucket, where the seed's URLs point. */
export async function uploadImages(bucket: R2Bucket, catalogue: CatalogueFile, loadImage: NonNullable<SeedOptions["loadImage"]>) {
  const files = new Set<string>(SITE_IMAGES);
  for (const c of catalogue.categories) files.add(c.image);
  for (const s of catalogue.subCategories) files.add(s.image);
  for (const p of catalogue.products) p.images.forEach((f) => files.add(f));
  await Promise.all(
    [...files].map(async (file) =>
      bucket.put(`seed/${file}`, await loadImage(file), {
        httpMetadata: { contentType: imageContentType(file) },
      }),
    ),
  );
}

function mustGet(map: Map<string, string>, key: string, owner: string): string {
  const value = map.get(key);
  if (!value) throw new Error(`Seed data: "${owner}" refers to unknown key "${key}"`);
  return value;
}

export const PACK_VARIANTS = [
  { suffix: "", unitFactor: 1, priceFactor: 1 },
  { suffix: "Value Pack", unitFactor: 2, priceFactor: 1.9 },
  { suffix: "Combo of 3", unitFactor: 3, priceFactor: 2.7 },
  { suffix: "Family Pack", unitFactor: 4, priceFactor: 3.5 },
  { suffix: "Mini", unitFactor: 0.5, priceFactor: 0.55 },
  { suffix: "Saver Pack of 6", unitFactor: 6, priceFactor: 5 },
  { suffix: "Combo of 2", unitFactor: 2, priceFactor: 1.95 },
  { suffix: "Festive Pack", unitFactor: 5, priceFactor: 4.3 },
  { suffix: "Trial Pack", unitFactor: 0.25, priceFactor: 0.3 },
];

/** The benchmark catalogue: every product in several pack sizes (2,000+ products). */
export function largeCatalogue(catalogue: CatalogueFile): CatalogueFile {
  const products = catalogue.products.flatMap((p) =>
    PACK_VARIANTS.map((v) => ({
      ...p,
      name: v.suffix ? `${p.name} (${v.suffix})` : p.name,
      unit: v.unitFactor === 1 ? p.unit : `${v.suffix.toLowerCase()} × ${p.unit}`,
      price: Math.max(1, Math.round(p.price * v.priceFactor)),
    })),
  );
  return { ...catalogue, products };
}
