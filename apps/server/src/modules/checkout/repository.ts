import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { preparedQuery, schema, type Db } from '@milli/db';

const { carts, customers, orders, orderStatusHistory } = schema;

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
  };
}
