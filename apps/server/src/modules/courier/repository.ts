import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@milli/db';
import { courierBookings, courierEvents, type CourierBooking } from '@milli/db/schema';

export type NewBooking = typeof courierBookings.$inferInsert;
export type NewCourierEvent = typeof courierEvents.$inferInsert;
type BookingPatch = Partial<Omit<CourierBooking, 'id' | 'kind' | 'orderId' | 'returnId' | 'provider' | 'createdAt' | 'createdBy'>>;

/** The courier module's tables (issue 39): the bookings and the tracking events. Nothing else writes them. */
export function courierRepository(db: Db) {
  return {
    async shipmentOf(orderId: number, opts: { lock?: boolean } = {}): Promise<CourierBooking | null> {
      const q = db
        .select()
        .from(courierBookings)
        .where(and(eq(courierBookings.orderId, orderId), eq(courierBookings.kind, 'shipment')));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async reversePickupOf(returnId: number, opts: { lock?: boolean } = {}): Promise<CourierBooking | null> {
      const q = db
        .select()
        .from(courierBookings)
        .where(and(eq(courierBookings.returnId, returnId), eq(courierBookings.kind, 'reverse_pickup')));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async byAwb(awb: string, opts: { lock?: boolean } = {}): Promise<CourierBooking | null> {
      const q = db.select().from(courierBookings).where(eq(courierBookings.awb, awb));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },

    /** A new booking, claimed by this click; null when another click's booking already holds the place. */
    async insertClaimed(row: NewBooking): Promise<CourierBooking | null> {
      const [made] = await db.insert(courierBookings).values(row).onConflictDoNothing().returning();
      return made ?? null;
    },

    /** Claims a booking left part-way, unless another click holds it still; null when one does. */
    async reclaim(id: number, until: Date, at: Date): Promise<CourierBooking | null> {
      const [row] = await db
        .update(courierBookings)
        .set({ claimedUntil: until })
        .where(
          and(eq(courierBookings.id, id), eq(courierBookings.state, 'booking'), or(isNull(courierBookings.claimedUntil), lt(courierBookings.claimedUntil, at))),
        )
        .returning();
      return row ?? null;
    },

    async update(id: number, patch: BookingPatch): Promise<CourierBooking> {
      const [row] = await db.update(courierBookings).set(patch).where(eq(courierBookings.id, id)).returning();
      return row!;
    },

    /** A booking that never reached the provider leaves nothing behind. */
    async remove(id: number): Promise<void> {
      await db.delete(courierBookings).where(and(eq(courierBookings.id, id), isNull(courierBookings.providerOrderId)));
    },

    /** The first time the courier reports a return to origin. */
    async markRto(id: number, at: Date): Promise<void> {
      await db
        .update(courierBookings)
        .set({ rtoAt: at })
        .where(and(eq(courierBookings.id, id), isNull(courierBookings.rtoAt)));
    },

    /** Records a tracking event once: false when the same event (kind and time) was already recorded. */
    async insertEvent(row: NewCourierEvent): Promise<boolean> {
      const made = await db.insert(courierEvents).values(row).onConflictDoNothing().returning({ id: courierEvents.id });
      return made.length > 0;
    },

    async events(bookingId: number) {
      return db.select().from(courierEvents).where(eq(courierEvents.bookingId, bookingId)).orderBy(asc(courierEvents.occurredAt), asc(courierEvents.id));
    },

    /** How many bookings an order has: one at most, which the tests count. */
    async countFor(orderId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(courierBookings)
        .where(eq(courierBookings.orderId, orderId));
      return row?.n ?? 0;
    },
  };
}
