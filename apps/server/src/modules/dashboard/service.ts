/**
 * The dashboard: a read model for staff that joins many domains (orders, custom designs, trade partners, sizer
 * requests, complaints, the catalogue's stock, the rates, the settings' low-stock threshold). It only reads: it writes no table,
 * and each of those domains' own module writes its rows.
 */
import { schema, type Db } from '@milli/db';
import { DESK_PERMISSION, STAFF_DESKS, rolesCan, type StaffRole } from '@milli/contracts';
import type { AdminDashboard, DeskCounts } from '@milli/contracts/schemas';
import { indianDate, startOfIndianDate } from '@milli/pricing';
import { complaintCounts } from '../complaints/service.ts';
import { createDashboardRepository } from './repository.ts';

/** The order steps that wait on the store: every status before Delivered but Cancelled, in their order. */
export const WAITING_ORDER_STATUSES = schema.ORDER_STATUSES.filter((s) => s !== 'Delivered' && s !== 'Cancelled');
/**
 * Custom design requests waiting for the design team to share a design: new ones, and those whose design the customer
 * rejected, which go back to the design team for another (DECISIONS §4; the desk's queue puts both first).
 */
export const WAITING_DESIGN_STATUSES = ['Requested', 'Rejected'] as const satisfies readonly (typeof schema.CUSTOM_DESIGN_STATUSES)[number][];
/** Trade-partner applications nobody has decided yet. */
export const WAITING_TRADE_STATUSES = ['Received', 'Under Review'] as const satisfies readonly (typeof schema.TRADE_PARTNER_STATUSES)[number][];
/** Ring sizer requests nobody has posted a kit for. */
export const WAITING_SIZER_STATUSES = ['New'] as const satisfies readonly (typeof schema.SIZER_REQUEST_STATUSES)[number][];
export const LOW_STOCK_LISTED = 10;

const inOrder = (statuses: readonly string[], counts: Map<string, number>) => statuses.map((status) => ({ status, count: counts.get(status) ?? 0 }));

/** The day after an Indian date (YYYY-MM-DD). */
function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function createDashboardService(db: Db, now: () => Date = () => new Date()) {
  const repo = createDashboardRepository(db);
  return {
    /** What waits at each desk the member may see (a desk whose permission none of their roles holds is left out). */
    async deskCounts(roles: readonly StaffRole[]): Promise<DeskCounts> {
      const counts = await repo.deskCounts(indianDate(now()));
      const shown: DeskCounts = {};
      for (const desk of STAFF_DESKS) if (rolesCan(roles, DESK_PERMISSION[desk])) shown[desk] = counts[desk];
      return shown;
    },

    async read(): Promise<AdminDashboard> {
      const at = now();
      const today = indianDate(at);
      const threshold = await repo.lowStockThreshold();
      const [from, to] = [startOfIndianDate(today), startOfIndianDate(nextDay(today))];
      const [sales, credited, orderCounts, designCounts, tradeCounts, sizerCounts, lowStock, metals, diamonds, complaints] = await Promise.all([
        repo.ordersBetween(from, to),
        repo.creditedBetween(from, to),
        repo.orderCounts(WAITING_ORDER_STATUSES),
        repo.designRequestCounts(WAITING_DESIGN_STATUSES),
        repo.tradeApplicationCounts(WAITING_TRADE_STATUSES),
        repo.sizerRequestCounts(WAITING_SIZER_STATUSES),
        repo.lowStock(threshold, LOW_STOCK_LISTED),
        repo.metalRatesInForce(today),
        repo.diamondRatesInForce(today),
        complaintCounts(db, at),
      ]);
      // Grades from the plainest to the finest, as the store lists them, not alphabetically.
      diamonds.sort((a, b) => schema.DIAMOND_QUALITIES.indexOf(a.quality) - schema.DIAMOND_QUALITIES.indexOf(b.quality));
      const days = [...metals, ...diamonds].map((r) => r.rateDate).sort();
      return {
        today,
        ordersToday: sales.count,
        salesTodayPaise: sales.totalPaise - credited.totalPaise,
        salesToday: {
          grossPaise: sales.totalPaise,
          paidBy: sales.paidBy,
          creditNotes: credited.count,
          creditedPaise: credited.totalPaise,
          netPaise: sales.totalPaise - credited.totalPaise,
        },
        ordersWaiting: inOrder(WAITING_ORDER_STATUSES, orderCounts),
        designRequestsWaiting: inOrder(WAITING_DESIGN_STATUSES, designCounts),
        tradeApplicationsWaiting: inOrder(WAITING_TRADE_STATUSES, tradeCounts),
        sizerRequestsWaiting: inOrder(WAITING_SIZER_STATUSES, sizerCounts),
        complaints,
        lowStock: { threshold, ...lowStock },
        rates: {
          // Prices follow the metal rates: they are "in" when every metal rate in force is today's.
          todayIn: metals.length > 0 && metals.every((r) => r.rateDate === today),
          latestDate: days[days.length - 1] ?? null,
          metals,
          diamonds,
        },
      };
    },
  };
}
