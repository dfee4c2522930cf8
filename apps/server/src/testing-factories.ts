/**
 * Test factories with overrides (as epic-stack's db-utils): a shopper signed up and logged in through the
 * API, a product row that prices like a real one, an order placed through checkout. Each takes only what a
 * test cares about; the rest is a sensible default, so a test reads as what it is about.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, desc, eq } from 'drizzle-orm';
import type { StaffRole } from '@milli/contracts';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { artMetalFor, artPath, artVariant, schema, type Db } from '@milli/db';
import { DIAMOND_RATES_RUPEES_PER_CARAT, GST_PERCENT, METAL_RATES_RUPEES_PER_GRAM } from '@milli/db/seed';
import { priceJewellery } from '@milli/pricing';
import { BILLING, postForm } from './testing.ts';

export interface TestShopper {
  /** The customer's id; `userId` is the same number, by the name the API's fields give it. */
  id: number;
  userId: number;
  username: string;
  email: string;
  password: string;
  /** The session as a Cookie header sends it: `milli_session=…`. */
  cookie: string;
  /** The whole Set-Cookie header the login answered with, flags and all. */
  setCookie: string;
  /** The shopper's own client address, so per-address limits of one shopper never touch another. */
  ip: string;
}

export interface ShopperOverrides {
  /** Default: `shopper<n>`, unique in the process. */
  username?: string;
  /** Default: `<username>@example.in`. */
  email?: string;
  password?: string;
  ip?: string;
  /** Extra login fields: the guest's cart or wish list the login merges (cartItems, wishlistItems). */
  login?: Record<string, string>;
}

let shoppers = 0;

/** Signs a new customer up and logs them in through the API; fails the test if either is refused. */
export async function createShopper(app: FastifyInstance, overrides: ShopperOverrides = {}): Promise<TestShopper> {
  const n = ++shoppers;
  const username = overrides.username ?? `shopper${n}`;
  const email = overrides.email ?? `${username}@example.in`;
  const password = overrides.password ?? 'shop12345';
  // 10.200/16 is used by no test's own addresses.
  const ip = overrides.ip ?? `10.200.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  const registered = await postForm(app, '/api/auth/register', { username, email, password }, { ip });
  expect(registered.statusCode, registered.body).toBe(200);
  const login = await postForm(app, '/api/auth/login', { username, password, ...overrides.login }, { ip });
  expect(login.statusCode, login.body).toBe(200);
  const setCookie = [login.headers['set-cookie']].flat().find((c) => String(c).startsWith('milli_session='));
  expect(setCookie, 'the login answer sets the session cookie').toBeDefined();
  const userId = login.json().userId as number;
  return { id: userId, userId, username, email, password, cookie: String(setCookie).split(';')[0]!, setCookie: String(setCookie), ip };
}

export interface TestStaff {
  id: number;
  email: string;
  name: string;
  /** The first of `roles`. */
  role: StaffRole;
  roles: StaffRole[];
  password: string;
  /** A back-office session as a Cookie header sends it: `milli_staff=…`. */
  cookie: string;
}

let staffMembers = 0;

/**
 * A member of staff with a back-office session of their own (cookie milli_staff), written straight to the
 * database as the owner's back office would have made them: tests of staff routes need a member of each role.
 */
export async function createStaff(
  app: FastifyInstance,
  overrides: { role?: StaffRole; roles?: StaffRole[]; email?: string; name?: string; password?: string } = {},
): Promise<TestStaff> {
  const n = ++staffMembers;
  const roles = overrides.roles ?? [overrides.role ?? 'owner'];
  const role = roles[0]!;
  const email = (overrides.email ?? `staff${n}-${role}@milli.example`).toLowerCase();
  const name = overrides.name ?? `Staff ${n}`;
  const password = overrides.password ?? 'back-office-9x!';
  const db = app.deps.database.db;
  const [member] = await db
    .insert(schema.staff)
    .values({ email, name, roles, passwordHash: await hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 }) })
    .returning();
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(schema.staffSessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    staffId: member!.id,
    idleExpiresAt: new Date(now + 30 * 60_000),
    expiresAt: new Date(now + 12 * 3_600_000),
  });
  return { id: member!.id, email, name, role, roles, password, cookie: `milli_staff=${token}` };
}

export type ProductOverrides = Partial<Omit<schema.NewProduct, 'categoryId'>> & {
  /** Gold's karat (14, 18, 22, 24): the default purity. */
  karat?: number;
  /** The category's name ('Rings', 'Earrings', …); made if the database has none of that name. */
  category?: string;
};

const DEFAULT_PURITY = { gold: 22, platinum: 950, silver: 925 } as const;
const DEFAULT_SIZES = { ring: ['10', '12', '14'], bangle: ['2.4', '2.6', '2.8'], length: ['16', '18', '20'] } as const;
let products = 0;

/**
 * A product row: by default 5 g of 22 kt yellow gold earrings (no size to choose), 10 in stock, listed at its
 * price by the database's latest rates (as the seed lists its pieces), so listings sort and filter it truly.
 */
export async function createProduct(db: Db, overrides: ProductOverrides = {}): Promise<schema.Product> {
  const n = ++products;
  const { karat, category = 'Earrings', ...row } = overrides;
  const metal = row.metal ?? 'gold';
  const purity = row.purity ?? karat ?? DEFAULT_PURITY[metal];
  const metalWeightMg = row.metalWeightMg === undefined ? 5_000 : row.metalWeightMg;
  const makingChargePaise = row.makingChargePaise ?? 5_000_00;
  const diamondWeightCents = row.diamondWeightCents ?? 0;
  const diamondQuality = row.diamondQuality ?? (diamondWeightCents > 0 ? 'SI-IJ' : null);
  const sizeKind = row.sizeKind ?? null;
  const metalColour = row.metalColour !== undefined ? row.metalColour : metal === 'gold' ? 'Yellow Gold' : null;
  const [metalRate] = await db
    .select({ paise: schema.metalRates.ratePaisePerGram, date: schema.metalRates.rateDate })
    .from(schema.metalRates)
    .where(and(eq(schema.metalRates.metal, metal), eq(schema.metalRates.purity, purity)))
    .orderBy(desc(schema.metalRates.rateDate))
    .limit(1);
  const [diamondRate] = diamondQuality
    ? await db
        .select({ paise: schema.diamondRates.ratePaisePerCarat })
        .from(schema.diamondRates)
        .where(eq(schema.diamondRates.quality, diamondQuality))
        .orderBy(desc(schema.diamondRates.rateDate))
        .limit(1)
    : [];
  const price = priceJewellery({
    metalWeightMg,
    ratePaisePerGram: metalRate?.paise ?? (METAL_RATES_RUPEES_PER_GRAM.find((r) => r.metal === metal && r.purity === purity)?.rupees ?? 0) * 100,
    makingChargePaise,
    stoneValuePaise: row.stoneValuePaise ?? 0,
    diamondWeightCents,
    diamondRatePaisePerCarat: diamondRate?.paise ?? (diamondQuality ? DIAMOND_RATES_RUPEES_PER_CARAT[diamondQuality] * 100 : 0),
    fixedPricePaise: row.fixedPricePaise ?? null,
    gstPercent: GST_PERCENT,
  });
  const [inserted] = await db
    .insert(schema.products)
    .values({
      sku: `TP-${n}`,
      name: `Test Piece ${n}`,
      slug: `test-piece-${n}`,
      material: diamondWeightCents > 0 ? 'Diamond' : metal === 'gold' ? 'Gold' : metal === 'platinum' ? 'Platinum' : 'Silver',
      diamondCount: diamondWeightCents > 0 ? 1 : 0,
      sizes: sizeKind ? [...DEFAULT_SIZES[sizeKind]] : [],
      hallmarked: metal === 'gold',
      stock: 10,
      image: artPath('earrings', artMetalFor(metal, metalColour), artVariant('plain', 0)),
      listPricePaise: price.totalPaise,
      listPriceDate: metalRate?.date ?? new Date().toISOString().slice(0, 10),
      ...row,
      metal,
      metalColour,
      purity,
      metalWeightMg,
      makingChargePaise,
      diamondWeightCents,
      diamondQuality,
      sizeKind,
      categoryId: await categoryId(db, category),
    })
    .returning();
  return inserted!;
}

async function categoryId(db: Db, name: string): Promise<number> {
  const [found] = await db.select({ id: schema.categories.id }).from(schema.categories).where(eq(schema.categories.name, name));
  if (found) return found.id;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [made] = await db.insert(schema.categories).values({ name, queryName: name, slug }).returning({ id: schema.categories.id });
  return made!.id;
}

export interface OrderOverrides {
  /** Put in the cart first (none: the order is placed on the cart as it is). */
  productId?: number;
  quantity?: number;
  /** The cart line's choices, as the add-to-cart form names them (purity, colour, diamond_quality, size). */
  options?: Record<string, string | number>;
  /** Over the valid billing form: other fields, or a coupon, an idempotency key, a cartDataList. */
  fields?: Record<string, string | number>;
  /**
   * Pay an online order at once through the demo gateway's checkout and verify, as the checkout page does
   * (default true), so the order is Placed; false leaves it Awaiting payment.
   */
  pay?: boolean;
}

/** Pays a gateway payment block through the demo gateway's checkout and the verify call; the verify answer. */
export async function payThroughDemo(app: FastifyInstance, shopper: Pick<TestShopper, 'cookie' | 'ip'>, gatewayOrderId: string, instrument = 'card_success') {
  const session = { cookie: shopper.cookie, ip: shopper.ip };
  const paid = await postForm(app, '/api/payments/demo/checkout', { gatewayOrderId, instrument }, session);
  if (paid.statusCode !== 200) return paid;
  return postForm(app, '/api/payments/razorpay/verify', paid.json(), session);
}

/** Adds a piece to the shopper's cart and places the order through checkout with a valid billing form; the answer as sent. */
export async function placeOrder(app: FastifyInstance, shopper: TestShopper, overrides: OrderOverrides = {}) {
  const session = { cookie: shopper.cookie, ip: shopper.ip };
  if (overrides.productId !== undefined) {
    const added = await postForm(
      app,
      '/api/cart/add',
      { cart_product_id: overrides.productId, cart_quantity: overrides.quantity ?? 1, cart_user_id: shopper.userId, ...overrides.options },
      session,
    );
    expect(added.statusCode, added.body).toBe(200);
  }
  const placed = await postForm(app, '/api/orders/placeOrders', { ...BILLING, userId: shopper.userId, ...overrides.fields }, session);
  if (overrides.pay !== false && placed.statusCode === 200) {
    const answer = placed.json() as { payment: { gatewayOrderId: string } | null; replayed: boolean; status: string };
    if (answer.payment && answer.status === 'Awaiting payment') {
      const verified = await payThroughDemo(app, shopper, answer.payment.gatewayOrderId);
      expect(verified.statusCode, verified.body).toBe(200);
    }
  }
  return placed;
}
