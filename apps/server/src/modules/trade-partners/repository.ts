import { schema, type Db } from '@milli/db';

export type NewApplication = typeof schema.tradePartnerApplications.$inferInsert;
export type NewOwner = Omit<typeof schema.tradePartnerOwners.$inferInsert, 'applicationId'>;
export type NewContact = Omit<typeof schema.tradePartnerContacts.$inferInsert, 'applicationId'>;

/** Every query of the trade-partner domain. `db` may be a transaction. */
export function tradePartnersRepository(db: Db) {
  return {
    /** The application with its owners and contacts; call it inside one transaction. */
    async create(application: NewApplication, owners: NewOwner[], contacts: NewContact[]) {
      const [row] = await db
        .insert(schema.tradePartnerApplications)
        .values(application)
        .returning({ id: schema.tradePartnerApplications.id, createdAt: schema.tradePartnerApplications.createdAt });
      if (!row) throw new Error('trade partner application was not stored');
      if (owners.length > 0) await db.insert(schema.tradePartnerOwners).values(owners.map((o) => ({ ...o, applicationId: row.id })));
      if (contacts.length > 0) await db.insert(schema.tradePartnerContacts).values(contacts.map((c) => ({ ...c, applicationId: row.id })));
      return row;
    },
  };
}
