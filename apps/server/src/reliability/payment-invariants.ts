/**
 * What must hold between orders and their payments whatever happened on the way (races, a killed server,
 * lapses, cancels), checked in SQL over the tables after a run (issue 18):
 * - no order paid online is Placed (or further on) without its captured payment: one payment row, status
 *   paid, with the gateway's payment id, for exactly what was left to pay after any Harvest credit;
 * - no captured payment is without its order: a paid payment's order is Placed or further on, or, when the
 *   order could not take the money (it lapsed or was cancelled first), the payment is being refunded in full;
 * - an order still awaiting payment has its unpaid payment row, and a lapsed order's payment is closed;
 * - no order has two payment rows.
 * Each breach is named with the order or payment it is about, so a failure says what went wrong.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@milli/db';

const PLACED_OR_LATER = sql`('Placed', 'Picked', 'Out for Delivery', 'Delivered')`;

export interface PaymentBreach {
  kind: string;
  ref: string;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Breaches of the invariants among these customers' orders and payments (all customers when not given). */
export async function paymentBreaches(db: Db, customerIds?: readonly number[]): Promise<PaymentBreach[]> {
  const ofOrder = customerIds
    ? sql`and o.customer_id in (${sql.join(
        customerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const ofPayment = customerIds
    ? sql`and p.customer_id in (${sql.join(
        customerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const breaches: PaymentBreach[] = [];
  const add = (kind: string, found: { ref: string }[]) => breaches.push(...found.map((f) => ({ kind, ref: f.ref })));

  add(
    'placed without a captured payment',
    await rows(
      db,
      sql`select o.order_number as ref from orders o
          where o.payment_method = 'online' and o.total_paise - o.harvest_credit_paise > 0 and o.status in ${PLACED_OR_LATER} ${ofOrder}
            and not exists (select 1 from payments p where p.order_id = o.id and p.purpose = 'order' and p.status = 'paid'
                            and p.gateway_ref is not null and p.amount_paise = o.total_paise - o.harvest_credit_paise)`,
    ),
  );
  add(
    'paid payment without its order',
    await rows(
      db,
      sql`select 'payment ' || p.id || coalesce(' of ' || o.order_number || ' (' || o.status || ')', ' of no order') as ref
          from payments p left join orders o on o.id = p.order_id
          where p.purpose = 'order' and p.status in ('paid', 'refunded') ${ofPayment}
            and (o.id is null or o.status not in ${PLACED_OR_LATER})
            and coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id and r.status <> 'failed'), 0) < p.amount_paise`,
    ),
  );
  add(
    'awaiting payment without an open payment',
    await rows(
      db,
      sql`select o.order_number as ref from orders o
          where o.status = 'Awaiting payment' ${ofOrder}
            and not exists (select 1 from payments p where p.order_id = o.id and p.purpose = 'order' and p.status = 'created')`,
    ),
  );
  add(
    'cancelled with its payment still open',
    await rows(
      db,
      sql`select o.order_number as ref from orders o join payments p on p.order_id = o.id and p.purpose = 'order'
          where o.status = 'Cancelled' and p.status = 'created' ${ofOrder}`,
    ),
  );
  add(
    'order with more than one payment',
    await rows(
      db,
      sql`select o.order_number as ref from orders o join payments p on p.order_id = o.id and p.purpose = 'order'
          where true ${ofOrder} group by o.order_number having count(*) > 1`,
    ),
  );
  return breaches;
}

/**
 * Checks the invariants again and again while a run goes on (every `intervalMs`, one check at a time), so a
 * moment that breaks them is seen, not only the end state: each committed state must keep them, since an order
 * and its payment change together in one transaction. `stop()` answers how many checks ran and every breach seen.
 */
export function watchPaymentInvariants(db: Db, customerIds: () => readonly number[], intervalMs = 20) {
  let running = true;
  let checks = 0;
  const seen = new Map<string, PaymentBreach>();
  const loop = (async () => {
    while (running) {
      const ids = customerIds();
      if (ids.length > 0) {
        for (const b of await paymentBreaches(db, ids)) seen.set(`${b.kind}: ${b.ref}`, b);
        checks++;
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop(): Promise<{ checks: number; breaches: string[] }> {
      running = false;
      await loop;
      return { checks, breaches: [...seen.keys()] };
    },
  };
}
