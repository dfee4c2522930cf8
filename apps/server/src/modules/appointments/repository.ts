import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { appointments, stores, products, storeSettings, metalRates, staff } = schema;

const row = {
  id: appointments.id,
  kind: appointments.kind,
  storeId: appointments.storeId,
  storeName: stores.name,
  storeCity: stores.city,
  storeAddress: stores.address,
  storePhone: stores.phone,
  day: appointments.day,
  slot: appointments.slot,
  purpose: appointments.purpose,
  productId: appointments.productId,
  productName: products.name,
  customerId: appointments.customerId,
  name: appointments.name,
  email: appointments.email,
  phone: appointments.phone,
  note: appointments.note,
  tradeIn: appointments.tradeIn,
  status: appointments.status,
  holdUntil: appointments.holdUntil,
  createdAt: appointments.createdAt,
  assigneeId: appointments.assignedStaffId,
  assigneeName: staff.name,
};

/** An appointment that holds its place at `at`: booked, or unconfirmed within its hold (issue 35). */
const holdsPlace = (at: Date): SQL => or(eq(appointments.status, 'Booked'), and(eq(appointments.status, 'Unconfirmed'), gt(appointments.holdUntil, at)))!;

/** Appointments and what booking them reads: stores' hours, the slot's count under a lock, today's 24K rate. */
export function appointmentsRepository(db: Db) {
  const select = () =>
    db
      .select(row)
      .from(appointments)
      .leftJoin(stores, eq(stores.id, appointments.storeId))
      .leftJoin(products, eq(products.id, appointments.productId))
      .leftJoin(staff, eq(staff.id, appointments.assignedStaffId));
  return {
    async store(id: number) {
      const [found] = await db
        .select({ id: stores.id, name: stores.name, city: stores.city, hours: stores.hours, active: stores.active })
        .from(stores)
        .where(eq(stores.id, id));
      return found ?? null;
    },
    async activeStores() {
      return db
        .select({ id: stores.id, name: stores.name, city: stores.city, hours: stores.hours })
        .from(stores)
        .where(eq(stores.active, true))
        .orderBy(asc(stores.city), asc(stores.sortOrder), asc(stores.id));
    },
    async settings() {
      const [s] = await db
        .select({ capacity: storeSettings.appointmentSlotCapacity, tradeInPercent: storeSettings.tradeInPercent })
        .from(storeSettings)
        .where(eq(storeSettings.id, 1));
      return s ?? null;
    },
    /**
     * Serialises bookings of one place: the store's row for a visit, the settings row for the video desk (one desk
     * for every video call). Held until the transaction ends, so the count that follows is the truth.
     */
    async lockPlace(kind: 'store' | 'video', storeId: number | null) {
      if (kind === 'store' && storeId !== null) {
        const [found] = await db.select({ id: stores.id, active: stores.active, hours: stores.hours }).from(stores).where(eq(stores.id, storeId)).for('update');
        return found ?? null;
      }
      await db.select({ id: storeSettings.id }).from(storeSettings).where(eq(storeSettings.id, 1)).for('update');
      return { id: null, active: true, hours: null };
    },
    /** Places taken per slot on a day at `at` (booked, or held for a confirmation), but for `except`: a store's visits, or every video call. */
    async bookedOn(kind: 'store' | 'video', storeId: number | null, day: string, at: Date, except?: number) {
      const place = kind === 'video' ? eq(appointments.kind, 'video') : and(eq(appointments.kind, 'store'), eq(appointments.storeId, storeId ?? 0));
      const rows = await db
        .select({ slot: appointments.slot, n: count() })
        .from(appointments)
        .where(and(place, eq(appointments.day, day), holdsPlace(at), except === undefined ? undefined : ne(appointments.id, except)))
        .groupBy(appointments.slot);
      return new Map(rows.map((r) => [r.slot, Number(r.n)]));
    },
    /**
     * Serialises bookings by one contact (its mailbox and its mobile number), in that order after the place's lock, so
     * that bookings sent at once from many addresses count each other: a transaction-scoped advisory lock per key.
     */
    async lockContact(mailbox: string, mobile: string) {
      for (const key of [`appointment-mailbox:${mailbox}`, `appointment-mobile:${mobile}`]) {
        await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      }
    },
    /** The contact's appointments that hold a place and have not begun (from today, India), but for `except`. */
    async liveOfContact(mailbox: string, mobile: string, today: string, at: Date, except?: number) {
      const [found] = await db
        .select({ n: count() })
        .from(appointments)
        .where(
          and(
            or(eq(appointments.mailbox, mailbox), eq(appointments.mobile, mobile)),
            gte(appointments.day, today),
            holdsPlace(at),
            except === undefined ? undefined : ne(appointments.id, except),
          ),
        );
      return Number(found?.n ?? 0);
    },
    /** An unconfirmed booking becomes Booked (its hold ends); false when it was not Unconfirmed any more. */
    async confirm(id: number, at: Date) {
      const done = await db
        .update(appointments)
        .set({ status: 'Booked', holdUntil: null, confirmedAt: at, updatedAt: at })
        .where(and(eq(appointments.id, id), eq(appointments.status, 'Unconfirmed')))
        .returning({ id: appointments.id });
      return done.length === 1;
    },
    async productName(id: number) {
      const [found] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id));
      return found ?? null;
    },
    async insert(values: typeof appointments.$inferInsert) {
      const [created] = await db.insert(appointments).values(values).returning({ id: appointments.id });
      return created!.id;
    },
    async byId(id: number) {
      const [found] = await select().where(eq(appointments.id, id));
      return found ?? null;
    },
    /** The customer's own appointment, or null (someone else's id is simply not found). */
    async ownedBy(id: number, customerId: number) {
      const [found] = await select().where(and(eq(appointments.id, id), eq(appointments.customerId, customerId)));
      return found ?? null;
    },
    async byToken(tokenHash: string) {
      const [found] = await select().where(eq(appointments.manageTokenHash, tokenHash));
      return found ?? null;
    },
    /** A customer's appointments, the coming ones first. */
    async ofCustomer(customerId: number) {
      return select().where(eq(appointments.customerId, customerId)).orderBy(desc(appointments.day), desc(appointments.slot)).limit(100);
    },
    /**
     * The contact details of every appointment the customer booked signed in, made anonymous (their data erased,
     * issue 38): the day, store, purpose and outcome stay for the stores' records; who came does not.
     */
    async anonymiseOf(customerId: number, name: string, at: Date) {
      await db
        .update(appointments)
        .set({ name, email: '', phone: '', note: null, mailbox: null, mobile: null, tradeIn: null, updatedAt: at })
        .where(eq(appointments.customerId, customerId));
    },
    /** Locks a row before its status changes (so a cancel and a staff mark cannot both win). */
    async lock(id: number) {
      const [found] = await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, id)).for('update');
      return found ?? null;
    },
    async setStatus(id: number, status: (typeof schema.APPOINTMENT_STATUSES)[number], at: Date) {
      await db
        .update(appointments)
        .set({ status, updatedAt: at, ...(status === 'Cancelled' ? { cancelledAt: at } : {}) })
        .where(eq(appointments.id, id));
    },
    /** The calendar: a store's visits or every video call, between two days. */
    /** Issue 39: one day's appointments across every store and the video desk, by slot. */
    async day(day: string) {
      return select().where(eq(appointments.day, day)).orderBy(asc(appointments.slot), asc(appointments.storeId), asc(appointments.id));
    },
    /** Issue 39: the members still on the staff, for the day view's assignment (their roles are checked by the caller). */
    async members() {
      return db
        .select({ id: staff.id, name: staff.name, roles: staff.roles })
        .from(staff)
        .where(and(isNull(staff.removedAt), isNotNull(staff.passwordHash)))
        .orderBy(asc(staff.name), asc(staff.id));
    },
    async assign(id: number, staffId: number | null, at: Date) {
      await db.update(appointments).set({ assignedStaffId: staffId, updatedAt: at }).where(eq(appointments.id, id));
    },
    async calendar(kind: 'store' | 'video', storeId: number | null, from: string, to: string) {
      const place = kind === 'video' ? eq(appointments.kind, 'video') : and(eq(appointments.kind, 'store'), eq(appointments.storeId, storeId ?? 0));
      return select()
        .where(and(place, gte(appointments.day, from), lte(appointments.day, to)))
        .orderBy(asc(appointments.day), asc(appointments.slot), asc(appointments.id));
    },
    /**
     * Claims the Booked appointments of `day` not yet reminded, marking them as it picks them: two servers
     * running at once never both take one (the second waits on the row lock, then finds reminded_at set).
     */
    async claimReminders(day: string, at: Date) {
      const claimed = await db
        .update(appointments)
        .set({ remindedAt: at })
        .where(and(eq(appointments.day, day), eq(appointments.status, 'Booked'), isNull(appointments.remindedAt)))
        .returning({ id: appointments.id });
      if (claimed.length === 0) return [];
      return select().where(
        inArray(
          appointments.id,
          claimed.map((c) => c.id),
        ),
      );
    },
    /** The 24K gold rate in force on a day (the newest on or before it). */
    async gold24On(day: string) {
      const [rate] = await db
        .select({ paise: metalRates.ratePaisePerGram, date: metalRates.rateDate })
        .from(metalRates)
        .where(and(eq(metalRates.metal, 'gold'), eq(metalRates.purity, 24), lte(metalRates.rateDate, day)))
        .orderBy(desc(metalRates.rateDate))
        .limit(1);
      return rate ? { paise: Number(rate.paise), date: rate.date } : null;
    },
  };
}
