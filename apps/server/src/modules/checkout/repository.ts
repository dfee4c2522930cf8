import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { placeholderValue, preparedQuery, schema, type Db } from '@milli/db';

const { carts, cartLines, customers, orders, orderStatusHistory, products } = schema;

const p = (name: string) => sql.placeholder(name);

// The statements every order placed runs, built once (decision 038).
// The cart's row and the customer's, in one statement: the customer's lock before any piece's, the order every
// transaction that takes both keeps (a cancel gives back store credit before stock), so none waits on the other in turn.
const lockCartStatement = preparedQuery('checkout_lock_cart', (db) =>
  db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(customers, eq(customers.id, carts.customerId))
    .where(eq(carts.customerId, p('customerId')))
    .for('no key update'),
);
const unpaidAndLapsedStatement = preparedQuery('checkout_unpaid_and_lapsed', (db) =>
  db
    .select({
      // A made piece's balance order holds no stock (its piece is made for this customer): it is not counted.
      unpaid:
        sql<number>`count(*) filter (where ${inArray(orders.status, ['Awaiting payment', 'Awaiting confirmation'])} and ${isNull(orders.customDesignRequestId)})`.mapWith(
          Number,
        ),
      lapsed:
        sql<number>`count(*) filter (where ${eq(orders.status, 'Cancelled')} and exists (select 1 from ${orderStatusHistory} where ${eq(orderStatusHistory.orderId, orders.id)} and ${eq(orderStatusHistory.note, p('lapsedNote'))} and ${orderStatusHistory.at} > ${p('since')}))`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(and(eq(orders.customerId, p('customerId')), inArray(orders.status, ['Awaiting payment', 'Awaiting confirmation', 'Cancelled']))),
);
const takeStockStatement = preparedQuery('checkout_take_stock', (db) =>
  db
    .update(products)
    .set({
      stock: sql`${products.stock} - ${p('quantity')}`,
      unitsSold: sql`${products.unitsSold} + ${p('quantity')}`,
      updatedAt: placeholderValue<Date>('at'),
    })
    .where(and(eq(products.id, p('productId')), sql`${products.stock} >= ${p('quantity')}`))
    .returning({ id: products.id }),
);
const emptyCartStatement = preparedQuery('checkout_empty_cart', (db) =>
  db.delete(cartLines).where(
    inArray(
      cartLines.cartId,
      db
        .select({ id: carts.id })
        .from(carts)
        .where(eq(carts.customerId, p('customerId'))),
    ),
  ),
);

/** Order placement's queries; `db` is the placement's transaction. Every customer query names the customer. */
export function checkoutRepository(db: Db) {
  return {
    /**
     * Holds the customer's cart row and customer row until the order commits: one customer's checkouts run one at a
     * time, and the store credit and address book it may touch later are already this transaction's.
     */
    async lockCart(customerId: number) {
      await lockCartStatement(db, { customerId });
    },
    /**
     * What the customer holds without its money, in one statement: orders holding pieces awaiting the online
     * payment or, to be paid on delivery, staff's confirmation (`unpaid`), and orders that lapsed unpaid (history
     * note `lapsedNote`) since `since` (`lapsed`). Read under the cart lock, so counted one checkout at a time.
     */
    async unpaidAndLapsed(customerId: number, lapsedNote: string, since: Date): Promise<{ unpaid: number; lapsed: number }> {
      const [row] = await unpaidAndLapsedStatement(db, { customerId, lapsedNote, since });
      return { unpaid: row?.unpaid ?? 0, lapsed: row?.lapsed ?? 0 };
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
     * same order and cannot deadlock; the stock read here is the stock after every earlier order committed. With
     * each piece's coloured-stone weight (not on the product answer), for the order lines' snapshot.
     */
    async lockProducts(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: products.id, name: products.name, stock: products.stock, stoneWeightCents: products.stoneWeightCents })
        .from(products)
        .where(inArray(products.id, ids))
        .orderBy(asc(products.id))
        .for('update');
    },
    async takeStock(productId: number, quantity: number) {
      const rows = await takeStockStatement(db, { productId, quantity, at: new Date() });
      return rows.length === 1;
    },
    async emptyCart(customerId: number) {
      await emptyCartStatement(db, { customerId });
    },
  };
}
