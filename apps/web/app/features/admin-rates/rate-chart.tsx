import { useId } from 'react';
import { formatRupees } from '@milli/pricing';

export interface ChartPoint {
  date: string;
  paise: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 32, left: 84 };

const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * One rate's history as a line drawn in SVG (no chart library): a step line, as a rate holds until the next
 * is set. Screen readers hear a summary (lowest, highest, first and last); the figures are in a table below.
 */
export function RateChart({
  label,
  unit,
  points,
  before,
  from,
  to,
}: {
  label: string;
  unit: string;
  points: readonly ChartPoint[];
  /** The rate in force when the window opens (set earlier), where the line starts. */
  before: ChartPoint | null;
  from: string;
  to: string;
}) {
  const id = useId();
  if (points.length === 0 && !before) {
    return <p className="adm-muted">No {label} rate has been set yet.</p>;
  }
  const values = [...(before ? [before.paise] : []), ...points.map((p) => p.paise)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || Math.max(1, Math.round(high * 0.02));
  const bottom = low - span * 0.1;
  const top = high + span * 0.1;
  const x0 = dayNumber(from);
  const x1 = Math.max(dayNumber(to), x0 + 1);
  const x = (iso: string) => PAD.left + ((dayNumber(iso) - x0) / (x1 - x0)) * (WIDTH - PAD.left - PAD.right);
  const y = (paise: number) => PAD.top + (1 - (paise - bottom) / (top - bottom)) * (HEIGHT - PAD.top - PAD.bottom);
  // Step line: each rate holds until the next one, and the last until today; the rate in force before the
  // window starts the line at its left edge.
  const line = [...(before ? [{ date: from, paise: before.paise }] : []), ...points];
  let path = `M ${x(line[0]!.date).toFixed(1)} ${y(line[0]!.paise).toFixed(1)}`;
  for (let i = 1; i < line.length; i++) {
    path += ` H ${x(line[i]!.date).toFixed(1)} V ${y(line[i]!.paise).toFixed(1)}`;
  }
  path += ` H ${x(to).toFixed(1)}`;
  const ticks = [low, (low + high) / 2, high].filter((v, i, all) => all.indexOf(v) === i);
  const first = line[0]!;
  const last = line.at(-1)!;
  const opening = before
    ? `${formatRupees(before.paise)} in force since ${shortDate(before.date)}`
    : `${formatRupees(first.paise)} on ${shortDate(first.date)}`;
  const summary =
    points.length === 0
      ? `${label} per ${unit}, ${shortDate(from)} to ${shortDate(to)}: no new rate set; ${opening} all along.`
      : `${label} per ${unit}, ${shortDate(from)} to ${shortDate(to)}: ${points.length} rate${points.length === 1 ? '' : 's'} set, from ${opening} to ${formatRupees(last.paise)} on ${shortDate(last.date)}; lowest ${formatRupees(low)}, highest ${formatRupees(high)}.`;

  return (
    <figure className="rates-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} preserveAspectRatio="xMidYMid meet">
        <title id={`${id}-t`}>{`${label}: history`}</title>
        {ticks.map((v) => (
          <g key={v} className="rates-chart-grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} />
            <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end">
              {formatRupees(Math.round(v), { decimals: false }).replace('Rs. ', '₹')}
            </text>
          </g>
        ))}
        <g className="rates-chart-axis">
          <text x={PAD.left} y={HEIGHT - 8} textAnchor="start">
            {shortDate(from)}
          </text>
          <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end">
            {shortDate(to)}
          </text>
        </g>
        <path d={path} className="rates-chart-line" />
        {points.length <= 40 && points.map((p) => <circle key={p.date} cx={x(p.date)} cy={y(p.paise)} r={3} className="rates-chart-dot" />)}
      </svg>
      <figcaption id={`${id}-d`} className="rates-chart-summary">
        {summary}
      </figcaption>
      <details className="rates-chart-table">
        <summary>The figures as a table</summary>
        <table className="adm-mini-table">
          <caption className="adm-visually-hidden">
            {label} per {unit}
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="adm-align-end">
                Rate
              </th>
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((p) => (
              <tr key={p.date}>
                <td>{shortDate(p.date)}</td>
                <td className="adm-align-end">{formatRupees(p.paise)}</td>
              </tr>
            ))}
            {before && (
              <tr>
                <td>{shortDate(before.date)} (in force when the chart begins)</td>
                <td className="adm-align-end">{formatRupees(before.paise)}</td>
              </tr>
            )}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
