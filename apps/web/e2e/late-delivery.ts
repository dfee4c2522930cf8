/**
 * The e2e store's one order delivered long ago (issue 20): a return past the window needs an order delivered more
 * than the window ago, which no journey can make in real time. Global setup prepares the throw-away DATA_DIR
 * before the server starts, as the server would (migrate, seed the demo store), then writes a customer with a
 * delivered order dated 40 days back, and closes it. Production code knows nothing of it.
 */
import { hash } from '@node-rs/argon2';
import { openDatabase, schema } from '@milli/db';
import { DEMO_RATE_HISTORY_DAYS, isSeeded, seedDemoStore } from '@milli/db/seed';

export const LATE_SHOPPER = { username: 'late_returner', email: 'late.returner@example.in', password: 'Kundan2024', orderNumber: 'MIL-2026-990040' } as const;
export const LATE_DAYS = 40;

export async function prepareLateDelivery(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    if (!(await isSeeded(database.db))) await seedDemoStore(database.db, { rateHistoryDays: DEMO_RATE_HISTORY_DAYS });
    const db = database.db;
    const [product] = await db.select().from(schema.products).limit(1);
    if (!product) throw new Error('the demo store has no product');
    const [customer] = await db
      .insert(schema.customers)
      .values({
        username: LATE_SHOPPER.username,
        email: LATE_SHOPPER.email,
        passwordHash: await hash(LATE_SHOPPER.password),
        firstName: 'Lata',
        lastName: 'Rao',
      })
      .returning();
    const delivered = new Date(Date.now() - LATE_DAYS * 86_400_000);
    const placed = new Date(delivered.getTime() - 4 * 86_400_000);
    const price = product.listPricePaise;
    const [order] = await db
      .insert(schema.orders)
      .values({
        customerId: customer!.id,
        orderNumber: LATE_SHOPPER.orderNumber,
        status: 'Delivered',
        paymentMethod: 'cod',
        subtotalPaise: price,
        shippingPaise: 0,
        taxPaise: Math.round((price * 3) / 103),
        totalPaise: price,
        placedAt: placed,
        updatedAt: delivered,
        dispatchedAt: new Date(delivered.getTime() - 86_400_000),
        deliveredAt: delivered,
      })
      .returning();
    await db.insert(schema.orderLines).values({
      orderId: order!.id,
      productId: product.id,
      productName: product.name,
      sku: product.sku,
      image: product.image,
      unitPricePaise: price,
      quantity: 1,
      lineTotalPaise: price,
    });
    const address = {
      firstName: 'Lata',
      lastName: 'Rao',
      country: 'India',
      address: '4 Lake Road',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600017',
      countryCode: '91',
      phone: '9876543210',
    };
    await db.insert(schema.orderAddresses).values([
      { orderId: order!.id, kind: 'shipping', ...address },
      { orderId: order!.id, kind: 'billing', ...address },
    ]);
    await db.insert(schema.orderStatusHistory).values(
      (['Placed', 'Picked', 'Out for Delivery', 'Delivered'] as const).map((status, i) => ({
        orderId: order!.id,
        status,
        at: i === 3 ? delivered : new Date(placed.getTime() + i * 86_400_000),
      })),
    );
  } finally {
    await database.close();
  }
}
