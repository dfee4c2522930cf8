import { and, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { rateAlerts } = schema;

export type RateAlertRow = typeof rateAlerts.$inferSelect;
type Metal = (typeof schema.METALS)[number];

/** An alert whose level `paise` reaches on its side: at or below a 'below' level, at or above an 'above' one. */
const crossedBy = (paise: number) =>
  or(
    and(eq(rateAlerts.direction, 'below'), gte(rateAlerts.levelPaisePerGram, paise)),
    and(eq(rateAlerts.direction, 'above'), lte(rateAlerts.levelPaisePerGram, paise)),
  );

/** The rate alerts' SQL (issue 42). Every change of status is one conditional UPDATE, so an alert changes once. */
export function rateAlertsRepository(db: Db) {
  return {
    /** An erasure (decision 044): every alert of the account, and any asked for with one of its addresses. */
    async forget(customerId: number, emails: readonly string[]): Promise<number> {
      const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
      const gone = await db
        .delete(rateAlerts)
        .where(or(eq(rateAlerts.customerId, customerId), lowered.length > 0 ? inArray(sql`lower(${rateAlerts.email})`, lowered) : sql`false`))
        .returning({ id: rateAlerts.id });
      return gone.length;
    },

    /** Holds one person's alerts for the rest of the transaction, so two requests cannot both take the last place. */
    async lockPerson(personKey: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate-alerts:${personKey}`}))`);
    },

    /** The person's alerts that hold a place: live ones, and pending ones asked for since `pendingSince`. */
    async placesTaken(personKey: string, pendingSince: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(rateAlerts)
        .where(
          and(
            eq(rateAlerts.personKey, personKey),
            or(eq(rateAlerts.status, 'live'), and(eq(rateAlerts.status, 'pending'), gte(rateAlerts.createdAt, pendingSince))),
          ),
        );
      return Number(row?.n ?? 0);
    },

    async insert(values: typeof rateAlerts.$inferInsert): Promise<RateAlertRow> {
      const [row] = await db.insert(rateAlerts).values(values).returning();
      return row!;
    },

    async byTokenHash(tokenHash: string): Promise<RateAlertRow | null> {
      const [row] = await db.select().from(rateAlerts).where(eq(rateAlerts.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },

    /** A pending alert asked for since `since` becomes live; null when it was not (already confirmed, stopped, too old). */
    async confirm(id: number, since: Date, at: Date): Promise<RateAlertRow | null> {
      const [row] = await db
        .update(rateAlerts)
        .set({ status: 'live', confirmedAt: at })
        .where(and(eq(rateAlerts.id, id), eq(rateAlerts.status, 'pending'), gte(rateAlerts.createdAt, since)))
        .returning();
      return row ?? null;
    },

    /** A live or pending alert stops; null when it had already ended. `customerId` limits it to that shopper's own. */
    async stop(id: number, at: Date, customerId?: number): Promise<RateAlertRow | null> {
      const [row] = await db
        .update(rateAlerts)
        .set({ status: 'stopped', stoppedAt: at })
        .where(
          and(
            eq(rateAlerts.id, id),
            inArray(rateAlerts.status, ['live', 'pending']),
            ...(customerId === undefined ? [] : [eq(rateAlerts.customerId, customerId)]),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * The live alerts of a metal and purity that `paise` crosses (at or below a 'below' level, at or above an 'above'
     * one), marked sent with that rate in the same statement: each alert is told once, however many rates are set at once.
     */
    async takeCrossed(metal: Metal, purity: number, paise: number, at: Date): Promise<RateAlertRow[]> {
      return db
        .update(rateAlerts)
        .set({ status: 'sent', firedAt: at, firedRatePaise: paise })
        .where(and(eq(rateAlerts.metal, metal), eq(rateAlerts.purity, purity), eq(rateAlerts.status, 'live'), crossedBy(paise)))
        .returning();
    },

    /** One live alert, if `paise` crosses it, marked sent (a guest's alert confirmed after the rate had already crossed). */
    async takeIfCrossed(id: number, paise: number, at: Date): Promise<RateAlertRow | null> {
      const [row] = await db
        .update(rateAlerts)
        .set({ status: 'sent', firedAt: at, firedRatePaise: paise })
        .where(and(eq(rateAlerts.id, id), eq(rateAlerts.status, 'live'), crossedBy(paise)))
        .returning();
      return row ?? null;
    },

    /** An alert just taken by a rate that can no longer be told (its number or channel went): it ends stopped, untold. */
    async endUntold(id: number, at: Date): Promise<void> {
      await db
        .update(rateAlerts)
        .set({ status: 'stopped', stoppedAt: at })
        .where(and(eq(rateAlerts.id, id), eq(rateAlerts.status, 'sent')));
    },

    /** A shopper's alerts, newest first (the last 50). */
    async ofCustomer(customerId: number): Promise<RateAlertRow[]> {
      return db.select().from(rateAlerts).where(eq(rateAlerts.customerId, customerId)).orderBy(desc(rateAlerts.createdAt), desc(rateAlerts.id)).limit(50);
    },
  };
}
