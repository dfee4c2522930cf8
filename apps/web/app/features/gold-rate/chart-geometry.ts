import type { RateHistory } from '@milli/contracts/schemas';

/** A chart's drawing box (SVG user units; the SVG scales to its slot, keeping this ratio) and its count of days marked. */
export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  xTicks: number;
}

/** The chart on a screen wider than 560 px (its 13-unit labels 9.5 px high at the narrowest, 15 px at most). */
export const CHART: ChartBox = { width: 720, height: 300, left: 78, right: 16, top: 16, bottom: 40, xTicks: 5 };
/**
 * The chart on a phone (issue 40): the wide box shrunk to a 375 px phone drew its labels 6 px high. This box is about a
 * phone's width, so its 12-unit labels are 10.5 px high at 320 px and 16 px at most (the chart's CSS caps it at 440 px),
 * with three days marked instead of five.
 */
export const CHART_NARROW: ChartBox = { width: 330, height: 220, left: 68, right: 10, top: 12, bottom: 34, xTicks: 3 };

export interface ChartGeometry {
  /** The step line: a rate holds until the next is set. Empty when no rate falls in the period. */
  path: string;
  /** The y axis's ticks: paise and their height. */
  yTicks: { paise: number; y: number }[];
  /** The x axis's ticks: Indian dates and their position. */
  xTicks: { date: string; x: number }[];
  /** The last point, marked. */
  last: { x: number; y: number; paise: number } | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * A round step for about four ticks between low and high (₹1, 2, 5 × 10ⁿ, in paise), at least about 0.5 % of the
 * rate, so a rate that barely moved is not drawn as a cliff.
 */
function niceStep(span: number, level: number): number {
  const rough = Math.max(span / 4, level * 0.005, 100);
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const m of [1, 2, 5, 10]) if (m * power >= rough) return m * power;
  return 10 * power;
}

/**
 * Where a rate history's line and ticks fall in the chart box: days across from `from` to `to`, paise up from a round
 * value below the low to one above the high. A rate set before the period (the opening) starts the line on its first day.
 */
export function chartGeometry(h: Pick<RateHistory, 'from' | 'to' | 'opening' | 'points'>, box: ChartBox = CHART): ChartGeometry {
  const first = dayNumber(h.from);
  const lastDay = dayNumber(h.to);
  const steps: { day: number; paise: number }[] = [];
  if (h.opening) steps.push({ day: first, paise: h.opening.paisePerGram });
  for (const p of h.points) steps.push({ day: dayNumber(p.date), paise: p.paisePerGram });
  const innerW = box.width - box.left - box.right;
  const innerH = box.height - box.top - box.bottom;
  const span = Math.max(lastDay - first, 1);
  const x = (day: number) => box.left + ((day - first) / span) * innerW;

  const xTicks: ChartGeometry['xTicks'] = [];
  const tickCount = box.xTicks - 1;
  for (let i = 0; i <= tickCount; i++) {
    const day = Math.round(first + (span * i) / tickCount);
    xTicks.push({ date: isoOf(day), x: round(x(day)) });
  }
  if (steps.length === 0) return { path: '', yTicks: [], xTicks, last: null };

  const values = steps.map((s) => s.paise);
  const step = niceStep(Math.max(...values) - Math.min(...values), Math.max(...values));
  const low = Math.floor(Math.min(...values) / step) * step;
  const ceiling = Math.ceil(Math.max(...values) / step) * step;
  // A flat line sits in the middle of a band, not on the chart's floor.
  const high = ceiling === low ? low + 2 * step : ceiling;
  const floor = ceiling === low ? low - step : low;
  const y = (paise: number) => box.top + innerH - ((paise - floor) / (high - floor)) * innerH;

  const parts: string[] = [];
  steps.forEach((s, i) => {
    const sx = round(x(s.day));
    const sy = round(y(s.paise));
    if (i === 0) parts.push(`M${sx} ${sy}`);
    else parts.push(`H${sx}`, `V${sy}`);
  });
  parts.push(`H${round(x(lastDay))}`);
  const yTicks: ChartGeometry['yTicks'] = [];
  for (let v = floor; v <= high; v += step) yTicks.push({ paise: v, y: round(y(v)) });
  const end = steps.at(-1)!;
  return { path: parts.join(' '), yTicks, xTicks, last: { x: round(x(lastDay)), y: round(y(end.paise)), paise: end.paise } };
}

const round = (n: number) => Math.round(n * 10) / 10;
