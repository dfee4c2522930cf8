/**
 * /book-appointment (issue 20): a store visit or a video call. The first form (GET) chooses the kind, the store and
 * the day, and brings that day's slots; the second (POST) books one. Both work without JavaScript; with it, the
 * first submits itself on each change. ?store=, ?product=, ?purpose=, ?weight=&purity= (from the trade-in
 * estimator) come in from the store locator, the product page and the estimator.
 */
import { Form, Link, redirect, useSubmit } from 'react-router';
import { BookAppointmentSchema } from '@milli/contracts/schemas';
import type { AppointmentSlots, StoreLocation } from '@milli/contracts/schemas';
import { streetLine } from '@milli/contracts';
import { formatRupees, indianDate } from '@milli/pricing';
import type { Route } from './+types/book-appointment';
import { contractRefusal, serverApi } from '../lib/api.server.ts';
import { apiFailure, ApiError } from '../lib/api.ts';
import { pageTitle } from '../lib/meta.ts';
import { loadSessionUser } from '../lib/session.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { Field, FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { PURPOSE_LABELS, clock, longDate } from '../features/appointments/labels.ts';
import '../styles/screens/appointments.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Book an appointment') },
  {
    name: 'description',
    content: 'Book a visit to a Milli store or a video call with our team: see a piece, have your size measured, or bring old gold to trade in.',
  },
];

const PURPOSES = Object.keys(PURPOSE_LABELS) as (keyof typeof PURPOSE_LABELS)[];
const isPurpose = (v: string | null): v is keyof typeof PURPOSE_LABELS => v !== null && (PURPOSES as string[]).includes(v);
const idParam = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const api = serverApi(context);
  const kind = q.get('kind') === 'video' ? 'video' : 'store';
  const storeId = idParam(q.get('store'));
  const productId = idParam(q.get('product'));
  const purpose = isPurpose(q.get('purpose')) ? q.get('purpose')! : productId ? 'product' : 'browse';
  const weight = q.get('weight')?.trim().slice(0, 12) ?? '';
  const purity = idParam(q.get('purity'));
  const today = indianDate(new Date());
  const date = /^\d{4}-\d{2}-\d{2}$/.test(q.get('date') ?? '') ? q.get('date')! : today;

  const stores = await api.get('/api/stores').then(
    (a) => a.data,
    () => [] as StoreLocation[],
  );
  let slots: AppointmentSlots | null = null;
  let slotsError: string | null = null;
  if (kind === 'video' || storeId) {
    try {
      slots = await api.get(`/api/appointments/slots?kind=${kind}&date=${date}${kind === 'store' ? `&storeId=${storeId}` : ''}`);
    } catch (error) {
      slotsError = apiFailure(error, 'We could not load the times just now. Please try again.').message;
    }
  }
  const estimate =
    weight && purity ? await api.get(`/api/trade-in/estimate?weightGrams=${encodeURIComponent(weight)}&purity=${purity}`).catch(() => null) : null;
  // A signed-in customer's details, prefilled.
  let me: { name: string; email: string; phone: string } | null = null;
  const user = await loadSessionUser(api);
  if (user) {
    const details = await api.get(`/api/users/user-details/${user.userId}`).catch(() => null);
    if (details)
      me = {
        name: `${details.user.first_name} ${details.user.last_name}`.trim() || details.user.user_name,
        email: details.user.user_email,
        phone: details.user.mobile ?? '',
      };
  }
  return { kind, storeId, productId, purpose, weight, purity, date, today, stores, slots, slotsError, estimate, me };
}

type ActionResult = { message: string; fields: Record<string, string> } | { sent: { email: string; holdMinutes: number } };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult | Response> {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const weight = text('weight');
  const body = {
    kind: text('kind'),
    ...(text('storeId') ? { storeId: text('storeId') } : {}),
    date: text('date'),
    slot: text('slot'),
    purpose: text('purpose'),
    ...(text('productId') ? { productId: text('productId') } : {}),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    ...(text('note') ? { note: text('note') } : {}),
    ...(weight && text('purity') ? { tradeIn: { weightGrams: weight, purity: text('purity') } } : {}),
  };
  try {
    // Checked first with the route's own schema: a form it refuses gets the API's very messages without the call.
    const refused = contractRefusal(BookAppointmentSchema, body);
    if (refused) throw new ApiError(400, refused.message, refused);
    const booked = await serverApi(context).post('/api/appointments', body);
    // Booked under the signed-in shopper's own address: its page at once. Any other address confirms from its mailbox.
    if (booked.manageToken) return redirect(`/appointment?token=${encodeURIComponent(booked.manageToken)}&booked=1`);
    const holdMinutes = booked.holdUntil ? Math.max(1, Math.round((Date.parse(booked.holdUntil) - Date.now()) / 60_000)) : 30;
    return { sent: { email: booked.email, holdMinutes } };
  } catch (error) {
    const failure = apiFailure(error, 'We could not book that just now. Please try again, or call us.');
    const fields =
      error instanceof ApiError && error.body && typeof error.body === 'object' ? ((error.body as { fields?: Record<string, string> }).fields ?? {}) : {};
    return { message: failure.message, fields };
  }
}

export default function BookAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, storeId, productId, purpose, weight, purity, date, today, stores, slots, slotsError, estimate, me } = loaderData;
  const submit = useSubmit();
  const submitting = useSubmitting();
  const failed = actionData && 'message' in actionData ? actionData : null;
  const sent = actionData && 'sent' in actionData ? actionData.sent : null;
  if (sent) {
    return (
      <>
        <PageBanner title="Book an appointment" crumb="Book an appointment" />
        <section className="section">
          <div className="container appt-page">
            <FormAlert tone="success">
              Almost done: we have sent a link to {sent.email}. Open it and press Confirm within {sent.holdMinutes} minutes to keep this time; until then it is
              held for you.
            </FormAlert>
            <p className="muted">No mail? Check the spam folder, or call us and we will book it for you.</p>
          </div>
        </section>
      </>
    );
  }
  const store = stores.find((s) => s.id === storeId) ?? null;
  const lastDate = slots?.lastDate ?? '';
  const keep = { product: productId, purpose, weight, purity };
  return (
    <>
      <PageBanner title="Book an appointment" crumb="Book an appointment" />
      <section className="section">
        <div className="container appt-page">
          <p className="appt-lead">
            Visit one of our stores or talk to our team on a video call: see a piece before you buy it, have your ring size measured, bring old gold to trade
            in, or plan a custom design. Each appointment is up to an hour, free.
          </p>

          <Form method="get" className="appt-choose" onChange={(e) => void submit(e.currentTarget, { preventScrollReset: true, replace: true })}>
            {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={String(v)} /> : null))}
            <fieldset className="appt-kind">
              <legend>How would you like to meet?</legend>
              <label>
                <input type="radio" name="kind" value="store" defaultChecked={kind === 'store'} /> In a store
              </label>
              <label>
                <input type="radio" name="kind" value="video" defaultChecked={kind === 'video'} /> On a video call
              </label>
            </fieldset>
            {kind === 'store' && (
              <div className="form-field">
                <label htmlFor="appt-store">Store</label>
                <select id="appt-store" name="store" defaultValue={storeId ?? ''}>
                  <option value="">Choose a store</option>
                  {stores.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.city}: {s.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="form-field">
              <label htmlFor="appt-date">Day</label>
              <input id="appt-date" type="date" name="date" defaultValue={date} min={today} {...(lastDate ? { max: lastDate } : {})} required />
            </div>
            <noscript>
              <button type="submit" className="btn btn-outline btn-sm">
                Show times
              </button>
            </noscript>
          </Form>

          {store && (
            <p className="muted appt-store-facts">
              {streetLine(store.address, store.city)}, {store.city} {store.pincode} · Open {store.hours}
            </p>
          )}

          {estimate && (
            <p className="appt-estimate" role="status">
              Your old gold: {estimate.weightMg / 1000} g of {estimate.purity}K, estimated at <strong>{formatRupees(estimate.estimatePaise)}</strong> (today’s
              rate). It is an estimate until your gold is tested in store.
            </p>
          )}

          {kind === 'store' && !storeId ? (
            <p className="appt-hint">Choose a store to see its times.</p>
          ) : slotsError ? (
            <FormAlert tone="error">{slotsError}</FormAlert>
          ) : slots ? (
            <Form method="post" className="appt-book" aria-labelledby="appt-book-title">
              <h2 id="appt-book-title" className="appt-title">
                {kind === 'video' ? 'Video call' : store?.name} on {longDate(date)}
              </h2>
              {failed && <FormAlert tone="error">{failed.message}</FormAlert>}
              <input type="hidden" name="kind" value={kind} />
              {kind === 'store' && <input type="hidden" name="storeId" value={storeId ?? ''} />}
              <input type="hidden" name="date" value={date} />
              {productId && <input type="hidden" name="productId" value={productId} />}
              {weight && purity && (
                <>
                  <input type="hidden" name="weight" value={weight} />
                  <input type="hidden" name="purity" value={purity} />
                </>
              )}
              {slots.slots.length === 0 ? (
                <p className="appt-hint" role="status">
                  {slots.closedReason ?? 'No times that day.'} Please choose another day.
                </p>
              ) : (
                <fieldset className="appt-slots">
                  <legend>Time (India)</legend>
                  {failed?.fields.slot && <p className="field-error">{failed.fields.slot}</p>}
                  <div className="appt-slot-grid">
                    {slots.slots.map((s) => (
                      <label key={s.slot} className={`appt-slot${s.available ? '' : ' is-full'}`}>
                        <input type="radio" name="slot" value={s.slot} disabled={!s.available} required />
                        <span>{clock(s.slot)}</span>
                        <small>{s.available ? `${s.left} ${s.left === 1 ? 'place' : 'places'} left` : 'Full'}</small>
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
              <div className="form-field">
                <label htmlFor="appt-purpose">What is it for?</label>
                <select id="appt-purpose" name="purpose" defaultValue={purpose}>
                  {PURPOSES.map((p) => (
                    <option key={p} value={p}>
                      {PURPOSE_LABELS[p]}
                    </option>
                  ))}
                </select>
              </div>
              <Field id="appt-name" name="name" label="Your name" autoComplete="name" required defaultValue={me?.name ?? ''} error={failed?.fields.name} />
              <Field
                id="appt-email"
                name="email"
                label="E-mail"
                type="email"
                autoComplete="email"
                required
                defaultValue={me?.email ?? ''}
                error={failed?.fields.email}
                hint="We send the confirmation and a reminder here."
              />
              <Field
                id="appt-phone"
                name="phone"
                label="Mobile number"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                required
                defaultValue={me?.phone ?? ''}
                error={failed?.fields.phone}
                hint="A 10-digit Indian mobile number."
              />
              <div className="form-field">
                <label htmlFor="appt-note">Anything we should know? (optional)</label>
                <textarea id="appt-note" name="note" maxLength={500} rows={3} />
              </div>
              <button type="submit" className="btn btn-primary" disabled={submitting || slots.slots.length === 0}>
                {submitting ? 'Booking…' : 'Book the appointment'}
              </button>
            </Form>
          ) : null}
          <p className="muted appt-foot">
            Bringing old gold? <Link to="/trade-in">Estimate its value first</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
