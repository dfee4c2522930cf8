import { Prng } from './prng.ts';

/**
 * Demo rates for the seed day: believable 2026 Indian retail rates, not live data. Gold purities
 * follow the trade's own ratios of the 24 kt rate (22 kt at 91.6 %, 18 kt at 75 %, 14 kt at 58.5 %).
 */
export const GST_PERCENT = 3;

export const METAL_RATES_RUPEES_PER_GRAM: readonly { metal: 'gold' | 'platinum' | 'silver'; purity: number; rupees: number }[] = [
  { metal: 'gold', purity: 24, rupees: 13_650 },
  { metal: 'gold', purity: 22, rupees: 12_505 },
  { metal: 'gold', purity: 18, rupees: 10_240 },
  { metal: 'gold', purity: 14, rupees: 7_985 },
  { metal: 'platinum', purity: 950, rupees: 4_720 },
  { metal: 'silver', purity: 925, rupees: 182 },
];

/** Per carat of small natural diamonds by clarity-colour grade. */
export const DIAMOND_RATES_RUPEES_PER_CARAT = {
  'SI-IJ': 52_000,
  'SI-GH': 64_000,
  'VVS-GH': 82_000,
  'VVS-EF': 1_05_000,
} as const;

/** A day `n` days before an ISO date (YYYY-MM-DD). */
function isoDaysBefore(isoDay: string, n: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Issue 42: a year of the demo store's past rates, so /gold-rate's chart and "since yesterday" have something to
 * show on a fresh install: a seeded random walk back from the seed day's rates (about 0.7 % a day for gold, more for
 * silver and platinum, gold about 18 % lower a year before), set every day but Sundays. Gold's purities keep the
 * trade's ratios of the 24 kt rate, as the seed day's do. Not live data, and the same on every machine.
 */
export function demoRateHistory(
  rateDate: string,
  days: number,
): { rateDate: string; metal: 'gold' | 'platinum' | 'silver'; purity: number; ratePaisePerGram: number }[] {
  const prng = new Prng(0x67_6f_6c_64);
  const today = Object.fromEntries(METAL_RATES_RUPEES_PER_GRAM.map((r) => [`${r.metal}:${r.purity}`, r.rupees]));
  const walks = [
    { key: 'gold', drift: 0.0005, spread: 0.007, level: 1 },
    { key: 'platinum', drift: 0.0002, spread: 0.011, level: 1 },
    { key: 'silver', drift: 0.0006, spread: 0.013, level: 1 },
  ];
  const rows: ReturnType<typeof demoRateHistory> = [];
  for (let n = 1; n < days; n++) {
    // Walking back: each day before is the next day's rate less its drift, plus the day's move.
    for (const w of walks) w.level = w.level * (1 - w.drift + (prng.next() - 0.5) * 2 * w.spread);
    const day = isoDaysBefore(rateDate, n);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) continue;
    const round = (rupees: number, to: number) => Math.max(to, Math.round(rupees / to) * to) * 100;
    const gold24 = today['gold:24']! * walks[0]!.level;
    for (const [purity, share] of [
      [24, 1],
      [22, today['gold:22']! / today['gold:24']!],
      [18, today['gold:18']! / today['gold:24']!],
      [14, today['gold:14']! / today['gold:24']!],
    ] as const) {
      rows.push({ rateDate: day, metal: 'gold', purity, ratePaisePerGram: round(gold24 * share, 5) });
    }
    rows.push({ rateDate: day, metal: 'platinum', purity: 950, ratePaisePerGram: round(today['platinum:950']! * walks[1]!.level, 5) });
    rows.push({ rateDate: day, metal: 'silver', purity: 925, ratePaisePerGram: round(today['silver:925']! * walks[2]!.level, 1) });
  }
  return rows;
}
