import { and, asc, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { RateKey } from '@milli/contracts/schemas';

const { diamondRates, metalRates, products } = schema;

export interface DatedRate {
  key: RateKey;
  paise: number;
  date: string;
}

type Metal = (typeof schema.METALS)[number];
type Quality = (typeof schema.DIAMOND_QUALITIES)[number];

/** The day's rates: the rate of a day is the newest row on or before that day (metal_rates, diamond_rates). */
export function createRatesRepository(db: Db) {
  return {
    /** Every metal's and grade's rate in force on `day` (the newest on or before it), with its date. */
    async inForceOn(day: string): Promise<DatedRate[]> {
      const metalRows = await db
        .selectDistinctOn([metalRates.metal, metalRates.purity], {
          metal: metalRates.metal,
          purity: metalRates.purity,
          paise: metalRates.ratePaisePerGram,
          date: metalRates.rateDate,
        })
        .from(metalRates)
        .where(lte(metalRates.rateDate, day))
        .orderBy(asc(metalRates.metal), asc(metalRates.purity), desc(metalRates.rateDate));
      const diamondRows = await db
        .selectDistinctOn([diamondRates.quality], { quality: diamondRates.quality, paise: diamondRates.ratePaisePerCarat, date: diamondRates.rateDate })
        .from(diamondRates)
        .where(lte(diamondRates.rateDate, day))
        .orderBy(asc(diamondRates.quality), desc(diamondRates.rateDate));
      return [
        ...metalRows.map((r) => ({ key: `${r.metal}:${r.purity}` as RateKey, paise: Number(r.paise), date: r.date })),
        ...diamondRows.map((r) => ({ key: `diamond:${r.quality}` as RateKey, paise: Number(r.paise), date: r.date })),
      ];
    },

    /** Every rate row dated from `from` to `to` (both included), oldest first. */
    async between(from: string, to: string): Promise<DatedRate[]> {
      const metalRows = await db
        .select({ metal: metalRates.metal, purity: metalRates.purity, paise: metalRates.ratePaisePerGram, date: metalRates.rateDate })
        .from(metalRates)
        .where(and(gte(metalRates.rateDate, from), lte(metalRates.rateDate, to)))
        .orderBy(asc(metalRates.rateDate));
      const diamondRows = await db
        .select({ quality: diamondRates.quality, paise: diamondRates.ratePaisePerCarat, date: diamondRates.rateDate })
        .from(diamondRates)
        .where(and(gte(diamondRates.rateDate, from), lte(diamondRates.rateDate, to)))
        .orderBy(asc(diamondRates.rateDate));
      return [
        ...metalRows.map((r) => ({ key: `${r.metal}:${r.purity}` as RateKey, paise: Number(r.paise), date: r.date })),
        ...diamondRows.map((r) => ({ key: `diamond:${r.quality}` as RateKey, paise: Number(r.paise), date: r.date })),
      ];
    },

    /** Sets a metal's rate of `day` (insert or replace: one row per day, metal and purity). */
    async upsertMetal(day: string, metal: Metal, purity: number, paise: number): Promise<void> {
      await db
        .insert(metalRates)
        .values({ rateDate: day, metal, purity, ratePaisePerGram: paise })
        .onConflictDoUpdate({ target: [metalRates.rateDate, metalRates.metal, metalRates.purity], set: { ratePaisePerGram: paise } });
    },

    /** Sets a diamond grade's rate of `day` (insert or replace). */
    async upsertDiamond(day: string, quality: Quality, paise: number): Promise<void> {
      await db
        .insert(diamondRates)
        .values({ rateDate: day, quality, ratePaisePerCarat: paise })
        .onConflictDoUpdate({ target: [diamondRates.rateDate, diamondRates.quality], set: { ratePaisePerCarat: paise } });
    },

    /**
     * A few typical weighed pieces to show what a change of rates does: the first in stock of 22 kt gold, 18 kt
     * gold with diamonds, platinum and silver (whichever exist), by id so the same pieces come back each day.
     */
    async sampleProductIds(): Promise<number[]> {
      const weighed = and(isNotNull(products.metalWeightMg), eq(products.active, true));
      const kinds = [
        and(weighed, eq(products.metal, 'gold'), eq(products.purity, 22), eq(products.diamondWeightCents, 0)),
        and(weighed, eq(products.metal, 'gold'), sql`${products.diamondWeightCents} > 0`),
        and(weighed, eq(products.metal, 'platinum')),
        and(weighed, eq(products.metal, 'silver')),
      ];
      const ids: number[] = [];
      for (const kind of kinds) {
        const [row] = await db
          .select({ id: products.id })
          .from(products)
          .where(kind)
          .orderBy(desc(sql`${products.stock} > 0`), asc(products.id))
          .limit(1);
        if (row) ids.push(row.id);
      }
      return ids;
    },
  };
}
