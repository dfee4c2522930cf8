/**
 * Planted for table-owners.test.ts: a file that writes the orders tables in every way a repository can, so the test
 * proves the reader sees each. Never imported by the store.
 */
import { sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { orderPieces } = schema;
const h = schema.orderStatusHistory;

export async function plantedWrites(db: Db) {
  await db.update(schema.orders).set({ status: 'Placed' });
  await db.delete(orderPieces);
  await db.execute(sql`insert into ${h} (order_id, status) values (1, 'Placed')`);
  await db.execute(sql`delete from credit_notes where id = 0`);
}
