// Validates seed/catalogue.json against the seed-data rules.
// Usage: node seed/check-catalogue.mjs [path/to/catalogue.json]
// Exits with status 1 and a list of problems if anything is wrong.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const file = resolve(process.argv[2] ?? join(here, "catalogue.json"));
const imagesDir = join(dirname(file), "images");

const errors = [];
const fail = (msg) => errors.push(msg);
const isInt = (n) => Number.isInteger(n);
const isStr = (s) => typeof s === "string" && s.trim().length > 0;

let data;
try {
  data = JSON.parse(readFileSync(file, "utf8"));
} catch (e) {
  console.error(`Cannot read ${file}: ${e.message}`);
  process.exit(1);
}

const { categories, subCategories, products } = data ?? {};
if (!Array.isArray(categories) || !Array.isArray(subCategories) || !Array.isArray(products)) {
  console.error("catalogue.json must have arrays: categories, subCategories, products");
  process.exit(1);
}
const extra = Object.keys(data).filter((k) => !["categories", "subCategories", "products"].includes(k));
if (extra.length) fail(`unexpected top-level keys: ${extra.join(", ")}`);

// ---- images -------------------------------------------------------------
const imageCache = new Map();
function checkImage(name, where) {
  if (!isStr(name) || !/^[a-z0-9-]+\.webp$/.test(name)) return fail(`${where}: bad image name ${JSON.stringify(name)}`);
  if (!imageCache.has(name)) {
    const p = join(imagesDir, name);
    let ok = existsSync(p);
    if (ok) {
      const b = readFileSync(p);
      ok = b.length > 12 && b.toString("ascii", 0, 4) === "RIFF" && b.toString("ascii", 8, 12) === "WEBP";
      if (!ok) fail(`image ${name} is not a RIFF/WEBP file`);
    } else fail(`${where}: image ${name} does not exist in ${imagesDir}`);
    imageCache.set(name, ok);
  }
}
for (const banner of ["banner-desktop.webp", "banner-desktop-1200.webp", "banner-desktop-800.webp", "banner-mobile.webp", "banner-mobile-480.webp"]) checkImage(banner, "banner");
if (!existsSync(join(imagesDir, "LICENSE.md"))) fail("images/LICENSE.md is missing");

// ---- categories ---------------------------------------------------------
const REQUIRED_CATEGORIES = [
  "Dairy, Bread & Eggs", "Fruits & Vegetables", "Atta, Rice & Dal", "Snacks & Munchies", "Sweet Tooth",
  "Cold Drinks & Juices", "Tea, Coffee & Health Drinks", "Masala, Oil & More", "Bakery & Biscuits",
  "Instant & Frozen Food", "Cleaning Essentials", "Personal Care",
];
if (categories.length < 12) fail(`need at least 12 categories, found ${categories.length}`);
const catKeys = new Set();
const catNames = new Set();
for (const [i, c] of categories.entries()) {
  const where = `category[${i}] ${c?.key}`;
  if (!isStr(c?.key) || !/^[a-z0-9-]+$/.test(c.key)) fail(`${where}: bad key`);
  if (!isStr(c?.name)) fail(`${where}: missing name`);
  if (catKeys.has(c.key)) fail(`${where}: duplicate key`);
  if (catNames.has(c.name)) fail(`${where}: duplicate name ${c.name}`);
  catKeys.add(c.key);
  catNames.add(c.name);
  checkImage(c.image, where);
}
for (const name of REQUIRED_CATEGORIES) if (!catNames.has(name)) fail(`required category missing: ${name}`);

// ---- sub-categories -----------------------------------------------------
if (subCategories.length < 48) fail(`need at least 48 sub-categories, found ${subCategories.length}`);
const subs = new Map();
const subNames = new Set();
const catHasSub = new Set();
let dualSubs = 0;
for (const [i, s] of subCategories.entries()) {
  const where = `subCategory[${i}] ${s?.key}`;
  if (!isStr(s?.key) || !/^[a-z0-9-]+$/.test(s.key)) fail(`${where}: bad key`);
  if (!isStr(s?.name)) fail(`${where}: missing name`);
  if (subs.has(s.key)) fail(`${where}: duplicate key`);
  if (subNames.has(s.name)) fail(`${where}: duplicate name ${s.name}`);
  subNames.add(s.name);
  checkImage(s.image, where);
  if (!Array.isArray(s.categories) || s.categories.length === 0) {
    fail(`${where}: needs at least one category`);
    continue;
  }
  if (new Set(s.categories).size !== s.categories.length) fail(`${where}: repeated category`);
  for (const ck of s.categories) {
    if (!catKeys.has(ck)) fail(`${where}: unknown category ${ck}`);
    catHasSub.add(ck);
  }
  if (s.categories.length >= 2) dualSubs++;
  subs.set(s.key, s);
}
if (dualSubs < 2 || dualSubs > 4) fail(`2-4 sub-categories should belong to two categories, found ${dualSubs}`);
for (const ck of catKeys) if (!catHasSub.has(ck)) fail(`category ${ck} has no sub-category`);

// ---- products -----------------------------------------------------------
if (products.length < 240) fail(`need at least 240 products, found ${products.length}`);
const names = new Set();
const perSub = new Map();
let zeroDiscount = 0;
let zeroStock = 0;
let withDetails = 0;
let multiImage = 0;
for (const [i, p] of products.entries()) {
  const where = `product[${i}] ${p?.name}`;
  if (!isStr(p?.name)) fail(`${where}: missing name`);
  else if (/^product\s*\d+$/i.test(p.name.trim())) fail(`${where}: generated-looking name`);
  if (names.has(p.name)) fail(`${where}: duplicate name`);
  names.add(p.name);
  if (!isStr(p.unit)) fail(`${where}: missing unit`);
  if (!isInt(p.price) || p.price < 10 || p.price > 1200) fail(`${where}: price ${p.price} not an integer in 10..1200`);
  if (!isInt(p.discount) || p.discount < 0 || p.discount > 40) fail(`${where}: discount ${p.discount} not an integer in 0..40`);
  if (!isInt(p.stock) || p.stock < 0 || p.stock > 200) fail(`${where}: stock ${p.stock} not an integer in 0..200`);
  if (!isStr(p.description) || p.description.length < 40) fail(`${where}: description too short`);
  if (p.discount === 0) zeroDiscount++;
  if (p.stock === 0) zeroStock++;

  if (!p.more_details || typeof p.more_details !== "object" || Array.isArray(p.more_details)) {
    fail(`${where}: more_details must be an object`);
  } else {
    const entries = Object.entries(p.more_details);
    if (entries.length > 3) fail(`${where}: more_details has ${entries.length} fields (max 3)`);
    for (const [k, v] of entries) if (!isStr(k) || !isStr(v)) fail(`${where}: more_details ${k} must be a non-empty string`);
    if (entries.length) withDetails++;
  }

  if (!Array.isArray(p.images) || p.images.length < 1 || p.images.length > 3) fail(`${where}: needs 1-3 images`);
  else {
    if (new Set(p.images).size !== p.images.length) fail(`${where}: repeated image`);
    if (p.images.length > 1) multiImage++;
    for (const img of p.images) checkImage(img, where);
  }

  if (!Array.isArray(p.categories) || p.categories.length === 0) fail(`${where}: needs at least one category`);
  if (!Array.isArray(p.subCategories) || p.subCategories.length === 0) fail(`${where}: needs at least one sub-category`);
  for (const ck of p.categories ?? []) if (!catKeys.has(ck)) fail(`${where}: unknown category ${ck}`);
  for (const sk of p.subCategories ?? []) {
    const s = subs.get(sk);
    if (!s) {
      fail(`${where}: unknown sub-category ${sk}`);
      continue;
    }
    if (!s.categories.some((ck) => p.categories.includes(ck))) fail(`${where}: sub-category ${sk} is not in any of its categories`);
    perSub.set(sk, (perSub.get(sk) ?? 0) + 1);
  }
}
for (const sk of subs.keys()) if ((perSub.get(sk) ?? 0) < 3) fail(`sub-category ${sk} has ${perSub.get(sk) ?? 0} products (need at least 3)`);

const n = products.length || 1;
if (zeroDiscount / n < 0.3 || zeroDiscount / n > 0.5) fail(`about 40% of products should have discount 0, found ${((100 * zeroDiscount) / n).toFixed(1)}%`);
if (zeroStock < 8 || zeroStock > 12) fail(`8-12 products should have stock 0, found ${zeroStock}`);
if (withDetails / n < 0.5 || withDetails / n > 0.7) fail(`about 60% of products should have more_details, found ${((100 * withDetails) / n).toFixed(1)}%`);
if (multiImage < 10) fail(`several products should have 2-3 images, found ${multiImage}`);

// ---- things the search feature must find --------------------------------
const mustFind = [
  ["milk", 3, "i"], ["bread", 2, "i"], ["sugar", 1, "i"], ["Paneer", 2, ""], ["chocolate", 2, "i"],
  ["Curd", 2, ""], ["rice", 2, "i"], ["eggs", 2, "i"], ["chips", 2, "i"],
];
for (const [word, min, flags] of mustFind) {
  const re = new RegExp(word, flags);
  const hits = products.filter((p) => re.test(p.name)).length;
  if (hits < min) fail(`need at least ${min} product names containing "${word}", found ${hits}`);
}

// ---- report -------------------------------------------------------------
const webpFiles = existsSync(imagesDir) ? readdirSync(imagesDir).filter((f) => f.endsWith(".webp")) : [];
if (errors.length) {
  console.error(`catalogue check FAILED (${errors.length} problem${errors.length > 1 ? "s" : ""}):`);
  for (const e of errors.slice(0, 100)) console.error(`  - ${e}`);
  if (errors.length > 100) console.error(`  ... and ${errors.length - 100} more`);
  process.exit(1);
}
console.log(
  `catalogue OK: ${categories.length} categories, ${subCategories.length} sub-categories (${dualSubs} in two categories), ` +
    `${products.length} products; ${zeroDiscount} with no discount, ${zeroStock} out of stock, ${withDetails} with more_details, ` +
    `${multiImage} with several images; ${imageCache.size} images referenced, ${webpFiles.length} .webp files in images/`,
);
