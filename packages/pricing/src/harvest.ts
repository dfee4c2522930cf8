/**
 * Milli Harvest '10 + 1' (spec §2, §9): the schedule and the amounts, in whole paise. One function for
 * the page's live breakdown and for the plan the server writes, so what a shopper is shown is what they pay.
 */

export const HARVEST_RULES = {
  instalments: 10,
  freeInstalment: 11,
  firstInstalmentDiscountPercent: 50,
  minMonthlyRupees: 1_000,
  stepRupees: 500,
  /** A ceiling so a typo (an extra zero or two) cannot start a plan nobody meant. */
  maxMonthlyRupees: 1_00_000,
} as const;

export interface HarvestBreakdown {
  monthlyPaise: number;
  /** What the customer pays over the ten months: the first at half price. */
  youPayPaise: number;
  /** What the store adds: half of the first instalment and all of the 11th. */
  storeAddsPaise: number;
  /** What the plan is worth at maturity: eleven full instalments. */
  redeemablePaise: number;
}

export interface HarvestScheduleRow {
  /** 1-11; the 11th is the store's. */
  number: number;
  /** Calendar date, YYYY-MM-DD. */
  dueDate: string;
  amountPaise: number;
  discountPaise: number;
  /** What the customer pays for this row: amount − discount. */
  payablePaise: number;
  free: boolean;
}

/** Why a monthly amount (in rupees, as typed) cannot start a plan, or null when it can. */
export function monthlyAmountProblem(rupees: number): string | null {
  const { minMonthlyRupees, stepRupees, maxMonthlyRupees } = HARVEST_RULES;
  if (!Number.isFinite(rupees)) return 'Please enter the monthly amount in rupees.';
  if (rupees < minMonthlyRupees) return `The monthly amount must be at least Rs. ${minMonthlyRupees.toLocaleString('en-IN')}.`;
  if (rupees > maxMonthlyRupees) return `The monthly amount can be at most Rs. ${maxMonthlyRupees.toLocaleString('en-IN')}.`;
  if (!Number.isInteger(rupees) || rupees % stepRupees !== 0) return `The monthly amount must be a multiple of Rs. ${stepRupees}.`;
  return null;
}

export function firstInstalmentDiscountPaise(monthlyPaise: number): number {
  return Math.floor((monthlyPaise * HARVEST_RULES.firstInstalmentDiscountPercent) / 100);
}

export function harvestBreakdown(monthlyPaise: number): HarvestBreakdown {
  const { instalments, freeInstalment } = HARVEST_RULES;
  const firstOff = firstInstalmentDiscountPaise(monthlyPaise);
  return {
    monthlyPaise,
    youPayPaise: monthlyPaise * instalments - firstOff,
    storeAddsPaise: firstOff + monthlyPaise,
    redeemablePaise: monthlyPaise * freeInstalment,
  };
}

/**
 * `months` calendar months after a YYYY-MM-DD date; a day the month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February), so no due date skips a month.
 */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

/**
 * The eleven rows from a start date: instalment n falls due n − 1 months after the start (the first
 * today), and the store's 11th ten months after it. The plan matures on that 11th date: at most 306
 * days after the start, inside the 365 days within which a jeweller's advance must be settled in goods.
 */
export function harvestSchedule(startIso: string, monthlyPaise: number): { rows: HarvestScheduleRow[]; maturityDate: string } {
  const { instalments, freeInstalment } = HARVEST_RULES;
  const rows: HarvestScheduleRow[] = [];
  for (let n = 1; n <= freeInstalment; n++) {
    const free = n === freeInstalment;
    const discountPaise = free ? monthlyPaise : n === 1 ? firstInstalmentDiscountPaise(monthlyPaise) : 0;
    rows.push({ number: n, dueDate: addMonths(startIso, n - 1), amountPaise: monthlyPaise, discountPaise, payablePaise: monthlyPaise - discountPaise, free });
  }
  return { rows, maturityDate: addMonths(startIso, instalments) };
}

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
/** The Indian day last asked about and the moments it spans: most calls are about now, many a second (cache keys). */
let lastDay = { from: 0, until: 0, date: '' };

/** Today's calendar date in India (the store's dates are Indian dates, whatever the server's zone). */
export function indianDate(at: Date): string {
  const time = at.getTime();
  if (time >= lastDay.from && time < lastDay.until) return lastDay.date;
  const shifted = time + IST_OFFSET_MS;
  const date = new Date(shifted).toISOString().slice(0, 10);
  const from = Math.floor(shifted / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  lastDay = { from, until: from + DAY_MS, date };
  return date;
}

/** A calendar date as a letter writes it: '2026-11-24' (or an ISO timestamp's day) → '24 November 2026'. */
export function dateInWords(iso: string): string {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The moment an Indian calendar date begins (00:00 IST). */
export function startOfIndianDate(isoDate: string): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00+05:30`));
}
