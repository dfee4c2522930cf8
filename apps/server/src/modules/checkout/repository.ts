import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { preparedQuery, schema, type Db } from '@milli/db';

const { carts, customers, orders, orderAddresses, orderStatusHistory } = schema;

/** Who pays cash at the door, as far as the store can tell (issue 38): the account, the phones on the order, the account's e-mail. */
export interface CashBuyer {
  customerId: number;
  /** Normalised e-mail (lower case). */
  email: string;
  /** The order's phones (billing, and delivery when it differs) as order_addresses keeps them: dial code and number. */
  phones: { countryCode: string; phone: string }[];
}

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
    /**
     * Issue 38, s.269ST: takes a transaction-scoped advisory lock for each way the buyer is known (account, e-mail,
     * each phone), in one order so two checkouts never wait on each other in turn. Held to commit: a second checkout
     * of the same buyer (another account with the same phone, say) adds up its cash only once this one's order is in.
     */
    async lockCashBuyer(buyer: CashBuyer) {
      const keys = [`cash:c:${buyer.customerId}`, `cash:e:${buyer.email}`, ...buyer.phones.map((p) => `cash:p:${p.countryCode}:${p.phone}`)];
      for (const key of [...new Set(keys)].sort()) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },
    /**
     * The cash a buyer is to pay on delivery for orders placed in [from, to) (one Indian day), not cancelled: what each
     * such order leaves to pay after its Harvest balance and store credit. Orders count when any of them is the
     * buyer's: the account, an order of an account with the same e-mail, or an order with one of the same phones.
     * Read under lockCashBuyer's locks, each statement seeing every order committed before it.
     */
    async cashOnDeliveryBetween(buyer: CashBuyer, from: Date, to: Date): Promise<number> {
      const phoneMatch =
        buyer.phones.length === 0
          ? sql`false`
          : sql`exists (select 1 from ${orderAddresses} where ${orderAddresses.orderId} = ${orders.id} and (${sql.join(
              buyer.phones.map((p) => sql`(${orderAddresses.countryCode} = ${p.countryCode} and ${orderAddresses.phone} = ${p.phone})`),
              sql` or `,
            )}))`;
      const [row] = await db
        .select({
          paise:
            sql<number>`coalesce(sum(${orders.totalPaise} - ${orders.harvestCreditPaise} - ${orders.storeCreditPaise} - ${orders.rateLockAdvancePaise}), 0)`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .where(
          and(
            eq(orders.paymentMethod, 'cod'),
            sql`${orders.status} <> 'Cancelled'`,
            sql`${orders.placedAt} >= ${from.toISOString()}::timestamptz`,
            sql`${orders.placedAt} < ${to.toISOString()}::timestamptz`,
            sql`(${orders.customerId} = ${buyer.customerId}
              or exists (select 1 from ${customers} where ${customers.id} = ${orders.customerId} and lower(${customers.email}) = ${buyer.email})
              or ${phoneMatch})`,
          ),
        );
      return row?.paise ?? 0;
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
