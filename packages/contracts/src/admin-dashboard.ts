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
  /** Orders placed today (Indian day), cancelled ones left out, and what they came to. */
  ordersToday: z.number().int(),
  salesTodayPaise: z.number().int(),
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
