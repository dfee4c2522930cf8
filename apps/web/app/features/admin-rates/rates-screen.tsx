import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { RATE_LABELS, type RateKey, type RateRow, type RatesAnswer } from '@milli/contracts/schemas';
import { andList } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { PageHeader, Panel } from '../../components/admin/admin-shell.tsx';
import { FormActions, FormError, SavedNotice, SubmitButton } from '../../components/admin/form-kit.tsx';
import { parseRupees } from '../../lib/admin-form.ts';
import type { RatesActionResult } from './rates-actions.server.ts';
import { RateChart } from './rate-chart.tsx';
import { changePercent, initialInputs, previewSamples, rateField, typedRates } from './rates-model.ts';

const HISTORY_CHOICES = [30, 90, 365] as const;

const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const rupees = (paise: number) => formatRupees(paise).replace('Rs. ', '₹');

/** '▲ 2.3 %' with words for a screen reader; nothing without both figures. */
function Change({ percent }: { percent: number | null }) {
  if (percent === null) return <span className="rates-change">–</span>;
  if (percent === 0) return <span className="rates-change is-same">No change</span>;
  const up = percent > 0;
  return (
    <span className={`rates-change ${up ? 'is-up' : 'is-down'}`}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      <span className="adm-visually-hidden">{up ? 'up' : 'down'} </span>
      {Math.abs(percent).toFixed(1)} %
    </span>
  );
}

/** Issue 39: exactly what was saved, by name ('Saved today’s rates of 24 kt gold and 22 kt gold. …'). */
function savedMessage(saved: readonly RateKey[]): string {
  const names = saved.map((k) => RATE_LABELS[k]);
  return `Saved today’s rate${names.length === 1 ? '' : 's'} of ${andList(names)} (${names.length} rate${names.length === 1 ? '' : 's'}). Every price in the shop now follows them.`;
}

export interface RatesScreenProps {
  data: RatesAnswer;
  days: number;
  chart: RateKey;
  /** The rates just saved, by key. */
  saved: RateKey[] | null;
  result: RatesActionResult | undefined;
}

/**
 * The morning's first screen (issue 17): today's rate for every metal, purity and diamond grade, typed in rupees
 * beside yesterday's with the change; what the typed rates do to a few typical pieces; a confirmation when a
 * change looks like a slipped digit; and each rate's history as a chart with its table.
 */
export function RatesScreen({ data, days, chart, saved, result }: RatesScreenProps) {
  // A new answer from the server starts the boxes again from what it says.
  return <RatesForm key={JSON.stringify(result ?? data.rates.map((r) => r.today))} data={data} days={days} chart={chart} saved={saved} result={result} />;
}

function RatesForm({ data, days, chart, saved, result }: RatesScreenProps) {
  const [inputs, setInputs] = useState<Record<string, string>>(() => result?.values ?? initialInputs(data.rates));
  // Marks the screen live (the preview follows the boxes from then on); end-to-end tests wait for it.
  const [live, setLive] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Issue 39: the boxes are uncontrolled, so what was typed before the script was ready stays in them; the preview
  // reads it from the form when the script arrives.
  useEffect(() => {
    const form = formRef.current;
    if (form) {
      const typed = Object.fromEntries(data.rates.map((r) => [r.key, String(new FormData(form).get(rateField(r.key)) ?? '')]));
      setInputs((all) => ({ ...all, ...typed }));
    }
    setLive(true);
  }, [data.rates]);
  const confirmRef = useRef<HTMLDivElement>(null);
  const rates = useMemo(() => typedRates(data.rates, inputs), [data.rates, inputs]);
  const previews = useMemo(() => previewSamples(data.samples, rates), [data.samples, rates]);
  const setToday = data.rates.filter((r) => r.today !== null).length;
  const chartRow = data.rates.find((r) => r.key === chart)!;
  const series = data.history.series.find((s) => s.key === chart);
  const errors = result?.errors ?? {};
  const confirming = result?.confirm && result.confirm.length > 0 ? result.confirm : null;
  // The question comes back where the page was scrolled to: bring it into view and to the keyboard's focus.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  return (
    <div className="rates-screen" data-live={live || undefined}>
      <PageHeader title="Today’s rates" description={<>{longDate(data.today)}. Rates per gram of metal and per carat of diamond, typed in rupees.</>} />
      <SavedNotice message={saved !== null && !result ? savedMessage(saved) : null} />
      {setToday === 0 ? (
        <div className="adm-rates-reminder" role="status">
          <p>Today’s rates are not in yet. The shop prices everything at the rates in force (dated below) until you save them.</p>
        </div>
      ) : (
        !data.todayComplete && (
          <div className="adm-banner adm-banner--info" role="status">
            <p>
              {setToday} of {data.rates.length} of today’s rates are in; the others stay at the rates in force.
            </p>
          </div>
        )
      )}
      <FormError message={errors.form ?? (result?.message && !confirming && Object.keys(errors).length > 0 ? result.message : null)} />

      <Form method="post" className="rates-form" noValidate aria-label="Today’s rates" ref={formRef}>
        {confirming && (
          <div className="adm-banner adm-banner--warning rates-confirm" role="alert" tabIndex={-1} ref={confirmRef}>
            <h2>Please check {confirming.length === 1 ? 'this change' : 'these changes'}</h2>
            <p>
              {confirming.length === 1 ? 'It is' : 'They are'} more than 20 % away from the rate in force and from yesterday’s. A slipped digit would reprice
              the whole shop.
            </p>
            <ul>
              {confirming.map((key) => (
                <li key={key}>{errors[key]}</li>
              ))}
            </ul>
            <div className="rates-confirm-actions">
              <SubmitButton name="confirm" value="yes" pending="Saving…">
                Yes, {confirming.length === 1 ? 'it is' : 'they are'} right: save
              </SubmitButton>
              <span>or correct the boxes below and save again.</span>
            </div>
          </div>
        )}
        <div className="adm-list adm-table-wrap">
          <table className="adm-table rates-table">
            <caption className="adm-visually-hidden">Today’s rates beside yesterday’s, per gram of metal and per carat of diamond, in rupees</caption>
            <thead>
              <tr>
                <th scope="col">Metal or grade</th>
                <th scope="col">Yesterday</th>
                <th scope="col">Today</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {data.rates.map((rate) => (
                <RateLine
                  key={rate.key}
                  rate={rate}
                  value={inputs[rate.key] ?? ''}
                  initial={result?.values[rate.key] ?? initialInputs([rate])[rate.key] ?? ''}
                  onChange={(value) => setInputs((all) => ({ ...all, [rate.key]: value }))}
                  error={errors[rate.key]}
                  flagged={confirming?.includes(rate.key) ?? false}
                />
              ))}
            </tbody>
          </table>
        </div>
        <FormActions>
          <SubmitButton pending="Saving…">Save today’s rates</SubmitButton>
          <p className="adm-hint">Only the boxes you change are saved; the others keep the rate in force.</p>
        </FormActions>
      </Form>

      <Panel title="What this does to a few typical pieces">
        {previews.length === 0 ? (
          <p className="adm-muted">There are no weighed pieces in the catalogue yet.</p>
        ) : (
          <div className="adm-table-wrap">
            <table className="adm-table rates-table">
              <caption className="adm-visually-hidden">Prices at the rates in force and at the rates typed above, GST included</caption>
              <thead>
                <tr>
                  <th scope="col">Piece</th>
                  <th scope="col">Priced by</th>
                  <th scope="col">Now</th>
                  <th scope="col">With the rates above</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {previews.map(({ sample, newPricePaise, change }) => (
                  <tr key={sample.id}>
                    <th scope="row">
                      <a href={`/product-detail/${sample.id}`} target="_blank" rel="noreferrer">
                        {sample.name}
                      </a>
                      <span className="rates-sku"> {sample.sku}</span>
                    </th>
                    <td>{RATE_LABELS[sample.key]}</td>
                    <td className="adm-align-end">{rupees(sample.pricePaise)}</td>
                    <td className="adm-align-end" aria-live="polite">
                      {newPricePaise === null ? '–' : rupees(newPricePaise)}
                    </td>
                    <td className="adm-align-end">
                      <Change percent={change} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="adm-hint">GST included, each piece in its usual purity and grade, priced by the shop’s own price function as you type.</p>
      </Panel>

      <Panel title="History">
        <nav aria-label="Which rate" className="rates-chooser">
          {data.rates.map((r) => (
            <Link key={r.key} to={`?chart=${encodeURIComponent(r.key)}&days=${days}`} aria-current={r.key === chart ? 'true' : undefined} preventScrollReset>
              {r.label}
            </Link>
          ))}
        </nav>
        <nav aria-label="How far back" className="rates-chooser">
          {HISTORY_CHOICES.map((d) => (
            <Link key={d} to={`?chart=${encodeURIComponent(chart)}&days=${d}`} aria-current={d === days ? 'true' : undefined} preventScrollReset>
              {d === 365 ? 'A year' : `${d} days`}
            </Link>
          ))}
        </nav>
        <RateChart
          label={chartRow.label}
          unit={chartRow.unit}
          points={series?.points ?? []}
          before={series?.before ?? null}
          from={data.history.from}
          to={data.today}
        />
      </Panel>
    </div>
  );
}

function RateLine({
  rate,
  value,
  initial,
  onChange,
  error,
  flagged,
}: {
  rate: RateRow;
  value: string;
  /** What the box holds when the page is served: the rate set today, or what was typed and sent back. */
  initial: string;
  onChange: (value: string) => void;
  error: string | undefined;
  flagged: boolean;
}) {
  const id = `rate-${rate.key.replace(':', '-')}`;
  const typed = parseRupees(value);
  const shown = typed !== null && Number.isInteger(typed) && typed > 0 ? typed : rate.today;
  const change = changePercent(shown, rate.yesterday?.paise);
  const hintId = `${id}-hint`;
  return (
    <tr className={flagged ? 'is-flagged' : undefined}>
      <th scope="row">
        <label htmlFor={id}>{rate.label}</label>
        <span className="rates-unit"> per {rate.unit}</span>
      </th>
      <td className="adm-align-end">
        {rate.yesterday ? (
          <>
            {rupees(rate.yesterday.paise)}
            <span className="rates-dated"> {shortDate(rate.yesterday.date)}</span>
          </>
        ) : (
          '–'
        )}
      </td>
      <td>
        <div className="adm-affix rates-input">
          <span className="adm-affix__text" aria-hidden="true">
            ₹
          </span>
          <input
            className="adm-input adm-input--money"
            id={id}
            name={rateField(rate.key)}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={initial}
            placeholder={rate.inForce ? String(rate.inForce.paise / 100) : ''}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : hintId}
          />
          {rate.today !== null && <input type="hidden" name={`today:${rate.key}`} value={rate.today} />}
        </div>
        <p id={hintId} className="adm-hint">
          {rate.today !== null ? 'Set today' : rate.inForce ? `In force: ${rupees(rate.inForce.paise)} since ${shortDate(rate.inForce.date)}` : 'Never set'}
        </p>
        {error && (
          <p id={`${id}-error`} className="adm-error">
            {error}
          </p>
        )}
      </td>
      <td className="adm-align-end">
        <Change percent={change} />
      </td>
    </tr>
  );
}
