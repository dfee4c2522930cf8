import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { NewOrder, NewOrderAddress, NewOrderLine } from '@milli/db/schema';

const { carts, cartLines, orders, orderLines, orderAddresses, orderStatusHistory, products } = schema;

/** Order placement's queries; `db` is the placement's transaction. Every customer query names the customer. */
export function checkoutRepository(db: Db) {
  return {
    /** Holds the customer's cart row until the order commits: one customer's checkouts run one at a time. */
    async lockCart(customerId: number) {
      await db.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId)).for('update');
    },
    /**
     * Orders of the customer holding pieces without their money yet: awaiting the online payment, or to be paid
     * on delivery and not yet confirmed by staff (read under the cart lock, so counted one checkout at a time).
     */
    async awaitingPayment(customerId: number) {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        // A made piece's balance order holds no stock (its piece is made for this customer): it is not counted.
        .where(and(eq(orders.customerId, customerId), inArray(orders.status, ['Awaiting payment', 'Awaiting confirmation']), isNull(orders.customDesignRequestId)));
      return rows.length;
    },
    /** The customer's orders that lapsed unpaid (history note `note`) since `since`. */
    async lapsedSince(customerId: number, note: string, since: Date) {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderStatusHistory, eq(orderStatusHistory.orderId, orders.id))
        .where(and(eq(orders.customerId, customerId), eq(orders.status, 'Cancelled'), eq(orderStatusHistory.note, note), sql`${orderStatusHistory.at} > ${since}`));
      return rows.length;
    },
    async orderByKey(customerId: number, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },
    /**
     * Locks the products' rows in id order, so two checkouts that share pieces always take the locks in the
     * same order and cannot deadlock; the stock read here is the stock after every earlier order committed.
     */
    async lockProducts(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: products.id, name: products.name, stock: products.stock })
        .from(products)
        .where(inArray(products.id, ids))
        .orderBy(asc(products.id))
        .for('update');
    },
    /** Coloured-stone weight of each piece (not on the product answer), for the order lines' snapshot. */
    async stoneWeights(ids: number[]) {
      if (ids.length === 0) return new Map<number, number>();
      const rows = await db.select({ id: products.id, cents: products.stoneWeightCents }).from(products).where(inArray(products.id, ids));
      return new Map(rows.map((r) => [r.id, r.cents]));
    },
    async takeStock(productId: number, quantity: number) {
      const rows = await db
        .update(products)
        .set({ stock: sql`${products.stock} - ${quantity}`, unitsSold: sql`${products.unitsSold} + ${quantity}`, updatedAt: new Date() })
        .where(and(eq(products.id, productId), sql`${products.stock} >= ${quantity}`))
        .returning({ id: products.id });
      return rows.length === 1;
    },
    /** The next order id, taken before the insert so the order number (which contains it) is written with the row. */
    async nextOrderId() {
      const result = await db.execute<{ id: string | number }>(sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`);
      const rows = (Array.isArray(result) ? result : (result as { rows: { id: string | number }[] }).rows) as { id: string | number }[];
      return Number(rows[0]!.id);
    },
    async createOrder(
      order: NewOrder,
      lines: Omit<NewOrderLine, 'orderId'>[],
      address: Omit<NewOrderAddress, 'orderId' | 'kind'>,
      shipping: Omit<NewOrderAddress, 'orderId' | 'kind'> = address,
      note = 'Order placed by the customer',
    ) {
      const [row] = await db.insert(orders).values(order).returning();
      const orderId = row!.id;
      await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId })));
      await db.insert(orderAddresses).values([
        { ...shipping, orderId, kind: 'shipping' as const },
        { ...address, orderId, kind: 'billing' as const },
      ]);
      await db.insert(orderStatusHistory).values({ orderId, status: row!.status, note });
      return row!;
    },
    async emptyCart(customerId: number) {
      await db.delete(cartLines).where(inArray(cartLines.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId))));
    },
  };
}
