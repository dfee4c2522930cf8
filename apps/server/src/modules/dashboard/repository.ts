import { and, asc, count, desc, eq, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const {
  appointments,
  creditNotes,
  customDesignRequests,
  diamondRates,
  metalRates,
  orderReturns,
  orders,
  products,
  sizerRequests,
  storeSettings,
  tradePartnerApplications,
} = schema;

/** The dashboard's reads (issue 17): counts and short lists, each one query; selects only, never a write. */
export function createDashboardRepository(db: Db) {
  return {
    /**
     * What waits at each desk (issue 39), in one statement for the navigation of every back-office page: orders to
     * act on (paid, or to be paid on delivery and not yet confirmed), returns requested and not yet answered,
     * appointments booked from `today` on (India), and custom design requests with no design shared yet. Each count
     * reads its table's status index.
     */
    async deskCounts(today: string) {
      const [row] = await db
        .select({
          orders: sql<number>`(select count(*)::int from ${orders} where ${orders.status} in ('Placed', 'Awaiting confirmation'))`,
          returns: sql<number>`(select count(*)::int from ${orderReturns} where ${orderReturns.status} = 'Requested')`,
          appointments: sql<number>`(select count(*)::int from ${appointments} where ${appointments.status} = 'Booked' and ${appointments.day} >= ${today})`,
          customRequests: sql<number>`(select count(*)::int from ${customDesignRequests} where ${customDesignRequests.status} = 'Requested')`,
        })
        .from(sql`(select 1) as one`);
      return {
        orders: Number(row?.orders ?? 0),
        returns: Number(row?.returns ?? 0),
        appointments: Number(row?.appointments ?? 0),
        customRequests: Number(row?.customRequests ?? 0),
      };
    },

    /**
     * Orders placed in [from, to) that are sales (cancelled ones and ones still waiting for payment or confirmation
     * left out): how many, what they came to, and how that was paid (issue 39): a Harvest plan's balance, store credit,
     * a made-to-order piece's advance paid on its design, and the rest online or on delivery.
     */
    async ordersBetween(from: Date, to: Date) {
      const payable = sql`${orders.totalPaise} - ${orders.harvestCreditPaise} - ${orders.storeCreditPaise} - ${orders.advancePaise}`;
      const [row] = await db
        .select({
          count: count(),
          total: sql<string>`coalesce(sum(${orders.totalPaise}), 0)`,
          harvest: sql<string>`coalesce(sum(${orders.harvestCreditPaise}), 0)`,
          storeCredit: sql<string>`coalesce(sum(${orders.storeCreditPaise}), 0)`,
          advance: sql<string>`coalesce(sum(${orders.advancePaise}), 0)`,
          online: sql<string>`coalesce(sum(${payable}) filter (where ${orders.paymentMethod} = 'online'), 0)`,
          cod: sql<string>`coalesce(sum(${payable}) filter (where ${orders.paymentMethod} = 'cod'), 0)`,
        })
        .from(orders)
        .where(and(gte(orders.placedAt, from), lt(orders.placedAt, to), notInArray(orders.status, ['Cancelled', 'Awaiting payment', 'Awaiting confirmation'])));
      return {
        count: row?.count ?? 0,
        totalPaise: Number(row?.total ?? 0),
        paidBy: {
          onlinePaise: Number(row?.online ?? 0),
          onDeliveryPaise: Number(row?.cod ?? 0),
          storeCreditPaise: Number(row?.storeCredit ?? 0),
          harvestPaise: Number(row?.harvest ?? 0),
          advancePaise: Number(row?.advance ?? 0),
        },
      };
    },

    /**
     * Credit notes issued in [from, to) (cancellations after dispatch, returns, weight differences), GST included,
     * how many and their sum. A note for an order placed and cancelled in the same window is left out: that order
     * is no sale of the window, so taking its note off again would count it twice.
     */
    async creditedBetween(from: Date, to: Date): Promise<{ count: number; totalPaise: number }> {
      const [row] = await db
        .select({ count: count(), total: sql<string>`coalesce(sum(${creditNotes.amountPaise}), 0)` })
        .from(creditNotes)
        .innerJoin(orders, eq(orders.id, creditNotes.orderId))
        .where(
          and(
            gte(creditNotes.createdAt, from),
            lt(creditNotes.createdAt, to),
            sql`not (${orders.status} = 'Cancelled' and ${orders.placedAt} >= ${from} and ${orders.placedAt} < ${to})`,
          ),
        );
      return { count: row?.count ?? 0, totalPaise: Number(row?.total ?? 0) };
    },

    async orderCounts(statuses: readonly (typeof schema.ORDER_STATUSES)[number][]): Promise<Map<string, number>> {
      const rows = await db
        .select({ status: orders.status, count: count() })
        .from(orders)
        .where(inArray(orders.status, [...statuses]))
        .groupBy(orders.status);
      return new Map(rows.map((r) => [r.status, r.count]));
    },

    async designRequestCounts(statuses: readonly (typeof schema.CUSTOM_DESIGN_STATUSES)[number][]): Promise<Map<string, number>> {
      const rows = await db
        .select({ status: customDesignRequests.status, count: count() })
        .from(customDesignRequests)
        .where(inArray(customDesignRequests.status, [...statuses]))
        .groupBy(customDesignRequests.status);
      return new Map(rows.map((r) => [r.status, r.count]));
    },

    async tradeApplicationCounts(statuses: readonly (typeof schema.TRADE_PARTNER_STATUSES)[number][]): Promise<Map<string, number>> {
      const rows = await db
        .select({ status: tradePartnerApplications.status, count: count() })
        .from(tradePartnerApplications)
        .where(inArray(tradePartnerApplications.status, [...statuses]))
        .groupBy(tradePartnerApplications.status);
      return new Map(rows.map((r) => [r.status, r.count]));
    },

    async sizerRequestCounts(statuses: readonly (typeof schema.SIZER_REQUEST_STATUSES)[number][]): Promise<Map<string, number>> {
      const rows = await db
        .select({ status: sizerRequests.status, count: count() })
        .from(sizerRequests)
        .where(inArray(sizerRequests.status, [...statuses]))
        .groupBy(sizerRequests.status);
      return new Map(rows.map((r) => [r.status, r.count]));
    },

    /** The store's low-stock threshold (the column's default before setup). */
    async lowStockThreshold(): Promise<number> {
      const [row] = await db.select({ threshold: storeSettings.lowStockThreshold }).from(storeSettings).where(eq(storeSettings.id, 1));
      return row?.threshold ?? 2;
    },

    /** Active products with `threshold` pieces or fewer: how many, and the lowest `limit` of them. */
    async lowStock(threshold: number, limit: number) {
      const low = and(eq(products.active, true), lte(products.stock, threshold));
      const [total, rows] = await Promise.all([
        db.select({ count: count() }).from(products).where(low),
        db
          .select({ id: products.id, sku: products.sku, name: products.name, stock: products.stock })
          .from(products)
          .where(low)
          .orderBy(asc(products.stock), asc(products.name), asc(products.id))
          .limit(limit),
      ]);
      return { count: total[0]?.count ?? 0, products: rows };
    },

    /** The newest metal rate on or before `day` for each metal and purity, with its day. */
    async metalRatesInForce(day: string) {
      return db
        .selectDistinctOn([metalRates.metal, metalRates.purity], {
          metal: metalRates.metal,
          purity: metalRates.purity,
          paisePerGram: metalRates.ratePaisePerGram,
          rateDate: metalRates.rateDate,
        })
        .from(metalRates)
        .where(lte(metalRates.rateDate, day))
        .orderBy(asc(metalRates.metal), asc(metalRates.purity), desc(metalRates.rateDate));
    },

    /** The newest diamond rate on or before `day` for each grade, with its day. */
    async diamondRatesInForce(day: string) {
      return db
        .selectDistinctOn([diamondRates.quality], {
          quality: diamondRates.quality,
          paisePerCarat: diamondRates.ratePaisePerCarat,
          rateDate: diamondRates.rateDate,
        })
        .from(diamondRates)
        .where(lte(diamondRates.rateDate, day))
        .orderBy(asc(diamondRates.quality), desc(diamondRates.rateDate));
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
