/**
 * The whole Milli domain as one Drizzle schema (PostgreSQL; the same SQL runs on PGlite).
 *
 * Conventions, so every module reads the same way:
 * - snake_case column names; money is whole paise in `*_paise` bigint columns read as JS numbers
 *   (safe up to 9e15 paise, far beyond any order), never floats;
 * - weights are integers: metal in milligrams, diamonds and stones in cents (1 ct = 100 cents);
 * - every timestamp is `timestamp with time zone`; calendar days (rate dates, due dates) are `date`;
 * - closed sets of values are `text` guarded by a CHECK constraint rather than PostgreSQL enums,
 *   because adding a value to a CHECK is one ordinary migration while enum changes cannot run
 *   inside a transaction on older servers.
 */
import { relations, sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  COMPLAINT_CATEGORY_VALUES,
  COMPLAINT_EVENT_VALUES,
  COMPLAINT_STATUS_VALUES,
  CONSENT_SOURCES,
  MARKETING_CHANNELS,
  MESSAGE_CHANNELS,
  MESSAGE_PURPOSES,
  MESSAGE_STATUSES,
  NOMINEE_RELATIONSHIPS,
  PHONE_CHANNELS,
  PHONE_CODE_PURPOSES,
  RATE_ALERT_CHANNELS,
  STAFF_ROLES,
} from '@milli/contracts';

/** Back-office roles (DECISIONS §5), from the contracts where what each may do is said. */
export { STAFF_ROLES };

// ---------------------------------------------------------------------------------------------
// Closed sets of values. Exported so services, contracts and the seed share one list.

export const MATERIALS = ['Gold', 'Diamond', 'Platinum', 'Silver'] as const;
export const METALS = ['gold', 'platinum', 'silver'] as const;
export const METAL_COLOURS = ['Yellow Gold', 'Rose Gold', 'White Gold'] as const;
export const COLOUR_FILTERS = ['Red', 'Green', 'Brown', 'Grey', 'Orange'] as const;
export const DIAMOND_QUALITIES = ['SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF'] as const;
/** What a piece's size means: ring size (1-30), bangle size (2.4 …), chain length in inches. */
export const SIZE_KINDS = ['ring', 'bangle', 'length'] as const;
/** Gold karats; platinum is always 950 and silver 925 (parts per thousand), as in metal_rates. */
export const GOLD_PURITIES = [14, 18, 22, 24] as const;
export const PLATINUM_PURITY = 950;
export const SILVER_PURITY = 925;
export const GENDERS = ['Women', 'Men', 'Kids', 'Unisex'] as const;
export const CUSTOMER_ROLES = ['customer', 'staff'] as const;
/** How a product's making charges are stated (issue 17): a sum per piece, a percent of the metal's value, or an amount per gram. */
export const MAKING_CHARGE_KINDS = ['fixed', 'percent', 'per_gram'] as const;
/** Awaiting payment (online, stock held for a while) or Awaiting confirmation (pay on delivery) come before Placed (DECISIONS §8). */
export const ORDER_STATUSES = ['Awaiting payment', 'Awaiting confirmation', 'Placed', 'Picked', 'Out for Delivery', 'Delivered', 'Cancelled'] as const;
export const ORDER_PAYMENT_METHODS = ['online', 'cod'] as const;
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export const ADDRESS_KINDS = ['shipping', 'billing'] as const;
export const COUPON_KINDS = ['percent', 'fixed'] as const;
/** order_adjustment: the difference a packed piece's real weight makes, beyond the tolerance (issue 19). */
export const PAYMENT_PURPOSES = ['cad_advance', 'harvest_instalment', 'order', 'order_adjustment', 'rate_lock'] as const;
/**
 * Issue 42: a rate lock (advance booking) is `Pending payment` until its advance is paid, `Live` for its period, then
 * `Ended` (its unused advance refunded or kept, as the settings said) or `Cancelled` (never paid).
 */
export const RATE_LOCK_STATUSES = ['Pending payment', 'Live', 'Ended', 'Cancelled'] as const;
/** What becomes of the unused part of a rate lock's advance when its period ends (store_settings). */
export const RATE_LOCK_UNUSED_ADVANCE = ['refund', 'keep'] as const;
/** A weight difference found at packing: charged to the customer, or given back. */
export const ORDER_ADJUSTMENT_KINDS = ['charge', 'refund'] as const;
/** open: waiting (to be paid, or refunded); settled: paid or refunded; waived: the store absorbed it. */
/**
 * Issue 35: a weight difference found at packing is `proposed` until a member with the accounts permission approves it
 * (a refund is then sent, a charge `open` for the customer to pay) or rejects it (the pieces are weighed again).
 */
export const ORDER_ADJUSTMENT_STATUSES = ['proposed', 'open', 'settled', 'waived', 'rejected'] as const;
export const CREDIT_NOTE_REASONS = ['cancelled', 'returned', 'adjustment'] as const;
/** Issue 39: the store's numbered tax documents, each with its own series per financial year. */
export const DOCUMENT_SERIES_KINDS = ['invoice', 'credit_note'] as const;
/** A return of delivered pieces within the window (issue 20): Requested → Approved → Pickup scheduled → Received → Checked → Refunded, or Refused. */
export const RETURN_STATUSES = ['Requested', 'Approved', 'Pickup scheduled', 'Received', 'Checked', 'Refunded', 'Refused'] as const;
/** Where a return's money goes: back through the gateway (or by bank for pay on delivery) or into store credit. */
export const RETURN_REFUND_METHODS = ['original', 'store_credit'] as const;
/** What becomes of a returned piece once checked. */
export const RETURN_DISPOSITIONS = ['restock', 'write_off'] as const;
/** Issue 39: what a courier booking carries: an order to its buyer, or a return's reverse pickup back to the store. */
export const COURIER_BOOKING_KINDS = ['shipment', 'reverse_pickup'] as const;
/** booking: claimed by a click and under way at the provider; booked: the AWB is the order's (or the return's). */
export const COURIER_BOOKING_STATES = ['booking', 'booked'] as const;
/** The tracking events the store acts on or shows; the provider's own status words are kept beside them. */
export const COURIER_EVENT_KINDS = ['in_transit', 'out_for_delivery', 'delivered', 'rto'] as const;
/** Lifetime exchange (settled as store credit) or buy-back (settled as a payment to the customer). */
export const EXCHANGE_KINDS = ['exchange', 'buyback'] as const;
export const EXCHANGE_STATUSES = ['Requested', 'Received', 'Settled', 'Refused', 'Withdrawn'] as const;
/** Why a customer's store credit moved: credited (exchange, return, goodwill, given back) or debited (spent, withdrawn by staff). */
export const STORE_CREDIT_KINDS = ['exchange', 'return', 'goodwill', 'spent', 'given_back', 'correction', 'gold_sold'] as const;
/**
 * Issue 42, the metal account: what takes fine gold out of a credit. `use` pays for a new piece's metal at checkout (given
 * back once if the order is cancelled), `buy_back` sells it to the store at the day's buy-back rate, `expiry` is the
 * job's at the credit's 365th day.
 */
export const METAL_DEBIT_KINDS = ['use', 'buy_back', 'expiry'] as const;
export const APPOINTMENT_KINDS = ['store', 'video'] as const;
export const APPOINTMENT_PURPOSES = ['browse', 'product', 'trade_in', 'custom_design', 'exchange', 'other', 'assay'] as const;
/** Issue 35: a booking whose e-mail is not yet confirmed is `Unconfirmed`, holding its place until `hold_until`. */
export const APPOINTMENT_STATUSES = ['Unconfirmed', 'Booked', 'Cancelled', 'Attended', 'Missed'] as const;
/** Complaints (issue 38), from the contracts where the desk's rules are said. */
export const COMPLAINT_CATEGORIES = COMPLAINT_CATEGORY_VALUES;
export const COMPLAINT_STATUSES = COMPLAINT_STATUS_VALUES;
export const COMPLAINT_EVENTS = COMPLAINT_EVENT_VALUES;
export const COMPLAINT_MESSAGE_KINDS = ['customer', 'reply', 'note', 'event'] as const;
export const PAYMENT_STATUSES = ['created', 'paid', 'failed', 'refunded'] as const;
/** DECISIONS §4: Requested → Design Shared → Approved (advance paid) → Making → delivery steps; Rejected goes back to the design team. */
export const CUSTOM_DESIGN_STATUSES = [
  'Requested',
  'Design Shared',
  'Approved',
  'Making',
  'Picked',
  'Out for Delivery',
  'Delivered',
  'Rejected',
  'Cancelled',
] as const;
export const CAD_DESIGN_STATUSES = ['Shared', 'Approved', 'Rejected', 'Superseded'] as const;
export const CUSTOM_METALS = ['gold', 'silver', 'platinum'] as const;
export const TRADE_PARTNER_FORMS = ['short', 'long'] as const;
/** Long form: Manufacture or Reseller; short form: Manufacture (2) or Retailer (3). */
export const TRADE_PARTNER_TYPES = ['Manufacturer', 'Reseller', 'Retailer'] as const;
export const TRADE_PARTNER_STATUSES = ['Received', 'Under Review', 'Approved', 'Rejected'] as const;
export const TRADE_PARTNER_CONTACT_ROLES = ['management', 'service', 'logistics', 'accounts'] as const;
export const HARVEST_PLAN_STATUSES = ['Active', 'Matured', 'Redeemed', 'Cancelled'] as const;
export const HARVEST_INSTALMENT_STATUSES = ['Due', 'Paid', 'Free'] as const;
export const SIZER_REQUEST_STATUSES = ['New', 'Sent', 'Closed'] as const;
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
/** Gifting collections (DECISIONS §7): the header's occasions (and the mobile menu's Wedding) and recipients. */
export const GIFT_OCCASIONS = ['Birthday', 'Wedding', 'Anniversary', 'Self', 'Personalized'] as const;
export const GIFT_RECIPIENTS = ['Kids', 'Sister', 'Wife', 'Mom', 'Friends'] as const;
/** Longest review title and text a shopper may write. */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 4000;

/** Text search configuration of products.search_vector; queries must use the same one. */
export const PRODUCT_SEARCH_CONFIG = 'english';

// ---------------------------------------------------------------------------------------------
// Column helpers

const paise = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const tsz = (name: string) => timestamp(name, { withTimezone: true });

/** CHECK that every element of a text[] column is one of the values. */
function allOf(name: string, column: string, values: readonly string[]): ReturnType<typeof check> {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql.raw(`"${column}" <@ ARRAY[${list}]::text[]`));
}

/**
 * CHECK (column IN (...)). Written as raw SQL with the bare column name: drizzle would otherwise
 * qualify the column with its table, which reads oddly in the generated migrations.
 */
function oneOf(name: string, column: string, values: readonly (string | number)[], nullable = false): ReturnType<typeof check> {
  const list = values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(', ');
  const condition = `"${column}" IN (${list})`;
  return check(name, sql.raw(nullable ? `"${column}" IS NULL OR ${condition}` : condition));
}

function raw(condition: string): SQL {
  return sql.raw(condition);
}

const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

// ---------------------------------------------------------------------------------------------
// Store settings: one typed row (id = 1), so every text that states the return window, the
// shipping fee or the help line reads the same value (DECISIONS §4).

export const storeSettings = pgTable(
  'store_settings',
  {
    id: smallint('id').primaryKey().default(1),
    storeName: text('store_name').notNull(),
    helpLine: text('help_line').notNull(),
    emailPrimary: text('email_primary').notNull(),
    emailSecondary: text('email_secondary').notNull(),
    officeAddress: text('office_address').notNull(),
    returnWindowDays: integer('return_window_days').notNull().default(15),
    shippingFeePaise: paise('shipping_fee_paise').notNull().default(299),
    deliveryDays: integer('delivery_days').notNull().default(15),
    gstPercent: numeric('gst_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(3),
    /**
     * BIS hallmarking and HUID fee per hallmarked piece, part of the making charges of the price; the tax
     * invoice states it on its own line, as BIS asks.
     */
    hallmarkingChargePaise: paise('hallmarking_charge_paise').notNull().default(4500),
    cadAdvancePercent: integer('cad_advance_percent').notNull().default(30),
    /** Seller identity printed on invoices; the state decides CGST+SGST or IGST. */
    sellerLegalName: text('seller_legal_name').notNull(),
    sellerGstin: text('seller_gstin').notNull(),
    sellerState: text('seller_state').notNull(),
    sellerStateCode: text('seller_state_code').notNull(),
    invoicePrefix: text('invoice_prefix').notNull().default('MIL'),
    /** Pay on delivery only for orders below this (DECISIONS §8); never 2 lakh or more (s.269ST). */
    codLimitPaise: paise('cod_limit_paise').notNull().default(50_000_00),
    /** The back office's dashboard calls a product low on stock at or below this many pieces. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(2),
    /** When true, every staff member must sign in with an authenticator app (issue 17). */
    staffTwoFactorRequired: boolean('staff_two_factor_required').notNull().default(false),
    /** How long an order awaiting online payment holds its pieces before it lapses (issue 18). */
    paymentHoldMinutes: integer('payment_hold_minutes').notNull().default(15),
    /**
     * How far a packed piece's net metal weight may differ from the weight it was sold at, in percent, before
     * the difference is charged or refunded (issue 19). Within it, the price stands and the invoice states the
     * real weight.
     */
    weightTolerancePercent: numeric('weight_tolerance_percent', { precision: 4, scale: 2, mode: 'number' }).notNull().default(2),
    /** Issue 35: a packed piece weighed further than this from the weight sold waits for the accounts desk's approval. */
    packingTolerancePercent: numeric('packing_tolerance_percent', { precision: 4, scale: 2, mode: 'number' }).notNull().default(5),
    /**
     * Lifetime exchange and buy-back (issue 20): a piece's metal at today's rate times these percentages; its
     * diamonds at today's diamond rate times their own; making, coloured stones and GST are never given back.
     */
    exchangePercent: integer('exchange_percent').notNull().default(100),
    buybackPercent: integer('buyback_percent').notNull().default(95),
    diamondExchangePercent: integer('diamond_exchange_percent').notNull().default(90),
    diamondBuybackPercent: integer('diamond_buyback_percent').notNull().default(75),
    /** Old gold bought from elsewhere: the trade-in estimate is its fine metal at today's rate times this percentage. */
    tradeInPercent: integer('trade_in_percent').notNull().default(95),
    /** How many visits or video calls one store (or the video desk) takes in one slot. */
    appointmentSlotCapacity: integer('appointment_slot_capacity').notNull().default(2),
    /** Issue 37: the nightly backups in the S3 bucket older than this many days are deleted (lib/backup.ts backupToBucket). */
    backupRetentionDays: integer('backup_retention_days').notNull().default(14),
    /**
     * Issue 38: the jeweller's BIS registration number (HM/C- and ten digits, as on the certificate of registration),
     * shown in the footer, beside a piece's hallmark and on the tax invoice. Empty until the owner sets it: nothing
     * is printed then.
     */
    bisRegistration: text('bis_registration').notNull().default(''),
    /** Issue 42: a rate lock's advance, as a percent of the locked metal's value at the locked rate. */
    rateLockAdvancePercent: integer('rate_lock_advance_percent').notNull().default(10),
    /** Issue 42: the periods a rate lock may be taken for, in days, shortest first. */
    rateLockPeriodsDays: integer('rate_lock_periods_days')
      .array()
      .notNull()
      .default(sql`'{30,90,180}'::integer[]`),
    /** Issue 42: the most metal one rate lock may cover, in milligrams. */
    rateLockMaxMg: integer('rate_lock_max_mg').notNull().default(50_000),
    /** Issue 42: the unused part of an advance at a lock's end is refunded through the gateway, or kept by the store. */
    rateLockUnusedAdvance: text('rate_lock_unused_advance', { enum: RATE_LOCK_UNUSED_ADVANCE }).notNull().default('refund'),
    /** Issue 42, the assay desk: the melting loss taken off old gold's fine metal, per mille (20 = 2 %). */
    metalMeltingLossPerMille: integer('metal_melting_loss_per_mille').notNull().default(20),
    /** Issue 42: the most old gold (gross) one assay may record, in milligrams. */
    metalAssayMaxMg: integer('metal_assay_max_mg').notNull().default(1_000_000),
    updatedAt: updatedAt(),
  },
  () => [
    check('store_settings_single_row', raw('"id" = 1')),
    check('store_settings_cod_limit_check', raw('"cod_limit_paise" >= 0 AND "cod_limit_paise" < 20000000')),
    check('store_settings_low_stock_check', raw('"low_stock_threshold" >= 0')),
    check('store_settings_payment_hold_check', raw('"payment_hold_minutes" BETWEEN 5 AND 1440')),
    check('store_settings_weight_tolerance_check', raw('"weight_tolerance_percent" >= 0 AND "weight_tolerance_percent" <= 10')),
    check(
      'store_settings_after_sales_check',
      raw(
        '"exchange_percent" BETWEEN 0 AND 100 AND "buyback_percent" BETWEEN 0 AND 100 AND "diamond_exchange_percent" BETWEEN 0 AND 100 AND "diamond_buyback_percent" BETWEEN 0 AND 100 AND "trade_in_percent" BETWEEN 0 AND 100',
      ),
    ),
    check('store_settings_slot_capacity_check', raw('"appointment_slot_capacity" BETWEEN 1 AND 50')),
    check('store_settings_backup_retention_check', raw('"backup_retention_days" BETWEEN 1 AND 365')),
    check('store_settings_rate_lock_check', raw('"rate_lock_advance_percent" BETWEEN 1 AND 100 AND "rate_lock_max_mg" BETWEEN 1000 AND 10000000')),
    oneOf('store_settings_rate_lock_unused_check', 'rate_lock_unused_advance', RATE_LOCK_UNUSED_ADVANCE),
    check('store_settings_metal_account_check', raw('"metal_melting_loss_per_mille" BETWEEN 0 AND 200 AND "metal_assay_max_mg" BETWEEN 1000 AND 10000000')),
    check('store_settings_bis_registration_check', raw(`"bis_registration" = '' OR "bis_registration" ~ '^HM/C-[0-9]{10}$'`)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Catalogue vocabulary

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    /** What screens show: 'Rings'. */
    name: text('name').notNull(),
    /** What queries say: 'Fingerring' for Rings (spec §9), otherwise the name. */
    queryName: text('query_name').notNull(),
    slug: text('slug').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Tile picture on the home page. */
    image: text('image'),
  },
  (t) => [
    uniqueIndex('categories_name_key').on(t.name),
    uniqueIndex('categories_query_name_key').on(t.queryName),
    uniqueIndex('categories_slug_key').on(t.slug),
  ],
);

/** Styles per category, shown under 'Shop by Style' in the mega-menu (e.g. Rings: Solitaire). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('tags_category_name_key').on(t.categoryId, t.name), index('tags_name_idx').on(t.name)],
);

export const otherStones = pgTable(
  'other_stones',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('other_stones_name_key').on(t.name), uniqueIndex('other_stones_slug_key').on(t.slug)],
);

// ---------------------------------------------------------------------------------------------
// Daily rates (DECISIONS §6). The rate of a day is the newest row on or before that day.

export const metalRates = pgTable(
  'metal_rates',
  {
    id: serial('id').primaryKey(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    metal: text('metal', { enum: METALS }).notNull(),
    /** Karat for gold (14/18/22/24); 950 for platinum; 925 for silver. */
    purity: integer('purity').notNull(),
    ratePaisePerGram: paise('rate_paise_per_gram').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('metal_rates_date_metal_purity_key').on(t.rateDate, t.metal, t.purity),
    oneOf('metal_rates_metal_check', 'metal', METALS),
    check(
      'metal_rates_purity_check',
      raw(`("metal" = 'gold' AND "purity" IN (14, 18, 22, 24)) OR ("metal" = 'platinum' AND "purity" = 950) OR ("metal" = 'silver' AND "purity" = 925)`),
    ),
    check('metal_rates_rate_check', raw('"rate_paise_per_gram" > 0')),
  ],
);

/** Price of one carat of diamond per quality grade, per day. */
export const diamondRates = pgTable(
  'diamond_rates',
  {
    id: serial('id').primaryKey(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    quality: text('quality', { enum: DIAMOND_QUALITIES }).notNull(),
    ratePaisePerCarat: paise('rate_paise_per_carat').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('diamond_rates_date_quality_key').on(t.rateDate, t.quality),
    oneOf('diamond_rates_quality_check', 'quality', DIAMOND_QUALITIES),
    check('diamond_rates_rate_check', raw('"rate_paise_per_carat" > 0')),
  ],
);

export const RATE_ALERT_DIRECTIONS = ['below', 'above'] as const;
/** pending: a guest's alert waiting for its e-mail to be confirmed; live: watched; sent: told once and ended; stopped. */
export const RATE_ALERT_STATUSES = ['pending', 'live', 'sent', 'stopped'] as const;

/**
 * Issue 42: "tell me when 22 kt gold goes below ₹6,500 a gram". Written by the rate-alerts module; fired once, in the
 * transaction that sets the rate crossing it. The token (its SHA-256 here) confirms a guest's alert and stops any.
 */
export const rateAlerts = pgTable(
  'rate_alerts',
  {
    id: serial('id').primaryKey(),
    metal: text('metal', { enum: METALS }).notNull(),
    purity: integer('purity').notNull(),
    direction: text('direction', { enum: RATE_ALERT_DIRECTIONS }).notNull(),
    levelPaisePerGram: paise('level_paise_per_gram').notNull(),
    /** Issue 42 (decision 062): how it tells: 'email' to `email`, or 'sms' / 'whatsapp' to `phone`. */
    channel: text('channel', { enum: RATE_ALERT_CHANNELS }).notNull().default('email'),
    email: text('email'),
    /** E.164: the account's verified number when the alert was set (an alert by phone is always an account's). */
    phone: text('phone'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** Whose allowance of live alerts this counts against: 'customer:12' or 'mailbox:asha@example.com'. */
    personKey: text('person_key').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: RATE_ALERT_STATUSES }).notNull(),
    /** The rate in force when the alert was asked for, which was on the other side of the level. */
    rateAtRequestPaise: paise('rate_at_request_paise').notNull(),
    createdAt: createdAt(),
    confirmedAt: tsz('confirmed_at'),
    firedAt: tsz('fired_at'),
    firedRatePaise: paise('fired_rate_paise'),
    stoppedAt: tsz('stopped_at'),
  },
  (t) => [
    uniqueIndex('rate_alerts_token_hash_key').on(t.tokenHash),
    index('rate_alerts_watch_idx').on(t.metal, t.purity, t.status),
    index('rate_alerts_person_idx').on(t.personKey, t.status),
    index('rate_alerts_customer_idx').on(t.customerId),
    oneOf('rate_alerts_metal_check', 'metal', METALS),
    oneOf('rate_alerts_direction_check', 'direction', RATE_ALERT_DIRECTIONS),
    oneOf('rate_alerts_status_check', 'status', RATE_ALERT_STATUSES),
    check(
      'rate_alerts_purity_check',
      raw(`("metal" = 'gold' AND "purity" IN (14, 18, 22, 24)) OR ("metal" = 'platinum' AND "purity" = 950) OR ("metal" = 'silver' AND "purity" = 925)`),
    ),
    check('rate_alerts_level_check', raw('"level_paise_per_gram" > 0')),
    oneOf('rate_alerts_channel_check', 'channel', RATE_ALERT_CHANNELS),
    check(
      'rate_alerts_address_check',
      raw(`("channel" = 'email' AND "email" IS NOT NULL) OR ("channel" <> 'email' AND "phone" IS NOT NULL AND "customer_id" IS NOT NULL)`),
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Products

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** The mega-menu material a piece is listed under. */
    material: text('material', { enum: MATERIALS }).notNull(),
    /** The metal it is made of, which picks the rate. Diamond pieces are usually gold. */
    metal: text('metal', { enum: METALS }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    metalColour: text('metal_colour', { enum: METAL_COLOURS }),
    /** Default purity: karat for gold, 950 platinum, 925 silver (the metal_rates key). */
    purity: integer('purity'),
    /** Null for pieces sold at a fixed price (then fixed_price_paise is set). */
    metalWeightMg: integer('metal_weight_mg'),
    /** GST-inclusive price of a piece without a metal weight. */
    fixedPricePaise: paise('fixed_price_paise'),
    /**
     * The making charges of the default choice at list_price_date's rates, before GST: what was typed when the
     * kind is 'fixed', weight × rate for 'per_gram', a percent of the metal's value for 'percent' (rewritten with
     * the list price whenever the rates change).
     */
    makingChargePaise: paise('making_charge_paise').notNull().default(0),
    /** How the making charges are stated (MAKING_CHARGE_KINDS). */
    makingChargeKind: text('making_charge_kind', { enum: MAKING_CHARGE_KINDS }).notNull().default('fixed'),
    /** Hundredths of a percent of the metal's value ('percent': 1250 = 12.5 %), or paise per gram ('per_gram'); null for 'fixed'. */
    makingChargeRate: integer('making_charge_rate'),
    /**
     * Whether the piece carries a BIS hallmark, so each piece sold has its own HUID, recorded on the order when it is
     * packed (issue 38, contracts hallmark.ts): gold always, silver when it was hallmarked, platinum never.
     */
    hallmarked: boolean('hallmarked').notNull().default(false),
    diamondWeightCents: integer('diamond_weight_cents').notNull().default(0),
    diamondCount: integer('diamond_count').notNull().default(0),
    /** Default grade offered on the product page; null when the piece has no diamonds. */
    diamondQuality: text('diamond_quality', { enum: DIAMOND_QUALITIES }),
    /** Coloured stones, pearls, polki: a fixed value per piece. */
    stoneValuePaise: paise('stone_value_paise').notNull().default(0),
    stoneWeightCents: integer('stone_weight_cents').notNull().default(0),
    /** Listing colour filter (spec §9). */
    colour: text('colour', { enum: COLOUR_FILTERS }),
    /**
     * What the piece is made in (DECISIONS §7): the gold karats, metal colours and diamond grades the product page
     * offers and the cart accepts. Empty means only the default (purity, metal_colour, diamond_quality).
     */
    purities: integer('purities')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    metalColours: text('metal_colours')
      .array()
      .$type<(typeof METAL_COLOURS)[number][]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    diamondQualities: text('diamond_qualities')
      .array()
      .$type<(typeof DIAMOND_QUALITIES)[number][]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The size the piece is ordered in (ring size, bangle size, chain length), required then; null when it has none. */
    sizeKind: text('size_kind', { enum: SIZE_KINDS }),
    /** The sizes offered, as the shopper reads them ('12'; '2.6'; '18' inches). */
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Issue 38: the metal weight of each chain length, in the order of `sizes` (a longer chain has more metal, and
     * its price follows). Only for size_kind 'length'; empty for every other piece, which has one weight. When set,
     * its first is metal_weight_mg (the default length is the one the listing and the card price).
     */
    sizeWeightsMg: integer('size_weights_mg')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    stock: integer('stock').notNull().default(0),
    unitsSold: integer('units_sold').notNull().default(0),
    /**
     * Average of the visible reviews in tenths of a star (0 with none), so sorting never meets a float, and
     * their number. Kept by a trigger on reviews (migration 0006), never written by anything else.
     */
    ratingTenths: smallint('rating_tenths').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Lower comes first in the default (featured) sort; null = not featured. */
    featuredRank: integer('featured_rank'),
    /** URL path of the main picture (/media/art/… for demo pieces, /media/uploads/… for real photos). */
    image: text('image').notNull(),
    gender: text('gender', { enum: GENDERS }),
    /** What the piece is worn for, a search word: 'Wedding', 'Anniversary', 'Birthday', 'Daily', 'Festive', 'Office'. */
    occasion: text('occasion'),
    /** The gifting collections it is in (GIFT_OCCASIONS, GIFT_RECIPIENTS): the header's gifting links list these. */
    giftOccasions: text('gift_occasions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    giftRecipients: text('gift_recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The GST-inclusive price at list_price_date's rates, default purity and quality. Listings sort
     * and filter on it; the pricing package recomputes it whenever rates change.
     */
    listPricePaise: paise('list_price_paise').notNull(),
    listPriceDate: date('list_price_date', { mode: 'string' }).notNull(),
    /**
     * Issue 38: what the best sale running today takes off the list price (0 when none), as the product card works it
     * out (pricing's saleCutPaise, at the store's GST rate). Written with the list price (the catalogue service's
     * reprice), when a piece joins or leaves a sale, and by the `catalog.sales` job at each Indian day's start and at
     * server start, since sales begin and end by date.
     */
    saleDiscountPaise: paise('sale_discount_paise').notNull().default(0),
    /** The price the shopper sees today: what listings filter, sort and count price bands by (decision 047). */
    priceNowPaise: paise('price_now_paise').notNull().generatedAlwaysAs(raw('"list_price_paise" - "sale_discount_paise"')),
    /** Hidden from the storefront when false (kept for old orders). */
    active: boolean('active').notNull().default(true),
    /** Issue 38: where the piece was made (Consumer Protection (E-Commerce) Rules 2020, rule 6(5)): a country's English name. */
    countryOfOrigin: text('country_of_origin').notNull().default('India'),
    /** Issue 40: frames of the piece's 360° turn (0: none). The demo drawings turn in ART_SPIN_FRAMES frames. */
    spinFrames: integer('spin_frames').notNull().default(0),
    /**
     * Extra words the search should find the piece by: category, tags, stones, colours, occasion.
     * Denormalised because a generated column cannot read other tables; whoever changes a product's
     * tags or stones rewrites it (see productSearchText in seed/catalog.ts).
     */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        raw(
          `setweight(to_tsvector('${PRODUCT_SEARCH_CONFIG}'::regconfig, coalesce("name", '') || ' ' || coalesce("sku", '')), 'A') || ` +
            `setweight(to_tsvector('${PRODUCT_SEARCH_CONFIG}'::regconfig, coalesce("material", '') || ' ' || coalesce("search_text", '')), 'B') || ` +
            `setweight(to_tsvector('${PRODUCT_SEARCH_CONFIG}'::regconfig, coalesce("description", '')), 'C')`,
        ),
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_material_idx').on(t.material),
    index('products_category_idx').on(t.categoryId),
    index('products_material_category_price_idx').on(t.material, t.categoryId, t.priceNowPaise),
    /** The shop's price order and range (the price shown); the back office's products list sorts by list price. */
    index('products_price_now_idx').on(t.priceNowPaise),
    index('products_list_price_idx').on(t.listPricePaise),
    index('products_created_at_idx').on(t.createdAt),
    index('products_units_sold_idx').on(t.unitsSold),
    index('products_rating_idx').on(t.ratingTenths),
    index('products_colour_idx').on(t.colour),
    index('products_metal_colour_idx').on(t.metalColour),
    index('products_gift_occasions_idx').using('gin', t.giftOccasions),
    index('products_gift_recipients_idx').using('gin', t.giftRecipients),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Scale (docs/scale.md, decision 018): what keeps the listing within 50 ms at 100,000 products.
    // Active first and as a column rather than a partial-index predicate, so a prepared (generic) plan with
    // `active = $1` can use them too.
    /** The default (featured) order of the listing: sold-out last, the shop's picks, then best sellers. */
    index('products_active_featured_idx').on(t.active, raw('("stock" = 0)'), t.featuredRank.asc().nullsLast(), t.unitsSold.desc().nullsFirst(), t.id),
    /** The 'rating' order: best rated, then most reviewed (ties among the many five-star pieces would need a sort). */
    index('products_active_rating_idx').on(t.active, t.ratingTenths.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id),
    /** Small enough that counting the active catalogue is an index-only scan. */
    index('products_active_idx').on(t.active),
    /** The search's exact-SKU branch, so it can join the full-text index in a bitmap OR. */
    index('products_upper_sku_idx').on(raw('upper("sku")')),
    /** The Diamond menu: the Diamond range and any piece set with diamonds (the repository's exact condition). */
    index('products_diamond_category_price_idx').on(t.active, t.categoryId, t.priceNowPaise).where(raw(`"material" = 'Diamond' OR "diamond_weight_cents" > 0`)),
    oneOf('products_material_check', 'material', MATERIALS),
    oneOf('products_metal_check', 'metal', METALS),
    oneOf('products_metal_colour_check', 'metal_colour', METAL_COLOURS, true),
    oneOf('products_colour_check', 'colour', COLOUR_FILTERS, true),
    oneOf('products_diamond_quality_check', 'diamond_quality', DIAMOND_QUALITIES, true),
    oneOf('products_gender_check', 'gender', GENDERS, true),
    oneOf('products_size_kind_check', 'size_kind', SIZE_KINDS, true),
    oneOf('products_making_charge_kind_check', 'making_charge_kind', MAKING_CHARGE_KINDS),
    check(
      'products_making_charge_rate_check',
      raw(`("making_charge_kind" = 'fixed') = ("making_charge_rate" IS NULL) AND ("making_charge_rate" IS NULL OR "making_charge_rate" > 0)`),
    ),
    check('products_sizes_check', raw(`("size_kind" IS NULL) = (cardinality("sizes") = 0)`)),
    check(
      'products_offered_check',
      raw(
        `"purities" <@ ARRAY[14, 18, 22, 24] AND "metal_colours" <@ ARRAY[${METAL_COLOURS.map((c) => `'${c}'`).join(', ')}]::text[] AND "diamond_qualities" <@ ARRAY[${DIAMOND_QUALITIES.map((q) => `'${q}'`).join(', ')}]::text[]`,
      ),
    ),
    allOf('products_gift_occasions_check', 'gift_occasions', GIFT_OCCASIONS),
    allOf('products_gift_recipients_check', 'gift_recipients', GIFT_RECIPIENTS),
    check('products_priced_check', raw('"metal_weight_mg" IS NOT NULL OR "fixed_price_paise" IS NOT NULL')),
    check('products_country_of_origin_check', raw(`char_length("country_of_origin") BETWEEN 2 AND 80`)),
    check('products_spin_frames_check', raw('"spin_frames" BETWEEN 0 AND 72')),
    check('products_sale_discount_check', raw('"sale_discount_paise" BETWEEN 0 AND "list_price_paise"')),
    check(
      'products_purity_check',
      raw(
        `"purity" IS NULL OR ("metal" = 'gold' AND "purity" IN (14, 18, 22, 24)) OR ("metal" = 'platinum' AND "purity" = 950) OR ("metal" = 'silver' AND "purity" = 925)`,
      ),
    ),
    check(
      'products_size_weights_check',
      raw(
        `cardinality("size_weights_mg") = 0 OR ("size_kind" = 'length' AND cardinality("size_weights_mg") = cardinality("sizes") AND 0 < ALL("size_weights_mg") AND "metal_weight_mg" = "size_weights_mg"[1])`,
      ),
    ),
    check('products_hallmarked_check', raw(`"metal" <> 'platinum' OR NOT "hallmarked"`)),
    check('products_stock_check', raw('"stock" >= 0')),
    check('products_rating_check', raw('"rating_tenths" BETWEEN 0 AND 50')),
    check(
      'products_amounts_check',
      raw(
        '"making_charge_paise" >= 0 AND "stone_value_paise" >= 0 AND "diamond_weight_cents" >= 0 AND "list_price_paise" >= 0 AND ("metal_weight_mg" IS NULL OR "metal_weight_mg" > 0)',
      ),
    ),
  ],
);

/**
 * Every word of the products' names, search words and materials (lower case, two letters or more), kept by
 * a trigger on products (migration 0004_search_words). The search plans a query against this list, a few hundred
 * words, instead of comparing it with every product: joins, splits and typo corrections (decisions 018, 026).
 * Words are never removed: one that no active product has any more only stops a typo being corrected to it.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

/**
 * The search's synonyms (decision 026): each row a group of terms that mean the same to a shopper, in any
 * script ('jhumka', 'jhumki', 'झुमका'), a term being one word or several ('nose ring'). A query term found in a
 * group also matches the group's other terms that are catalogue words. Seeded by migration 0006 with the
 * jewellery words of India; the back office can edit the rows (a change flushes the read cache, like the
 * catalogue's).
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  terms: text('terms').array().notNull(),
});

/** Extra pictures of a product, beyond products.image, in display order. */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    path: text('path').notNull(),
    thumbPath: text('thumb_path'),
    alt: text('alt').notNull().default(''),
    width: integer('width'),
    height: integer('height'),
    /** Every stored rendition of an uploaded picture, for srcset: [{ width, format: 'avif' | 'webp', path }]. */
    variants: jsonb('variants')
      .$type<{ width: number; format: 'avif' | 'webp'; path: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What the picture shows (issue 40): 'front', 'side', 'worn' or 'closeup'; null for a photo not marked. */
    view: text('view'),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.position),
    oneOf('product_images_view_check', 'view', ['front', 'side', 'worn', 'closeup'], true),
  ],
);

/**
 * A product's short film (issue 40), uploaded in the back office: one per product, MP4 or WebM as its container
 * header says, kept as sent (checked, not transcoded: decision 056) under /media/catalogue/, with its poster (an
 * uploaded picture's renditions, or null to show the product's first view).
 */
export const productVideos = pgTable(
  'product_videos',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** The poster's main rendition (a WebP at CATALOGUE_MAIN_WIDTH), or null: the product's first view. */
    posterPath: text('poster_path'),
    createdAt: createdAt(),
  },
  () => [oneOf('product_videos_content_type_check', 'content_type', ['video/mp4', 'video/webm']), check('product_videos_bytes_check', raw('"bytes" > 0'))],
);

/**
 * A product's 360° turn uploaded by staff (issue 40, decision 066): one row per product naming its frames in order
 * (each frame's 640 px WebP under /media/catalogue/; its other widths beside it). A new upload replaces the row in
 * one statement, so a shopper sees the old turn or the new one, never a mix. It wins over the demo drawings' turn.
 */
export const productSpins = pgTable(
  'product_spins',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    frames: jsonb('frames').$type<string[]>().notNull(),
    /** The largest rendition of a frame (the frames share an aspect). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The frames as sent, in bytes. */
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  () => [
    check('product_spins_frames_check', raw('jsonb_array_length("frames") BETWEEN 8 AND 72')),
    check('product_spins_size_check', raw('"width" > 0 AND "height" > 0 AND "bytes" > 0')),
  ],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

export const productStones = pgTable(
  'product_stones',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    otherStoneId: integer('other_stone_id')
      .notNull()
      .references(() => otherStones.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.otherStoneId] }), index('product_stones_stone_idx').on(t.otherStoneId)],
);

// ---------------------------------------------------------------------------------------------
// Sales (DECISIONS §7: '50 % Discount' is a percentage off the making charges, between two dates)

export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    /** Shown beside the offer and on the invoice: 'Jewel On Sale'. */
    name: text('name').notNull(),
    /** Percent off the making charges of the pieces on sale (jewellers discount making, not metal). */
    makingDiscountPercent: smallint('making_discount_percent').notNull(),
    /** First and last Indian calendar day of the offer, both included. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sales_dates_idx').on(t.startsOn, t.endsOn),
    check('sales_percent_check', raw('"making_discount_percent" BETWEEN 1 AND 100')),
    check('sales_dates_check', raw('"ends_on" >= "starts_on"')),
  ],
);

export const saleProducts = pgTable(
  'sale_products',
  {
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.saleId, t.productId] }), index('sale_products_product_idx').on(t.productId, t.saleId)],
);

// ---------------------------------------------------------------------------------------------
// Accounts

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Stored lower-cased so that one address is one account whatever its spelling. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    mobile: text('mobile'),
    /**
     * The mobile number the customer signs in with (issue 41, decision 058), in E.164 (`+919876543210`), set only once
     * a code sent to it was entered: one number belongs to one account. `mobile` stays the contact number as typed.
     */
    phone: text('phone'),
    phoneVerifiedAt: tsz('phone_verified_at'),
    role: text('role', { enum: CUSTOMER_ROLES }).notNull().default('customer'),
    /**
     * Set when the customer's personal data was erased (issue 38, decision 044): the names, e-mail, username, mobile
     * and password were replaced, so the account can never be logged in to; what the tax laws keep stays with it.
     */
    erasedAt: tsz('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('customers_email_key').on(t.email),
    check('customers_email_lower_check', raw('"email" = lower("email")')),
    oneOf('customers_role_check', 'role', CUSTOMER_ROLES),
    /** Issue 39: the back office's search finds a customer by the mobile as pasted, normalised to its last ten digits. */
    index('customers_mobile_digits_idx').on(raw(`right(regexp_replace("mobile", '\\D', '', 'g'), 10)`)),
    uniqueIndex('customers_phone_key').on(t.phone),
    check('customers_phone_e164_check', raw(`"phone" ~ '^\\+[1-9][0-9]{6,14}$'`)),
  ],
);

/** Only the hash of the cookie's token is kept, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: tsz('expires_at').notNull(),
    createdAt: createdAt(),
    lastSeenAt: tsz('last_seen_at'),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Forgot password: a 4-digit code (10-minute life, 5 tries), then a one-off token for /reset-password. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: tsz('expires_at').notNull(),
    triesLeft: integer('tries_left').notNull().default(5),
    /** Set once the code was checked; the reset screen then presents this token. */
    verifiedTokenHash: text('verified_token_hash'),
    verifiedAt: tsz('verified_at'),
    usedAt: tsz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('password_resets_verified_token_key').on(t.verifiedTokenHash),
    check('password_resets_tries_check', raw('"tries_left" >= 0')),
  ],
);

/**
 * A one-time code sent by SMS or WhatsApp to a mobile number (issue 41, decision 058): to sign in or sign up with it
 * (`sign_in`, no customer yet), or to add it to a signed-in customer's account (`add_phone`, that customer's id). Only
 * the code's hash is kept; a code lives ten minutes, allows a few tries and is used once.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    /** E.164, as `customers.phone`. */
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: PHONE_CODE_PURPOSES }).notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: PHONE_CHANNELS }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: tsz('expires_at').notNull(),
    triesLeft: integer('tries_left').notNull(),
    usedAt: tsz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_codes_phone_idx').on(t.phone, t.purpose, t.createdAt),
    index('phone_codes_customer_idx').on(t.customerId),
    check('phone_codes_tries_check', raw('"tries_left" >= 0')),
    oneOf('phone_codes_purpose_check', 'purpose', PHONE_CODE_PURPOSES),
    oneOf('phone_codes_channel_check', 'channel', PHONE_CHANNELS),
  ],
);

/**
 * A change of a customer's e-mail, kept so the old address can undo it: the mail to the old address
 * carries a single-use token (only its hash is kept) that puts the old address back.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    undoTokenHash: text('undo_token_hash').notNull(),
    expiresAt: tsz('expires_at').notNull(),
    undoneAt: tsz('undone_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_changes_undo_token_key').on(t.undoTokenHash), index('email_changes_customer_idx').on(t.customerId)],
);

// ---------------------------------------------------------------------------------------------
// The shopper's rights over their data (issue 38, decision 044): consents, a nominee, the desk's notes, erasure codes

/**
 * Every marketing consent given or withdrawn, one row a change, never updated nor deleted (a trigger refuses both,
 * migration 0020): a customer's consent on a channel is its latest row, and none means not given. What any marketing
 * sender asks (customers/service.ts `mayMarket`). Order messages are not here: they are always sent.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    channel: text('channel', { enum: MARKETING_CHANNELS }).notNull(),
    granted: boolean('granted').notNull(),
    /** The customer on My privacy, or the erasure of their account (which withdraws every consent). */
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    at: tsz('at').notNull().defaultNow(),
  },
  (t) => [
    index('consent_events_customer_channel_idx').on(t.customerId, t.channel, t.at.desc(), t.id.desc()),
    oneOf('consent_events_channel_check', 'channel', MARKETING_CHANNELS),
    oneOf('consent_events_source_check', 'source', CONSENT_SOURCES),
  ],
);

/** The one person a customer names to exercise their rights on their death or incapacity (DPDP Act s.14). */
export const customerNominees = pgTable(
  'customer_nominees',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship', { enum: NOMINEE_RELATIONSHIPS }).notNull(),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    oneOf('customer_nominees_relationship_check', 'relationship', NOMINEE_RELATIONSHIPS),
    check('customer_nominees_contact_check', raw('"email" IS NOT NULL OR "phone" IS NOT NULL')),
  ],
);

/** The customer desk's notes about a customer, with who wrote them (gone when the customer's data is erased). */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    /** The member's e-mail at the time, as the audit log keeps it. */
    staffEmail: text('staff_email').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_notes_customer_idx').on(t.customerId, t.createdAt),
    check('customer_notes_text_check', raw('char_length("text") BETWEEN 1 AND 2000')),
  ],
);

/** A code mailed to confirm an erasure (for an account confirmed without its password): hashed, short-lived, a few tries. */
export const erasureCodes = pgTable(
  'erasure_codes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: tsz('expires_at').notNull(),
    triesLeft: integer('tries_left').notNull(),
    usedAt: tsz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('erasure_codes_customer_idx').on(t.customerId, t.createdAt), check('erasure_codes_tries_check', raw('"tries_left" >= 0'))],
);

// ---------------------------------------------------------------------------------------------
// Reviews (DECISIONS §7): the stars and counts shoppers see are these, never made up

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** Hidden by staff: kept, but neither shown nor counted. */
    hidden: boolean('hidden').notNull().default(false),
    /** Who hid it, when and why (the review desk; cleared when restored). */
    hiddenBy: integer('hidden_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    hiddenAt: tsz('hidden_at'),
    hiddenReason: text('hidden_reason'),
    /**
     * The delivered order line that makes its writer a verified buyer (issue 20); null for reviews written before
     * buyers alone could review. One review per product bought; the buyer may edit it.
     */
    orderLineId: integer('order_line_id').references((): AnyPgColumn => orderLines.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    editedAt: tsz('edited_at'),
  },
  (t) => [
    uniqueIndex('reviews_product_customer_key').on(t.productId, t.customerId),
    /** A product page's reviews, newest first, and their count. */
    index('reviews_product_visible_idx').on(t.productId, t.createdAt, t.id).where(raw('NOT "hidden"')),
    index('reviews_customer_idx').on(t.customerId),
    check('reviews_rating_check', raw('"rating" BETWEEN 1 AND 5')),
    check('reviews_title_check', raw(`char_length("title") BETWEEN 1 AND ${REVIEW_TITLE_MAX}`)),
    check('reviews_text_check', raw(`char_length("text") BETWEEN 1 AND ${REVIEW_TEXT_MAX}`)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Cart and wish list (guests keep theirs in cookies; these are for logged-in customers)

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_customer_key').on(t.customerId)],
);

/** Choices a shopper made on the product page, completed with the piece's defaults by the server. */
export interface CartLineOptions {
  purity?: number;
  /** The size as offered ('12', '2.6', '18'); sizeKind says which kind. */
  size?: string;
  sizeKind?: (typeof SIZE_KINDS)[number];
  colour?: (typeof METAL_COLOURS)[number];
  diamondQuality?: (typeof DIAMOND_QUALITIES)[number];
}

export const cartLines = pgTable(
  'cart_lines',
  {
    /** The spec's cartId. */
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    options: jsonb('options').$type<CartLineOptions>().notNull().default({}),
    /**
     * Canonical text of options (keys sorted, e.g. 'colour=Rose Gold;purity=18;size=12'), so the same
     * product with the same choices is one line; see cartOptionsKey.
     */
    optionsKey: text('options_key').notNull().default(''),
    /** Price frozen when the line was added (DECISIONS §6), with the rate that made it. */
    unitPricePaise: paise('unit_price_paise').notNull(),
    ratePaisePerGram: paise('rate_paise_per_gram'),
    rateDate: date('rate_date', { mode: 'string' }),
    /** The sale that applied when the line was added, and what it took off one piece (GST included). */
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    saleDiscountPaise: paise('sale_discount_paise').notNull().default(0),
    addedAt: tsz('added_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_cart_product_options_key').on(t.cartId, t.productId, t.optionsKey),
    index('cart_lines_product_idx').on(t.productId),
    check('cart_lines_quantity_check', raw('"quantity" > 0')),
    check('cart_lines_price_check', raw('"unit_price_paise" >= 0')),
    check('cart_lines_sale_discount_check', raw('"sale_discount_paise" >= 0')),
  ],
);

/** One canonical key for a set of options: the same choices always give the same text. */
export function cartOptionsKey(options: CartLineOptions): string {
  return Object.entries(options)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(';');
}

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: tsz('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
);

// ---------------------------------------------------------------------------------------------
// Coupons

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; shoppers may type it in any case. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** Percent (1-100) for 'percent'; paise for 'fixed'. */
    value: integer('value').notNull(),
    /** Ceiling of a percentage discount; null = none. */
    maxDiscountPaise: paise('max_discount_paise'),
    minOrderPaise: paise('min_order_paise').notNull().default(0),
    startsAt: tsz('starts_at').notNull().defaultNow(),
    endsAt: tsz('ends_at'),
    /** Redemptions in all; null = unlimited. */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    oneOf('coupons_kind_check', 'kind', COUPON_KINDS),
    check('coupons_code_upper_check', raw('"code" = upper("code")')),
    check('coupons_value_check', raw(`"value" > 0 AND ("kind" <> 'percent' OR "value" <= 100)`)),
    check('coupons_dates_check', raw('"ends_at" IS NULL OR "ends_at" > "starts_at"')),
  ],
);

/**
 * The home page's offers strip (issue 40, decision 063): up to OFFER_STRIP_MAX messages staff write, shown in
 * `position` order while on and within their dates. One that advertises a coupon shows only while that coupon is
 * live (on, in its dates, uses left), so the strip never claims an offer checkout would refuse; deleting the coupon
 * deletes the messages that advertise it.
 */
export const offerStrip = pgTable(
  'offer_strip',
  {
    id: serial('id').primaryKey(),
    text: text('text').notNull(),
    /** An internal path ('/alljewellery?...'), or null for none. */
    linkPath: text('link_path'),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'cascade' }),
    startsAt: tsz('starts_at').notNull().defaultNow(),
    endsAt: tsz('ends_at'),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offer_strip_coupon_idx').on(t.couponId),
    check('offer_strip_text_check', raw('length("text") BETWEEN 1 AND 160')),
    check('offer_strip_link_check', raw(`"link_path" IS NULL OR ("link_path" LIKE '/%' AND "link_path" NOT LIKE '//%')`)),
    check('offer_strip_dates_check', raw('"ends_at" IS NULL OR "ends_at" > "starts_at"')),
  ],
);

// ---------------------------------------------------------------------------------------------
// Orders

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** Shown to the customer and printed as the invoice number, e.g. 'MIL-2026-000123'. */
    orderNumber: text('order_number').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('Placed'),
    /** Set when the order carries a custom-made piece (the custom orders list). */
    customDesignRequestId: integer('custom_design_request_id').references(() => customDesignRequests.id, { onDelete: 'set null' }),
    subtotalPaise: paise('subtotal_paise').notNull(),
    discountPaise: paise('discount_paise').notNull().default(0),
    shippingPaise: paise('shipping_paise').notNull().default(0),
    /** GST contained in the total (prices are GST-inclusive). */
    taxPaise: paise('tax_paise').notNull().default(0),
    /** Harvest plan balance spent on this order. */
    harvestCreditPaise: paise('harvest_credit_paise').notNull().default(0),
    /** Store credit spent on this order (issue 20), given back when the order is reversed. */
    storeCreditPaise: paise('store_credit_paise').notNull().default(0),
    totalPaise: paise('total_paise').notNull(),
    couponCode: text('coupon_code'),
    /** A retried Place Order with the same key returns the first order instead of a second one. */
    idempotencyKey: text('idempotency_key'),
    companyName: text('company_name'),
    companyEmail: text('company_email'),
    companyGstin: text('company_gstin'),
    /** 'online' (through the gateway, before the order is Placed) or 'cod' (pay on delivery, confirmed by staff). */
    paymentMethod: text('payment_method', { enum: ORDER_PAYMENT_METHODS }).notNull().default('online'),
    /** An order awaiting online payment holds its pieces until then; it lapses after (issue 18). */
    payBy: tsz('pay_by'),
    /** The buyer's PAN, asked for orders of Rs. 2 lakh or more (Rule 114B) and printed on the invoice. */
    pan: text('pan'),
    /** A made-to-order piece's advance, paid on its CAD design before this order existed: shown against the total. */
    advancePaise: paise('advance_paise').notNull().default(0),
    /** Issue 42: the part of rate locks' advances this order used, paid before it through the gateway: shown against the total. */
    rateLockAdvancePaise: paise('rate_lock_advance_paise').notNull().default(0),
    /** Issue 42: fine gold from the shopper's metal account that paid for the pieces' metal, and what it settled of the total. */
    metalAccountMg: integer('metal_account_mg').notNull().default(0),
    metalAccountPaise: paise('metal_account_paise').notNull().default(0),
    /** Dispatch (Out for Delivery): the courier, its air waybill number and the tracking page. */
    courierName: text('courier_name'),
    awbNumber: text('awb_number'),
    trackingUrl: text('tracking_url'),
    dispatchedAt: tsz('dispatched_at'),
    deliveredAt: tsz('delivered_at'),
    /** The tax invoice is issued at dispatch, from the packed pieces' real weights. */
    invoicedAt: tsz('invoiced_at'),
    /**
     * Issue 39: the invoice's own number, taken at dispatch from the invoice series of its financial year
     * (document_series: 'MIL/2627/000001', at most 16 characters under rule 46(b)); older invoices keep the number
     * they were issued with (the order number).
     */
    invoiceNumber: text('invoice_number'),
    placedAt: tsz('placed_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    uniqueIndex('orders_invoice_number_key').on(t.invoiceNumber),
    index('orders_awaiting_payment_idx')
      .on(t.payBy)
      .where(sql`${t.status} = 'Awaiting payment'`),
    oneOf('orders_payment_method_check', 'payment_method', ORDER_PAYMENT_METHODS),
    check('orders_pan_check', raw(`"pan" IS NULL OR "pan" ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'`)),
    uniqueIndex('orders_customer_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('orders_customer_placed_idx').on(t.customerId, t.placedAt),
    /** Issue 38: a buyer's pay-on-delivery orders of one Indian day, added up for the cash limit of s.269ST. */
    index('orders_cod_placed_idx')
      .on(t.placedAt)
      .where(sql`${t.paymentMethod} = 'cod'`),
    index('orders_status_idx').on(t.status),
    oneOf('orders_status_check', 'status', ORDER_STATUSES),
    /** Issue 39: the back office's search by an AWB as a courier reads it out (any case) and the desk's date range. */
    index('orders_awb_upper_idx').on(raw('upper("awb_number")')),
    index('orders_placed_idx').on(t.placedAt),
    check(
      'orders_amounts_check',
      raw(
        '"subtotal_paise" >= 0 AND "discount_paise" >= 0 AND "shipping_paise" >= 0 AND "tax_paise" >= 0 AND "harvest_credit_paise" >= 0 AND "store_credit_paise" >= 0 AND "total_paise" >= 0 AND "advance_paise" >= 0 AND "rate_lock_advance_paise" >= 0',
      ),
    ),
  ],
);

/** A snapshot of what was bought: later catalogue edits never change a placed order or its invoice. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    image: text('image').notNull(),
    categoryName: text('category_name'),
    options: jsonb('options').$type<CartLineOptions>().notNull().default({}),
    unitPricePaise: paise('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaise: paise('line_total_paise').notNull(),
    metalWeightMg: integer('metal_weight_mg'),
    purity: integer('purity'),
    /** The rest of the shopper's choices as sold (also in options), for the invoice. */
    metalColour: text('metal_colour', { enum: METAL_COLOURS }),
    diamondQuality: text('diamond_quality', { enum: DIAMOND_QUALITIES }),
    sizeKind: text('size_kind', { enum: SIZE_KINDS }),
    size: text('size'),
    ratePaisePerGram: paise('rate_paise_per_gram'),
    rateDate: date('rate_date', { mode: 'string' }),
    /**
     * Issue 39: how the making was charged, as sold: a percent of the metal's value (hundredths of a percent) or
     * paise per gram of metal; both null for making per piece (and on orders placed before). A weight difference at
     * packing moves the making with the metal by these.
     */
    makingPercentHundredths: integer('making_percent_hundredths'),
    makingPaisePerGram: paise('making_paise_per_gram'),
    /**
     * Issue 42: the metal of one piece priced under a rate lock: how many mg, at what rate (the lower of the lock's and
     * the day's, which is rate_paise_per_gram). Both null when no lock was used.
     */
    lockedWeightMg: integer('locked_weight_mg'),
    lockedRatePaisePerGram: paise('locked_rate_paise_per_gram'),
    /** Price breakup as charged (metal, making, stones, diamonds, GST), for the invoice. */
    priceBreakup: jsonb('price_breakup').$type<Record<string, number>>(),
    /**
     * The sale the piece was bought on: its name and percent off the making, and what it took off one piece
     * (GST included). The price before the sale is unit_price_paise + sale_discount_paise.
     */
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    saleName: text('sale_name'),
    saleMakingPercent: smallint('sale_making_percent'),
    saleDiscountPaise: paise('sale_discount_paise').notNull().default(0),
    /** gold, platinum or silver, for the purity mark on the invoice (22K916, Pt950, 925). */
    metal: text('metal'),
    /** Diamond and coloured-stone weights of one piece, in cents (the invoice states them apart from the metal). */
    diamondWeightCents: integer('diamond_weight_cents'),
    stoneWeightCents: integer('stone_weight_cents'),
    /** 7113: articles of jewellery of precious metal. */
    hsnCode: text('hsn_code').notNull().default('7113'),
    /** The HUID an order placed before issue 38 copied from its product; each piece's own HUID is on order_pieces. */
    huid: text('huid'),
    /**
     * Issue 38: the piece was sold hallmarked (contracts hallmark.ts), so each of its pieces is packed with a HUID and
     * the invoice prints it; a platinum or unhallmarked silver piece is packed with its weights only.
     */
    hallmarked: boolean('hallmarked').notNull().default(false),
    /** Issue 38: the piece's country of origin as sold, for the invoice line (null on orders placed before it was kept). */
    countryOfOrigin: text('country_of_origin'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_check', raw('"quantity" > 0')),
    check('order_lines_sale_discount_check', raw('"sale_discount_paise" >= 0')),
  ],
);

export const orderAddresses = pgTable(
  'order_addresses',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ADDRESS_KINDS }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state'),
    /** The two-digit GST state code of `state` (place of supply). */
    stateCode: text('state_code'),
    landmark: text('landmark'),
    pincode: text('pincode').notNull(),
    countryCode: text('country_code').notNull(),
    phone: text('phone').notNull(),
  },
  (t) => [
    uniqueIndex('order_addresses_order_kind_key').on(t.orderId, t.kind),
    oneOf('order_addresses_kind_check', 'kind', ADDRESS_KINDS),
    // Issue 39: the back office's search by a phone as pasted (its last ten digits), by PIN and by locality.
    index('order_addresses_phone_digits_idx').on(raw(`right(regexp_replace("phone", '\\D', '', 'g'), 10)`)),
    index('order_addresses_pincode_idx').on(t.pincode),
    index('order_addresses_locality_trgm_idx')
      .using('gin', raw(`("address" || ' ' || "city") gin_trgm_ops`))
      .where(sql`${t.kind} = 'shipping'`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    /** Staff member who made the change (the back office's staff table); null for the customer or the system. */
    changedBy: integer('changed_by').references(() => staff.id, { onDelete: 'set null' }),
    at: tsz('at').notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at), oneOf('order_status_history_status_check', 'status', ORDER_STATUSES)],
);

/**
 * Issue 39: the consecutive series of the store's tax documents, one per kind and Indian financial year (April to
 * March): the last number taken. A number is taken in the transaction that issues its document, under this row's
 * lock, so the series has no gap and no number twice (rules 46(b) and 53 of the CGST Rules).
 */
export const documentSeries = pgTable(
  'document_series',
  {
    kind: text('kind', { enum: DOCUMENT_SERIES_KINDS }).notNull(),
    /** '2627' for 1 April 2026 to 31 March 2027. */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.financialYear] }),
    oneOf('document_series_kind_check', 'kind', DOCUMENT_SERIES_KINDS),
    check('document_series_year_check', raw(`"financial_year" ~ '^[0-9]{4}$'`)),
    check('document_series_number_check', raw('"last_number" > 0')),
  ],
);

/**
 * Issue 39: a HUID names one article for ever (BIS). The first time a HUID is recorded (packing a piece, or the
 * design desk's made piece) it is bound here to its article: the SKU sold ('sku:MIL-R-0042') or the made-to-order
 * design ('design:17'). The same HUID may come back only on that article (a returned piece sold again), never on
 * another, whether or not the piece that held it was released by a return or an exchange.
 */
export const huidArticles = pgTable(
  'huid_articles',
  {
    huid: text('huid').primaryKey(),
    article: text('article').notNull(),
    /** What the article was called when its HUID was first recorded, for the message to staff. */
    articleName: text('article_name').notNull(),
    firstRecordedAt: tsz('first_recorded_at').notNull().defaultNow(),
  },
  () => [check('huid_articles_huid_check', raw(`"huid" ~ '^[A-Z0-9]{6}$'`))],
);

/**
 * Each physical piece packed for an order line (issue 19): its HUID when the line is hallmarked (one per hallmarked
 * article, never two pieces with the same one while both are sold; none for platinum or unhallmarked silver, issue 38)
 * and its real weights. A piece whose sale is undone
 * (the order cancelled before delivery, or returned) is released, and its HUID may be sold again.
 */
export const orderPieces = pgTable(
  'order_pieces',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    /** Null for a piece that is not hallmarked (platinum, unhallmarked silver: issue 38). */
    huid: text('huid'),
    netWeightMg: integer('net_weight_mg').notNull(),
    grossWeightMg: integer('gross_weight_mg').notNull(),
    recordedBy: integer('recorded_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    recordedAt: tsz('recorded_at').notNull().defaultNow(),
    releasedAt: tsz('released_at'),
    /** A diamond's grading certificate (issue 20): the lab, its number and the stored file (PDF or image). */
    certificateLab: text('certificate_lab'),
    certificateNumber: text('certificate_number'),
    certificatePath: text('certificate_path'),
    certificateType: text('certificate_type'),
  },
  (t) => [
    index('order_pieces_order_idx').on(t.orderId),
    uniqueIndex('order_pieces_huid_key')
      .on(t.huid)
      .where(sql`${t.releasedAt} IS NULL`),
    // Issue 39: the search finds a HUID on any piece, released ones too (the unique index above holds only the sold).
    index('order_pieces_huid_idx').on(t.huid),
    check('order_pieces_huid_check', raw(`"huid" IS NULL OR "huid" ~ '^[A-Z0-9]{6}$'`)),
    check('order_pieces_weight_check', raw('"net_weight_mg" > 0 AND "gross_weight_mg" >= "net_weight_mg"')),
  ],
);

/**
 * Issue 38: the Form 60 declaration a buyer without a PAN gives for an order of Rs. 2 lakh or more (Rule 114B), in
 * place of the PAN. Kept with the order for staff and the invoice. Of the Aadhaar number only its last four digits
 * are kept: the full number is checked at checkout and never stored, logged or shown.
 */
export const orderForm60 = pgTable(
  'order_form60',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The declarant's full name and address, as on the declaration. */
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** The amount of the transaction declared: the order's total. */
    amountPaise: paise('amount_paise').notNull(),
    /** The last four digits of the Aadhaar number given, or null when the declarant gave a reason instead. */
    aadhaarLast4: text('aadhaar_last4'),
    /** Why no Aadhaar number is given (none issued, or a PAN applied for: its acknowledgement). */
    noAadhaarReason: text('no_aadhaar_reason'),
    declaredAt: tsz('declared_at').notNull().defaultNow(),
  },
  () => [
    check('order_form60_aadhaar_check', raw(`"aadhaar_last4" IS NULL OR "aadhaar_last4" ~ '^[0-9]{4}$'`)),
    check('order_form60_one_of_check', raw(`("aadhaar_last4" IS NULL) <> ("no_aadhaar_reason" IS NULL)`)),
    check(
      'order_form60_lengths_check',
      raw(`char_length("name") BETWEEN 1 AND 120 AND char_length("address") BETWEEN 1 AND 300 AND char_length(coalesce("no_aadhaar_reason", '')) <= 200`),
    ),
    check('order_form60_amount_check', raw('"amount_paise" >= 0')),
  ],
);

/** A weight difference beyond the tolerance, found at packing: charged (a payment) or refunded, never silent. */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineId: integer('line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ORDER_ADJUSTMENT_KINDS }).notNull(),
    amountPaise: paise('amount_paise').notNull(),
    /**
     * Issue 39: the difference in grams (packed minus sold), and its metal and making before GST, so the invoice states
     * the weight packed and its value (0 on differences recorded before).
     */
    differenceMg: integer('difference_mg').notNull().default(0),
    metalPaise: paise('metal_paise').notNull().default(0),
    makingPaise: paise('making_paise').notNull().default(0),
    /** What the customer reads: the weights, the rate and the difference. */
    reason: text('reason').notNull(),
    status: text('status', { enum: ORDER_ADJUSTMENT_STATUSES }).notNull().default('proposed'),
    /** The piece weighed outside the packing tolerance (settings): the approver is told so first. */
    beyondTolerance: boolean('beyond_tolerance').notNull().default(false),
    createdBy: integer('created_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Who approved or rejected it (accounts), when, and why. */
    decidedBy: integer('decided_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    decidedAt: tsz('decided_at'),
    decisionNote: text('decision_note'),
    settledAt: tsz('settled_at'),
  },
  (t) => [
    index('order_adjustments_order_idx').on(t.orderId),
    oneOf('order_adjustments_kind_check', 'kind', ORDER_ADJUSTMENT_KINDS),
    oneOf('order_adjustments_status_check', 'status', ORDER_ADJUSTMENT_STATUSES),
    check('order_adjustments_amount_check', raw('"amount_paise" > 0')),
  ],
);

/** A credit note against an invoiced order that was cancelled, returned or adjusted (CGST s.34). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Printed, unique: the invoice number with a CN prefix and a serial. */
    number: text('number').notNull(),
    reason: text('reason', { enum: CREDIT_NOTE_REASONS }).notNull(),
    note: text('note'),
    /** What is credited, GST included, and the GST within it. */
    amountPaise: paise('amount_paise').notNull(),
    taxPaise: paise('tax_paise').notNull().default(0),
    createdBy: integer('created_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    /** Issue 39: rule 53 allows 16 characters; notes issued before keep their longer numbers (the check is NOT VALID). */
    check('credit_notes_number_length_check', raw('char_length("number") <= 16')),
    index('credit_notes_order_idx').on(t.orderId),
    oneOf('credit_notes_reason_check', 'reason', CREDIT_NOTE_REASONS),
    check('credit_notes_amount_check', raw('"amount_paise" > 0 AND "tax_paise" >= 0 AND "tax_paise" <= "amount_paise"')),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountPaise: paise('discount_paise').notNull(),
    redeemedAt: tsz('redeemed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_coupon_order_key').on(t.couponId, t.orderId),
    index('coupon_redemptions_coupon_customer_idx').on(t.couponId, t.customerId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Custom design service

export const customDesignRequests = pgTable(
  'custom_design_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** custMetalType */
    metalType: text('metal_type', { enum: CUSTOM_METALS }).notNull(),
    /** custGoldQuality: 14, 18 or 22 kt (gold only). */
    goldQuality: integer('gold_quality'),
    /** custMetalWeight */
    metalWeightMg: integer('metal_weight_mg'),
    /** custGoldColor (gold only). */
    goldColour: text('gold_colour', { enum: METAL_COLOURS }),
    /** custCategory */
    category: text('category').notNull(),
    /** custDiamond: the kind of diamond asked for, or null for none. */
    diamond: text('diamond'),
    /** custDiamondQuality */
    diamondQuality: text('diamond_quality'),
    /** custDiamondNo */
    diamondCount: integer('diamond_count'),
    /** custDiamondWeight */
    diamondWeightCents: integer('diamond_weight_cents'),
    /** custStone */
    stone: text('stone'),
    /** custStoneType */
    stoneType: text('stone_type'),
    /** custStoneNo */
    stoneCount: integer('stone_count'),
    /** custStoneWeight */
    stoneWeightCents: integer('stone_weight_cents'),
    /** addRemarks */
    remarks: text('remarks').notNull().default(''),
    status: text('status', { enum: CUSTOM_DESIGN_STATUSES }).notNull().default('Requested'),
    /** Why the customer rejected the last design, for the design team. */
    rejectReason: text('reject_reason'),
    /**
     * The made piece (recorded by the design desk when Making ends): its HUID, weights and the final total. The HUID
     * follows contracts hallmark.ts (issue 38): always for gold, for silver when it was hallmarked, never for platinum.
     */
    huid: text('huid'),
    netWeightMg: integer('net_weight_mg'),
    grossWeightMg: integer('gross_weight_mg'),
    /** The approved design's total, adjusted to the real weight at that day's rate when the sheet said so. */
    finalTotalPaise: paise('final_total_paise'),
    madeAt: tsz('made_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('custom_design_requests_customer_idx').on(t.customerId, t.createdAt),
    index('custom_design_requests_status_idx').on(t.status),
    index('custom_design_requests_huid_idx').on(t.huid),
    oneOf('custom_design_requests_status_check', 'status', CUSTOM_DESIGN_STATUSES),
    oneOf('custom_design_requests_metal_check', 'metal_type', CUSTOM_METALS),
    oneOf('custom_design_requests_gold_quality_check', 'gold_quality', [14, 18, 22], true),
    oneOf('custom_design_requests_gold_colour_check', 'gold_colour', METAL_COLOURS, true),
    check('custom_design_requests_huid_check', raw(`"huid" IS NULL OR "huid" ~ '^[A-Z0-9]{6}$'`)),
    check('custom_design_requests_weight_check', raw('"net_weight_mg" IS NULL OR ("net_weight_mg" > 0 AND "gross_weight_mg" >= "net_weight_mg")')),
  ],
);

/** custImgOne..custImgFour, re-encoded on upload. */
export const customDesignImages = pgTable(
  'custom_design_images',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => customDesignRequests.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    path: text('path').notNull(),
    thumbPath: text('thumb_path'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** What the picture and its thumbnail take in storage: a customer's total is bounded (issue 35). */
    bytes: integer('bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('custom_design_images_request_slot_key').on(t.requestId, t.slot),
    check('custom_design_images_slot_check', raw('"slot" BETWEEN 1 AND 4')),
  ],
);

/** A design sheet shared with the customer; a rejection leads to a new version. */
export const cadDesigns = pgTable(
  'cad_designs',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => customDesignRequests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    metal: text('metal').notNull(),
    category: text('category').notNull(),
    metalWeightMg: integer('metal_weight_mg').notNull(),
    /** Metal quality as printed, e.g. '18 kt', '950 Platinum'. */
    metalQuality: text('metal_quality').notNull(),
    colour: text('colour'),
    diamondQuality: text('diamond_quality'),
    diamondWeightCents: integer('diamond_weight_cents'),
    stone: text('stone'),
    stoneWeightCents: integer('stone_weight_cents'),
    totalAmountPaise: paise('total_amount_paise').notNull(),
    advancePercent: integer('advance_percent').notNull().default(30),
    /** The advance due on approval, rounded once when the sheet is made. */
    advancePaise: paise('advance_paise').notNull(),
    /** Rendering of the design shared by the team. */
    imagePath: text('image_path'),
    /** How the total was made (metal, making, diamonds, stones, GST), from the day's rates, as staff confirmed it. */
    priceBreakup: jsonb('price_breakup').$type<Record<string, number>>(),
    ratePaisePerGram: paise('rate_paise_per_gram'),
    rateDate: date('rate_date', { mode: 'string' }),
    /** When true, the balance follows the made piece's real weight at that day's rate. */
    adjustToWeight: boolean('adjust_to_weight').notNull().default(true),
    /** The design team's note to the customer. */
    note: text('note'),
    createdBy: integer('created_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    status: text('status', { enum: CAD_DESIGN_STATUSES }).notNull().default('Shared'),
    rejectReason: text('reject_reason'),
    sharedAt: tsz('shared_at').notNull().defaultNow(),
    decidedAt: tsz('decided_at'),
  },
  (t) => [
    uniqueIndex('cad_designs_request_version_key').on(t.requestId, t.version),
    oneOf('cad_designs_status_check', 'status', CAD_DESIGN_STATUSES),
    check('cad_designs_advance_check', raw('"advance_percent" BETWEEN 0 AND 100 AND "advance_paise" >= 0 AND "total_amount_paise" >= 0')),
  ],
);

/** A CAD sheet's renders (one to six), re-encoded on upload. */
export const cadDesignRenders = pgTable(
  'cad_design_renders',
  {
    id: serial('id').primaryKey(),
    designId: integer('design_id')
      .notNull()
      .references(() => cadDesigns.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    path: text('path').notNull(),
    thumbPath: text('thumb_path'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cad_design_renders_design_slot_key').on(t.designId, t.slot), check('cad_design_renders_slot_check', raw('"slot" BETWEEN 1 AND 6'))],
);

// ---------------------------------------------------------------------------------------------
// Milli Harvest: 10 monthly instalments, the 11th free, 50 % off the first (spec §9)

export const harvestPlans = pgTable(
  'harvest_plans',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    monthlyAmountPaise: paise('monthly_amount_paise').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: HARVEST_PLAN_STATUSES }).notNull().default('Active'),
    /** What is left to spend at checkout once matured. */
    redeemableBalancePaise: paise('redeemable_balance_paise').notNull().default(0),
    startedAt: tsz('started_at').notNull().defaultNow(),
    maturesAt: tsz('matures_at').notNull(),
    /** Closed by the accounts desk (pre-closure, or past the 365-day limit), with what was given back. */
    closedAt: tsz('closed_at'),
    closedBy: integer('closed_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    closeReason: text('close_reason'),
    refundedPaise: paise('refunded_paise').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('harvest_plans_customer_idx').on(t.customerId),
    oneOf('harvest_plans_status_check', 'status', HARVEST_PLAN_STATUSES),
    check('harvest_plans_amount_check', raw('"monthly_amount_paise" > 0 AND "redeemable_balance_paise" >= 0')),
  ],
);

/**
 * What each order took from each plan's balance, so cancelling the order gives it back to the plans it
 * came from (a plan spent to zero is Redeemed, and becomes Matured again when its balance returns).
 */
export const harvestRedemptions = pgTable(
  'harvest_redemptions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => harvestPlans.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPaise: paise('amount_paise').notNull(),
    spentAt: tsz('spent_at').notNull().defaultNow(),
    /** Set when the order was reversed and the amount went back to the plan. */
    returnedAt: tsz('returned_at'),
  },
  (t) => [
    uniqueIndex('harvest_redemptions_order_plan_key').on(t.orderId, t.planId),
    index('harvest_redemptions_customer_idx').on(t.customerId),
    check('harvest_redemptions_amount_check', raw('"amount_paise" > 0')),
  ],
);

// ---------------------------------------------------------------------------------------------
// Payments (CAD advances, harvest instalments, orders), whatever the gateway

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    cadDesignId: integer('cad_design_id').references(() => cadDesigns.id, { onDelete: 'set null' }),
    harvestPlanId: integer('harvest_plan_id').references(() => harvestPlans.id, { onDelete: 'set null' }),
    amountPaise: paise('amount_paise').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    /** 'demo' for the built-in test gateway; a provider's name otherwise. */
    gateway: text('gateway').notNull(),
    /** The gateway's order (Razorpay's order_…) the customer pays in the gateway's checkout. */
    gatewayOrderId: text('gateway_order_id'),
    /** The gateway's payment (pay_…) that captured it. */
    gatewayRef: text('gateway_ref'),
    /** The harvest instalment this pays for. */
    harvestInstalmentId: integer('harvest_instalment_id').references((): AnyPgColumn => harvestInstalments.id, { onDelete: 'set null' }),
    /** The weight difference this pays (purpose order_adjustment). */
    adjustmentId: integer('adjustment_id').references((): AnyPgColumn => orderAdjustments.id, { onDelete: 'set null' }),
    /** The rate lock whose advance this pays (purpose rate_lock). */
    rateLockId: integer('rate_lock_id').references((): AnyPgColumn => rateLocks.id, { onDelete: 'set null' }),
    /** Given back so far, through the gateway (refunds processed). */
    refundedPaise: paise('refunded_paise').notNull().default(0),
    /** The last failed attempt's reason as the gateway gave it (the customer may try again on the same order). */
    lastError: text('last_error'),
    /** card, upi, netbanking… as the gateway reports it; card numbers are never stored. */
    method: text('method'),
    failureReason: text('failure_reason'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    paidAt: tsz('paid_at'),
  },
  (t) => [
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('payments_gateway_ref_key').on(t.gateway, t.gatewayRef),
    uniqueIndex('payments_gateway_order_key').on(t.gateway, t.gatewayOrderId),
    index('payments_order_idx').on(t.orderId),
    check('payments_refunded_check', raw('"refunded_paise" >= 0 AND "refunded_paise" <= "amount_paise"')),
    uniqueIndex('payments_customer_purpose_idempotency_key').on(t.customerId, t.purpose, t.idempotencyKey),
    oneOf('payments_purpose_check', 'purpose', PAYMENT_PURPOSES),
    oneOf('payments_status_check', 'status', PAYMENT_STATUSES),
    check('payments_amount_check', raw('"amount_paise" > 0')),
  ],
);

/**
 * Money given back through the gateway: one row per refund the store asked for, with the key the gateway
 * keeps it under (X-Refund-Idempotency), so a retried refund is never a second one.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The gateway payment refunded (normally the payment's gateway_ref; another one for a duplicate charge). */
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    processedAt: tsz('processed_at'),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('refunds_gateway_refund_key').on(t.gatewayRefundId),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    oneOf('refunds_status_check', 'status', REFUND_STATUSES),
    check('refunds_amount_check', raw('"amount_paise" > 0')),
  ],
);

/** Webhook deliveries already handled, by the gateway's event id (Razorpay retries, and replays from its dashboard). */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    receivedAt: tsz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

/** A customer's saved addresses (checkout's address book); one may be the default. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address: text('address').notNull(),
    landmark: text('landmark'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    country: text('country').notNull().default('India'),
    countryCode: text('country_code').notNull().default('91'),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_addresses_customer_idx').on(t.customerId),
    index('customer_addresses_phone_digits_idx').on(raw(`right(regexp_replace("phone", '\\D', '', 'g'), 10)`)),
    uniqueIndex('customer_addresses_one_default')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
  ],
);

export const harvestInstalments = pgTable(
  'harvest_instalments',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => harvestPlans.id, { onDelete: 'cascade' }),
    /** 1-11; the 11th is free. */
    number: smallint('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountPaise: paise('amount_paise').notNull(),
    /** 50 % of the first instalment, all of the 11th. */
    discountPaise: paise('discount_paise').notNull().default(0),
    status: text('status', { enum: HARVEST_INSTALMENT_STATUSES }).notNull().default('Due'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    paidAt: tsz('paid_at'),
    /** The last reminder mail for this instalment (one per instalment per few days, never a flood). */
    remindedAt: tsz('reminded_at'),
  },
  (t) => [
    uniqueIndex('harvest_instalments_plan_number_key').on(t.planId, t.number),
    index('harvest_instalments_due_idx').on(t.status, t.dueDate),
    oneOf('harvest_instalments_status_check', 'status', HARVEST_INSTALMENT_STATUSES),
    check('harvest_instalments_number_check', raw('"number" BETWEEN 1 AND 11')),
    check('harvest_instalments_amount_check', raw('"amount_paise" >= 0 AND "discount_paise" >= 0 AND "discount_paise" <= "amount_paise"')),
  ],
);

// ---------------------------------------------------------------------------------------------
// Trade partners (spec §3: long and short registration payloads)

export const tradePartnerApplications = pgTable(
  'trade_partner_applications',
  {
    id: serial('id').primaryKey(),
    form: text('form', { enum: TRADE_PARTNER_FORMS }).notNull(),
    /** adUserType as sent: the long form's radio value, or '2' / '3' from the short form. */
    adUserType: text('ad_user_type').notNull(),
    partnerType: text('partner_type', { enum: TRADE_PARTNER_TYPES }).notNull(),
    /** Who was logged in when applying, if anyone. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    // Short form: firstName, middleName, lastName.
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    // Both forms: compName / companyName, adEmail / email, adPhone / phoneNumber, countryCode.
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    countryCode: text('country_code').notNull().default('91'),
    // Long form, company: compType (+ the 'Other' text), compAdd1, compAdd2, compCity, compState, compPostal.
    compType: text('comp_type'),
    compTypeOther: text('comp_type_other'),
    compAdd1: text('comp_add1'),
    compAdd2: text('comp_add2'),
    compCity: text('comp_city'),
    compState: text('comp_state'),
    compPostal: text('comp_postal'),
    // Showroom / factory: srName, srArea, srEstDate, srAdd1, srAdd2, srCity, srState, srPin.
    srName: text('sr_name'),
    srArea: text('sr_area'),
    srEstDate: date('sr_est_date', { mode: 'string' }),
    srAdd1: text('sr_add1'),
    srAdd2: text('sr_add2'),
    srCity: text('sr_city'),
    srState: text('sr_state'),
    srPin: text('sr_pin'),
    // Account: compPan, compGST, compInvoiceName, compWef, compBankName, compAccount, compBranch, compIfsc.
    compPan: text('comp_pan'),
    compGst: text('comp_gst'),
    compInvoiceName: text('comp_invoice_name'),
    compWef: date('comp_wef', { mode: 'string' }),
    compBankName: text('comp_bank_name'),
    compAccount: text('comp_account'),
    compBranch: text('comp_branch'),
    compIfsc: text('comp_ifsc'),
    // Current operating status: compRetail, compLocation.
    compRetail: text('comp_retail'),
    compLocation: text('comp_location'),
    // Fast-moving category shares in percent: bangles, bracelets, earrings, finger rings, necklaces, nose pins, pendants.
    compBa: smallint('comp_ba'),
    compBr: smallint('comp_br'),
    compEr: smallint('comp_er'),
    compFr: smallint('comp_fr'),
    compNe: smallint('comp_ne'),
    compNo: smallint('comp_no'),
    compPe: smallint('comp_pe'),
    status: text('status', { enum: TRADE_PARTNER_STATUSES }).notNull().default('Received'),
    /**
     * Long form: who the company is, for refusing a second application while one is reviewed: its PAN
     * (from the PAN field, else from the GSTIN), else 'name:' and its name in lower-case letters and digits.
     */
    companyKey: text('company_key'),
    staffNote: text('staff_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trade_partner_applications_status_idx').on(t.status, t.createdAt),
    index('trade_partner_applications_email_idx').on(t.email),
    uniqueIndex('trade_partner_applications_open_company_key')
      .on(t.companyKey)
      .where(raw(`"company_key" IS NOT NULL AND "status" IN ('Received', 'Under Review')`)),
    oneOf('trade_partner_applications_form_check', 'form', TRADE_PARTNER_FORMS),
    oneOf('trade_partner_applications_type_check', 'partner_type', TRADE_PARTNER_TYPES),
    oneOf('trade_partner_applications_status_check', 'status', TRADE_PARTNER_STATUSES),
    check(
      'trade_partner_applications_percent_check',
      raw(
        ['comp_ba', 'comp_br', 'comp_er', 'comp_fr', 'comp_ne', 'comp_no', 'comp_pe'].map((c) => `("${c}" IS NULL OR "${c}" BETWEEN 0 AND 100)`).join(' AND '),
      ),
    ),
  ],
);

/** Up to three owners (DECISIONS §2: every filled owner slot is kept, not only the first). */
export const tradePartnerOwners = pgTable(
  'trade_partner_owners',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => tradePartnerApplications.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile'),
    email: text('email'),
    dob: date('dob', { mode: 'string' }),
    anniversary: date('anniversary', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('trade_partner_owners_application_slot_key').on(t.applicationId, t.slot),
    check('trade_partner_owners_slot_check', raw('"slot" BETWEEN 1 AND 3')),
  ],
);

/** Contact persons: Management, Order / Repair (service), Logistics, Accounts Manager. */
export const tradePartnerContacts = pgTable(
  'trade_partner_contacts',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => tradePartnerApplications.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TRADE_PARTNER_CONTACT_ROLES }).notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
  },
  (t) => [
    uniqueIndex('trade_partner_contacts_application_role_key').on(t.applicationId, t.role),
    oneOf('trade_partner_contacts_role_check', 'role', TRADE_PARTNER_CONTACT_ROLES),
  ],
);

// ---------------------------------------------------------------------------------------------
// Stores and sizer requests

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    pincode: text('pincode').notNull(),
    phone: text('phone').notNull(),
    /** Opening hours as shown, e.g. 'Mon-Sun 10:30 am - 8:30 pm'. */
    hours: text('hours').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('stores_city_idx').on(t.city),
    index('stores_pincode_idx').on(t.pincode),
    check('stores_pincode_check', raw(`"pincode" ~ '^[1-9][0-9]{5}$'`)),
    check('stores_position_check', raw('"latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180')),
  ],
);

/** 'Get Free Sizer' requests from the product page; staff send a ring sizer. */
export const sizerRequests = pgTable(
  'sizer_requests',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status', { enum: SIZER_REQUEST_STATUSES }).notNull().default('New'),
    createdAt: createdAt(),
  },
  (t) => [index('sizer_requests_status_idx').on(t.status, t.createdAt), oneOf('sizer_requests_status_check', 'status', SIZER_REQUEST_STATUSES)],
);

// ---------------------------------------------------------------------------------------------
// After the sale (issue 20): returns, lifetime exchange and buy-back, store credit, reviews' photos,
// appointments

/** A return of delivered pieces within the store's return window; staff take it through to a refund or refuse it. */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('Requested'),
    /** The customer's words. */
    reason: text('reason').notNull(),
    /** What the returned lines are worth, GST included (their share of what was paid), fixed when asked for. */
    amountPaise: paise('amount_paise').notNull(),
    /** Original (the gateway; a bank transfer for pay on delivery) or store credit, chosen by the customer. */
    refundMethod: text('refund_method', { enum: RETURN_REFUND_METHODS }).notNull().default('original'),
    /** The pickup the desk arranged. */
    pickupDate: date('pickup_date', { mode: 'string' }),
    pickupNote: text('pickup_note'),
    /** A reverse pickup booked through the courier provider (issue 39): its courier and AWB. */
    pickupCourierName: text('pickup_courier_name'),
    pickupAwb: text('pickup_awb'),
    /** What the check found, and what became of the pieces. */
    checkNote: text('check_note'),
    disposition: text('disposition', { enum: RETURN_DISPOSITIONS }),
    refusedReason: text('refused_reason'),
    /** What was given back (may be less than amount_paise when the check finds damage), and the credit note. */
    refundedPaise: paise('refunded_paise').notNull().default(0),
    creditNoteId: integer('credit_note_id').references((): AnyPgColumn => creditNotes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId),
    index('order_returns_customer_idx').on(t.customerId, t.createdAt),
    index('order_returns_status_idx').on(t.status, t.createdAt),
    oneOf('order_returns_status_check', 'status', RETURN_STATUSES),
    oneOf('order_returns_refund_method_check', 'refund_method', RETURN_REFUND_METHODS),
    oneOf('order_returns_disposition_check', 'disposition', RETURN_DISPOSITIONS, true),
    check('order_returns_amount_check', raw('"amount_paise" > 0 AND "refunded_paise" >= 0 AND "refunded_paise" <= "amount_paise"')),
  ],
);

/** The lines (and how many of each) a return takes back; a line is never returned more times than it was bought. */
export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    amountPaise: paise('amount_paise').notNull(),
  },
  (t) => [
    uniqueIndex('order_return_lines_return_line_key').on(t.returnId, t.lineId),
    index('order_return_lines_line_idx').on(t.lineId),
    check('order_return_lines_quantity_check', raw('"quantity" > 0 AND "amount_paise" >= 0')),
  ],
);

/**
 * A courier booking through the configured provider (issue 39, decision 050): one per order's shipment and one per
 * return's reverse pickup, which the partial unique indexes make true however many clicks arrive. Each step's answer
 * is kept as it arrives (the provider's order, then the AWB, the pickup, the label), so a retry after a failure goes on
 * from where it stopped instead of booking the parcel a second time.
 */
export const courierBookings = pgTable(
  'courier_bookings',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: COURIER_BOOKING_KINDS }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    returnId: integer('return_id').references(() => orderReturns.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    state: text('state', { enum: COURIER_BOOKING_STATES }).notNull().default('booking'),
    /** A click holds the booking until then; another click meanwhile is told it is under way. */
    claimedUntil: tsz('claimed_until'),
    providerOrderId: text('provider_order_id'),
    shipmentId: text('shipment_id'),
    awb: text('awb'),
    courierName: text('courier_name'),
    /** The day the provider says the courier collects (India's calendar day). */
    pickupDate: date('pickup_date', { mode: 'string' }),
    pickupRequestedAt: tsz('pickup_requested_at'),
    labelUrl: text('label_url'),
    /** The parcel is going back to the store (return to origin): staff must act. */
    rtoAt: tsz('rto_at'),
    createdBy: integer('created_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    bookedAt: tsz('booked_at'),
  },
  (t) => [
    uniqueIndex('courier_bookings_shipment_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'shipment'`),
    uniqueIndex('courier_bookings_reverse_pickup_key')
      .on(t.returnId)
      .where(sql`${t.kind} = 'reverse_pickup'`),
    uniqueIndex('courier_bookings_awb_key').on(t.awb),
    oneOf('courier_bookings_kind_check', 'kind', COURIER_BOOKING_KINDS),
    oneOf('courier_bookings_state_check', 'state', COURIER_BOOKING_STATES),
    check('courier_bookings_return_check', raw(`("kind" = 'reverse_pickup') = ("return_id" IS NOT NULL)`)),
    check('courier_bookings_booked_check', raw(`"state" <> 'booked' OR ("awb" IS NOT NULL AND "courier_name" IS NOT NULL)`)),
  ],
);

/**
 * What the courier's tracking webhook said about a booking (issue 39). One row per kind of event and the time the
 * courier gives it, so a webhook delivered twice records it once.
 */
export const courierEvents = pgTable(
  'courier_events',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => courierBookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: COURIER_EVENT_KINDS }).notNull(),
    /** The provider's own words and number for the status, as sent. */
    providerStatus: text('provider_status').notNull(),
    providerStatusId: integer('provider_status_id'),
    location: text('location'),
    occurredAt: tsz('occurred_at').notNull(),
    receivedAt: tsz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('courier_events_once_key').on(t.bookingId, t.kind, t.occurredAt), oneOf('courier_events_kind_check', 'kind', COURIER_EVENT_KINDS)],
);

/** Photos a customer adds to a return (re-encoded, as every upload). */
export const orderReturnPhotos = pgTable(
  'order_return_photos',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    path: text('path').notNull(),
    thumbPath: text('thumb_path'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_return_photos_return_slot_key').on(t.returnId, t.slot), check('order_return_photos_slot_check', raw('"slot" BETWEEN 1 AND 4'))],
);

/** Every step of a return, with who took it: what the customer follows and the desk's audit trail. */
export const orderReturnEvents = pgTable(
  'order_return_events',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull(),
    note: text('note'),
    staffId: integer('staff_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    at: tsz('at').notNull().defaultNow(),
  },
  (t) => [index('order_return_events_return_idx').on(t.returnId, t.at), oneOf('order_return_events_status_check', 'status', RETURN_STATUSES)],
);

/**
 * A lifetime exchange or buy-back of a piece bought here, asked for by its buyer at a quote from today's rates; staff
 * receive the piece, weigh it and settle it as store credit (exchange) or a payment to the customer (buy-back).
 */
export const exchangeRequests = pgTable(
  'exchange_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    /** The packed piece (with its HUID and real weight) when the order recorded one. */
    pieceId: integer('piece_id').references((): AnyPgColumn => orderPieces.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: EXCHANGE_KINDS }).notNull(),
    status: text('status', { enum: EXCHANGE_STATUSES }).notNull().default('Requested'),
    /** The quote as the customer saw it: value, the rate and its date, the weights it used. */
    quotedPaise: paise('quoted_paise').notNull(),
    ratePaisePerGram: paise('rate_paise_per_gram').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    metalWeightMg: integer('metal_weight_mg').notNull(),
    diamondWeightCents: integer('diamond_weight_cents').notNull().default(0),
    /** What was settled, and how: a store credit entry (exchange) or the payment's reference (buy-back, e.g. a bank UTR). */
    settledPaise: paise('settled_paise'),
    payoutReference: text('payout_reference'),
    refusedReason: text('refused_reason'),
    note: text('note'),
    settledBy: integer('settled_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: tsz('settled_at'),
  },
  (t) => [
    index('exchange_requests_customer_idx').on(t.customerId, t.createdAt),
    index('exchange_requests_status_idx').on(t.status, t.createdAt),
    index('exchange_requests_line_idx').on(t.lineId),
    oneOf('exchange_requests_kind_check', 'kind', EXCHANGE_KINDS),
    oneOf('exchange_requests_status_check', 'status', EXCHANGE_STATUSES),
    check(
      'exchange_requests_amount_check',
      raw('"quoted_paise" >= 0 AND ("settled_paise" IS NULL OR "settled_paise" >= 0) AND "metal_weight_mg" >= 0 AND "diamond_weight_cents" >= 0'),
    ),
  ],
);

/**
 * Store credit as a ledger: one signed entry per movement (credits positive, spending negative), never updated; a
 * customer's balance is the sum, and is never allowed below zero (each movement takes the customer's row lock).
 */
export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    amountPaise: paise('amount_paise').notNull(),
    kind: text('kind', { enum: STORE_CREDIT_KINDS }).notNull(),
    /** What the customer reads beside the entry. */
    note: text('note').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    returnId: integer('return_id').references((): AnyPgColumn => orderReturns.id, { onDelete: 'set null' }),
    exchangeId: integer('exchange_id').references((): AnyPgColumn => exchangeRequests.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('store_credit_entries_customer_idx').on(t.customerId, t.createdAt),
    index('store_credit_entries_order_idx').on(t.orderId),
    oneOf('store_credit_entries_kind_check', 'kind', STORE_CREDIT_KINDS),
    check(
      'store_credit_entries_amount_check',
      raw(`"amount_paise" <> 0 AND (("kind" IN ('spent', 'correction')) OR "amount_paise" > 0) AND ("kind" <> 'spent' OR "amount_paise" < 0)`),
    ),
  ],
);

/**
 * Issue 42: a rate lock (advance booking). The shopper pays an advance to hold a day's rate for a weight of one metal
 * and purity for a period; what they buy of it meanwhile is priced at the lower of this rate and the day's. Grams and
 * advance used only grow (under the lock's row lock), and never beyond what was locked and paid (the CHECKs).
 */
export const rateLocks = pgTable(
  'rate_locks',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    metal: text('metal', { enum: METALS }).notNull(),
    purity: integer('purity').notNull(),
    /** The metal locked, in milligrams. */
    lockedMg: integer('locked_mg').notNull(),
    usedMg: integer('used_mg').notNull().default(0),
    /** The rate held, paise per gram, and the day it was the store's rate. */
    ratePaisePerGram: paise('rate_paise_per_gram').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    advancePercent: integer('advance_percent').notNull(),
    advancePaise: paise('advance_paise').notNull(),
    advanceUsedPaise: paise('advance_used_paise').notNull().default(0),
    periodDays: integer('period_days').notNull(),
    /** What the settings said of an unused advance when the lock was taken: the terms the shopper agreed to. */
    unusedAdvance: text('unused_advance', { enum: RATE_LOCK_UNUSED_ADVANCE }).notNull(),
    status: text('status', { enum: RATE_LOCK_STATUSES }).notNull().default('Pending payment'),
    paidAt: tsz('paid_at'),
    /** The moment the lock stops: its period from the payment of its advance. */
    endsAt: tsz('ends_at'),
    endedAt: tsz('ended_at'),
    /** At its end: the unused advance refunded through the gateway, or kept. */
    advanceRefundedPaise: paise('advance_refunded_paise').notNull().default(0),
    advanceKeptPaise: paise('advance_kept_paise').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('rate_locks_customer_idx').on(t.customerId, t.createdAt),
    index('rate_locks_live_ends_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'Live'`),
    oneOf('rate_locks_metal_check', 'metal', METALS),
    oneOf('rate_locks_status_check', 'status', RATE_LOCK_STATUSES),
    oneOf('rate_locks_unused_check', 'unused_advance', RATE_LOCK_UNUSED_ADVANCE),
    check('rate_locks_weight_check', raw('"locked_mg" > 0 AND "used_mg" >= 0 AND "used_mg" <= "locked_mg"')),
    check(
      'rate_locks_money_check',
      raw(
        '"rate_paise_per_gram" > 0 AND "advance_paise" > 0 AND "advance_used_paise" >= 0 AND "advance_refunded_paise" >= 0 AND "advance_kept_paise" >= 0 AND "advance_used_paise" + "advance_refunded_paise" + "advance_kept_paise" <= "advance_paise"',
      ),
    ),
    check('rate_locks_period_check', raw('"period_days" BETWEEN 1 AND 1095')),
  ],
);

/** Issue 42: each order's use of a rate lock (grams and advance), given back once if the order is cancelled. */
export const rateLockUses = pgTable(
  'rate_lock_uses',
  {
    id: serial('id').primaryKey(),
    rateLockId: integer('rate_lock_id')
      .notNull()
      .references(() => rateLocks.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    usedMg: integer('used_mg').notNull(),
    advancePaise: paise('advance_paise').notNull(),
    createdAt: createdAt(),
    /** Set when the order was cancelled and the grams and advance went back to the lock. */
    returnedAt: tsz('returned_at'),
  },
  (t) => [
    index('rate_lock_uses_lock_idx').on(t.rateLockId),
    uniqueIndex('rate_lock_uses_lock_order_key').on(t.rateLockId, t.orderId),
    index('rate_lock_uses_order_idx').on(t.orderId),
    check('rate_lock_uses_amounts_check', raw('"used_mg" > 0 AND "advance_paise" >= 0')),
  ],
);

/**
 * Issue 42: a credit of fine gold in a shopper's metal account, from old gold assayed at a store: its gross weight, the
 * karatmeter's purity (per mille) and the melting loss taken off (per mille, the settings' when it was made) give the
 * fine gold credited. It expires 365 days after it is made; what is used, sold back or expired only grows (under its
 * row lock), never beyond the fine gold credited (the CHECK).
 */
export const metalCredits = pgTable(
  'metal_credits',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    grossMg: integer('gross_mg').notNull(),
    purityPerMille: integer('purity_per_mille').notNull(),
    meltingLossPerMille: integer('melting_loss_per_mille').notNull(),
    /** Fine gold credited, in milligrams. */
    fineMg: integer('fine_mg').notNull(),
    usedMg: integer('used_mg').notNull().default(0),
    soldMg: integer('sold_mg').notNull().default(0),
    expiredMg: integer('expired_mg').notNull().default(0),
    madeAt: tsz('made_at').notNull(),
    expiresAt: tsz('expires_at').notNull(),
    /** The visit it came from, when the old gold was brought to a booked assay. */
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    /** What the desk wrote of the old gold (the pieces brought). */
    note: text('note').notNull().default(''),
    /** The desk form's one-time key: the same form sent twice (a double click, a reload) credits once. */
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('metal_credits_customer_idx').on(t.customerId, t.expiresAt),
    uniqueIndex('metal_credits_request_key').on(t.customerId, t.requestKey),
    index('metal_credits_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.usedMg} + ${t.soldMg} + ${t.expiredMg} < ${t.fineMg}`),
    check('metal_credits_weight_check', raw('"gross_mg" > 0 AND "fine_mg" > 0 AND "fine_mg" <= "gross_mg"')),
    check('metal_credits_purity_check', raw('"purity_per_mille" BETWEEN 1 AND 999 AND "melting_loss_per_mille" BETWEEN 0 AND 200')),
    check('metal_credits_debits_check', raw('"used_mg" >= 0 AND "sold_mg" >= 0 AND "expired_mg" >= 0 AND "used_mg" + "sold_mg" + "expired_mg" <= "fine_mg"')),
    check('metal_credits_expiry_check', raw('"expires_at" > "made_at"')),
  ],
);

/** Issue 42: each take of fine gold from a credit: a use by an order (given back once on its cancel), a buy-back, an expiry. */
export const metalDebits = pgTable(
  'metal_debits',
  {
    id: serial('id').primaryKey(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => metalCredits.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: METAL_DEBIT_KINDS }).notNull(),
    mg: integer('mg').notNull(),
    /** What the grams were worth: the metal they paid for, or the buy-back paid; 0 for an expiry. */
    paise: paise('paise').notNull().default(0),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** A use whose order was cancelled: its grams went back to the credit. */
    returnedAt: tsz('returned_at'),
  },
  (t) => [
    index('metal_debits_credit_idx').on(t.creditId),
    index('metal_debits_customer_idx').on(t.customerId, t.createdAt),
    index('metal_debits_order_idx').on(t.orderId),
    oneOf('metal_debits_kind_check', 'kind', METAL_DEBIT_KINDS),
    check('metal_debits_amounts_check', raw('"mg" > 0 AND "paise" >= 0')),
    check('metal_debits_order_check', raw(`("kind" = 'use') = ("order_id" IS NOT NULL)`)),
  ],
);

/** Photos a verified buyer adds to a review (re-encoded, as every upload). */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    path: text('path').notNull(),
    thumbPath: text('thumb_path'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('review_photos_review_slot_key').on(t.reviewId, t.slot), check('review_photos_slot_check', raw('"slot" BETWEEN 1 AND 4'))],
);

/**
 * A store visit or a video call booked from the store locator, a product page, the trade-in estimator or the
 * custom design page; guests book too (by name, e-mail and phone). A slot takes as many as the store setting allows.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: APPOINTMENT_KINDS }).notNull(),
    /** The store visited; for a video call, the store whose team calls (may be null: any store). */
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'restrict' }),
    /** The day (India) and the slot's start time, 'HH:MM' in India's time. */
    day: date('day', { mode: 'string' }).notNull(),
    slot: text('slot').notNull(),
    purpose: text('purpose', { enum: APPOINTMENT_PURPOSES }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    note: text('note'),
    /** The trade-in estimate it was booked from: weight, purity, rate, date and value, as shown. */
    tradeIn: jsonb('trade_in').$type<{ weightMg: number; purity: number; ratePaisePerGram: number; rateDate: string; estimatePaise: number }>(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('Booked'),
    /** A random token (hashed here) in the booking mail, so a guest can see and cancel it. */
    manageTokenHash: text('manage_token_hash').notNull(),
    /**
     * The mailbox and the ten-digit mobile number the booking reached, as the rate limits write them
     * (plugins/rate-limit.ts): one contact's live bookings are counted by these (issue 35).
     */
    mailbox: text('mailbox'),
    mobile: text('mobile'),
    /** An Unconfirmed booking holds its place until then; a confirmed one has none. */
    holdUntil: tsz('hold_until'),
    confirmedAt: tsz('confirmed_at'),
    remindedAt: tsz('reminded_at'),
    cancelledAt: tsz('cancelled_at'),
    /** Issue 39: the member who sees the shopper (the day view assigns one); null until assigned. */
    assignedStaffId: integer('assigned_staff_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_store_day_idx').on(t.storeId, t.day, t.slot),
    index('appointments_customer_idx').on(t.customerId, t.day),
    // One contact's live bookings are counted at each booking (issue 35).
    index('appointments_mailbox_idx').on(t.mailbox, t.day),
    index('appointments_mobile_idx').on(t.mobile, t.day),
    index('appointments_reminder_idx')
      .on(t.day)
      .where(sql`${t.status} = 'Booked' AND ${t.remindedAt} IS NULL`),
    uniqueIndex('appointments_manage_token_key').on(t.manageTokenHash),
    oneOf('appointments_kind_check', 'kind', APPOINTMENT_KINDS),
    oneOf('appointments_purpose_check', 'purpose', APPOINTMENT_PURPOSES),
    oneOf('appointments_status_check', 'status', APPOINTMENT_STATUSES),
    check('appointments_slot_check', raw(`"slot" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`)),
    check('appointments_store_check', raw(`"kind" = 'video' OR "store_id" IS NOT NULL`)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Complaints (issue 38): the E-Commerce Rules 2020 ask for a ticket number, an acknowledgement within 48 hours and
// redress within one month (the timers are in @milli/contracts, complaint-rules.ts).

/**
 * The last ticket number given in each year (India): the next complaint's is this plus one, taken by one upsert in
 * the filing's transaction, so two filings at once never share a number and a refused filing gives its number back.
 */
export const complaintTicketYears = pgTable(
  'complaint_ticket_years',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  () => [check('complaint_ticket_years_number_check', raw('"last_number" > 0'))],
);

/** A complaint from /help: a signed-in shopper's (customer_id) or a guest's (by the contact given). */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    /** 'MIL-C-2026-000001': the year of filing and that year's sequence. */
    ticketNumber: text('ticket_number').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The order it is about: the shopper's own, or one whose e-mail or phone the guest gave. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    category: text('category', { enum: COMPLAINT_CATEGORIES }).notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    /** Where the store answers: the account's e-mail (and a phone) for a shopper, what a guest gave. */
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    /** A guest's link to the ticket: a random token, only its hash kept (null for a shopper's, seen in My Account). */
    viewTokenHash: text('view_token_hash'),
    status: text('status', { enum: COMPLAINT_STATUSES }).notNull().default('open'),
    /** The timers, set at filing (resolve_by again at a reopening) from the contracts' one rule. */
    acknowledgeBy: tsz('acknowledge_by').notNull(),
    resolveBy: tsz('resolve_by').notNull(),
    acknowledgedAt: tsz('acknowledged_at'),
    resolvedAt: tsz('resolved_at'),
    reopenedAt: tsz('reopened_at'),
    /** The summary mailed when it was resolved (kept in the thread when it is reopened). */
    resolution: text('resolution'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('complaints_ticket_number_key').on(t.ticketNumber),
    uniqueIndex('complaints_view_token_key').on(t.viewTokenHash),
    index('complaints_customer_idx').on(t.customerId, t.createdAt),
    index('complaints_status_idx').on(t.status, t.resolveBy),
    oneOf('complaints_category_check', 'category', COMPLAINT_CATEGORIES),
    oneOf('complaints_status_check', 'status', COMPLAINT_STATUSES),
    check('complaints_resolved_check', raw(`("status" = 'resolved') = ("resolved_at" IS NOT NULL AND "resolution" IS NOT NULL)`)),
    check('complaints_contact_check', raw(`"customer_id" IS NOT NULL OR "email" IS NOT NULL OR "phone" IS NOT NULL`)),
  ],
);

/** A complaint's thread: the complainant's words, the store's mailed replies, the desk's internal notes, and events. */
export const complaintMessages = pgTable(
  'complaint_messages',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: COMPLAINT_MESSAGE_KINDS }).notNull(),
    body: text('body'),
    event: text('event', { enum: COMPLAINT_EVENTS }),
    /** The member who wrote it or made the change; null for the complainant's own. */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaint_messages_complaint_idx').on(t.complaintId, t.id),
    oneOf('complaint_messages_kind_check', 'kind', COMPLAINT_MESSAGE_KINDS),
    oneOf('complaint_messages_event_check', 'event', COMPLAINT_EVENTS, true),
    check('complaint_messages_shape_check', raw(`("kind" = 'event') = ("event" IS NOT NULL) AND ("kind" = 'event' OR "body" IS NOT NULL)`)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Infrastructure tables shared by all server instances

/** Mail written in the same transaction as the change that causes it, sent afterwards. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** What the mail is about ('password-reset', 'order-placed', …), for logs and the dev mailbox. */
    kind: text('kind').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Back-off: a failed send is retried no earlier than this. */
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: tsz('sent_at'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt), oneOf('mail_outbox_status_check', 'status', MAIL_STATUSES)],
);

/**
 * The message outbox (issue 41, decision 057): SMS and WhatsApp messages, written in the transaction of the change that
 * causes them (modules/messages/service.ts queueMessage) and sent by the `messages.send` job through the configured
 * provider (MSG91, the WhatsApp Cloud API) or, with none, as JSON files under DATA_DIR/messages. Delivery receipts move
 * `status` forward (queued → sent → delivered → read; failed at any point).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    /** Whose it is, when it is a customer's (a sign-in code to a new number has nobody yet). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    /** E.164, +91…. */
    toPhone: text('to_phone').notNull(),
    /** What it says: 'order_placed', 'sign_in_code' … (contracts MESSAGE_KINDS). */
    kind: text('kind').notNull(),
    /** The template's values; a sign-in code's are blanked once it is sent. */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    /** Who took it: 'msg91', 'meta' or 'file' (DATA_DIR/messages). */
    provider: text('provider'),
    /** The provider's id for it, which its delivery receipts name. */
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A send under way holds the message until then; a failed one is tried again no earlier. */
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    /** SHA-256 (hex) of the token in the message's opt-out link: the link withdraws this customer's consent. */
    optOutTokenHash: text('opt_out_token_hash'),
    createdAt: createdAt(),
    sentAt: tsz('sent_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_queued_idx').on(t.status, t.nextAttemptAt),
    index('messages_customer_idx').on(t.customerId, t.id.desc()),
    uniqueIndex('messages_provider_id_idx').on(t.provider, t.providerMessageId),
    uniqueIndex('messages_opt_out_idx').on(t.optOutTokenHash),
    oneOf('messages_channel_check', 'channel', MESSAGE_CHANNELS),
    oneOf('messages_status_check', 'status', MESSAGE_STATUSES),
  ],
);

/** What a customer agreed to be sent on each phone channel; no row: the default (decision 057). */
export const messageConsents = pgTable(
  'message_consents',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    purpose: text('purpose', { enum: MESSAGE_PURPOSES }).notNull(),
    granted: boolean('granted').notNull(),
    changedAt: tsz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.channel, t.purpose] }),
    oneOf('message_consents_channel_check', 'channel', MESSAGE_CHANNELS),
    oneOf('message_consents_purpose_check', 'purpose', MESSAGE_PURPOSES),
  ],
);

/**
 * Each message kind's templates at the providers (decision 057), set by staff in the back office: the MSG91 template
 * (which carries the DLT template registered under TRAI's rules) and the approved WhatsApp template's name and
 * language. No row, or no value: the kind cannot go on that channel through the provider (it fails, visible to staff).
 */
export const messageTemplates = pgTable('message_templates', {
  kind: text('kind').primaryKey(),
  /** MSG91's template id for the kind (its flow API's template_id). */
  msg91TemplateId: text('msg91_template_id'),
  /** The DLT content template id (19 digits) the MSG91 template is mapped to. */
  dltTemplateId: text('dlt_template_id'),
  /** The approved WhatsApp template's name and language code. */
  whatsappTemplate: text('whatsapp_template'),
  whatsappLanguage: text('whatsapp_language').notNull().default('en'),
  updatedAt: updatedAt(),
});

/** Fixed-window counters, so a limit holds across every server instance. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: tsz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_hits_window_idx').on(t.windowStart)],
);

// ---------------------------------------------------------------------------------------------
// The back office (DECISIONS §5, issue 17): staff, their sessions, second factors, API tokens and the audit log

/** People who run the store. Never customers: their own table, cookie and sign-in. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Stored lower case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /**
     * The member's roles (issue 39): their permissions are the union of these roles' (ROLE_PERMISSIONS). At least one,
     * each one of STAFF_ROLES (the service keeps them unique and in STAFF_ROLES' order).
     */
    roles: text('roles', { enum: STAFF_ROLES }).array().notNull(),
    /** Null while the member is invited and has not yet set their own password (staff_invitations). */
    passwordHash: text('password_hash'),
    /** Whether the member is mailed when a desk of theirs has something new (an order, a return …); theirs to turn off. */
    deskMail: boolean('desk_mail').notNull().default(true),
    /** Base32 TOTP secret once enrolment began; the second factor is in force only when totp_enabled_at is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: tsz('totp_enabled_at'),
    /** The last 30-second step a code was accepted for, so one code signs in once (compare-and-set). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Removed staff keep their row (the audit log names them) but can do nothing. */
    removedAt: tsz('removed_at'),
    lastSignInAt: tsz('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(t.email),
    check('staff_roles_check', raw(`cardinality("roles") >= 1 AND "roles" <@ ARRAY[${STAFF_ROLES.map((r) => `'${r}'`).join(', ')}]::text[]`)),
    check('staff_email_lower_check', raw('"email" = lower("email")')),
  ],
);

/** A staff sign-in (cookie milli_staff): the token's SHA-256, an idle end that each request pushes on, and a hard end. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: tsz('last_seen_at').notNull().defaultNow(),
    /** Idle timeout: the session ends when no request came before this. */
    idleExpiresAt: tsz('idle_expires_at').notNull(),
    /** However busy, a sign-in lasts no longer than this. */
    expiresAt: tsz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/** One-use recovery codes for a lost authenticator, stored hashed. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tsz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId), uniqueIndex('staff_recovery_codes_hash_key').on(t.staffId, t.codeHash)],
);

/**
 * An invitation to the back office (issue 39): the link's token is mailed once and kept only as its SHA-256; it works
 * until `expires_at`, once (`used_at`), unless the owner revoked it or sent a new one (which revokes the old).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Who sent it (null: the command line or the system). */
    invitedBy: integer('invited_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: tsz('expires_at').notNull(),
    usedAt: tsz('used_at'),
    revokedAt: tsz('revoked_at'),
  },
  (t) => [uniqueIndex('staff_invitations_hash_key').on(t.tokenHash), index('staff_invitations_staff_idx').on(t.staffId)],
);

/** Personal API tokens (`Authorization: Bearer …`): shown once, kept as their SHA-256, acting with the creator's role. */
export const staffApiTokens = pgTable(
  'staff_api_tokens',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, so a list can tell tokens apart without showing them. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: tsz('last_used_at'),
    expiresAt: tsz('expires_at'),
    revokedAt: tsz('revoked_at'),
  },
  (t) => [uniqueIndex('staff_api_tokens_hash_key').on(t.tokenHash), index('staff_api_tokens_staff_idx').on(t.staffId)],
);

/**
 * Every staff write (issue 17): when, who, what, before and after, written in the write's own transaction.
 * Never changed nor deleted: a trigger (migration 0012) refuses UPDATE, DELETE and TRUNCATE, so the log is kept
 * for as long as the database is (at least the two years the back office promises).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: tsz('at').notNull().defaultNow(),
    /** Null for what the system did on its own (the first owner at start, the command line). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** As it was at the time: the e-mail of the member, 'system' or 'cli'. */
    staffEmail: text('staff_email').notNull(),
    /** 'create', 'update', 'delete', 'archive', 'import', 'sign-in' …: a verb of the back office. */
    action: text('action').notNull(),
    /** 'product', 'rates', 'coupon', 'store', 'settings', 'staff', 'api-token', … */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** How the change came: 'session', 'token' (an API token's id) or 'cli'. */
    via: text('via').notNull().default('session'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_entity_idx').on(t.entity, t.at.desc()),
    index('audit_log_staff_idx').on(t.staffEmail, t.at.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------
// Relations, for db.query.*.findMany({ with: … })

export const categoriesRelations = relations(categories, ({ many }) => ({ tags: many(tags), products: many(products) }));
export const tagsRelations = relations(tags, ({ one, many }) => ({
  category: one(categories, { fields: [tags.categoryId], references: [categories.id] }),
  productTags: many(productTags),
}));
export const otherStonesRelations = relations(otherStones, ({ many }) => ({ productStones: many(productStones) }));
export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  productTags: many(productTags),
  productStones: many(productStones),
  images: many(productImages),
  reviews: many(reviews),
  saleProducts: many(saleProducts),
}));
export const reviewsRelations = relations(reviews, ({ one }) => ({
  product: one(products, { fields: [reviews.productId], references: [products.id] }),
  customer: one(customers, { fields: [reviews.customerId], references: [customers.id] }),
}));
export const salesRelations = relations(sales, ({ many }) => ({ saleProducts: many(saleProducts) }));
export const saleProductsRelations = relations(saleProducts, ({ one }) => ({
  sale: one(sales, { fields: [saleProducts.saleId], references: [sales.id] }),
  product: one(products, { fields: [saleProducts.productId], references: [products.id] }),
}));
export const productVideosRelations = relations(productVideos, ({ one }) => ({
  product: one(products, { fields: [productVideos.productId], references: [products.id] }),
}));
export const productSpinsRelations = relations(productSpins, ({ one }) => ({
  product: one(products, { fields: [productSpins.productId], references: [products.id] }),
}));
export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
}));
export const productTagsRelations = relations(productTags, ({ one }) => ({
  product: one(products, { fields: [productTags.productId], references: [products.id] }),
  tag: one(tags, { fields: [productTags.tagId], references: [tags.id] }),
}));
export const productStonesRelations = relations(productStones, ({ one }) => ({
  product: one(products, { fields: [productStones.productId], references: [products.id] }),
  stone: one(otherStones, { fields: [productStones.otherStoneId], references: [otherStones.id] }),
}));
export const customersRelations = relations(customers, ({ many, one }) => ({
  sessions: many(sessions),
  orders: many(orders),
  cart: one(carts, { fields: [customers.id], references: [carts.customerId] }),
  wishlistItems: many(wishlistItems),
  customDesignRequests: many(customDesignRequests),
  harvestPlans: many(harvestPlans),
  payments: many(payments),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  customer: one(customers, { fields: [sessions.customerId], references: [customers.id] }),
}));
export const cartsRelations = relations(carts, ({ one, many }) => ({
  customer: one(customers, { fields: [carts.customerId], references: [customers.id] }),
  lines: many(cartLines),
}));
export const cartLinesRelations = relations(cartLines, ({ one }) => ({
  cart: one(carts, { fields: [cartLines.cartId], references: [carts.id] }),
  product: one(products, { fields: [cartLines.productId], references: [products.id] }),
}));
export const wishlistItemsRelations = relations(wishlistItems, ({ one }) => ({
  customer: one(customers, { fields: [wishlistItems.customerId], references: [customers.id] }),
  product: one(products, { fields: [wishlistItems.productId], references: [products.id] }),
}));
export const ordersRelations = relations(orders, ({ one, many }) => ({
  customer: one(customers, { fields: [orders.customerId], references: [customers.id] }),
  customDesignRequest: one(customDesignRequests, { fields: [orders.customDesignRequestId], references: [customDesignRequests.id] }),
  lines: many(orderLines),
  addresses: many(orderAddresses),
  statusHistory: many(orderStatusHistory),
  payments: many(payments),
}));
export const orderLinesRelations = relations(orderLines, ({ one }) => ({
  order: one(orders, { fields: [orderLines.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderLines.productId], references: [products.id] }),
}));
export const orderAddressesRelations = relations(orderAddresses, ({ one }) => ({
  order: one(orders, { fields: [orderAddresses.orderId], references: [orders.id] }),
}));
export const orderStatusHistoryRelations = relations(orderStatusHistory, ({ one }) => ({
  order: one(orders, { fields: [orderStatusHistory.orderId], references: [orders.id] }),
}));
export const couponsRelations = relations(coupons, ({ many }) => ({ redemptions: many(couponRedemptions) }));
export const couponRedemptionsRelations = relations(couponRedemptions, ({ one }) => ({
  coupon: one(coupons, { fields: [couponRedemptions.couponId], references: [coupons.id] }),
  order: one(orders, { fields: [couponRedemptions.orderId], references: [orders.id] }),
  customer: one(customers, { fields: [couponRedemptions.customerId], references: [customers.id] }),
}));
export const customDesignRequestsRelations = relations(customDesignRequests, ({ one, many }) => ({
  customer: one(customers, { fields: [customDesignRequests.customerId], references: [customers.id] }),
  images: many(customDesignImages),
  designs: many(cadDesigns),
}));
export const customDesignImagesRelations = relations(customDesignImages, ({ one }) => ({
  request: one(customDesignRequests, { fields: [customDesignImages.requestId], references: [customDesignRequests.id] }),
}));
export const cadDesignsRelations = relations(cadDesigns, ({ one, many }) => ({
  request: one(customDesignRequests, { fields: [cadDesigns.requestId], references: [customDesignRequests.id] }),
  payments: many(payments),
}));
export const harvestPlansRelations = relations(harvestPlans, ({ one, many }) => ({
  customer: one(customers, { fields: [harvestPlans.customerId], references: [customers.id] }),
  instalments: many(harvestInstalments),
  payments: many(payments),
}));
export const harvestInstalmentsRelations = relations(harvestInstalments, ({ one }) => ({
  plan: one(harvestPlans, { fields: [harvestInstalments.planId], references: [harvestPlans.id] }),
  payment: one(payments, { fields: [harvestInstalments.paymentId], references: [payments.id] }),
}));
export const paymentsRelations = relations(payments, ({ one }) => ({
  customer: one(customers, { fields: [payments.customerId], references: [customers.id] }),
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
  cadDesign: one(cadDesigns, { fields: [payments.cadDesignId], references: [cadDesigns.id] }),
  harvestPlan: one(harvestPlans, { fields: [payments.harvestPlanId], references: [harvestPlans.id] }),
}));
export const tradePartnerApplicationsRelations = relations(tradePartnerApplications, ({ many }) => ({
  owners: many(tradePartnerOwners),
  contacts: many(tradePartnerContacts),
}));
export const tradePartnerOwnersRelations = relations(tradePartnerOwners, ({ one }) => ({
  application: one(tradePartnerApplications, { fields: [tradePartnerOwners.applicationId], references: [tradePartnerApplications.id] }),
}));
export const tradePartnerContactsRelations = relations(tradePartnerContacts, ({ one }) => ({
  application: one(tradePartnerApplications, { fields: [tradePartnerContacts.applicationId], references: [tradePartnerApplications.id] }),
}));
export const sizerRequestsRelations = relations(sizerRequests, ({ one }) => ({
  product: one(products, { fields: [sizerRequests.productId], references: [products.id] }),
  customer: one(customers, { fields: [sizerRequests.customerId], references: [customers.id] }),
}));

// ---------------------------------------------------------------------------------------------
// Row types

export type StoreSettings = typeof storeSettings.$inferSelect;
export type NewStoreSettings = typeof storeSettings.$inferInsert;
export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export type Tag = typeof tags.$inferSelect;
export type NewTag = typeof tags.$inferInsert;
export type OtherStone = typeof otherStones.$inferSelect;
export type NewOtherStone = typeof otherStones.$inferInsert;
export type MetalRate = typeof metalRates.$inferSelect;
export type NewMetalRate = typeof metalRates.$inferInsert;
export type DiamondRate = typeof diamondRates.$inferSelect;
export type NewDiamondRate = typeof diamondRates.$inferInsert;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductImage = typeof productImages.$inferSelect;
export type NewProductImage = typeof productImages.$inferInsert;
export type ProductVideo = typeof productVideos.$inferSelect;
export type ProductSpin = typeof productSpins.$inferSelect;
export type ProductTag = typeof productTags.$inferSelect;
export type ProductStone = typeof productStones.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
export type Sale = typeof sales.$inferSelect;
export type NewSale = typeof sales.$inferInsert;
export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type PasswordReset = typeof passwordResets.$inferSelect;
export type EmailChange = typeof emailChanges.$inferSelect;
export type NewPasswordReset = typeof passwordResets.$inferInsert;
export type Cart = typeof carts.$inferSelect;
export type CartLine = typeof cartLines.$inferSelect;
export type NewCartLine = typeof cartLines.$inferInsert;
export type WishlistItem = typeof wishlistItems.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export type OfferStripRow = typeof offerStrip.$inferSelect;
export type NewOfferStripRow = typeof offerStrip.$inferInsert;
export type CouponRedemption = typeof couponRedemptions.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLine = typeof orderLines.$inferSelect;
export type OrderPiece = typeof orderPieces.$inferSelect;
export type OrderForm60 = typeof orderForm60.$inferSelect;
export type OrderAdjustment = typeof orderAdjustments.$inferSelect;
export type CreditNote = typeof creditNotes.$inferSelect;
export type CadDesignRender = typeof cadDesignRenders.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;
export type OrderAddress = typeof orderAddresses.$inferSelect;
export type NewOrderAddress = typeof orderAddresses.$inferInsert;
export type OrderStatusChange = typeof orderStatusHistory.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type CustomDesignRequest = typeof customDesignRequests.$inferSelect;
export type NewCustomDesignRequest = typeof customDesignRequests.$inferInsert;
export type CustomDesignImage = typeof customDesignImages.$inferSelect;
export type CadDesign = typeof cadDesigns.$inferSelect;
export type NewCadDesign = typeof cadDesigns.$inferInsert;
export type TradePartnerApplication = typeof tradePartnerApplications.$inferSelect;
export type NewTradePartnerApplication = typeof tradePartnerApplications.$inferInsert;
export type TradePartnerOwner = typeof tradePartnerOwners.$inferSelect;
export type TradePartnerContact = typeof tradePartnerContacts.$inferSelect;
export type HarvestPlan = typeof harvestPlans.$inferSelect;
export type NewHarvestPlan = typeof harvestPlans.$inferInsert;
export type HarvestInstalment = typeof harvestInstalments.$inferSelect;
export type Store = typeof stores.$inferSelect;
export type NewStore = typeof stores.$inferInsert;
export type SizerRequest = typeof sizerRequests.$inferSelect;
export type MailOutboxItem = typeof mailOutbox.$inferSelect;
export type NewMailOutboxItem = typeof mailOutbox.$inferInsert;
export type MessageRow = typeof messages.$inferSelect;
export type MessageConsentRow = typeof messageConsents.$inferSelect;
export type MessageTemplateRow = typeof messageTemplates.$inferSelect;
export type RateLimitHit = typeof rateLimitHits.$inferSelect;
export type OrderReturn = typeof orderReturns.$inferSelect;
export type OrderReturnLine = typeof orderReturnLines.$inferSelect;
export type ExchangeRequest = typeof exchangeRequests.$inferSelect;
export type StoreCreditEntry = typeof storeCreditEntries.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;
export type Complaint = typeof complaints.$inferSelect;
export type ComplaintMessageRow = typeof complaintMessages.$inferSelect;
export type ConsentEventRow = typeof consentEvents.$inferSelect;
export type CustomerNominee = typeof customerNominees.$inferSelect;
export type CustomerNote = typeof customerNotes.$inferSelect;
export type CourierBooking = typeof courierBookings.$inferSelect;
export type CourierEvent = typeof courierEvents.$inferSelect;
export type RateLock = typeof rateLocks.$inferSelect;
export type RateLockUse = typeof rateLockUses.$inferSelect;
export type MetalCredit = typeof metalCredits.$inferSelect;
export type MetalDebit = typeof metalDebits.$inferSelect;
