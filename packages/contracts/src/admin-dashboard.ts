import { z } from 'zod';

/**
 * GET /api/admin/dashboard (issue 17): what a jeweller checks first every morning. Any signed-in member may read
 * it (permission 'self'); money is whole paise, dates are Indian calendar dates (YYYY-MM-DD).
 */
export const DashboardWaitingSchema = z.object({
  /** The status as the store names it ('Placed', 'Requested', 'Under Review'). */
  status: z.string(),
  count: z.number().int(),
});

export const DashboardLowStockSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  stock: z.number().int(),
});

export const DashboardMetalRateSchema = z.object({
  metal: z.enum(['gold', 'platinum', 'silver']),
  /** Karat for gold, 950 platinum, 925 silver. */
  purity: z.number().int(),
  paisePerGram: z.number().int(),
  /** The day this rate was set for: today's, or the newest before today when today's are not in. */
  rateDate: z.string(),
});

export const DashboardDiamondRateSchema = z.object({
  quality: z.string(),
  paisePerCarat: z.number().int(),
  rateDate: z.string(),
});

export const AdminDashboardSchema = z.object({
  /** Today's Indian date, the day everything below is counted for. */
  today: z.string(),
  /** Orders placed today (Indian day), cancelled ones and ones still awaiting payment or confirmation left out. */
  ordersToday: z.number().int(),
  /** What they came to, net of the credit notes issued today (salesToday.netPaise). */
  salesTodayPaise: z.number().int(),
  /** Issue 39: the day's sales, how they were paid, and the credit notes of the day taken off. */
  salesToday: z.object({
    /** Today's orders' totals, GST included. */
    grossPaise: z.number().int(),
    /**
     * How those totals were paid: online through the gateway and on delivery (the money of the day), and by what
     * was paid before (store credit, a Harvest plan's balance, a made-to-order piece's advance on its design).
     * The five add up to grossPaise.
     */
    paidBy: z.object({
      onlinePaise: z.number().int(),
      onDeliveryPaise: z.number().int(),
      storeCreditPaise: z.number().int(),
      harvestPaise: z.number().int(),
      advancePaise: z.number().int(),
    }),
    /** Credit notes issued today (returns, cancellations after dispatch, weight differences), and their sum. */
    creditNotes: z.number().int(),
    creditedPaise: z.number().int(),
    /** grossPaise less creditedPaise. */
    netPaise: z.number().int(),
  }),
  /** Orders waiting at each step before delivery, in the order of the steps (zeros included). */
  ordersWaiting: z.array(DashboardWaitingSchema),
  /** Custom design requests waiting for the design team (Requested). */
  designRequestsWaiting: z.array(DashboardWaitingSchema),
  /** Trade-partner applications waiting (Received, Under Review). */
  tradeApplicationsWaiting: z.array(DashboardWaitingSchema),
  /** Ring sizer requests the orders desk has not posted yet (New). */
  sizerRequestsWaiting: z.array(DashboardWaitingSchema),
  /** Complaints open or waiting for the customer, and how many of them are past their acknowledge-by or resolve-by (issue 38). */
  complaints: z.object({ open: z.number().int(), overdue: z.number().int() }),
  lowStock: z.object({
    /** The store's threshold: a product with this many pieces or fewer is low. */
    threshold: z.number().int(),
    /** How many active products are low (all of them, not only those listed). */
    count: z.number().int(),
    /** The lowest first, at most 10. */
    products: z.array(DashboardLowStockSchema),
  }),
  rates: z.object({
    /** Whether every metal rate in force was set for today. */
    todayIn: z.boolean(),
    /** The newest day any rate was set for (null when none ever was). */
    latestDate: z.string().nullable(),
    metals: z.array(DashboardMetalRateSchema),
    diamonds: z.array(DashboardDiamondRateSchema),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
