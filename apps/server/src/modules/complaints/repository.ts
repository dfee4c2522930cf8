import { and, asc, count, desc, eq, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { AdminComplaintQueue } from '@milli/contracts/schemas';

const { complaints, complaintMessages, complaintTicketYears, orders, staff } = schema;

export type ComplaintStatus = (typeof schema.COMPLAINT_STATUSES)[number];
export type ComplaintMessageKind = (typeof schema.COMPLAINT_MESSAGE_KINDS)[number];
export type ComplaintEvent = (typeof schema.COMPLAINT_EVENTS)[number];

/** The last line of the thread the complainant or the store wrote (notes left out): who, and when. */
const lastWord = sql<{ kind: string; at: string } | null>`(
  select json_build_object('kind', m.kind, 'at', m.created_at) from ${complaintMessages} m
  where m.complaint_id = ${complaints.id} and m.kind in ('customer', 'reply')
  order by m.id desc limit 1)`;

const row = {
  id: complaints.id,
  ticketNumber: complaints.ticketNumber,
  customerId: complaints.customerId,
  orderId: complaints.orderId,
  orderNumber: orders.orderNumber,
  category: complaints.category,
  subject: complaints.subject,
  description: complaints.description,
  name: complaints.name,
  email: complaints.email,
  phone: complaints.phone,
  status: complaints.status,
  acknowledgeBy: complaints.acknowledgeBy,
  resolveBy: complaints.resolveBy,
  acknowledgedAt: complaints.acknowledgedAt,
  resolvedAt: complaints.resolvedAt,
  reopenedAt: complaints.reopenedAt,
  resolution: complaints.resolution,
  createdAt: complaints.createdAt,
  updatedAt: complaints.updatedAt,
  lastWord,
};

/** Past a deadline at `at`: not acknowledged by its acknowledge-by, or not resolved by its resolve-by. */
const overdueAt = (at: Date): SQL =>
  or(and(isNull(complaints.acknowledgedAt), lt(complaints.acknowledgeBy, at)), and(ne(complaints.status, 'resolved'), lt(complaints.resolveBy, at)))!;
/** The deadline the desk works to next: the acknowledgement while there is none, then the resolution. */
const nextDeadline = sql`case when ${complaints.acknowledgedAt} is null then least(${complaints.acknowledgeBy}, ${complaints.resolveBy}) else ${complaints.resolveBy} end`;

/** Complaints, their threads and the ticket numbers of each year (issue 38). The only writer of these tables. `db` may be a transaction. */
export function complaintsRepository(db: Db) {
  const select = () => db.select(row).from(complaints).leftJoin(orders, eq(orders.id, complaints.orderId));
  return {
    /**
     * The year's next ticket number, in one upsert: the year's row is locked until the transaction ends, so filings at
     * once wait for each other and each gets its own number; a filing that rolls back hands its number back.
     */
    async nextTicketNumber(year: number): Promise<number> {
      const [taken] = await db
        .insert(complaintTicketYears)
        .values({ year, lastNumber: 1 })
        .onConflictDoUpdate({ target: complaintTicketYears.year, set: { lastNumber: sql`${complaintTicketYears.lastNumber} + 1` } })
        .returning({ lastNumber: complaintTicketYears.lastNumber });
      return taken!.lastNumber;
    },
    async insert(values: typeof complaints.$inferInsert) {
      const [created] = await db.insert(complaints).values(values).returning({ id: complaints.id });
      return created!.id;
    },
    async addMessage(values: typeof complaintMessages.$inferInsert) {
      await db.insert(complaintMessages).values(values);
    },
    async byId(id: number) {
      const [found] = await select().where(eq(complaints.id, id));
      return found ?? null;
    },
    /** Any complaint by its ticket number (the desk's). */
    async byTicket(ticketNumber: string) {
      const [found] = await select().where(eq(complaints.ticketNumber, ticketNumber));
      return found ?? null;
    },
    /** The customer's own complaint, or null (another's ticket number is simply not found). */
    async ownedBy(ticketNumber: string, customerId: number) {
      const [found] = await select().where(and(eq(complaints.ticketNumber, ticketNumber), eq(complaints.customerId, customerId)));
      return found ?? null;
    },
    async byToken(tokenHash: string) {
      const [found] = await select().where(eq(complaints.viewTokenHash, tokenHash));
      return found ?? null;
    },
    async ofCustomer(customerId: number) {
      return select().where(eq(complaints.customerId, customerId)).orderBy(desc(complaints.createdAt), desc(complaints.id)).limit(100);
    },
    /** Locks a complaint before its status changes, so a reply and a resolution at once are taken one after the other. */
    async lock(id: number) {
      const [found] = await db.select({ id: complaints.id }).from(complaints).where(eq(complaints.id, id)).for('update');
      return found ?? null;
    },
    async update(id: number, set: Partial<typeof complaints.$inferInsert>, at: Date) {
      await db
        .update(complaints)
        .set({ ...set, updatedAt: at })
        .where(eq(complaints.id, id));
    },
    /** The thread, oldest first, with the member who wrote each of the store's lines; notes only when asked. */
    async thread(complaintId: number, withNotes: boolean) {
      return db
        .select({
          id: complaintMessages.id,
          kind: complaintMessages.kind,
          body: complaintMessages.body,
          event: complaintMessages.event,
          staffName: staff.name,
          createdAt: complaintMessages.createdAt,
        })
        .from(complaintMessages)
        .leftJoin(staff, eq(staff.id, complaintMessages.staffId))
        .where(and(eq(complaintMessages.complaintId, complaintId), withNotes ? undefined : ne(complaintMessages.kind, 'note')))
        .orderBy(asc(complaintMessages.id));
    },
    /**
     * A queue of the desk at `at`: open and waiting ones with the overdue first, then by the deadline that comes next;
     * resolved ones the newest resolution first.
     */
    async queue(queue: AdminComplaintQueue, at: Date, limit: number, offset: number) {
      const where = eq(complaints.status, queue);
      const [total] = await db.select({ n: count() }).from(complaints).where(where);
      const order =
        queue === 'resolved'
          ? [desc(complaints.resolvedAt), desc(complaints.id)]
          : [sql`case when ${overdueAt(at)} then 0 else 1 end`, asc(nextDeadline), asc(complaints.id)];
      const rows = await select()
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return { total: Number(total?.n ?? 0), rows };
    },
    /** How many complaints are in each status, and how many open or waiting ones are overdue at `at`. */
    async counts(at: Date) {
      const rows = await db
        .select({
          status: complaints.status,
          n: count(),
          overdue: sql<number>`count(*) filter (where ${overdueAt(at)})::int`,
        })
        .from(complaints)
        .groupBy(complaints.status);
      const of = (s: ComplaintStatus) => rows.find((r) => r.status === s);
      return {
        open: Number(of('open')?.n ?? 0),
        waiting: Number(of('waiting')?.n ?? 0),
        resolved: Number(of('resolved')?.n ?? 0),
        overdue: rows.filter((r) => r.status !== 'resolved').reduce((sum, r) => sum + Number(r.overdue), 0),
      };
    },
  };
}

export type ComplaintRow = NonNullable<Awaited<ReturnType<ReturnType<typeof complaintsRepository>['byId']>>>;
