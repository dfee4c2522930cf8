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
}

export interface OrderAddressInput {
  firstName?: string;
  lastName?: string;
  country?: string;
  address?: string;
  city?: string;
  state?: string | null;
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
    // An order still awaiting its payment or its confirmation has only that step behind it.
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
