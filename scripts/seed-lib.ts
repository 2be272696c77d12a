/**
 * Loads the demo catalogue (seed/catalogue.json + seed/images) and the demo accounts into a D1
 * database and an R2 bucket. Used by `npm start` (through getPlatformProxy), the benchmark (with the
 * large generated catalogue) and the workers tests (with a small fixture). Pure Web APIs, so it runs
 * in Node and in workerd alike.
 */
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
  /** Staff of a dark store (decision 027): they see only their store's queue. Same password. */
  staff: { email: "staff@example.com", password: "Staff@12345", name: "Ravi Kumar", mobile: "9000000002", store: "bengaluru-indiranagar" },
  otherStaff: { email: "staff.saket@example.com", password: "Staff@12345", name: "Asha Verma", mobile: "9000000003", store: "delhi-saket" },
};

/**
 * HSN code and GST rate by sub-category (decision 031): the rates Indian grocery invoices carried
 * under the 0/5/12/18/28 % slabs (fresh produce, milk, eggs 0 %; staples 5 %; butter, ghee, juices
 * 12 %; biscuits, chocolates, cleaning 18 %; aerated and energy drinks 28 %).
 */
const SUB_CATEGORY_GST: Record<string, [string, number]> = {
  milk: ["0401", 0],
  "bread-pav": ["1905", 0],
  eggs: ["0407", 0],
  "paneer-tofu": ["0406", 5],
  "curd-yogurt": ["0403", 5],
  "butter-cheese": ["0405", 12],
  "fresh-fruits": ["0810", 0],
  "fresh-vegetables": ["0709", 0],
  exotics: ["0810", 0],
  "leafy-herbs": ["0709", 0],
  "atta-flours": ["1101", 5],
  rice: ["1006", 5],
  "dals-pulses": ["0713", 5],
  "sugar-salt": ["1701", 5],
  "chips-crisps": ["20052000", 12],
  "namkeen-bhujia": ["21069099", 12],
  "popcorn-nachos": ["1904", 18],
  "dry-fruits-nuts": ["0802", 12],
  chocolates: ["1806", 18],
  "candies-gums": ["1704", 18],
  "ice-creams": ["2105", 18],
  "indian-sweets": ["21069099", 5],
  "soft-drinks": ["22021010", 28],
  "fruit-juices": ["2009", 12],
  "water-soda": ["2201", 18],
  "energy-drinks": ["22029990", 28],
  "iced-tea-coffee": ["2101", 18],
  tea: ["0902", 5],
  "green-tea": ["0902", 5],
  coffee: ["2101", 18],
  "health-drinks": ["1901", 18],
  "masala-powders": ["0910", 5],
  "whole-spices": ["0908", 5],
  "cooking-oil": ["1512", 5],
  ghee: ["0405", 12],
  "sauces-spreads": ["2103", 12],
  pickles: ["2001", 12],
  cookies: ["1905", 18],
  "cream-biscuits": ["1905", 18],
  "glucose-marie": ["1905", 18],
  "rusk-khari": ["1905", 5],
  "cakes-muffins": ["1905", 18],
  "noodles-pasta": ["1902", 12],
  "ready-to-eat": ["2106", 12],
  "frozen-snacks": ["2106", 18],
  soups: ["2104", 18],
  "breakfast-cereals": ["1904", 18],
  detergents: ["3402", 18],
  dishwash: ["3402", 18],
  "floor-toilet": ["3808", 18],
  "cleaning-tools": ["9603", 18],
  tissues: ["4818", 18],
  "home-needs": ["3924", 18],
  "bath-body": ["3401", 18],
  "oral-care": ["3306", 18],
  "skin-care": ["3304", 18],
  "hair-care": ["3305", 18],
  shaving: ["3307", 18],
  "health-wellness": ["3004", 12],
  "diapers-wipes": ["9619", 12],
  "baby-food": ["1901", 18],
  "baby-bath": ["3401", 18],
  feeding: ["3924", 18],
  "dog-food": ["2309", 18],
  "cat-food": ["2309", 18],
  "pet-treats": ["2309", 18],
};

/** A demo product's HSN code and GST rate, by its first sub-category (18 % with no code when unknown). */
export function demoGst(subCategories: readonly string[]): { hsnCode: string; gstRate: number } {
  const [hsnCode, gstRate] = SUB_CATEGORY_GST[subCategories[0] ?? ""] ?? ["", 18];
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
          "insert into stores (id, name, address, city, opens_at, closes_at, base_delivery_minutes, is_default, legal_name, state, gstin) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
          "insert into products (id, name, description, unit, price, discount, more_details, created_at, updated_at, hsn_code, gst_rate) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
          demoGst(p.subCategories).hsnCode,
          demoGst(p.subCategories).gstRate,
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
    for (const member of [DEMO_ACCOUNTS.staff, DEMO_ACCOUNTS.otherStaff]) {
      const userId = await seedId("user", member.email);
      const storeId = storeIds[DEMO_STORES.findIndex((store) => store.key === member.store)];
      statements.push(
        db
          .prepare("insert into users (id, name, email, password_hash, role, verify_email, mobile) values (?, ?, ?, ?, 'USER', 1, ?)")
          .bind(userId, member.name, member.email, staffHash, member.mobile),
        db.prepare("insert into store_staff (user_id, store_id, added_by) values (?, ?, ?)").bind(userId, storeId, adminId),
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
