/**
 * /gold-rate (issue 42): today's rates as staff set them (gold 24, 22, 18, 14 kt, platinum, silver) per gram and per
 * 10 g with the change since yesterday, one metal's history over 30, 90 or 365 days as an SVG drawn on the server, and
 * a form asking to be told when a rate crosses a level.
 *
 * A shared page (decision 032): nothing on it is anyone's own, so it is rendered once and kept (each ?metal, purity
 * and days its own entry); a rate set by staff empties the read cache, so the page shows it at once. The alert form
 * posts to this route's action, which is never kept, with the visitor's cookies.
 */
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { PUBLIC_RATE_KEYS, RATE_HISTORY_PERIODS, type PublicRate } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import { RATE_ALERT_CHANNELS, RATE_ALERT_CHANNEL_LABELS, RATE_LOCK_PATH } from '@milli/contracts';
import type { Route } from './+types/gold-rate';
import { serverApi } from '../lib/api.server.ts';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { Field, FormAlert } from '../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../lib/field-errors.ts';
import { RateChart, longDay } from '../features/gold-rate/rate-chart.tsx';
import { askForAlert, chartChoice, loadGoldRate, type AlertResult } from '../features/gold-rate/gold-rate.server.ts';
import '../styles/screens/gold-rate.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Today’s gold rate') },
  {
    name: 'description',
    content:
      'Today’s gold rate for 24, 22, 18 and 14 karat, platinum and silver, per gram and per 10 grams, with the change since yesterday and the rate over the last year.',
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { today, history } = await loadGoldRate(serverApi(context), url);
  return { today, history, choice: chartChoice(url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return askForAlert(serverApi(context), await request.formData());
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}

const PERIOD_LABELS: Record<number, string> = { 30: '30 days', 90: '90 days', 365: '1 year' };
const SHORT_LABELS: Record<string, string> = {
  'gold:24': '24 kt',
  'gold:22': '22 kt',
  'gold:18': '18 kt',
  'gold:14': '14 kt',
  'platinum:950': 'Platinum',
  'silver:925': 'Silver',
};
const hrefOf = (key: string, days: number) => {
  const [metal, purity] = key.split(':');
  return `/gold-rate?metal=${metal}&purity=${purity}&days=${days}#rate-history`;
};

function Change({ rate }: { rate: PublicRate }) {
  if (rate.changePaise === null) return <span className="muted">–</span>;
  if (rate.changePaise === 0) return <span className="rate-change">No change</span>;
  const up = rate.changePaise > 0;
  return (
    <span className={`rate-change ${up ? 'rate-up' : 'rate-down'}`}>
      <span aria-hidden="true">{up ? '▲' : '▼'} </span>
      {up ? 'Up' : 'Down'} <span className="rate-amount">{formatRupees(Math.abs(rate.changePaise))}</span>
    </span>
  );
}

export default function GoldRate({ loaderData: { today, history, choice } }: Route.ComponentProps) {
  const result = useActionData<AlertResult>();
  const sending = useNavigation().state === 'submitting';
  const chosenKey = `${choice.metal}:${choice.purity}`;
  const failed = result && !result.ok ? result : null;
  const typed = failed?.typed ?? {};
  return (
    <>
      <PageBanner title="Today’s gold rate" crumb="Gold rate" />
      <section className="section">
        <div className="container gold-rate-page">
          <section aria-labelledby="rates-today-title" className="rates-today">
            <h2 id="rates-today-title">Our rates for {longDay(today.date)}</h2>
            <p className="muted">
              What we charge for the metal of a piece bought today, per gram of metal, before making charges, stones and GST. We set them each morning.
            </p>
            <div className="table-wrap">
              <table className="rates-table">
                <thead>
                  <tr>
                    <th scope="col">Metal</th>
                    <th scope="col">1 gram</th>
                    <th scope="col" className="rate-col-10g">
                      10 grams
                    </th>
                    <th scope="col">Since yesterday</th>
                  </tr>
                </thead>
                <tbody>
                  {today.rates.map((r) => (
                    <tr key={r.key}>
                      <th scope="row">
                        <Link to={hrefOf(r.key, choice.days)}>{r.label}</Link>
                        {r.setOn && r.setOn !== today.date && <span className="rate-set-on">set on {longDay(r.setOn)}</span>}
                      </th>
                      <td>
                        {r.paisePerGram === null ? 'Not set' : formatRupees(r.paisePerGram)}
                        {/* On a phone the 10 g column is folded under the gram's (one of the two is shown and read). */}
                        {r.paisePer10Grams !== null && (
                          <span className="rate-per10">
                            <span className="rate-amount">{formatRupees(r.paisePer10Grams)}</span> <span className="rate-amount">for 10 g</span>
                          </span>
                        )}
                      </td>
                      <td className="rate-col-10g">{r.paisePer10Grams === null ? '–' : formatRupees(r.paisePer10Grams)}</td>
                      <td>
                        <Change rate={r} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="rate-history-title" id="rate-history" className="rate-history">
            <h2 id="rate-history-title">
              {history.label} over the last {PERIOD_LABELS[history.days] ?? `${history.days} days`}
            </h2>
            <nav aria-label="Metal" className="rate-tabs">
              {PUBLIC_RATE_KEYS.map((key) => (
                <Link key={key} to={hrefOf(key, choice.days)} aria-current={key === chosenKey ? 'page' : undefined} preventScrollReset>
                  {SHORT_LABELS[key]}
                </Link>
              ))}
            </nav>
            <nav aria-label="Period" className="rate-tabs">
              {RATE_HISTORY_PERIODS.map((days) => (
                <Link key={days} to={hrefOf(chosenKey, days)} aria-current={days === choice.days ? 'page' : undefined} preventScrollReset>
                  {PERIOD_LABELS[days]}
                </Link>
              ))}
            </nav>
            <RateChart history={history} />
          </section>

          <section aria-labelledby="rate-alert-title" className="rate-alert">
            <h2 id="rate-alert-title">Tell me when the rate crosses a level</h2>
            <p>
              We tell you once, by e-mail, SMS or WhatsApp, when our rate goes below (or above) the level you choose, and the alert then ends. Up to five alerts
              at a time.
            </p>
            {result?.ok && (
              <FormAlert tone="success">
                <span data-testid="alert-result">{result.created.message}</span>
              </FormAlert>
            )}
            {failed && <FormAlert tone="error">{failed.message}</FormAlert>}
            <Form method="post" className="rate-alert-form" preventScrollReset>
              <div className="form-field">
                <label htmlFor="alert-rate">Metal and purity</label>
                <select id="alert-rate" name="rate" defaultValue={typed.rate ?? chosenKey} {...fieldErrorProps('alert-rate', failed?.fields.rate)}>
                  {PUBLIC_RATE_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {today.rates.find((r) => r.key === key)?.label ?? key}
                    </option>
                  ))}
                </select>
                {failed?.fields.rate && (
                  <p id={fieldErrorId('alert-rate')} className="field-error">
                    {failed.fields.rate}
                  </p>
                )}
              </div>
              <fieldset className="form-field rate-alert-direction">
                <legend>Tell me when it goes</legend>
                <label>
                  <input type="radio" name="direction" value="below" defaultChecked={(typed.direction ?? 'below') === 'below'} /> below
                </label>
                <label>
                  <input type="radio" name="direction" value="above" defaultChecked={typed.direction === 'above'} /> above
                </label>
              </fieldset>
              <Field
                id="alert-level"
                name="rupeesPerGram"
                label="Rate in rupees a gram"
                inputMode="numeric"
                required
                defaultValue={typed.rupeesPerGram}
                hint="For example 6500"
                error={failed?.fields.rupeesPerGram}
              />
              <fieldset
                className="form-field rate-alert-channel"
                aria-describedby={failed?.fields.channel ? `${fieldErrorId('alert-channel')} alert-channel-hint` : 'alert-channel-hint'}
              >
                <legend>Tell me by</legend>
                {RATE_ALERT_CHANNELS.map((channel) => (
                  <label key={channel}>
                    <input type="radio" name="channel" value={channel} defaultChecked={(typed.channel || 'email') === channel} />{' '}
                    {RATE_ALERT_CHANNEL_LABELS[channel]}
                  </label>
                ))}
                <p id="alert-channel-hint" className="field-hint">
                  SMS and WhatsApp go to your account’s verified mobile number:{' '}
                  <Link to="/login/mobile?next=%2Fgold-rate">sign in with your mobile number</Link> first.
                </p>
                {failed?.fields.channel && (
                  <p id={fieldErrorId('alert-channel')} className="field-error">
                    {failed.fields.channel}
                  </p>
                )}
              </fieldset>
              <Field
                id="alert-email"
                name="email"
                type="email"
                label="Your e-mail (for an alert by e-mail)"
                autoComplete="email"
                defaultValue={typed.email}
                hint="Not signed in, or another address? We first send a link to confirm it."
                error={failed?.fields.email}
              />
              <button type="submit" className="btn btn-primary" disabled={sending}>
                {sending ? 'Setting your alert…' : 'Set my alert'}
              </button>
            </Form>
          </section>

          <section aria-labelledby="rate-more-title" className="rate-more">
            <h2 id="rate-more-title">Old gold and new</h2>
            <p>
              Our prices follow the day’s rate: a piece’s page shows its metal’s weight and rate in its price breakup. Have old gold?{' '}
              <Link to="/trade-in">Estimate its value</Link> at today’s rate and bring it to a store. Buying later and worried the rate will rise?{' '}
              <Link to={RATE_LOCK_PATH}>Lock today’s rate</Link> for the grams you plan to buy, with a small advance.
            </p>
          </section>
        </div>
      </section>
    </>
  );
}
