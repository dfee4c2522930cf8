import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { customerAddresses } = schema;

export type CustomerAddress = typeof customerAddresses.$inferSelect;
type NewCustomerAddress = typeof customerAddresses.$inferInsert;

/** The parts of a saved address that make it the same address (two saves of these are one). */
export type AddressValues = Pick<
  NewCustomerAddress,
  'firstName' | 'lastName' | 'address' | 'landmark' | 'city' | 'state' | 'pincode' | 'country' | 'countryCode' | 'phone'
>;

/** Address-book queries; every one names the customer in the query itself. `db` is usually a transaction. */
export function addressRepository(db: Db) {
  return {
    /** The default first, then the newest. */
    async list(customerId: number): Promise<CustomerAddress[]> {
      return db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, customerId))
        .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.id));
    },
    async find(customerId: number, id: number): Promise<CustomerAddress | null> {
      const [row] = await db
        .select()
        .from(customerAddresses)
        .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, id)));
      return row ?? null;
    },
    async count(customerId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
      return Number(row?.n ?? 0);
    },
    /** The same address already saved, part for part (an empty landmark matches a missing one). */
    async same(customerId: number, values: AddressValues): Promise<CustomerAddress | null> {
      const [row] = await db
        .select()
        .from(customerAddresses)
        .where(
          and(
            eq(customerAddresses.customerId, customerId),
            eq(customerAddresses.firstName, values.firstName),
            eq(customerAddresses.lastName, values.lastName),
            eq(customerAddresses.address, values.address),
            values.landmark ? eq(customerAddresses.landmark, values.landmark) : isNull(customerAddresses.landmark),
            eq(customerAddresses.city, values.city),
            eq(customerAddresses.state, values.state),
            eq(customerAddresses.pincode, values.pincode),
            eq(customerAddresses.country, values.country ?? 'India'),
            eq(customerAddresses.countryCode, values.countryCode ?? '91'),
            eq(customerAddresses.phone, values.phone),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    async insert(customerId: number, values: AddressValues, isDefault: boolean): Promise<CustomerAddress> {
      const [row] = await db
        .insert(customerAddresses)
        .values({ ...values, customerId, isDefault })
        .returning();
      return row!;
    },
    async update(customerId: number, id: number, values: Partial<AddressValues>): Promise<CustomerAddress | null> {
      const [row] = await db
        .update(customerAddresses)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, id)))
        .returning();
      return row ?? null;
    },
    async remove(customerId: number, id: number): Promise<CustomerAddress | null> {
      const [row] = await db
        .delete(customerAddresses)
        .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, id)))
        .returning();
      return row ?? null;
    },
    /** Every saved address of the customer's (their data erased, issue 38). */
    async removeAll(customerId: number): Promise<void> {
      await db.delete(customerAddresses).where(eq(customerAddresses.customerId, customerId));
    },
    /** Clears the default, then sets it (the partial unique index allows one default per customer). */
    async makeDefault(customerId: number, id: number): Promise<CustomerAddress | null> {
      await db
        .update(customerAddresses)
        .set({ isDefault: false })
        .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefault, true), ne(customerAddresses.id, id)));
      const [row] = await db
        .update(customerAddresses)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, id)))
        .returning();
      return row ?? null;
    },
    /** The newest address left, made the default (after the default was deleted). */
    async promoteNewest(customerId: number): Promise<void> {
      await db.execute(
        sql`update ${customerAddresses} set is_default = true where id = (select id from ${customerAddresses} where customer_id = ${customerId} order by id desc limit 1)`,
      );
    },
  };
}
