import { and, asc, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { ExchangeRequest } from '@milli/db/schema';

const {
  orders,
  orderLines,
  orderPieces,
  exchangeRequests: xr,
  metalRates,
  diamondRates,
  orderReturns,
  orderReturnLines,
  customers,
  staff,
  storeSettings,
} = schema;

export type NewExchangeRequest = typeof xr.$inferInsert;
type Metal = (typeof schema.METALS)[number];

/** A return still running (neither refunded nor refused) keeps its lines from being exchanged. */
const RETURN_CLOSED = ['Refunded', 'Refused'] as const;
/** An exchange or buy-back still running: no second one on the same piece. */
export const EXCHANGE_OPEN = ['Requested', 'Received'] as const;

/** The exchange desk's queries; a customer's are scoped by the customer's id in the query. `db` may be a transaction. */
export function exchangesRepository(db: Db) {
  /** A request with what the desk's rows and the request's page show: the order, the piece, the customer, who settled it. */
  const requestsDescribed = () =>
    db
      .select({
        request: xr,
        orderNumber: orders.orderNumber,
        productName: orderLines.productName,
        metal: orderLines.metal,
        purity: orderLines.purity,
        lineHuid: orderLines.huid,
        pieceHuid: orderPieces.huid,
        firstName: customers.firstName,
        lastName: customers.lastName,
        username: customers.username,
        email: customers.email,
        settledBy: staff.email,
      })
      .from(xr)
      .innerJoin(orders, eq(orders.id, xr.orderId))
      .innerJoin(orderLines, eq(orderLines.id, xr.lineId))
      .innerJoin(customers, eq(customers.id, xr.customerId))
      .leftJoin(orderPieces, eq(orderPieces.id, xr.pieceId))
      .leftJoin(staff, eq(staff.id, xr.settledBy));

  return {
    async customerOrder(customerId: number, orderNumber: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select()
        .from(orders)
        .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },
    async orderById(id: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ?? null;
    },
    lines: (orderId: number) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    async line(orderId: number, lineId: number) {
      const [row] = await db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orderId), eq(orderLines.id, lineId)));
      return row ?? null;
    },
    /** The order's packed pieces, released ones too (a released piece was returned, exchanged or bought back). */
    pieces: (orderId: number) => db.select().from(orderPieces).where(eq(orderPieces.orderId, orderId)).orderBy(asc(orderPieces.id)),
    async piece(id: number) {
      const [row] = await db.select().from(orderPieces).where(eq(orderPieces.id, id));
      return row ?? null;
    },
    /** Today's rate (the newest on or before `day`) of one metal and purity, with its date. */
    async metalRate(metal: Metal, purity: number, day: string) {
      const [row] = await db
        .select({ paise: metalRates.ratePaisePerGram, date: metalRates.rateDate })
        .from(metalRates)
        .where(and(eq(metalRates.metal, metal), eq(metalRates.purity, purity), lte(metalRates.rateDate, day)))
        .orderBy(desc(metalRates.rateDate))
        .limit(1);
      return row ? { paise: Number(row.paise), date: row.date } : null;
    },
    async diamondRate(quality: (typeof schema.DIAMOND_QUALITIES)[number], day: string) {
      const [row] = await db
        .select({ paise: diamondRates.ratePaisePerCarat, date: diamondRates.rateDate })
        .from(diamondRates)
        .where(and(eq(diamondRates.quality, quality), lte(diamondRates.rateDate, day)))
        .orderBy(desc(diamondRates.rateDate))
        .limit(1);
      return row ? { paise: Number(row.paise), date: row.date } : null;
    },
    async percents() {
      const [row] = await db
        .select({
          exchangePercent: storeSettings.exchangePercent,
          buybackPercent: storeSettings.buybackPercent,
          diamondExchangePercent: storeSettings.diamondExchangePercent,
          diamondBuybackPercent: storeSettings.diamondBuybackPercent,
        })
        .from(storeSettings)
        .limit(1);
      return row ?? null;
    },
    /** Lines of the order with a return still running. */
    async linesWithOpenReturn(orderId: number): Promise<Set<number>> {
      const rows = await db
        .select({ lineId: orderReturnLines.lineId })
        .from(orderReturnLines)
        .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
        .where(and(eq(orderReturns.orderId, orderId), notInArray(orderReturns.status, [...RETURN_CLOSED])));
      return new Set(rows.map((r) => r.lineId));
    },
    /** Pieces of each line given back in a refunded return (for lines whose pieces were never packed one by one). */
    async returnedQuantities(orderId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ lineId: orderReturnLines.lineId, quantity: sql<number>`sum(${orderReturnLines.quantity})::int` })
        .from(orderReturnLines)
        .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
        .where(and(eq(orderReturns.orderId, orderId), eq(orderReturns.status, 'Refunded')))
        .groupBy(orderReturnLines.lineId);
      return new Map(rows.map((r) => [r.lineId, Number(r.quantity)]));
    },
    requestsOfOrder: (customerId: number, orderId: number) =>
      db
        .select()
        .from(xr)
        .where(and(eq(xr.orderId, orderId), eq(xr.customerId, customerId)))
        .orderBy(desc(xr.createdAt), desc(xr.id)),
    async insert(row: NewExchangeRequest): Promise<ExchangeRequest> {
      const [created] = await db.insert(xr).values(row).returning();
      return created!;
    },
    async find(id: number, opts: { lock?: boolean } = {}) {
      const q = db.select().from(xr).where(eq(xr.id, id));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row ?? null;
    },
    async update(id: number, values: Partial<NewExchangeRequest>): Promise<ExchangeRequest> {
      const [row] = await db.update(xr).set(values).where(eq(xr.id, id)).returning();
      return row!;
    },
    /** The desk's list: newest first, optionally one status, with what each row shows. */
    list: (status: ExchangeRequest['status'] | undefined) =>
      requestsDescribed()
        .where(status ? eq(xr.status, status) : undefined)
        .orderBy(desc(xr.createdAt), desc(xr.id))
        .limit(200),
    async described(ids: number[]) {
      if (ids.length === 0) return [];
      return requestsDescribed().where(inArray(xr.id, ids));
    },
    async customer(id: number) {
      const [row] = await db.select({ email: customers.email, firstName: customers.firstName }).from(customers).where(eq(customers.id, id));
      return row ?? null;
    },
  };
}
export type ExchangesRepository = ReturnType<typeof exchangesRepository>;
