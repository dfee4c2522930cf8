import type { RateHistory } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import { CHART, CHART_NARROW, chartGeometry, type ChartBox } from './chart-geometry.ts';

/** '29 Nov' */
const shortDay = (isoDay: string) => new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** '29 November 2026' */
export const longDay = (isoDay: string) =>
  new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** ₹ without paise, for the axis. */
const axisRupees = (paise: number) => `₹${Math.round(paise / 100).toLocaleString('en-IN')}`;

/**
 * A metal's rate over the period as an SVG drawn on the server (issue 42): no chart library, nothing to run in the
 * browser, readable without JavaScript. The picture is described in one sentence for screen readers, and the figures
 * follow in a table they read (visually hidden: the chart shows the same).
 */
export function RateChart({ history }: { history: RateHistory }) {
  const now = history.points.at(-1)?.paisePerGram ?? history.opening?.paisePerGram;
  const summary =
    history.low === null || now === undefined
      ? `No rate of ${history.label} was set in these ${history.days} days.`
      : `${history.label} from ${longDay(history.from)} to ${longDay(history.to)}: lowest ${formatRupees(history.low)}, highest ${formatRupees(history.high!)} a gram, now ${formatRupees(now)}.`;
  const rows = [...(history.opening ? [{ date: history.opening.setOn, paisePerGram: history.opening.paisePerGram }] : []), ...history.points];
  return (
    <figure className="rate-chart">
      {/* Two drawings of one line, the page's CSS showing one (the other is display: none, so read by no one): an SVG
          scales its labels with it, and the wide one's were too small to read on a phone. */}
      <ChartSvg history={history} box={CHART} summary={summary} className="rate-chart-wide" />
      <ChartSvg history={history} box={CHART_NARROW} summary={summary} className="rate-chart-narrow" />
      <figcaption>{summary}</figcaption>
      {/* Hidden by its box, not by a class on the table: a table is as wide as its one-line caption whatever width it
          is given, and that width widened the page on a phone (issue 40). */}
      <div className="visually-hidden">
        <table>
          <caption>
            {history.label}: each rate set from {longDay(history.from)} to {longDay(history.to)}, in rupees a gram
          </caption>
          <thead>
            <tr>
              <th scope="col">Set on</th>
              <th scope="col">Rate a gram</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.date}>
                <td>{longDay(r.date)}</td>
                <td>{formatRupees(r.paisePerGram)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function ChartSvg({ history, box, summary, className }: { history: RateHistory; box: ChartBox; summary: string; className: string }) {
  const g = chartGeometry(history, box);
  const titleId = `rate-chart-${history.key.replace(':', '-')}-${box.width}-title`;
  return (
    <svg className={className} viewBox={`0 0 ${box.width} ${box.height}`} width={box.width} height={box.height} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{summary}</title>
      {g.yTicks.map((t) => (
        <g key={t.paise} className="rate-chart-grid">
          <line x1={box.left} x2={box.width - box.right} y1={t.y} y2={t.y} />
          <text x={box.left - 8} y={t.y + 4} textAnchor="end">
            {axisRupees(t.paise)}
          </text>
        </g>
      ))}
      {g.xTicks.map((t, i) => (
        <text key={t.date} className="rate-chart-day" x={t.x} y={box.height - 14} textAnchor={i === 0 ? 'start' : i === g.xTicks.length - 1 ? 'end' : 'middle'}>
          {shortDay(t.date)}
        </text>
      ))}
      {g.path && <path className="rate-chart-line" d={g.path} />}
      {g.last && <circle className="rate-chart-now" cx={g.last.x} cy={g.last.y} r={box.width < 500 ? 4 : 5} />}
    </svg>
  );
}
