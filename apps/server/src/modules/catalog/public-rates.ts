import {
  PUBLIC_RATE_KEYS,
  publicRateLabel,
  type PublicRate,
  type PublicRateKey,
  type RateHistory,
  type RateHistoryQuery,
  type RateMetal,
  type RatesToday,
} from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { indianDate } from '@milli/pricing';
import { daysBefore } from './desk.ts';
import { createCatalogRepository, type DatedRate } from './repository.ts';

/**
 * The day's rates in public (issue 42): what /gold-rate, its chart and the rate alerts read. A day's rate is the newest
 * set on or before it (DECISIONS §6), so a day staff have not yet set shows the last rate with the day it was set.
 */
export function createPublicRates(db: Db, now: () => Date = () => new Date()) {
  const repo = createCatalogRepository(db);

  return {
    /** Today's rates (gold 24, 22, 18, 14 kt, platinum, silver) per gram and per 10 g, with the change since yesterday. */
    async today(): Promise<RatesToday> {
      const date = indianDate(now());
      const inForce = byKey(await repo.datedRatesOn(date));
      const yesterday = byKey(await repo.datedRatesOn(daysBefore(date, 1)));
      const rates = PUBLIC_RATE_KEYS.map((key): PublicRate => {
        const [metal, purity] = key.split(':') as [RateMetal, string];
        const current = inForce.get(key) ?? null;
        const before = yesterday.get(key) ?? null;
        return {
          key,
          label: publicRateLabel(metal, Number(purity)),
          metal,
          purity: Number(purity),
          paisePerGram: current?.paise ?? null,
          paisePer10Grams: current ? current.paise * 10 : null,
          setOn: current?.date ?? null,
          yesterday: before ? { paisePerGram: before.paise, setOn: before.date } : null,
          changePaise: current && before ? current.paise - before.paise : null,
        };
      });
      return { date, rates };
    },

    /** One metal's rate over the last `days` days (today included): the rate it opened at and each day one was set. */
    async history(query: RateHistoryQuery): Promise<RateHistory> {
      const to = indianDate(now());
      const from = daysBefore(to, query.days - 1);
      const key = `${query.metal}:${query.purity}` as PublicRateKey;
      const opening = byKey(await repo.datedRatesOn(daysBefore(from, 1))).get(key) ?? null;
      const points = (await repo.metalRatesBetween(query.metal, query.purity, from, to)).map((r) => ({ date: r.date, paisePerGram: r.paise }));
      const values = [...(opening ? [opening.paise] : []), ...points.map((p) => p.paisePerGram)];
      return {
        key,
        label: publicRateLabel(query.metal, query.purity),
        metal: query.metal,
        purity: query.purity,
        days: query.days,
        from,
        to,
        opening: opening ? { paisePerGram: opening.paise, setOn: opening.date } : null,
        points,
        low: values.length ? Math.min(...values) : null,
        high: values.length ? Math.max(...values) : null,
      };
    },

    /** The rate in force today for one metal and purity (paise a gram), or null while none was ever set. */
    async inForce(metal: RateMetal, purity: number): Promise<number | null> {
      return byKey(await repo.datedRatesOn(indianDate(now()))).get(`${metal}:${purity}` as PublicRateKey)?.paise ?? null;
    },
  };
}

export type PublicRates = ReturnType<typeof createPublicRates>;

function byKey(rates: readonly DatedRate[]): Map<string, DatedRate> {
  return new Map(rates.map((r) => [r.key, r]));
}
