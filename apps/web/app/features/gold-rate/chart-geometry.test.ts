import { describe, expect, it } from 'vitest';
import { CHART, CHART_NARROW, chartGeometry } from './chart-geometry.ts';

describe('the rate chart’s geometry', () => {
  const from = '2026-11-01';
  const to = '2026-11-30';

  it('draws a step line from the opening rate across the period to today, ticks on round rupees', () => {
    const g = chartGeometry({
      from,
      to,
      opening: { paisePerGram: 700_000, setOn: '2026-10-20' },
      points: [
        { date: '2026-11-10', paisePerGram: 710_000 },
        { date: '2026-11-20', paisePerGram: 695_000 },
      ],
    });
    expect(g.path.startsWith(`M${CHART.left} `)).toBe(true);
    // Across to the 10th, up to its rate, across to the 20th, down, and on to the last day.
    expect(g.path.split(' ').filter((p) => p.startsWith('H'))).toHaveLength(3);
    expect(g.path.split(' ').filter((p) => p.startsWith('V'))).toHaveLength(2);
    expect(g.path.endsWith(`H${CHART.width - CHART.right}`)).toBe(true);
    expect(g.last).toMatchObject({ x: CHART.width - CHART.right, paise: 695_000 });
    for (const t of g.yTicks) expect(t.paise % 100).toBe(0);
    expect(g.yTicks[0]!.paise).toBeLessThanOrEqual(695_000);
    expect(g.yTicks.at(-1)!.paise).toBeGreaterThanOrEqual(710_000);
    // Higher rates are drawn higher up.
    expect(g.yTicks[0]!.y).toBeGreaterThan(g.yTicks.at(-1)!.y);
    expect(g.xTicks.map((t) => t.date)).toEqual(['2026-11-01', '2026-11-08', '2026-11-16', '2026-11-23', '2026-11-30']);
  });

  it('a flat rate sits mid-chart; no rate at all draws no line', () => {
    const flat = chartGeometry({ from, to, opening: { paisePerGram: 9_000, setOn: '2026-10-01' }, points: [] });
    expect(flat.path).toBe(`M${CHART.left} ${flat.last!.y} H${CHART.width - CHART.right}`);
    expect(flat.last!.y).toBeGreaterThan(CHART.top);
    expect(flat.last!.y).toBeLessThan(CHART.height - CHART.bottom);
    const none = chartGeometry({ from, to, opening: null, points: [] });
    expect(none).toMatchObject({ path: '', yTicks: [], last: null });
    expect(none.xTicks).toHaveLength(5);
  });

  it('the phone’s box: the same line in its own box, three days marked (issue 40)', () => {
    const h = { from, to, opening: { paisePerGram: 700_000, setOn: '2026-10-20' }, points: [{ date: '2026-11-10', paisePerGram: 710_000 }] };
    const g = chartGeometry(h, CHART_NARROW);
    expect(g.path.startsWith(`M${CHART_NARROW.left} `)).toBe(true);
    expect(g.path.endsWith(`H${CHART_NARROW.width - CHART_NARROW.right}`)).toBe(true);
    expect(g.xTicks.map((t) => t.date)).toEqual(['2026-11-01', '2026-11-16', '2026-11-30']);
    expect(g.yTicks.map((t) => t.paise)).toEqual(chartGeometry(h).yTicks.map((t) => t.paise));
    for (const t of g.yTicks) expect(t.y).toBeGreaterThanOrEqual(CHART_NARROW.top);
    for (const t of g.yTicks) expect(t.y).toBeLessThanOrEqual(CHART_NARROW.height - CHART_NARROW.bottom);
  });
});
