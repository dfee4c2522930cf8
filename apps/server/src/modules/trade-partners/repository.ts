import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { AdminPartnerListQuery } from '@milli/contracts/schemas';

const { tradePartnerApplications: apps, tradePartnerOwners: owners, tradePartnerContacts: contacts } = schema;

export type ApplicationRow = typeof apps.$inferSelect;
export type NewApplication = typeof apps.$inferInsert;
export type NewOwner = Omit<typeof owners.$inferInsert, 'applicationId'>;
export type NewContact = Omit<typeof contacts.$inferInsert, 'applicationId'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The identifiers that make two applications the same applicant, as compared. */
export interface Identifiers {
  id: number;
  pan: string | null;
  gstin: string | null;
  email: string;
  phone: string;
}

/** An application's PAN: the one typed, else the one inside its GSTIN; upper case. */
export function identifiersOf(r: Pick<ApplicationRow, 'id' | 'compPan' | 'compGst' | 'email' | 'phone' | 'countryCode'>): Identifiers {
  const gstin = r.compGst ? r.compGst.trim().toUpperCase() : null;
  const pan = r.compPan ? r.compPan.trim().toUpperCase() : gstin && gstin.length >= 12 ? gstin.slice(2, 12) : null;
  return { id: r.id, pan, gstin, email: r.email.trim().toLowerCase(), phone: `${r.countryCode}${r.phone.replace(/\D/g, '')}` };
}

const panSql = sql<string | null>`coalesce(upper(${apps.compPan}), substr(upper(${apps.compGst}), 3, 10))`;
const phoneSql = sql<string>`${apps.countryCode} || regexp_replace(${apps.phone}, '[^0-9]', '', 'g')`;

/**
 * Every query of the trade-partner domain, the one writer of its tables: the public forms' applications and the
 * partner desk's review. `db` may be a transaction.
 */
export function tradePartnersRepository(db: Db) {
  return {
    /** The application with its owners and contacts; call it inside one transaction. */
    async create(application: NewApplication, owners: NewOwner[], contacts: NewContact[]) {
      const [row] = await db.insert(apps).values(application).returning({ id: apps.id, createdAt: apps.createdAt });
      if (!row) throw new Error('trade partner application was not stored');
      if (owners.length > 0) await db.insert(schema.tradePartnerOwners).values(owners.map((o) => ({ ...o, applicationId: row.id })));
      if (contacts.length > 0) await db.insert(schema.tradePartnerContacts).values(contacts.map((c) => ({ ...c, applicationId: row.id })));
      return row;
    },

    // The partner desk's: the list, one application, its people, its duplicates, the review.
    async list(query: AdminPartnerListQuery) {
      const words = query.q ? `%${escapeLike(query.q)}%` : null;
      const contactName = sql`concat_ws(' ', ${apps.firstName}, ${apps.middleName}, ${apps.lastName})`;
      const where = and(
        words
          ? or(
              ilike(apps.companyName, words),
              ilike(apps.email, words),
              ilike(apps.phone, words),
              ilike(apps.compPan, words),
              ilike(apps.compGst, words),
              sql`${contactName} ilike ${words}`,
              sql`exists (select 1 from "trade_partner_owners" as "o" where "o"."application_id" = ${apps.id} and "o"."name" ilike ${words})`,
              sql`exists (select 1 from "trade_partner_contacts" as "c" where "c"."application_id" = ${apps.id} and "c"."name" ilike ${words})`,
            )
          : undefined,
        query.status ? eq(apps.status, query.status) : undefined,
      );
      const direction = query.dir === 'desc' ? desc : asc;
      const order =
        query.sort === 'company'
          ? [direction(sql`lower(${apps.companyName})`), desc(apps.id)]
          : query.sort === 'status'
            ? [direction(sql`array_position(array['Received','Under Review','Approved','Rejected'], ${apps.status})`), desc(apps.createdAt), desc(apps.id)]
            : [direction(apps.createdAt), direction(apps.id)];
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(apps)
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(apps)
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    async byId(id: number, opts: { lock?: boolean } = {}) {
      const query = db.select().from(apps).where(eq(apps.id, id));
      const [found] = opts.lock ? await query.for('update') : await query;
      return found ?? null;
    },

    /** The first owner and first contact of each application: who to name when a long form has no person's name. */
    async people(ids: number[]) {
      if (ids.length === 0) return { owners: [], contacts: [] };
      const [o, c] = await Promise.all([
        db.select().from(owners).where(inArray(owners.applicationId, ids)).orderBy(asc(owners.slot)),
        db.select().from(contacts).where(inArray(contacts.applicationId, ids)).orderBy(asc(contacts.id)),
      ]);
      return { owners: o, contacts: c };
    },

    /** Applications other than `ids` sharing a PAN, GSTIN, e-mail or phone with any of `of`. */
    async sharing(of: Identifiers[]) {
      if (of.length === 0) return [];
      const pans = [...new Set(of.flatMap((i) => (i.pan ? [i.pan] : [])))];
      const gstins = [...new Set(of.flatMap((i) => (i.gstin ? [i.gstin] : [])))];
      const emails = [...new Set(of.map((i) => i.email))];
      const phones = [...new Set(of.map((i) => i.phone))];
      const matches = or(
        pans.length ? inArray(panSql, pans) : undefined,
        gstins.length ? inArray(sql`upper(${apps.compGst})`, gstins) : undefined,
        inArray(sql`lower(${apps.email})`, emails),
        inArray(phoneSql, phones),
      );
      const rows = await db
        .select({
          id: apps.id,
          compPan: apps.compPan,
          compGst: apps.compGst,
          email: apps.email,
          phone: apps.phone,
          countryCode: apps.countryCode,
          companyName: apps.companyName,
          status: apps.status,
          createdAt: apps.createdAt,
        })
        .from(apps)
        .where(of.length === 1 ? and(matches, ne(apps.id, of[0]!.id)) : matches)
        .orderBy(asc(apps.id));
      return rows;
    },

    async setStatus(id: number, values: { status: ApplicationRow['status']; staffNote?: string | null }) {
      await db
        .update(apps)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(apps.id, id));
    },
  };
}
