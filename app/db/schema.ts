/**
 * The whole data model (spec section 3 + ARCHITECTURE.md). One file; migrations are generated from it
 * by drizzle-kit into migrations/ and applied by wrangler. See docs/decisions/001-data-model.md.
 *
 * Conventions: ids are 24 lowercase hex chars (app/lib/ids.ts); money is integer paise; times are
 * unix epoch milliseconds; booleans are 0/1 integers.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** The database's clock in milliseconds, the unit of every time column: defaults and `set` both use it. */
export const nowMs = sql<number>`(unixepoch() * 1000)`;

const id = () => text("id").primaryKey();
const createdAt = () => integer("created_at", { mode: "number" }).notNull().default(nowMs);
const updatedAt = () => integer("updated_at", { mode: "number" }).notNull().default(nowMs);

export const ROLES = ["USER", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];

/** What a staff member does at their dark store (docs/decisions/041-staff-roles.md). */
export const STAFF_ROLES = ["picker", "rider", "manager"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const USER_STATUSES = ["Active", "Inactive", "Suspended"] as const;

export const users = sqliteTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    /** Stored lower-cased and trimmed. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    avatar: text("avatar").notNull().default(""),
    mobile: text("mobile").notNull().default(""),
    verifyEmail: integer("verify_email", { mode: "boolean" }).notNull().default(false),
    lastLoginDate: integer("last_login_date", { mode: "number" }),
    status: text("status", { enum: USER_STATUSES }).notNull().default("Active"),
    role: text("role", { enum: ROLES }).notNull().default("USER"),
    /** Consecutive failed logins and when the account lock ends (exact per-account limiter). */
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: integer("locked_until", { mode: "number" }),
    /** The delivery pincode the shopper last chose (a served one), so the choice follows the account. */
    deliveryPincode: text("delivery_pincode"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), check("users_role_check", sql`${t.role} in ('USER', 'ADMIN')`)],
);

/** Page sessions: the cookie holds an opaque token; only its SHA-256 is stored here. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    /** The refresh-token family issued by the same /api/user/login: logging out of either ends both. */
    familyId: text("family_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sessions_token_hash_unique").on(t.tokenHash), index("sessions_user_idx").on(t.userId), index("sessions_family_idx").on(t.familyId)],
);

/** /api refresh tokens: stored hashed, rotated on use (replaced_by), revoked at logout. */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first token's id: every rotation keeps it, access tokens carry it, logout revokes it whole. */
    familyId: text("family_id").notNull().default(""),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "number" }),
    replacedBy: text("replaced_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_hash_unique").on(t.tokenHash),
    index("refresh_tokens_user_idx").on(t.userId),
    index("refresh_tokens_family_idx").on(t.familyId),
  ],
);

/** One-time codes for password reset, and the short-lived grant a verified code yields. */
export const passwordResetCodes = sqliteTable(
  "password_reset_codes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: integer("used_at", { mode: "number" }),
    grantHash: text("grant_hash"),
    grantExpiresAt: integer("grant_expires_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_codes_user_idx").on(t.userId, t.createdAt), uniqueIndex("password_reset_codes_grant_unique").on(t.grantHash)],
);

export const categories = sqliteTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    image: text("image").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("categories_name_unique").on(t.name)],
);

export const subCategories = sqliteTable(
  "sub_categories",
  {
    id: id(),
    name: text("name").notNull(),
    image: text("image").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sub_categories_name_idx").on(t.name)],
);

/** Sub-category ↔ category (many-to-many); `position` keeps the admin's chip order. */
export const subCategoryCategories = sqliteTable(
  "sub_category_categories",
  {
    subCategoryId: text("sub_category_id")
      .notNull()
      .references(() => subCategories.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subCategoryId, t.categoryId] }), index("sub_category_categories_category_idx").on(t.categoryId)],
);

export const products = sqliteTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    unit: text("unit").notNull().default(""),
    /** List price in paise. */
    price: integer("price").notNull(),
    /** Whole percent, 0..100. */
    discount: integer("discount").notNull().default(0),
    /** JSON object: custom field name → text value, in the admin's order. */
    moreDetails: text("more_details", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    publish: integer("publish", { mode: "boolean" }).notNull().default(true),
    /**
     * Optimistic-concurrency counter of the product's own fields (name, price, discount, description,
     * images, categories): every admin save bumps it, and nothing else does. Stock lives per store
     * and changes through its own exact operations, never through this (decision 023).
     */
    version: integer("version").notNull().default(0),
    /** HSN code, 4, 6 or 8 digits ('' = not set yet); the tax invoice's line classification (decision 031). */
    hsnCode: text("hsn_code").notNull().default(""),
    /** GST rate in whole percent, one of GST_RATES; prices stay GST-inclusive (decision 031). */
    gstRate: integer("gst_rate").notNull().default(5),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * EAN-13 code (a UPC-A code with its leading 0), unique (decision 042). NULL only inside the
     * insert: migration 0036's trigger numbers a product saved without one (`200` + row + check digit).
     */
    barcode: text("barcode"),
  },
  (t) => [
    uniqueIndex("products_barcode_unique").on(t.barcode),
    check("products_barcode_check", sql`${t.barcode} IS NULL OR (length(${t.barcode}) = 13 AND ${t.barcode} NOT GLOB '*[^0-9]*')`),
    check("products_price_check", sql`${t.price} >= 0`),
    check("products_hsn_check", sql`${t.hsnCode} = '' OR (${t.hsnCode} NOT GLOB '*[^0-9]*' AND length(${t.hsnCode}) IN (4, 6, 8))`),
    check("products_gst_rate_check", sql`${t.gstRate} IN (0, 5, 12, 18, 28, 40)`),
    check("products_discount_check", sql`${t.discount} >= 0 and ${t.discount} <= 100`),
    index("products_created_idx").on(t.createdAt),
  ],
);

/** Ordered product images (URLs such as /images/<key>). */
export const productImages = sqliteTable(
  "product_images",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    url: text("url").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

export const productCategories = sqliteTable(
  "product_categories",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    position: integer("position").notNull().default(0),
    /**
     * The product's `created_at`, copied by the `product_categories_created_at` triggers
     * (migrations/0014), so that a category's newest products are the first entries of
     * `product_categories_newest_idx`: home reads 6 per category without sorting the catalogue.
     */
    productCreatedAt: integer("product_created_at", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index("product_categories_category_idx").on(t.categoryId, t.productId),
    index("product_categories_newest_idx").on(t.categoryId, sql`${t.productCreatedAt} desc`, t.productId),
  ],
);

export const productSubCategories = sqliteTable(
  "product_sub_categories",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    subCategoryId: text("sub_category_id")
      .notNull()
      .references(() => subCategories.id, { onDelete: "restrict" }),
    position: integer("position").notNull().default(0),
    /** The product's created_at, kept by triggers (migrations/0021), so a listing pages from an index. */
    productCreatedAt: integer("product_created_at", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.subCategoryId] }),
    index("product_sub_categories_newest_idx").on(t.subCategoryId, sql`${t.productCreatedAt} desc`, t.productId),
  ],
);

/**
 * Units ordered per product per UTC day, kept by a trigger on `order_items` (migrations/0008):
 * search ranks by the last 30 days (docs/decisions/014-search-relevance.md) reading at most 31 rows
 * per product, whatever the order history's size.
 */
export const productSalesDaily = sqliteTable(
  "product_sales_daily",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Days since 1970-01-01 (UTC). */
    day: integer("day").notNull(),
    units: integer("units").notNull().default(0),
  },
  // By day: the cron's popularity refresh reads the last 30 days without scanning the history.
  (t) => [primaryKey({ columns: [t.productId, t.day] }), index("product_sales_daily_day_idx").on(t.day)],
);

/**
 * Units ordered in the last 30 days, per product and per category: search's popularity key and the
 * top categories of an empty search, read per hit through the primary key instead of summing
 * product_sales_daily per hit. Recomputed by the cron (searchUpkeep, search-upkeep.server.ts);
 * a product with no recent sales has no row. WITHOUT ROWID in the migration (0016).
 */
export const productPopularity = sqliteTable("product_popularity", {
  productId: text("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  units: integer("units").notNull(),
});

export const categoryPopularity = sqliteTable("category_popularity", {
  categoryId: text("category_id")
    .primaryKey()
    .references(() => categories.id, { onDelete: "cascade" }),
  units: integer("units").notNull(),
});

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("cart_items_user_product_unique").on(t.userId, t.productId), check("cart_items_quantity_check", sql`${t.quantity} > 0`)],
);

/** How a shopper names an address (decision 035). */
export const ADDRESS_LABELS = ["home", "work", "other"] as const;
export type AddressLabel = (typeof ADDRESS_LABELS)[number];

export const addresses = sqliteTable(
  "addresses",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addressLine: text("address_line").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    country: text("country").notNull(),
    pincode: text("pincode").notNull(),
    mobile: text("mobile").notNull(),
    /** false = removed by the shopper (soft disable, kept for past orders). */
    status: integer("status", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // What a rider needs (decision 035); `addressLine` is the street and `mobile` the recipient's phone.
    recipientName: text("recipient_name").notNull().default(""),
    house: text("house").notNull().default(""),
    floor: text("floor").notNull().default(""),
    building: text("building").notNull().default(""),
    landmark: text("landmark").notNull().default(""),
    label: text("label", { enum: ADDRESS_LABELS }).notNull().default("home"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** The GST state code of the pincode, set by the server with city and state; null on rows saved before it. */
    stateCode: text("state_code"),
  },
  (t) => [index("addresses_user_idx").on(t.userId, t.status), check("addresses_label_check", sql`${t.label} in ('home', 'work', 'other')`)],
);

/**
 * placed/paid → packed (picking done) → ready (for pickup) → out_for_delivery → delivered; or
 * cancelled (docs/decisions/006-order-fulfilment.md, 027-store-operations.md).
 */
export const ORDER_STATUSES = ["placed", "paid", "packed", "ready", "out_for_delivery", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ["COD", "ONLINE"] as const;
export const PAYMENT_STATUSES = ["PENDING", "PAID", "FAILED", "REFUNDED", "REFUND_FAILED"] as const;
/** What the store does when an item is short (chosen at checkout for the whole order; decision 027). */
export const REPLACEMENT_PREFERENCES = ["refund", "call", "similar"] as const;
export type ReplacementPreference = (typeof REPLACEMENT_PREFERENCES)[number];

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    /** Human-facing order number, e.g. ORD-20261122-8F3A2C. */
    orderId: text("order_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    addressId: text("address_id").references(() => addresses.id, { onDelete: "set null" }),
    /** JSON snapshot of the delivery address at order time. */
    deliveryAddress: text("delivery_address", { mode: "json" }).$type<Record<string, string>>().notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("PENDING"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("placed"),
    /** Paise, computed by app/lib/pricing.ts at order time. */
    subTotal: integer("sub_total").notNull(),
    total: integer("total").notNull(),
    stripeSessionId: text("stripe_session_id"),
    paymentId: text("payment_id"),
    refundId: text("refund_id"),
    /** Client-supplied or derived key so that submitting twice creates one order. */
    idempotencyKey: text("idempotency_key"),
    /** While an online payment is open, stock is held until this time. */
    reservationExpiresAt: integer("reservation_expires_at", { mode: "number" }),
    needsAttention: integer("needs_attention", { mode: "boolean" }).notNull().default(false),
    /** Why the order needs a human (e.g. the reason Stripe refused a refund). */
    attentionNote: text("attention_note"),
    /** Optimistic-concurrency counter for admin status changes. */
    version: integer("version").notNull().default(0),
    /**
     * The dark store that serves the order (its stock was reserved there and returns there). Null
     * only in the column's type: migrations/0012 gave every older order the default store, and the
     * `orders_store_required` trigger refuses a new order without one (SQLite cannot add a NOT NULL
     * column with a foreign key to an existing table without rebuilding it and its children).
     */
    storeId: text("store_id").references(() => stores.id, { onDelete: "restrict" }),
    /** What to do with a short item (decision 027): refund it, call the shopper, or replace it. */
    replacementPreference: text("replacement_preference", { enum: REPLACEMENT_PREFERENCES }).notNull().default("refund"),
    /** 4 digits, set when the order goes out for delivery; the rider needs it to mark it delivered. */
    deliveryCode: text("delivery_code"),
    /** Wrong delivery codes entered (5 at most, counted in the statement that checks the code). */
    deliveryCodeTries: integer("delivery_code_tries").notNull().default(0),
    /** The rider: a staff member, or only a name and phone typed by staff. */
    riderUserId: text("rider_user_id").references(() => users.id, { onDelete: "set null" }),
    riderName: text("rider_name"),
    riderPhone: text("rider_phone"),
    /** Paise the coupon took off the items (decision 030); `total` = subTotal − discount + tip. */
    discount: integer("discount").notNull().default(0),
    /** Paise for the delivery partner, 0..20000 (₹200); never discounted. */
    tip: integer("tip").notNull().default(0),
    /** The coupon's code as applied (kept when the coupon is edited or deleted). */
    couponCode: text("coupon_code"),
    /** The coupon whose uses this order counts while it is not cancelled (migrations/0023). */
    couponId: text("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    /**
     * The GST invoice (decision 031): financial year (2026 = Apr 2026–Mar 2027, IST), number in the
     * store's sequence for that year (invoice_sequences), time of issue. NULL until first needed.
     * Only invoices issued before migration 0034 have them; since then the invoice is its record in
     * `invoices` (decision 038).
     */
    invoiceFy: integer("invoice_fy"),
    invoiceSeq: integer("invoice_seq"),
    invoicedAt: integer("invoiced_at", { mode: "number" }),
    /**
     * The staff member picking the order and since when (decision 047, migrations/0038): set by a
     * claim, cleared by a release and, by the `orders_claim_ends` trigger, when the order leaves picking.
     */
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: integer("claimed_at", { mode: "number" }),
    /** Paise of `total` paid from the shopper's wallet when the order was placed (decision 050). */
    walletPaid: integer("wallet_paid").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_order_id_unique").on(t.orderId),
    uniqueIndex("orders_idempotency_unique").on(t.idempotencyKey),
    uniqueIndex("orders_stripe_session_unique").on(t.stripeSessionId),
    /** A shopper holds at most one unpaid online checkout (docs/decisions/009-payment-trust.md). */
    uniqueIndex("orders_one_open_checkout_unique")
      .on(t.userId)
      .where(sql`${t.status} = 'placed' and ${t.paymentStatus} = 'PENDING' and ${t.paymentMethod} = 'ONLINE'`),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_store_created_idx").on(t.storeId, t.createdAt),
    /** The store's queue: its open orders, oldest first. */
    index("orders_store_open_idx")
      .on(t.storeId, t.createdAt)
      .where(sql`${t.status} in ('placed', 'paid', 'packed', 'ready', 'out_for_delivery')`),
    index("orders_rider_idx")
      .on(t.riderUserId)
      .where(sql`${t.riderUserId} IS NOT NULL`),
    /** A coupon's uses, total and per shopper: its orders that are not cancelled. */
    index("orders_coupon_idx")
      .on(t.couponId, t.userId)
      .where(sql`${t.couponId} IS NOT NULL`),
    uniqueIndex("orders_invoice_unique")
      .on(t.storeId, t.invoiceFy, t.invoiceSeq)
      .where(sql`${t.invoiceSeq} IS NOT NULL`),
    check("orders_totals_check", sql`${t.subTotal} >= 0 and ${t.total} >= 0`),
    check("orders_discount_check", sql`${t.discount} >= 0`),
    check("orders_tip_check", sql`${t.tip} between 0 and 20000`),
    check("orders_replacement_preference_check", sql`${t.replacementPreference} in ('refund', 'call', 'similar')`),
  ],
);

export const COUPON_TYPES = ["percent", "flat"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/**
 * Coupons (decision 030). `code` is stored upper-case and unique (codes are
 * case-insensitive). percent: `value` is a whole percent 1..100, capped by `maxDiscount` (paise, null:
 * no cap); flat: `value` is paise. Null `totalUses` / `perShopper`: unlimited. `categories` and
 * `stores` are ids; empty means all. A use is an order (not cancelled) with `coupon_id`; `uses`
 * counts them: the order's batch takes one with a conditional update (its guard), and the
 * `coupons_use_returned` trigger (migrations/0029) gives it back when the order is cancelled.
 */
export const coupons = sqliteTable(
  "coupons",
  {
    id: id(),
    code: text("code").notNull(),
    type: text("type", { enum: COUPON_TYPES }).notNull(),
    value: integer("value").notNull(),
    minOrder: integer("min_order").notNull().default(0),
    maxDiscount: integer("max_discount"),
    startsAt: integer("starts_at", { mode: "number" }).notNull(),
    endsAt: integer("ends_at", { mode: "number" }).notNull(),
    totalUses: integer("total_uses"),
    /** Orders carrying the coupon that are not cancelled (see above). */
    uses: integer("uses").notNull().default(0),
    perShopper: integer("per_shopper"),
    firstOrderOnly: integer("first_order_only", { mode: "boolean" }).notNull().default(false),
    categories: text("categories", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    stores: text("stores", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_unique").on(t.code),
    check("coupons_code_check", sql`${t.code} = upper(${t.code}) and length(${t.code}) between 3 and 20`),
    check("coupons_value_check", sql`(${t.type} = 'percent' and ${t.value} between 1 and 100) or (${t.type} = 'flat' and ${t.value} > 0)`),
    check("coupons_amounts_check", sql`${t.minOrder} >= 0 and (${t.maxDiscount} is null or ${t.maxDiscount} > 0)`),
    check("coupons_window_check", sql`${t.startsAt} < ${t.endsAt}`),
    check("coupons_uses_check", sql`(${t.totalUses} is null or ${t.totalUses} >= 1) and (${t.perShopper} is null or ${t.perShopper} >= 1)`),
  ],
);

/** Order lines with everything snapshotted: later catalogue edits never change a past order. */
export const orderItems = sqliteTable(
  "order_items",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    image: text("image").notNull().default(""),
    unit: text("unit").notNull().default(""),
    quantity: integer("quantity").notNull(),
    /** List price per unit, paise. */
    unitPrice: integer("unit_price").notNull(),
    discount: integer("discount").notNull().default(0),
    /** Discounted price per unit, paise. */
    unitFinalPrice: integer("unit_final_price").notNull(),
    /** Units picked (decision 027): NULL until picked, then 0..quantity. */
    picked: integer("picked"),
    /** The similar product that replaced the missing units (replacement preference "similar"). */
    replacedByProductId: text("replaced_by_product_id"),
    replacedByName: text("replaced_by_name"),
    replacedByQuantity: integer("replaced_by_quantity").notNull().default(0),
    /** The replacement's final price per unit, paise (at most the line's unitFinalPrice). */
    replacedByUnitPrice: integer("replaced_by_unit_price").notNull().default(0),
    /** Paise returned to the shopper's card for this line (paid online orders; see order_line_refunds). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** HSN code and GST rate of the line's product and of its replacement, frozen when the invoice is issued (decision 031). */
    hsnCode: text("hsn_code"),
    gstRate: integer("gst_rate"),
    replacedByHsnCode: text("replaced_by_hsn_code"),
    replacedByGstRate: integer("replaced_by_gst_rate"),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), check("order_items_quantity_check", sql`${t.quantity} > 0`)],
);

export const orderStatusHistory = sqliteTable(
  "order_status_history",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId, t.createdAt),
    /** The till's day of collected cash (migration 0039). */
    index("order_status_history_delivered_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'delivered'`),
  ],
);

/** One-time notes for a shopper, shown once like a flash (e.g. a product removed from their cart). */
export const cartNotices = sqliteTable(
  "cart_notices",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("cart_notices_user_idx").on(t.userId)],
);

export const PAYMENT_EVENT_OUTCOMES = ["processed", "refused"] as const;

/**
 * Stripe webhook events already handled (idempotency): the id is Stripe's event id. A verified event
 * that may not touch any order (another session, wrong amount or currency, an order not awaiting
 * payment) is kept as `refused` with the reason in `note`, so every signed event is accounted for.
 */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: text("order_id"),
  outcome: text("outcome", { enum: PAYMENT_EVENT_OUTCOMES }).notNull().default("processed"),
  note: text("note"),
  createdAt: createdAt(),
});

/**
 * Every outgoing mail. Development and test keep the whole message (the mailbox at /dev/mail,
 * status 'kept'); production keeps only who, when and the status ('sent', 'failed', 'not-sent'),
 * with an empty subject and body, so no reset code is readable at rest.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull().default(""),
    status: text("status", { enum: ["kept", "sent", "failed", "not-sent"] })
      .notNull()
      .default("kept"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);

/**
 * Exact fixed-window counters (login tries per account and client, code mails per email); the
 * Workers binding covers per-IP. Taken with one increment-and-return statement before the work.
 */
export const rateLimitCounters = sqliteTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: integer("reset_at", { mode: "number" }).notNull(),
});

/**
 * Searches that found nothing (app/server/search/search-insights.server.ts), for admins to turn into
 * synonyms: the normalised query text only, never who searched. Bounded in row count and length.
 */
export const searchZeroResults = sqliteTable(
  "search_zero_results",
  {
    query: text("query").primaryKey(),
    count: integer("count").notNull().default(1),
    firstSeenAt: integer("first_seen_at", { mode: "number" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "number" }).notNull(),
  },
  (t) => [
    index("search_zero_results_frequent_idx").on(t.count, t.lastSeenAt),
    index("search_zero_results_recent_idx").on(t.lastSeenAt),
    check("search_zero_results_query_length", sql`length(${t.query}) between 1 and 64`),
  ],
);

/**
 * Dark stores (docs/decisions/020-dark-stores.md): small warehouses, each serving the pincode ranges
 * in `store_pincode_ranges`. Stores are deactivated, never deleted (orders will point at them).
 * Exactly one store is the default: its stock is what a shopper without a chosen location sees.
 */
export const stores = sqliteTable(
  "stores",
  {
    id: id(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    /** Opening hours as minutes after local midnight (IST), opens < closes; 0..1440. */
    opensAt: integer("opens_at").notNull().default(360),
    closesAt: integer("closes_at").notNull().default(1440),
    /** The delivery promise from this store, in minutes (the header's "Delivery in N minutes"). */
    baseDeliveryMinutes: integer("base_delivery_minutes").notNull().default(10),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    /** The seller on the GST invoice (decision 031): legal name, state, GSTIN ('' until set). */
    legalName: text("legal_name").notNull().default(""),
    state: text("state").notNull().default(""),
    gstin: text("gstin").notNull().default(""),
    /**
     * The invoice series code (decision 038): 1-3 of A-Z 0-9, unique among stores; an admin's code
     * starts with a letter, one the database assigns (trigger stores_invoice_series_assign) a digit.
     */
    invoiceSeries: text("invoice_series"),
    /** The FSSAI licence number printed on the invoice: 14 digits, '' until set. */
    fssaiLicence: text("fssai_licence").notNull().default(""),
    /** Minutes a shopper has to answer a substitution proposal (decision 043): 1..10. */
    substitutionMinutes: integer("substitution_minutes").notNull().default(2),
    /** Hours after delivery within which a shopper can report an item (decision 050): 1..168. */
    reportWindowHours: integer("report_window_hours").notNull().default(48),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("stores_name_unique").on(t.name),
    uniqueIndex("stores_invoice_series_unique").on(t.invoiceSeries),
    check(
      "stores_invoice_series_check",
      sql`${t.invoiceSeries} IS NULL OR (length(${t.invoiceSeries}) BETWEEN 1 AND 3 AND ${t.invoiceSeries} NOT GLOB '*[^0-9A-Z]*')`,
    ),
    check("stores_fssai_licence_check", sql`${t.fssaiLicence} = '' OR (length(${t.fssaiLicence}) = 14 AND ${t.fssaiLicence} NOT GLOB '*[^0-9]*')`),
    /** At most one default store. */
    uniqueIndex("stores_one_default_unique")
      .on(t.isDefault)
      .where(sql`${t.isDefault} = 1`),
    check("stores_hours_check", sql`${t.opensAt} >= 0 and ${t.opensAt} < ${t.closesAt} and ${t.closesAt} <= 1440`),
    check("stores_minutes_check", sql`${t.baseDeliveryMinutes} between 1 and 240`),
    /** The default store is the fallback for everyone: it cannot be deactivated. */
    check("stores_default_active_check", sql`${t.isDefault} = 0 or ${t.active} = 1`),
  ],
);

/**
 * The pincodes a store serves, as inclusive ranges of 6-digit Indian pincodes (a single pincode is
 * a range of one). Resolving a pincode is one indexed range lookup joined to active stores.
 */
export const storePincodeRanges = sqliteTable(
  "store_pincode_ranges",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    fromPincode: integer("from_pincode").notNull(),
    toPincode: integer("to_pincode").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.fromPincode] }),
    index("store_pincode_ranges_lookup_idx").on(t.fromPincode, t.toPincode),
    check("store_pincode_ranges_check", sql`${t.fromPincode} between 110000 and 999999 and ${t.toPincode} between ${t.fromPincode} and 999999`),
  ],
);

/**
 * Stock per dark store (decision 020): each store has its own oversell guarantee (the CHECK, with
 * the single-statement decrement in the order's batch). A product without a row at a store has
 * stock 0 there. Stock changes only through exact operations (decision 023): a sale or return is a
 * delta, an admin or an import sets a value given the value it saw, or applies a delta.
 *
 * Compact (migrations/0015): the table is WITHOUT ROWID, so the primary key is the table, and there
 * is no index by product. A product's rows are found through the stores (`store_id in (select id
 * from stores)` walks the key once per store), so the link to products is kept by triggers rather
 * than a foreign key, whose cascade would scan the table on every product delete.
 */
export const storeStock = sqliteTable(
  "store_stock",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    /** A product's id: `store_stock_product_exists` refuses others, `store_stock_product_deleted` clears its rows. */
    productId: text("product_id").notNull(),
    stock: integer("stock").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.productId] }), check("store_stock_stock_check", sql`${t.stock} >= 0`)],
);

/** "Tell me when you do": shoppers asking to hear when an unserved pincode is served (one per email+pincode). */
export const storeNotifyRequests = sqliteTable(
  "store_notify_requests",
  {
    id: id(),
    /** Stored lower-cased and trimmed. */
    email: text("email").notNull(),
    pincode: text("pincode").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("store_notify_requests_email_pincode_unique").on(t.email, t.pincode),
    index("store_notify_requests_created_idx").on(t.createdAt),
    check("store_notify_requests_sizes_check", sql`length(${t.email}) between 3 and 254 and length(${t.pincode}) = 6`),
  ],
);

export const NOTIFY_STATUSES = ["open", "sending", "sent", "cancelled", "expired"] as const;
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number];

/**
 * "Notify me" (decision 032): a shopper waiting for a product at a store. `subscriber` is
 * `u:<user id>` or `e:<mailbox>` (a guest, app/lib/mailbox.ts); one open request per subscriber,
 * product and store.
 */
export const notifyRequests = sqliteTable(
  "notify_requests",
  {
    id: id(),
    subscriber: text("subscriber").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A guest's email (lower-cased), or the account's when the request was made. */
    email: text("email").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    status: text("status", { enum: NOTIFY_STATUSES }).notNull().default("open"),
    /** The public origin when asked (diagnostics only: the mail's links use the configured one). */
    origin: text("origin").notNull(),
    /** The restock that claimed (then sent) it. */
    restockId: integer("restock_id"),
    claimedAt: integer("claimed_at"),
    createdAt: createdAt(),
    closedAt: integer("closed_at"),
  },
  (t) => [
    uniqueIndex("notify_requests_open_unique")
      .on(t.subscriber, t.productId, t.storeId)
      .where(sql`${t.status} in ('open', 'sending')`),
    index("notify_requests_subscriber_idx").on(t.subscriber, t.status, t.createdAt),
    index("notify_requests_product_store_idx").on(t.productId, t.storeId, t.status),
    index("notify_requests_store_open_idx")
      .on(t.storeId, t.productId)
      .where(sql`${t.status} = 'open'`),
    index("notify_requests_open_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index("notify_requests_sending_idx")
      .on(t.claimedAt)
      .where(sql`${t.status} = 'sending'`),
    check("notify_requests_status_check", sql`${t.status} in ('open', 'sending', 'sent', 'cancelled', 'expired')`),
    check("notify_requests_sizes_check", sql`length(${t.email}) between 3 and 254 and length(${t.subscriber}) <= 256 and length(${t.origin}) <= 256`),
  ],
);

/**
 * A guest's mailbox: only `first_request_id` may be mailed until the link in that mail verifies it.
 * Keyed by the mailbox (app/lib/mailbox.ts, migration 0042), so address variants share one slot.
 */
export const notifyEmails = sqliteTable("notify_emails", {
  email: text("email").primaryKey(),
  firstRequestId: text("first_request_id"),
  verifiedAt: integer("verified_at"),
  createdAt: createdAt(),
});

/**
 * A product back in stock at a store that someone waits for: written by the `store_stock` triggers
 * of migration 0025 in the statement that changed the stock; handed to the queue (`queued_at`).
 */
export const restockEvents = sqliteTable(
  "restock_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    storeId: text("store_id").notNull(),
    productId: text("product_id").notNull(),
    stock: integer("stock").notNull(),
    /** Only this subscriber's requests (a guest's email just verified); null: everyone waiting. */
    subscriber: text("subscriber"),
    createdAt: createdAt(),
    queuedAt: integer("queued_at"),
    /** Held back until then (a shopper's own cancelled order returned the units, migration 0042). */
    notBefore: integer("not_before"),
  },
  (t) => [
    index("restock_events_pending_idx")
      .on(t.id)
      .where(sql`${t.queuedAt} IS NULL`),
    // The cron's pruning of rows handed on long ago (migration 0030).
    index("restock_events_handed_on_created_idx")
      .on(t.createdAt)
      .where(sql`${t.queuedAt} IS NOT NULL`),
  ],
);

export type User = typeof users.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type SubCategory = typeof subCategories.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Address = typeof addresses.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Store = typeof stores.$inferSelect;

/**
 * Shopper words that mean a catalogue phrase ("doodh" → "milk"), read by search to widen a query.
 * Created by the hand-written migration 0002_search.sql (beside the FTS5 index it feeds).
 */
export const searchSynonyms = sqliteTable("search_synonyms", {
  term: text("term").primaryKey(),
  canonical: text("canonical").notNull(),
});

/**
 * Applied CSV stock imports (decision 020): the row is written in the same batch as the stock, and
 * its id is the preview's, so a preview confirmed twice (or by 10 requests at once) applies once.
 */
export const stockImports = sqliteTable(
  "stock_imports",
  {
    id: id(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    rows: integer("rows").notNull(),
    appliedBy: text("applied_by").references(() => users.id, { onDelete: "set null" }),
    /** Random per confirm request: the stock upsert runs only after THIS request recorded the import. */
    nonce: text("nonce").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("stock_imports_store_created_idx").on(t.storeId, t.createdAt)],
);

/**
 * Integration tokens of a store (decision 024): a chain's system calls `POST /api/store/stock-sync`
 * for this store only. The token is shown once; only its SHA-256 is kept. Revoked, never deleted.
 */
export const storeSyncTokens = sqliteTable(
  "store_sync_tokens",
  {
    id: id(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    tokenHash: text("token_hash").notNull(),
    label: text("label").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: integer("revoked_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("store_sync_tokens_hash_unique").on(t.tokenHash), index("store_sync_tokens_store_idx").on(t.storeId, t.createdAt)],
);

/**
 * One bulk stock sync (decision 024), from `/api/store/stock-sync` or a confirmed CSV import: its
 * idempotency key is unique per store, so a retried or doubled request finds the first one's row.
 */
export const stockSyncs = sqliteTable(
  "stock_syncs",
  {
    id: id(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of the normalised body: the same key with another body is refused (422). */
    bodyHash: text("body_hash").notNull(),
    mode: text("mode", { enum: ["set", "delta"] }).notNull(),
    source: text("source", { enum: ["api", "csv"] }).notNull(),
    rows: integer("rows").notNull(),
    chunks: integer("chunks").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    tokenId: text("token_id").references(() => storeSyncTokens.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("stock_syncs_store_key_unique").on(t.storeId, t.idempotencyKey), index("stock_syncs_store_created_idx").on(t.storeId, t.createdAt)],
);

/**
 * A chunk of a sync that was applied: written in the chunk's own batch, so a chunk applies once
 * (its primary key refuses a second batch, which then rolls back whole).
 */
export const stockSyncChunks = sqliteTable(
  "stock_sync_chunks",
  {
    syncId: text("sync_id")
      .notNull()
      .references(() => stockSyncs.id, { onDelete: "cascade" }),
    chunk: integer("chunk").notNull(),
    applied: integer("applied").notNull(),
    unchanged: integer("unchanged").notNull(),
  },
  (t) => [primaryKey({ columns: [t.syncId, t.chunk] })],
);

/** The rows of a sync that were not applied (unknown product, conflict, below zero), with the stock then. */
export const stockSyncIssues = sqliteTable(
  "stock_sync_issues",
  {
    syncId: text("sync_id")
      .notNull()
      .references(() => stockSyncs.id, { onDelete: "cascade" }),
    rowIndex: integer("row_index").notNull(),
    productId: text("product_id").notNull(),
    kind: text("kind", { enum: ["unknown", "conflict", "below-zero"] }).notNull(),
    stock: integer("stock"),
  },
  (t) => [primaryKey({ columns: [t.syncId, t.rowIndex] })],
);

/** A CSV import's preview, kept server-side and shown page by page (decision 024). */
export const stockImportPreviews = sqliteTable(
  "stock_import_previews",
  {
    id: id(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    rows: integer("rows").notNull(),
    valid: integer("valid").notNull(),
    /** Valid rows that set a shelf location (the CSV's optional third column). */
    bins: integer("bins").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("stock_import_previews_created_idx").on(t.createdAt)],
);

/**
 * The rows of a preview: `seq` numbers every row (pages of rows), `error_seq` the rows with an error
 * (pages of errors); `now` is the stock the preview showed (null: no row), the confirm's expected.
 */
export const stockImportRows = sqliteTable(
  "stock_import_rows",
  {
    importId: text("import_id")
      .notNull()
      .references(() => stockImportPreviews.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    line: integer("line").notNull(),
    product: text("product").notNull(),
    productId: text("product_id"),
    name: text("name"),
    stock: integer("stock"),
    now: integer("now"),
    error: text("error"),
    errorSeq: integer("error_seq"),
    /** Numbers the valid rows: the confirm sends them in this order, so a sync's row index is this. */
    validSeq: integer("valid_seq"),
    /** The shelf location the row sets (the CSV's optional third column; null: leave it as it is). */
    bin: text("bin"),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.seq] }),
    uniqueIndex("stock_import_rows_errors_idx")
      .on(t.importId, t.errorSeq)
      .where(sql`${t.errorSeq} is not null`),
    uniqueIndex("stock_import_rows_valid_idx")
      .on(t.importId, t.validSeq)
      .where(sql`${t.validSeq} is not null`),
  ],
);

/** Staff of a dark store (decision 027): a USER with a row here works at that one store. */
export const storeStaff = sqliteTable(
  "store_staff",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** What they do there (decision 041); CHECK in migration 0035. */
    role: text("role", { enum: STAFF_ROLES }).notNull().default("picker"),
  },
  (t) => [index("store_staff_store_idx").on(t.storeId, t.createdAt)],
);

/**
 * A product's shelf location at a store (the pick list is sorted by it). Like store_stock: WITHOUT
 * ROWID, no foreign key to products (`product_bins_product_exists` and `product_bins_product_deleted`
 * keep the link).
 */
export const productBins = sqliteTable(
  "product_bins",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    productId: text("product_id").notNull(),
    bin: text("bin").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.productId] }), check("product_bins_bin_check", sql`length(${t.bin}) between 1 and 32`)],
);

/** Corrections of a store's stock with their reason, e.g. -2 "short pick" (who, when, which order). */
export const stockAdjustments = sqliteTable(
  "stock_adjustments",
  {
    id: id(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    productId: text("product_id").notNull(),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_adjustments_store_created_idx").on(t.storeId, t.createdAt),
    index("stock_adjustments_order_idx")
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
  ],
);

/**
 * The shopper's rating of a delivered order (decision 027 "Ratings"): 1–5 and an
 * optional comment, one per order (the key), changeable by its shopper (the row is rewritten).
 */
export const orderRatings = sqliteTable(
  "order_ratings",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("order_ratings_rating_check", sql`${t.rating} between 1 and 5`),
    check("order_ratings_comment_check", sql`${t.comment} is null or length(${t.comment}) between 1 and 500`),
  ],
);

export const LINE_REFUND_STATUSES = ["pending", "refunded", "failed"] as const;

/**
 * Partial refunds of a paid online order, at most one per order line (the key): written in the
 * pick's batch, sent to Stripe with `idempotency_key`, its outcome recorded here (decision 027).
 */
export const orderLineRefunds = sqliteTable(
  "order_line_refunds",
  {
    orderItemId: text("order_item_id")
      .primaryKey()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", { enum: LINE_REFUND_STATUSES }).notNull().default("pending"),
    stripeRefundId: text("stripe_refund_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("order_line_refunds_order_idx").on(t.orderId),
    check("order_line_refunds_amount_check", sql`${t.amount} > 0`),
    check("order_line_refunds_status_check", sql`${t.status} in ('pending', 'refunded', 'failed')`),
  ],
);

/** The GST invoice number sequence: one counter per store per financial year (decision 031). */
export const invoiceSequences = sqliteTable(
  "invoice_sequences",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    fy: integer("fy").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.fy] }), check("invoice_sequences_last_check", sql`${t.last} >= 1`)],
);

/**
 * The invoice number counter (decision 038): one per seller GSTIN ('' = none), series code and
 * financial year, so each printed series is consecutive.
 */
export const invoiceSeriesCounters = sqliteTable(
  "invoice_series_counters",
  {
    gstin: text("gstin").notNull(),
    series: text("series").notNull(),
    fy: integer("fy").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gstin, t.series, t.fy] }), check("invoice_series_counters_last_check", sql`${t.last} >= 1`)],
);

/**
 * An issued invoice (decision 038): its number, the GSTIN and financial year it is numbered under,
 * and the JSON of everything it prints, written once at first issue and the only thing read after.
 * `backfilled` rows were issued before the record existed: their document is made at first read.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "restrict" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    gstin: text("gstin").notNull(),
    series: text("series").notNull(),
    fy: integer("fy").notNull(),
    seq: integer("seq").notNull(),
    number: text("number").notNull(),
    document: text("document"),
    backfilled: integer("backfilled", { mode: "boolean" }).notNull().default(false),
    issuedAt: integer("issued_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("invoices_number_unique")
      .on(t.gstin, t.fy, t.number)
      .where(sql`${t.backfilled} = 0`),
    index("invoices_store_idx").on(t.storeId, t.fy),
    check("invoices_number_check", sql`length(${t.number}) <= 16 AND ${t.seq} >= 1`),
    check("invoices_document_check", sql`${t.document} IS NOT NULL OR ${t.backfilled} = 1`),
  ],
);

/**
 * A shopper's Web Push subscriptions, one per browser, keyed by the push service's endpoint
 * (decision 037): notices when their order moves. At most PUSH_SUBSCRIPTIONS_PER_USER a shopper.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    endpoint: text("endpoint").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The browser's P-256 public key, base64url (65 bytes). */
    p256dh: text("p256dh").notNull(),
    /** The browser's auth secret, base64url (16 bytes). */
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("push_subscriptions_user_idx").on(t.userId, t.updatedAt),
    check(
      "push_subscriptions_sizes_check",
      sql`length(${t.endpoint}) between 12 and 1024 and length(${t.p256dh}) between 80 and 100 and length(${t.auth}) between 16 and 32`,
    ),
  ],
);

export const SUBSTITUTION_STATUSES = ["pending", "accepted", "declined", "expired", "applied", "void"] as const;
export type SubstitutionStatus = (typeof SUBSTITUTION_STATUSES)[number];

/**
 * A short line's replacement the shopper approves (decision 043): the picker's proposal (kind
 * `proposal`, answered before `deadline`) or the outcome of a call (kind `call`). At most one per
 * line. Its units are held from the store's stock while it is pending or accepted; `applied` once
 * the pick wrote it on the line; `void` when the order was cancelled first.
 */
export const orderSubstitutions = sqliteTable(
  "order_substitutions",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: text("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    kind: text("kind", { enum: ["proposal", "call"] }).notNull(),
    /** The replacement (NULL for a call whose outcome was "removed"). */
    productId: text("product_id"),
    name: text("name").notNull().default(""),
    quantity: integer("quantity").notNull().default(0),
    /** List price and discount per unit, and the final unit price (paise), as the pick bills them. */
    price: integer("price").notNull().default(0),
    discount: integer("discount").notNull().default(0),
    unitPrice: integer("unit_price").notNull().default(0),
    /** Units of the line found when the replacement was proposed: the pick must say the same. */
    picked: integer("picked").notNull(),
    status: text("status", { enum: SUBSTITUTION_STATUSES }).notNull(),
    deadline: integer("deadline").notNull(),
    proposedBy: text("proposed_by"),
    answeredBy: text("answered_by"),
    createdAt: createdAt(),
    answeredAt: integer("answered_at"),
  },
  (t) => [
    uniqueIndex("order_substitutions_line_unique").on(t.orderItemId),
    index("order_substitutions_order_idx").on(t.orderId),
    index("order_substitutions_pending_idx")
      .on(t.deadline)
      .where(sql`${t.status} = 'pending'`),
    check("order_substitutions_kind_check", sql`${t.kind} in ('proposal', 'call')`),
    check("order_substitutions_status_check", sql`${t.status} in ('pending', 'accepted', 'declined', 'expired', 'applied', 'void')`),
    check("order_substitutions_product_check", sql`(${t.productId} IS NULL AND ${t.quantity} = 0) OR (${t.productId} IS NOT NULL AND ${t.quantity} > 0)`),
  ],
);

/** Consecutive credit-note numbers per (seller GSTIN, series, financial year) (decision 044). */
export const creditNoteSeriesCounters = sqliteTable(
  "credit_note_series_counters",
  {
    gstin: text("gstin").notNull(),
    series: text("series").notNull(),
    fy: integer("fy").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gstin, t.series, t.fy] }), check("credit_note_series_counters_last_check", sql`${t.last} >= 1`)],
);

/**
 * A GST credit note (decision 044): one per refund after the order's invoice was issued, numbered in
 * its own series, with the JSON of everything it prints, written once and the only thing read after.
 */
export const creditNotes = sqliteTable(
  "credit_notes",
  {
    id: text("id").primaryKey(),
    refundId: text("refund_id").notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => invoices.orderId, { onDelete: "restrict" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    gstin: text("gstin").notNull(),
    series: text("series").notNull(),
    fy: integer("fy").notNull(),
    seq: integer("seq").notNull(),
    number: text("number").notNull(),
    amount: integer("amount").notNull(),
    document: text("document").notNull(),
    issuedAt: integer("issued_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("credit_notes_refund_unique").on(t.refundId),
    uniqueIndex("credit_notes_number_unique").on(t.gstin, t.fy, t.number),
    index("credit_notes_order_idx").on(t.orderId, t.seq),
    check("credit_notes_number_check", sql`length(${t.number}) <= 16 AND ${t.seq} >= 1`),
    check("credit_notes_amount_check", sql`${t.amount} > 0`),
    check("credit_notes_refund_id_check", sql`length(${t.refundId}) BETWEEN 1 AND 100`),
  ],
);

/**
 * Cash a rider hands over at their store (decision 048), recorded by a manager or an admin.
 * Append-only (triggers in migration 0039); `(recordedBy, idempotencyKey)` is unique so one
 * submission records once however often it arrives.
 */
export const cashHandovers = sqliteTable(
  "cash_handovers",
  {
    id: id(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    riderUserId: text("rider_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Paise, more than 0. */
    amount: integer("amount").notNull(),
    note: text("note"),
    recordedBy: text("recorded_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("cash_handovers_key_unique").on(t.recordedBy, t.idempotencyKey),
    index("cash_handovers_store_day_idx").on(t.storeId, t.createdAt),
    check("cash_handovers_amount_check", sql`${t.amount} > 0`),
    check("cash_handovers_note_check", sql`${t.note} IS NULL OR length(${t.note}) BETWEEN 1 AND 200`),
    check("cash_handovers_key_check", sql`length(${t.idempotencyKey}) BETWEEN 1 AND 100`),
    check("cash_handovers_not_own_check", sql`${t.riderUserId} <> ${t.recordedBy}`),
  ],
);

export const PICK_CONFIRM_METHODS = ["scan", "typed", "manual"] as const;
export type PickConfirmMethod = (typeof PICK_CONFIRM_METHODS)[number];

/**
 * Units of an order line confirmed by a picker before the pick is finished (decision 042): by the
 * camera's scan, by the code typed, or by hand without a code (manual: who and when). The sum per
 * line never exceeds its quantity (the insert's guard), and a pick never marks more units picked
 * than are confirmed here.
 */
export const pickConfirmations = sqliteTable(
  "pick_confirmations",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: text("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    productId: text("product_id"),
    /** The order's store, for its metrics (scan rate per picker). */
    storeId: text("store_id"),
    units: integer("units").notNull(),
    method: text("method", { enum: PICK_CONFIRM_METHODS }).notNull(),
    /** The code scanned or typed (13 digits); NULL for a manual confirmation. */
    code: text("code"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("pick_confirmations_item_idx").on(t.orderItemId),
    index("pick_confirmations_store_idx").on(t.storeId, t.createdAt),
    check("pick_confirmations_units_check", sql`${t.units} >= 1`),
    check("pick_confirmations_method_check", sql`${t.method} IN ('scan', 'typed', 'manual')`),
  ],
);

export const WALLET_ENTRY_KINDS = ["refund", "goodwill", "order_payment", "order_reversal"] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/**
 * The FreshDash wallet (decision 050, migrations/0043): an append-only ledger per shopper. Credits
 * are positive (refunds, goodwill, reversals of a cancelled order's payment), the one debit kind is
 * `order_payment`. `balanceAfter` is the shopper's balance after the entry: the trigger
 * `wallet_entries_balance_follows` holds it equal to the sum of the ledger and the CHECK at 0 or
 * more, so an entry that would overdraw fails its statement (and its batch). `(kind, ref)` is unique:
 * one refund per report, one payment and one reversal per order.
 */
export const walletEntries = sqliteTable(
  "wallet_entries",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Paise: positive credits, negative debits, never 0. */
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    kind: text("kind", { enum: WALLET_ENTRY_KINDS }).notNull(),
    /** What the entry is for: a report's id (refund), an order's id (payment, reversal), a support key (goodwill). */
    ref: text("ref").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wallet_entries_ref_unique").on(t.kind, t.ref),
    index("wallet_entries_user_idx").on(t.userId, t.createdAt),
    check("wallet_entries_amount_check", sql`${t.amount} <> 0`),
    check("wallet_entries_balance_check", sql`${t.balanceAfter} >= 0`),
    check("wallet_entries_kind_check", sql`${t.kind} IN ('refund', 'goodwill', 'order_payment', 'order_reversal')`),
    check("wallet_entries_sign_check", sql`(${t.kind} = 'order_payment') = (${t.amount} < 0)`),
    check("wallet_entries_ref_check", sql`length(${t.ref}) BETWEEN 1 AND 100`),
    check("wallet_entries_note_check", sql`${t.note} IS NULL OR length(${t.note}) BETWEEN 1 AND 200`),
  ],
);

export const REPORT_STATUSES = ["open", "approved", "declined"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_REFUND_DESTINATIONS = ["wallet", "original"] as const;
export type ReportRefundDestination = (typeof REPORT_REFUND_DESTINATIONS)[number];
export const REPORT_REFUND_STATUSES = ["none", "pending", "refunded", "failed"] as const;
export type ReportRefundStatus = (typeof REPORT_REFUND_STATUSES)[number];

/**
 * A shopper's report of a delivered order's items (decision 050): open until decided, approved (in
 * full or in part: `approvedAmount` < `claimedAmount`) or declined, by the rules (`autoApproved`) or
 * by a person (`decidedBy`, `decisionReason`). Its refund goes to the wallet or to the original
 * online payment (`refundTo`); `refundStatus` follows it.
 */
export const orderReports = sqliteTable(
  "order_reports",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    comment: text("comment"),
    /** The photo's key in the IMAGES bucket (private: served only to the shopper, the store's staff and admins). */
    photoKey: text("photo_key"),
    /** Paise: the sum of the lines' amounts. */
    claimedAmount: integer("claimed_amount").notNull(),
    approvedAmount: integer("approved_amount"),
    refundTo: text("refund_to", { enum: REPORT_REFUND_DESTINATIONS }).notNull().default("wallet"),
    autoApproved: integer("auto_approved", { mode: "boolean" }).notNull().default(false),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decisionReason: text("decision_reason"),
    decidedAt: integer("decided_at", { mode: "number" }),
    refundStatus: text("refund_status", { enum: REPORT_REFUND_STATUSES }).notNull().default("none"),
    stripeRefundId: text("stripe_refund_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Paise of `approved_amount` sent to the original online payment (the rest to the wallet), fixed when the send is claimed (migrations/0047). */
    refundStripeAmount: integer("refund_stripe_amount"),
    /** When a call claimed the refund's send; null when none is under way (migrations/0047). */
    refundClaimedAt: integer("refund_claimed_at", { mode: "number" }),
  },
  (t) => [
    index("order_reports_order_idx").on(t.orderId, t.createdAt),
    index("order_reports_user_idx").on(t.userId, t.createdAt),
    index("order_reports_store_idx").on(t.storeId, t.createdAt),
    index("order_reports_open_idx")
      .on(t.storeId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check("order_reports_status_check", sql`${t.status} IN ('open', 'approved', 'declined')`),
    check("order_reports_claimed_check", sql`${t.claimedAmount} > 0`),
    check(
      "order_reports_approved_check",
      sql`(${t.status} = 'open' AND ${t.approvedAmount} IS NULL) OR (${t.status} = 'declined' AND ${t.approvedAmount} IS NULL) OR (${t.status} = 'approved' AND ${t.approvedAmount} BETWEEN 1 AND ${t.claimedAmount})`,
    ),
    check("order_reports_refund_to_check", sql`${t.refundTo} IN ('wallet', 'original')`),
    check("order_reports_refund_status_check", sql`${t.refundStatus} IN ('none', 'pending', 'refunded', 'failed')`),
    check("order_reports_comment_check", sql`${t.comment} IS NULL OR length(${t.comment}) BETWEEN 1 AND 500`),
    check("order_reports_reason_check", sql`${t.decisionReason} IS NULL OR length(${t.decisionReason}) BETWEEN 1 AND 300`),
    check("order_reports_refund_stripe_amount_check", sql`${t.refundStripeAmount} IS NULL OR ${t.refundStripeAmount} >= 0`),
  ],
);

export const REPORT_REASONS = ["missing", "damaged", "wrong_item", "expired", "quality"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * One reported item of a report: units, reason and their value at the price paid (paise). `open`
 * mirrors the report's status (trigger `order_reports_lines_close`) so that an item has at most one
 * open report (the partial unique index). The approved units and paise are set on decision.
 */
export const orderReportLines = sqliteTable(
  "order_report_lines",
  {
    id: id(),
    reportId: text("report_id")
      .notNull()
      .references(() => orderReports.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    orderItemId: text("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "restrict" }),
    productId: text("product_id"),
    quantity: integer("quantity").notNull(),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    amount: integer("amount").notNull(),
    open: integer("open", { mode: "boolean" }).notNull().default(true),
    approvedQuantity: integer("approved_quantity"),
    approvedAmount: integer("approved_amount"),
  },
  (t) => [
    index("order_report_lines_report_idx").on(t.reportId),
    index("order_report_lines_item_idx").on(t.orderItemId),
    uniqueIndex("order_report_lines_one_open_unique")
      .on(t.orderItemId)
      .where(sql`${t.open} = 1`),
    check("order_report_lines_quantity_check", sql`${t.quantity} > 0`),
    check("order_report_lines_amount_check", sql`${t.amount} > 0`),
    check("order_report_lines_reason_check", sql`${t.reason} IN ('missing', 'damaged', 'wrong_item', 'expired', 'quality')`),
    check(
      "order_report_lines_approved_check",
      sql`(${t.approvedQuantity} IS NULL OR ${t.approvedQuantity} BETWEEN 0 AND ${t.quantity}) AND (${t.approvedAmount} IS NULL OR ${t.approvedAmount} BETWEEN 0 AND ${t.amount})`,
    ),
  ],
);

/**
 * The rules that approve a report at once (one row, id 1, set by admins; decision 050): its value at
 * most `autoMaxAmount` paise, at most `autoMaxPriorApproved` approved reports of the shopper in the
 * 30 days before it, and those plus this claim at most `autoMaxSharePercent` % of the shopper's
 * delivered value. Out of the box: a first claim of up to ₹200.
 */
export const reportRules = sqliteTable(
  "report_rules",
  {
    id: integer("id").primaryKey(),
    autoMaxAmount: integer("auto_max_amount").notNull().default(20000),
    autoMaxPriorApproved: integer("auto_max_prior_approved").notNull().default(0),
    autoMaxSharePercent: integer("auto_max_share_percent").notNull().default(100),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("report_rules_one_row_check", sql`${t.id} = 1`),
    check("report_rules_amount_check", sql`${t.autoMaxAmount} BETWEEN 0 AND 1000000`),
    check("report_rules_prior_check", sql`${t.autoMaxPriorApproved} BETWEEN 0 AND 100`),
    check("report_rules_share_check", sql`${t.autoMaxSharePercent} BETWEEN 0 AND 100`),
  ],
);
