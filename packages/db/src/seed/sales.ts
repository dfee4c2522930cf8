import type { NewSale } from '../schema.ts';

const DAY_MS = 86_400_000;

/** A calendar day 'YYYY-MM-DD' some days from an Indian day. */
export function dayFrom(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The demo store's sales, relative to the seed day: the home page's 'Jewel On Sale' (50 % off the making
 * charges, DECISIONS §7) running for three months, and a festive sale that is over, so an expired offer is
 * there to see that it shows no discount.
 */
export function demoSales(rateDate: string): { current: NewSale; over: NewSale } {
  return {
    current: { name: 'Jewel On Sale', makingDiscountPercent: 50, startsOn: dayFrom(rateDate, -7), endsOn: dayFrom(rateDate, 90) },
    over: { name: 'Diwali Sale', makingDiscountPercent: 25, startsOn: dayFrom(rateDate, -140), endsOn: dayFrom(rateDate, -120) },
  };
}
