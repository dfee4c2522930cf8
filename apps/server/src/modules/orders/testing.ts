/**
 * Test factory: a whole order written straight into the database (order, lines, addresses, status
 * history, coupon redemption), for tests and scripts that cannot place one through checkout.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type CartLineOptions, type Db } from '@milli/db';
import { gstContained } from '@milli/pricing';
import type { OrderStatus } from './repository.ts';

export interface OrderLineInput {
  productId?: number | null;
  productName?: string;
  sku?: string;
  image?: string;
  quantity?: number;
  unitPricePaise?: number;
  options?: CartLineOptions;
  huid?: string | null;
  /** Sold hallmarked (issue 38): its pieces are packed with a HUID each. */
  hallmarked?: boolean;
  /** The diamonds set in one piece, in hundredths of a carat (a diamond certificate needs some). */
  diamondWeightCents?: number | null;
}

export interface OrderAddressInput {
  firstName?: string;
  lastName?: string;
  country?: string;
  address?: string;
  city?: string;
  state?: string | null;
  /** The chosen state's GST code (checkout writes it since issue 18; older orders have none). */
  stateCode?: string | null;
  landmark?: string | null;
  pincode?: string;
  countryCode?: string;
  phone?: string;
}

export interface CreateOrderInput {
  customerId: number;
  status?: OrderStatus;
  orderNumber?: string;
  lines?: OrderLineInput[];
  shippingPaise?: number;
  discountPaise?: number;
  harvestCreditPaise?: number;
  couponCode?: string | null;
  companyName?: string | null;
  companyEmail?: string | null;
  companyGstin?: string | null;
  /** The buyer's PAN (orders of Rs. 2 lakh or more). */
  pan?: string | null;
  placedAt?: Date;
  shipping?: OrderAddressInput;
  /** null: no separate billing address row. */
  billing?: OrderAddressInput | null;
  /** Minutes between the steps of the history the factory writes up to `status`. */
  stepMinutes?: number;
}

let sequence = 0;
/** Random per process, then counted up: unique within a test database, and unlikely to meet a script's earlier orders. */
const NUMBER_BASE = 100_000 + randomInt(800_000);

const FLOW: OrderStatus[] = ['Placed', 'Picked', 'Out for Delivery', 'Delivered'];

/** A line for an existing product: its name, SKU, image and list price, as checkout would snapshot them. */
export async function lineFor(db: Db, productId: number, overrides: OrderLineInput = {}): Promise<OrderLineInput> {
  const [p] = await db.select().from(schema.products).where(eq(schema.products.id, productId));
  if (!p) throw new Error(`no product ${productId}`);
  return { productId: p.id, productName: p.name, sku: p.sku, image: p.image, unitPricePaise: p.listPricePaise, quantity: 1, ...overrides };
}

export async function createOrder(db: Db, input: CreateOrderInput) {
  const n = ++sequence;
  const status = input.status ?? 'Placed';
  const lines = (input.lines ?? [{}]).map((l, i) => {
    const quantity = l.quantity ?? 1;
    const unitPricePaise = l.unitPricePaise ?? 25_000_00 + i * 1_000_00;
    return {
      productId: l.productId ?? null,
      productName: l.productName ?? `Test Ring ${n}.${i + 1}`,
      sku: l.sku ?? `TEST-${n}-${i + 1}`,
      image: l.image ?? '/media/art/ring-1.svg',
      options: l.options ?? {},
      quantity,
      unitPricePaise,
      lineTotalPaise: unitPricePaise * quantity,
      huid: l.huid ?? null,
      hallmarked: l.hallmarked ?? false,
      diamondWeightCents: l.diamondWeightCents ?? null,
    };
  });
  const subtotalPaise = lines.reduce((a, l) => a + l.lineTotalPaise, 0);
  const discountPaise = input.discountPaise ?? 0;
  const shippingPaise = input.shippingPaise ?? 299;
  const harvestCreditPaise = input.harvestCreditPaise ?? 0;
  const invoiceValue = subtotalPaise - discountPaise + shippingPaise;
  const taxPaise = gstContained(invoiceValue, 3).gst;
  const placedAt = input.placedAt ?? new Date(Date.now() - 3 * 86_400_000 + n * 1000);
  const step = (input.stepMinutes ?? 240) * 60_000;

  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(schema.orders)
      .values({
        customerId: input.customerId,
        orderNumber: input.orderNumber ?? `MIL-2026-${String(NUMBER_BASE + n).padStart(6, '0')}`,
        status,
        // An order waiting to be confirmed is pay on delivery; one waiting for payment holds its pieces for 15 minutes.
        paymentMethod: status === 'Awaiting confirmation' ? 'cod' : 'online',
        payBy: status === 'Awaiting payment' ? new Date(placedAt.getTime() + 15 * 60_000) : null,
        subtotalPaise,
        discountPaise,
        shippingPaise,
        taxPaise,
        harvestCreditPaise,
        // As checkout writes it: the order's value; a Harvest credit pays part of it.
        totalPaise: invoiceValue,
        couponCode: input.couponCode ?? null,
        companyName: input.companyName ?? null,
        companyEmail: input.companyEmail ?? null,
        companyGstin: input.companyGstin ?? null,
        pan: input.pan ?? null,
        placedAt,
        updatedAt: placedAt,
      })
      .returning();
    await tx.insert(schema.orderLines).values(lines.map((l) => ({ ...l, orderId: order!.id })));
    const shipping = {
      firstName: 'Meera',
      lastName: 'Iyer',
      country: 'India',
      address: '12 Lake View Road, T. Nagar',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600017',
      countryCode: '91',
      phone: '9876543210',
      ...input.shipping,
    };
    await tx.insert(schema.orderAddresses).values({ orderId: order!.id, kind: 'shipping', ...shipping });
    if (input.billing !== null) {
      await tx.insert(schema.orderAddresses).values({ orderId: order!.id, kind: 'billing', ...shipping, ...input.billing });
    }
    const reached: OrderStatus[] =
      status === 'Cancelled' ? ['Placed', 'Cancelled'] : FLOW.includes(status) ? FLOW.slice(0, FLOW.indexOf(status) + 1) : [status];
    await tx.insert(schema.orderStatusHistory).values(reached.map((s, i) => ({ orderId: order!.id, status: s, at: new Date(placedAt.getTime() + i * step) })));
    if (input.couponCode) {
      const [coupon] = await tx.select({ id: schema.coupons.id }).from(schema.coupons).where(eq(schema.coupons.code, input.couponCode));
      if (coupon) await tx.insert(schema.couponRedemptions).values({ couponId: coupon.id, customerId: input.customerId, orderId: order!.id, discountPaise });
    }
    return order!;
  });
}

/** A random HUID (six capitals and digits) for tests: unique enough within a test database. */
export function testHuid(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from({ length: 6 }, () => letters[randomInt(letters.length)]).join('');
}

interface Injector {
  inject(opts: {
    method: 'GET' | 'POST';
    url: string;
    headers?: Record<string, string>;
    payload?: object;
  }): PromiseLike<{ statusCode: number; body: string; json(): unknown }>;
}

/**
 * Test helper (the invoice is issued at dispatch, issue 19): records each weighed piece at its sold
 * weight (a HUID each for a hallmarked one) through the staff's packing route, then moves the order on through the staff's status route up to
 * Out for Delivery (courier and AWB), so its tax invoice can be downloaded. `staffCookie` is an orders-desk session.
 */
export async function packAndDispatch(app: Injector, staffCookie: string, orderNumber: string, weights: Record<number, number[]> = {}) {
  const headers = { cookie: staffCookie };
  const url = `/api/admin/orders/${encodeURIComponent(orderNumber)}`;
  const read = async () => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as {
      status: string;
      nextStatus: string | null;
      pieces: unknown[];
      lines: { lineId: number; quantity: number; recordedAtPacking: boolean; hallmarked: boolean; soldWeightMg: number | null }[];
    };
  };
  let order = await read();
  const pieces = order.lines
    .filter((l) => l.recordedAtPacking)
    .flatMap((l) =>
      Array.from({ length: l.quantity }, (_, i) => {
        const net = weights[l.lineId]?.[i] ?? l.soldWeightMg ?? 1000;
        return { lineId: l.lineId, huid: l.hallmarked ? testHuid() : null, netWeightMg: net, grossWeightMg: net + 150 };
      }),
    );
  if (pieces.length > 0 && order.pieces.length === 0) {
    const res = await app.inject({ method: 'POST', url: `${url}/pieces`, headers, payload: { pieces } });
    if (res.statusCode !== 200) throw new Error(`POST ${url}/pieces: ${res.statusCode} ${res.body}`);
  }
  while (order.nextStatus && order.status !== 'Out for Delivery') {
    const res = await app.inject({
      method: 'POST',
      url: `${url}/status`,
      headers,
      payload: { status: order.nextStatus, courierName: 'Blue Dart', awbNumber: 'BD-12345678', trackingUrl: 'https://track.example/BD-12345678' },
    });
    if (res.statusCode !== 200) throw new Error(`POST ${url}/status ${order.nextStatus}: ${res.statusCode} ${res.body}`);
    order = await read();
  }
  return order;
}
