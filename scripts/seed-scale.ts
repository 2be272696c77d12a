/**
 * The scale state (issue 29): `npx tsx scripts/seed.ts --persist-to DIR --products N --stores M`.
 * N products derived from seed/catalogue.json (its brands, items, pack variants and sizes, over its
 * real categories and sub-categories), M stores (the three demo stores first, then stores in other
 * cities, each with its own pincode range, none overlapping) and a stock row for every product at
 * every store, about 8-15 % of them zero depending on the store. Deterministic for the same
 * arguments (fixed timestamps, no randomness). Loaded in bulk: products and their links as
 * `INSERT … SELECT … FROM json_each(?)` (one bound JSON array per few hundred products, so the
 * search triggers keep products_fts consistent row by row), and stock as one
 * `INSERT … SELECT … FROM products` per store with a pseudo-random expression.
 */
import { rupeesToPaise } from "../app/lib/money";
import { refreshSearchVocabulary } from "../app/server/search/search-upkeep.server";
import {
  DEMO_LEGAL_NAME,
  DEMO_STORES,
  demoBarcode,
  demoGst,
  demoGstin,
  PACK_VARIANTS,
  seedId,
  seedImageUrl,
  seedStore,
  uploadImages,
  type CatalogueFile,
  type SeedOptions,
} from "./seed-lib";

type BaseProduct = CatalogueFile["products"][number];

/** Product rows carry this time and one second more each: the same data on every run. */
const SCALE_EPOCH = Date.UTC(2026, 0, 1);

/** Words that make another real-looking fresh product of a fruit or vegetable. */
const PRODUCE_QUALIFIERS = ["", "Organic ", "Premium ", "Farm Fresh "];

/**
 * Cities beyond the demo stores, each with a block of its real pincodes (no block overlaps another
 * or a demo store's range; none is in Delhi's 110xxx, so 110099 stays unserved). A city's stores
 * split its block into consecutive ranges.
 */
const CITIES: { city: string; block: [number, number]; localities: string[] }[] = [
  { city: "Chennai", block: [600001, 600130], localities: ["T. Nagar", "Adyar", "Anna Nagar", "Velachery"] },
  { city: "Hyderabad", block: [500001, 500100], localities: ["Banjara Hills", "Madhapur", "Kukatpally", "Secunderabad"] },
  { city: "Pune", block: [411001, 411062], localities: ["Koregaon Park", "Kothrud", "Hinjewadi", "Viman Nagar"] },
  { city: "Kolkata", block: [700001, 700160], localities: ["Salt Lake", "Park Street", "Ballygunge", "New Town"] },
  { city: "Ahmedabad", block: [380001, 380061], localities: ["Navrangpura", "Satellite", "Bodakdev"] },
  { city: "Jaipur", block: [302001, 302040], localities: ["Malviya Nagar", "Vaishali Nagar", "C-Scheme"] },
  { city: "Lucknow", block: [226001, 226031], localities: ["Gomti Nagar", "Hazratganj", "Aliganj"] },
  { city: "Chandigarh", block: [160001, 160103], localities: ["Sector 17", "Sector 35", "Manimajra"] },
  { city: "Kochi", block: [682001, 682040], localities: ["Edappally", "Kakkanad", "Fort Kochi"] },
  { city: "Coimbatore", block: [641001, 641050], localities: ["RS Puram", "Peelamedu", "Saibaba Colony"] },
  { city: "Indore", block: [452001, 452020], localities: ["Vijay Nagar", "Palasia"] },
  { city: "Bhopal", block: [462001, 462047], localities: ["Arera Colony", "MP Nagar"] },
  { city: "Nagpur", block: [440001, 440037], localities: ["Dharampeth", "Sitabuldi"] },
  { city: "Surat", block: [395001, 395023], localities: ["Adajan", "Vesu"] },
  { city: "Vadodara", block: [390001, 390025], localities: ["Alkapuri", "Akota"] },
  { city: "Gurugram", block: [122001, 122018], localities: ["DLF Phase 3", "Sohna Road", "Sector 56"] },
  { city: "Noida", block: [201301, 201310], localities: ["Sector 18", "Sector 62"] },
  { city: "Navi Mumbai", block: [400701, 400710], localities: ["Vashi", "Nerul"] },
  { city: "Visakhapatnam", block: [530001, 530053], localities: ["MVP Colony", "Gajuwaka"] },
  { city: "Mysuru", block: [570001, 570033], localities: ["Vijayanagar", "Kuvempunagar"] },
  { city: "Mangaluru", block: [575001, 575030], localities: ["Hampankatta", "Kadri"] },
  { city: "Thiruvananthapuram", block: [695001, 695043], localities: ["Kowdiar", "Pattom"] },
  { city: "Patna", block: [800001, 800030], localities: ["Boring Road", "Kankarbagh"] },
  { city: "Bhubaneswar", block: [751001, 751030], localities: ["Saheed Nagar", "Patia"] },
  { city: "Guwahati", block: [781001, 781040], localities: ["Dispur", "Zoo Road"] },
  { city: "Dehradun", block: [248001, 248010], localities: ["Rajpur Road"] },
  { city: "Ludhiana", block: [141001, 141017], localities: ["Sarabha Nagar", "Model Town"] },
  { city: "Kanpur", block: [208001, 208027], localities: ["Swaroop Nagar", "Kidwai Nagar"] },
  { city: "Madurai", block: [625001, 625022], localities: ["Anna Nagar Madurai", "KK Nagar"] },
  { city: "Vijayawada", block: [520001, 520015], localities: ["Benz Circle", "Labbipet"] },
];

/** The state of each city above, for the stores' GSTIN (decision 031). */
const CITY_STATE: Record<string, string> = {
  Chennai: "Tamil Nadu",
  Hyderabad: "Telangana",
  Pune: "Maharashtra",
  Kolkata: "West Bengal",
  Ahmedabad: "Gujarat",
  Jaipur: "Rajasthan",
  Lucknow: "Uttar Pradesh",
  Chandigarh: "Chandigarh",
  Kochi: "Kerala",
  Coimbatore: "Tamil Nadu",
  Indore: "Madhya Pradesh",
  Bhopal: "Madhya Pradesh",
  Nagpur: "Maharashtra",
  Surat: "Gujarat",
  Vadodara: "Gujarat",
  Gurugram: "Haryana",
  Noida: "Uttar Pradesh",
  "Navi Mumbai": "Maharashtra",
  Visakhapatnam: "Andhra Pradesh",
  Mysuru: "Karnataka",
  Mangaluru: "Karnataka",
  Thiruvananthapuram: "Kerala",
  Patna: "Bihar",
  Bhubaneswar: "Odisha",
  Guwahati: "Assam",
  Dehradun: "Uttarakhand",
  Ludhiana: "Punjab",
  Kanpur: "Uttar Pradesh",
  Madurai: "Tamil Nadu",
  Vijayawada: "Andhra Pradesh",
};

interface ScaleStore {
  key: string;
  name: string;
  address: string;
  city: string;
  opensAt: number;
  closesAt: number;
  baseDeliveryMinutes: number;
  ranges: [number, number][];
}

/**
 * The stores beyond the three demo ones: `count` of them, city by city as a chain grows (at least 3
 * per city, more once every city has some), each city's block split into one range per store.
 */
function scaleStores(count: number): ScaleStore[] {
  const perCity = Math.max(3, Math.ceil(count / CITIES.length));
  const stores: ScaleStore[] = [];
  for (let k = 0; k < count; k++) {
    const c = Math.floor(k / perCity);
    const j = k % perCity;
    const inCity = Math.min(perCity, count - c * perCity);
    const { city, block, localities } = CITIES[c];
    const size = block[1] - block[0] + 1;
    if (inCity > size) throw new Error(`--stores: too many for ${city}'s ${size} pincodes`);
    const from = block[0] + Math.floor((j * size) / inCity);
    const to = block[0] + Math.floor(((j + 1) * size) / inCity) - 1;
    const locality = localities[j] ?? `${city} ${j + 1}`;
    stores.push({
      key: `scale-${k}`,
      name: `FreshDash ${locality}`,
      address: `${10 + ((k * 37) % 190)} Main Road, ${locality} ${from}`,
      city,
      opensAt: (k % 3) * 60 + 5 * 60,
      closesAt: k % 4 === 0 ? 24 * 60 : 23 * 60,
      baseDeliveryMinutes: 8 + ((k * 5) % 13),
      ranges: [[from, to]],
    });
  }
  return stores;
}

/** A product name's brand: a Brand the catalogue names, else a first one or two words shared by 2+ products. */
function brandOf(name: string, known: string[], shared: Set<string>): string | null {
  const byDetails = known.filter((b) => name.startsWith(`${b} `)).sort((a, b) => b.length - a.length)[0];
  if (byDetails) return byDetails;
  const words = name.split(" ");
  if (words.length > 2 && shared.has(words.slice(0, 2).join(" "))) return words.slice(0, 2).join(" ");
  if (words.length > 1 && shared.has(words[0])) return words[0];
  return null;
}

/** "500 ml" → [500, "ml"] in grams or millilitres; null for counts and anything else. */
function measure(unit: string): [number, string] | null {
  const m = /^(\d+(?:\.\d+)?)\s*(g|kg|ml|L)$/.exec(unit.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return m[2] === "kg" ? [n * 1000, "g"] : m[2] === "L" ? [n * 1000, "ml"] : [n, m[2]];
}

/** A deterministic number in [0, 1) from integers. */
function noise(...xs: number[]): number {
  let h = 2166136261;
  for (const x of xs) h = Math.imul(h ^ x, 16777619) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
  return ((h ^ (h >>> 13)) >>> 0) / 4294967296;
}

/**
 * `count` products from the catalogue's: first the catalogue's own, then for each the same item
 * under the other brands of its sub-category (fresh produce: organic, premium, farm fresh), in the
 * pack variants of the `--large` catalogue and in the sizes its sub-category sells. Rounds go
 * through the catalogue interleaved by sub-category, so any count spreads over all of them.
 */
function scaleCatalogue(catalogue: CatalogueFile, count: number): CatalogueFile {
  const knownBrands = [...new Set(catalogue.products.map((p) => p.more_details?.Brand).filter((b): b is string => !!b))];
  const prefixCount = new Map<string, number>();
  for (const p of catalogue.products) {
    const words = p.name.split(" ");
    for (const prefix of [words[0], words.slice(0, 2).join(" ")]) prefixCount.set(prefix, (prefixCount.get(prefix) ?? 0) + 1);
  }
  const shared = new Set([...prefixCount].filter(([, n]) => n >= 2).map(([w]) => w));

  const subOrder = new Map(catalogue.subCategories.map((s, i) => [s.key, i]));
  const brandsBySub = new Map<string, string[]>();
  const unitsBySub = new Map<string, string[]>();
  const bases = catalogue.products.map((p) => {
    const sub = p.subCategories[0];
    const produce = p.categories.includes("fruits-vegetables");
    const brand = produce ? null : brandOf(p.name, knownBrands, shared);
    if (brand && !(brandsBySub.get(sub) ?? []).includes(brand)) brandsBySub.set(sub, [...(brandsBySub.get(sub) ?? []), brand]);
    if (!(unitsBySub.get(sub) ?? []).includes(p.unit)) unitsBySub.set(sub, [...(unitsBySub.get(sub) ?? []), p.unit]);
    return { p, sub, produce, brand, item: brand ? p.name.slice(brand.length + 1) : p.name };
  });
  const rank = new Map<string, number>();
  const ordered = bases
    .map((b) => {
      const r = rank.get(b.sub) ?? 0;
      rank.set(b.sub, r + 1);
      return { ...b, r };
    })
    .sort((a, b) => a.r - b.r || (subOrder.get(a.sub) ?? 0) - (subOrder.get(b.sub) ?? 0));

  const products: BaseProduct[] = [];
  const seen = new Set<string>();
  for (let round = 0; products.length < count; round++) {
    let grew = false;
    for (const [at, b] of ordered.entries()) {
      if (products.length >= count) break;
      // The names this product can take: its own brand first, then the others of its sub-category.
      const brands = b.brand ? [b.brand, ...(brandsBySub.get(b.sub) ?? []).filter((x) => x !== b.brand)] : [];
      const names = b.produce ? PRODUCE_QUALIFIERS.map((q) => `${q}${b.p.name}`) : brands.length ? brands.map((x) => `${x} ${b.item}`) : [b.p.name];
      const units = [b.p.unit, ...(unitsBySub.get(b.sub) ?? []).filter((u) => u !== b.p.unit)];
      const combos = names.length * PACK_VARIANTS.length * units.length;
      if (round >= combos) continue;
      grew = true;
      const n = round % names.length;
      const v = PACK_VARIANTS[Math.floor(round / names.length) % PACK_VARIANTS.length];
      const unit = units[Math.floor(round / (names.length * PACK_VARIANTS.length))];
      const name = v.suffix ? `${names[n]} (${v.suffix})` : names[n];
      const fullUnit = v.unitFactor === 1 ? unit : `${v.suffix.toLowerCase()} × ${unit}`;
      if (seen.has(`${name}|${fullUnit}`)) continue;
      seen.add(`${name}|${fullUnit}`);
      const [baseQty, baseDim] = measure(b.p.unit) ?? [0, ""];
      const [qty, dim] = measure(unit) ?? [0, ""];
      const sizeFactor = baseQty && qty && dim === baseDim ? (qty / baseQty) ** 0.9 : 1;
      const brandFactor = n === 0 ? 1 : 0.85 + noise(at, n) * 0.35;
      const brand = b.brand && n > 0 ? brands[n] : null;
      products.push({
        ...b.p,
        name,
        unit: fullUnit,
        price: Math.max(1, Math.round(b.p.price * v.priceFactor * sizeFactor * brandFactor)),
        discount: round === 0 ? b.p.discount : noise(at, round, 7) < 0.3 ? [5, 10, 15, 20][Math.floor(noise(at, round, 11) * 4)] : 0,
        description: brand && b.brand ? b.p.description.split(b.brand).join(brand) : b.p.description,
        more_details: brand && b.p.more_details?.Brand ? { ...b.p.more_details, Brand: brand } : b.p.more_details,
      });
    }
    if (!grew) throw new Error(`--products: the catalogue makes at most ${products.length} distinct products`);
  }
  return { ...catalogue, products };
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Products per bound JSON array: a few hundred KB, far below D1's limits on a value. */
const CHUNK = 500;

/**
 * Seeds an empty database with the scale state: the categories, demo stores and demo accounts as
 * seedStore does, `stores - 3` more stores, `products` products and their stock at every store.
 */
export async function seedScale(
  db: D1Database,
  bucket: R2Bucket | null,
  catalogue: CatalogueFile,
  { products: productCount, stores: storeCount }: { products: number; stores: number },
  { loadImage }: Pick<SeedOptions, "loadImage"> = {},
) {
  if (!Number.isInteger(productCount) || productCount < 1) throw new Error("--products: a whole number of at least 1");
  if (!Number.isInteger(storeCount) || storeCount < DEMO_STORES.length)
    throw new Error(`--stores: a whole number of at least ${DEMO_STORES.length} (the demo stores)`);
  const data = scaleCatalogue(catalogue, productCount);

  // Categories, sub-categories, the demo stores and accounts: the default seed's, without products.
  const counts = await timed("categories, demo stores, accounts", () => seedStore(db, null, { ...catalogue, products: [] }));

  const extra = scaleStores(storeCount - DEMO_STORES.length);
  await timed(`${extra.length} more stores`, async () => {
    const statements: D1PreparedStatement[] = [];
    for (const s of extra) {
      const id = await seedId("store", s.key);
      statements.push(
        db
          .prepare(
            "insert into stores (id, name, address, city, opens_at, closes_at, base_delivery_minutes, is_default, legal_name, state, gstin) values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
          )
          .bind(
            id,
            s.name,
            s.address,
            s.city,
            s.opensAt,
            s.closesAt,
            s.baseDeliveryMinutes,
            DEMO_LEGAL_NAME,
            CITY_STATE[s.city] ?? "",
            demoGstin(CITY_STATE[s.city] ?? ""),
          ),
        ...s.ranges.map(([from, to]) =>
          db.prepare("insert into store_pincode_ranges (store_id, from_pincode, to_pincode) values (?, ?, ?)").bind(id, from, to),
        ),
      );
    }
    for (let i = 0; i < statements.length; i += 100) await db.batch(statements.slice(i, i + 100));
  });

  const catIds = new Map(await Promise.all(catalogue.categories.map(async (c) => [c.key, await seedId("category", c.key)] as const)));
  const subIds = new Map(await Promise.all(catalogue.subCategories.map(async (s) => [s.key, await seedId("subcategory", s.key)] as const)));
  // A name's first product has the default seed's id (the same URL in every state); a repeated
  // name (another size) is keyed by its unit too.
  const named = new Set<string>();
  const rows: { id: string; name: string; [field: string]: unknown }[] = [];
  for (const [index, p] of data.products.entries()) {
    const key = named.has(p.name) ? `${p.name} · ${p.unit}` : p.name;
    named.add(p.name);
    rows.push({
      id: await seedId("product", key),
      name: p.name,
      description: p.description,
      unit: p.unit,
      price: rupeesToPaise(p.price),
      discount: p.discount,
      ...demoGst(p.subCategories, p.name),
      barcode: demoBarcode(index),
      details: JSON.stringify(p.more_details ?? {}),
      at: SCALE_EPOCH + index * 1000,
      images: p.images.map(seedImageUrl),
      categories: p.categories.map((k) => catIds.get(k)),
      subs: p.subCategories.map((k) => subIds.get(k)),
    });
  }
  await timed(`${rows.length} products with their pictures and categories`, async () => {
    const insertProducts = db.prepare(
      `insert into products (id, name, description, unit, price, discount, more_details, created_at, updated_at, hsn_code, gst_rate, barcode)
       select value ->> '$.id', value ->> '$.name', value ->> '$.description', value ->> '$.unit', value ->> '$.price', value ->> '$.discount',
         value ->> '$.details', value ->> '$.at', value ->> '$.at', value ->> '$.hsnCode', value ->> '$.gstRate', value ->> '$.barcode' from json_each(?1)`,
    );
    const link = (table: string, column: string, field: string) =>
      db.prepare(
        `insert into ${table} (product_id, ${column}, position) select p.value ->> '$.id', l.value, l.key from json_each(?1) p, json_each(p.value, '$.${field}') l`,
      );
    const insertImages = db.prepare(
      "insert into product_images (product_id, position, url) select p.value ->> '$.id', l.key, l.value from json_each(?1) p, json_each(p.value, '$.images') l",
    );
    const insertCategories = link("product_categories", "category_id", "categories");
    const insertSubs = link("product_sub_categories", "sub_category_id", "subs");
    for (let i = 0; i < rows.length; i += CHUNK) {
      const json = JSON.stringify(rows.slice(i, i + CHUNK));
      await db.batch([insertProducts.bind(json), insertImages.bind(json), insertCategories.bind(json), insertSubs.bind(json)]);
    }
  });

  // Stock: a pseudo-random hash of the product's row and the store's place, zero for 8-15 % of the
  // products depending on the store, else mostly 3-80 with a tail of 1-5 (running low).
  const stores = await db.prepare("select id from stores order by rowid").all<{ id: string }>();
  await timed(`${rows.length * stores.results.length} stock rows`, async () => {
    const insertStock = db.prepare(
      `insert into store_stock (store_id, product_id, stock)
       select ?1, id, case when h % 1000 < ?2 then 0 when (h / 1000) % 10 = 0 then 1 + (h / 10000) % 5 else 3 + (h / 1000) % 78 end
       from (select id, (x * x * 31 + x * 1103515245 + 12345) % 2147483647 as h from (select id, rowid * 7919 + ?3 * 104729 as x from products))`,
    );
    for (const [place, store] of stores.results.entries()) {
      await insertStock.bind(store.id, 80 + ((place * 37) % 71), place + 1).run();
    }
  });

  await timed("search word list", () => refreshSearchVocabulary(db));
  if (bucket && loadImage) await timed("pictures", () => uploadImages(bucket, catalogue, loadImage));
  return { ...counts, products: rows.length, stores: stores.results.length };
}
