/**
 * /admin/appointments (issue 20): a store's week of visits, or the video desk's calls, by day and slot, with each
 * booking (name, purpose, phone, the piece, the trade-in estimate). After the time, staff mark it Attended or
 * Missed; Cancel mails the customer and asks first (ConfirmAction), with or without JavaScript.
 * Issue 39: `?view=day&date=` shows one day across every store and the video desk, where each booking is assigned to
 * the member who sees the shopper; Attended and Missed are offered only once the slot has begun.
 */
import { Form, Link, useActionData } from 'react-router';
import type { AdminAppointment, AdminAppointmentDay } from '@milli/contracts/schemas';
import { formatRupees, indianDate } from '@milli/pricing';
import type { Route } from './+types/appointments';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { ConfirmAction, isConfirmed } from '../../components/admin/confirm-dialog.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import '../../features/admin-appointments/admin-appointments.css';

export const meta: Route.MetaFunction = () => [{ title: 'Appointments · Back office' }];

const PURPOSE: Record<AdminAppointment['purpose'], string> = {
  browse: 'Browse',
  product: 'See a piece',
  trade_in: 'Trade-in',
  custom_design: 'Custom design',
  exchange: 'Exchange / buy-back',
  other: 'Other',
  assay: 'Old gold assay',
};
const TONE = { Unconfirmed: 'warning', Booked: 'info', Attended: 'success', Missed: 'warning', Cancelled: 'neutral' } as const;
/** An unconfirmed booking is shown as what it is: a guest who has not yet confirmed their e-mail (issue 35). */
const STATUS_TEXT = (a: AdminAppointment) =>
  a.status === 'Unconfirmed' ? (a.holdUntil && Date.parse(a.holdUntil) > Date.now() ? 'Awaiting e-mail confirmation' : 'Not confirmed in time') : a.status;
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dayLabel = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const clock = (slot: string) => {
  const [h = 0, m = 0] = slot.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};

type Result = { ok: boolean; message: string } | { confirm: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const api = adminApi(context, request);
  if (q.get('view') === 'day') {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(q.get('date') ?? '') ? q.get('date')! : indianDate(new Date());
    return { view: 'day' as const, day: await api.get(`/api/admin/appointments/day?date=${date}`), week: null };
  }
  const stores = (await api.get('/api/stores')).data;
  const place = q.get('place') === 'video' ? 'video' : /^\d{1,9}$/.test(q.get('place') ?? '') ? Number(q.get('place')) : (stores[0]?.id ?? 'video');
  const from = /^\d{4}-\d{2}-\d{2}$/.test(q.get('from') ?? '') ? q.get('from')! : indianDate(new Date());
  const query = place === 'video' ? `kind=video` : `kind=store&storeId=${place}`;
  const calendar = await api.get(`/api/admin/appointments?${query}&from=${from}&to=${addDays(from, 6)}`);
  return { view: 'week' as const, day: null, week: { stores, place, from, calendar } };
}

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  if (intent === 'assign' && /^\d{1,10}$/.test(id)) {
    const staffId = String(form.get('staffId') ?? '');
    const r = await adminApi(context, request).send('POST', `/api/admin/appointments/${id}/assign`, { staffId: staffId === '' ? null : Number(staffId) });
    if (!r.ok) return { ok: false, message: r.refusal.message };
    return { ok: true, message: r.data.assignee ? `${r.data.name} will be seen by ${r.data.assignee.name}.` : `Nobody is assigned to ${r.data.name} now.` };
  }
  const STATUS: Record<string, 'Attended' | 'Missed' | 'Cancelled'> = { attended: 'Attended', missed: 'Missed', cancel: 'Cancelled' };
  const status = STATUS[intent];
  if (!status || !/^\d{1,10}$/.test(id)) return { ok: false, message: 'Choose Attended, Missed or Cancel on one of the appointments.' };
  if (status === 'Cancelled' && !isConfirmed(form)) return { confirm: `cancel:${id}` };
  const r = await adminApi(context, request).send('POST', `/api/admin/appointments/${id}/status`, { status });
  if (!r.ok) return { ok: false, message: r.refusal.message };
  return {
    ok: true,
    message: status === 'Cancelled' ? `${r.data.name}’s appointment is cancelled; they have been mailed.` : `${r.data.name} is marked ${status.toLowerCase()}.`,
  };
}

/** Issue 39: the member who sees the shopper, chosen from those who work the orders desk. */
function Assign({ a, members }: { a: AdminAppointment; members: AdminAppointmentDay['members'] }) {
  const id = `appt-assign-${a.id}`;
  return (
    <Form method="post" className="appt-cal-assign">
      <input type="hidden" name="id" value={a.id} />
      <label htmlFor={id} className="adm-label">
        Seen by<span className="adm-visually-hidden"> ({a.name})</span>
      </label>
      <select id={id} name="staffId" className="adm-input" defaultValue={a.assignee ? String(a.assignee.id) : ''}>
        <option value="">Nobody yet</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      <button type="submit" name="intent" value="assign" className="adm-button adm-button--secondary">
        Assign<span className="adm-visually-hidden">: {a.name}</span>
      </button>
    </Form>
  );
}

function Booking({ a, open, members }: { a: AdminAppointment; open: string | undefined; members?: AdminAppointmentDay['members'] }) {
  return (
    <li className="appt-cal-booking">
      <p className="appt-cal-name">
        <strong>{a.name}</strong> <StatusBadge tone={TONE[a.status]}>{STATUS_TEXT(a)}</StatusBadge>
      </p>
      <p>
        {PURPOSE[a.purpose]} · <a href={`tel:${a.phone.replace(/[^\d+]/g, '')}`}>{a.phone}</a>
      </p>
      {a.product && (
        <p>
          Piece: <Link to={ADMIN_PATHS.product(a.product.id)}>{a.product.name}</Link>
        </p>
      )}
      {a.tradeIn && (
        <p>
          Old gold: {a.tradeIn.weightMg / 1000} g {a.tradeIn.purity}K ≈ {formatRupees(a.tradeIn.estimatePaise)}
        </p>
      )}
      {a.note && <p className="adm-muted">“{a.note}”</p>}
      {!members && a.assignee && <p>Seen by {a.assignee.name}</p>}
      {members && (a.status === 'Booked' || a.status === 'Unconfirmed') && <Assign a={a} members={members} />}
      {a.status === 'Booked' && (
        <Form method="post" className="appt-cal-actions">
          <input type="hidden" name="id" value={a.id} />
          {a.started ? (
            <>
              <button type="submit" name="intent" value="attended" className="adm-button adm-button--secondary">
                Attended<span className="adm-visually-hidden">: {a.name}</span>
              </button>
              <button type="submit" name="intent" value="missed" className="adm-button adm-button--secondary">
                Missed<span className="adm-visually-hidden">: {a.name}</span>
              </button>
            </>
          ) : (
            <span className="adm-muted appt-cal-later">Mark it after {clock(a.slot)}</span>
          )}
          <ConfirmAction
            intent="cancel"
            label={
              <>
                Cancel<span className="adm-visually-hidden"> {a.name}’s appointment</span>
              </>
            }
            title={`Cancel ${a.name}’s appointment?`}
            confirmLabel="Cancel and mail"
            open={open === `cancel:${a.id}`}
          >
            <p>{a.email} is mailed that we had to cancel. This cannot be undone.</p>
          </ConfirmAction>
        </Form>
      )}
    </li>
  );
}

/** The calendar grid of both views: slots down, a column per day (week) or per calendar (day), each cell its bookings. */
function SlotGrid({
  label,
  caption,
  wide = false,
  hidden = false,
  times,
  columns,
  bookingsAt,
  open,
  members,
}: {
  label: string;
  caption: string;
  wide?: boolean;
  hidden?: boolean;
  times: string[];
  columns: { key: string; title: string; slots: string[] }[];
  bookingsAt: (key: string, slot: string) => AdminAppointment[];
  open: string | undefined;
  members?: AdminAppointmentDay['members'];
}) {
  return (
    <div className="appt-cal-scroll" tabIndex={0} role="region" aria-label={label} hidden={hidden}>
      <table className={`appt-cal${wide ? ' appt-cal--day' : ''}`}>
        <caption className="adm-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.title}
                {c.slots.length === 0 && <span className="adm-muted appt-cal-closed"> closed</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((slot) => (
            <tr key={slot}>
              <th scope="row">{clock(slot)}</th>
              {columns.map((c) => {
                const here = bookingsAt(c.key, slot);
                return (
                  <td key={c.key} className={c.slots.includes(slot) ? '' : 'is-closed'}>
                    {here.length > 0 && (
                      <ul className="appt-cal-list">
                        {here.map((a) => (
                          <Booking key={a.id} a={a} open={open} {...(members ? { members } : {})} />
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Issue 39: one day across every store and the video desk: slots down, places across. */
function DayView({ day, open }: { day: AdminAppointmentDay; open: string | undefined }) {
  const placeOf = (a: AdminAppointment) => (a.kind === 'video' ? 'video' : `store:${a.store?.id ?? 0}`);
  // Only the calendars with a booking that day: two dozen stores side by side would be unreadable.
  const places = day.places.filter((p) => day.appointments.some((a) => placeOf(a) === p.key));
  const times = [...new Set(day.appointments.map((a) => a.slot))].sort();
  const booked = day.appointments.filter((a) => a.status === 'Booked').length;
  return (
    <>
      <Form method="get" className="appt-cal-toolbar">
        <input type="hidden" name="view" value="day" />
        <div className="adm-field">
          <label className="adm-label" htmlFor="appt-day">
            Day
          </label>
          <input id="appt-day" className="adm-input" type="date" name="date" defaultValue={day.date} />
        </div>
        <button type="submit" className="adm-button adm-button--primary">
          Show
        </button>
        <nav className="appt-cal-weeks" aria-label="Days">
          <Link className="adm-button adm-button--secondary" to={`?view=day&date=${addDays(day.date, -1)}`}>
            ‹ Previous day
          </Link>
          <Link className="adm-button adm-button--secondary" to={`?view=day&date=${addDays(day.date, 1)}`}>
            Next day ›
          </Link>
          <Link className="adm-button adm-button--secondary" to="?">
            Week of one store
          </Link>
        </nav>
      </Form>
      <p className="adm-muted">
        {dayLabel(day.date)} · {booked} booked at {places.length} of {day.places.length} calendars ·{' '}
        {day.appointments.filter((a) => a.status === 'Booked' && !a.assignee).length} not yet assigned
      </p>
      {places.length === 0 && <p>No store visit or video call is booked on this day.</p>}
      <SlotGrid
        label="The day's appointments across the stores"
        caption={`Appointments on ${dayLabel(day.date)}, by slot (rows) and store or video desk (columns)`}
        wide
        hidden={places.length === 0}
        times={times}
        columns={places.map((p) => ({ key: p.key, title: p.name, slots: p.slots }))}
        bookingsAt={(key, slot) => day.appointments.filter((a) => a.slot === slot && placeOf(a) === key)}
        open={open}
        members={day.members}
      />
    </>
  );
}

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const open = result && 'confirm' in result ? result.confirm : undefined;
  const banner = result && 'ok' in result && (
    <div className={`adm-banner adm-banner--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
      <p>{result.message}</p>
    </div>
  );
  if (loaderData.view === 'day')
    return (
      <>
        <PageHeader title="Appointments" description="One day across every store and the video desk. Assign each booking to the member who sees the shopper." />
        {banner}
        <DayView day={loaderData.day} open={open} />
      </>
    );
  return <Week week={loaderData.week} banner={banner} open={open} />;
}

function Week({
  week: { stores, place, from, calendar },
  banner,
  open,
}: {
  week: NonNullable<Route.ComponentProps['loaderData']['week']>;
  banner: React.ReactNode;
  open: string | undefined;
}) {
  const times = [...new Set(calendar.days.flatMap((d) => d.slots).concat(calendar.appointments.map((a) => a.slot)))].sort();
  const at = (date: string, slot: string) => calendar.appointments.filter((a) => a.date === date && a.slot === slot);
  const href = (f: string) => `?place=${place}&from=${f}`;
  const booked = calendar.appointments.filter((a) => a.status === 'Booked').length;
  return (
    <>
      <PageHeader title="Appointments" description="Store visits and video calls booked by shoppers, by day and slot. Mark each one after its time." />
      {banner}
      <Form method="get" className="appt-cal-toolbar">
        <div className="adm-field">
          <label className="adm-label" htmlFor="appt-place">
            Calendar
          </label>
          <select id="appt-place" name="place" className="adm-input" defaultValue={String(place)}>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.city}: {s.name}
              </option>
            ))}
            <option value="video">Video calls (all stores)</option>
          </select>
        </div>
        <div className="adm-field">
          <label className="adm-label" htmlFor="appt-from">
            Week from
          </label>
          <input id="appt-from" className="adm-input" type="date" name="from" defaultValue={from} />
        </div>
        <button type="submit" className="adm-button adm-button--primary">
          Show
        </button>
        <nav className="appt-cal-weeks" aria-label="Weeks">
          <Link className="adm-button adm-button--secondary" to={href(addDays(from, -7))}>
            ‹ Previous week
          </Link>
          <Link className="adm-button adm-button--secondary" to={href(addDays(from, 7))}>
            Next week ›
          </Link>
          <Link className="adm-button adm-button--secondary" to={`?view=day&date=${indianDate(new Date())}`}>
            Today across stores
          </Link>
        </nav>
      </Form>
      <p className="adm-muted">
        {calendar.store ? `${calendar.store.name}, open ${calendar.store.hours}` : 'Video calls: 10:30 am to 7:30 pm every day'} · {calendar.capacity} per slot
        · {booked} booked this week
      </p>
      <SlotGrid
        label="The week's appointments"
        caption={`Appointments from ${dayLabel(calendar.from)} to ${dayLabel(calendar.to)}, by slot (rows) and day (columns)`}
        times={times}
        columns={calendar.days.map((d) => ({ key: d.date, title: dayLabel(d.date), slots: d.slots }))}
        bookingsAt={at}
        open={open}
      />
    </>
  );
}
