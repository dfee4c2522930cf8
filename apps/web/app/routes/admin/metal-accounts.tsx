/**
 * /admin/metal-accounts (issue 42): the assay desk. The orders desk finds the shopper by e-mail or mobile number, sees
 * their metal account, and records old gold assayed at the store: gross weight and the karatmeter's purity, less the
 * settings' melting loss, credited as fine gold for 365 days (optionally linked to the assay visit it came from).
 */
import { Form, Link, useActionData } from 'react-router';
import { formatGrams } from '@milli/pricing';
import type { Route } from './+types/metal-accounts';
import { PageHeader, Panel } from '../../components/admin/admin-shell.tsx';
import { AdminForm, FormActions, Select, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import '../../features/admin-orders/admin-orders.css';

export const meta: Route.MetaFunction = () => [{ title: 'Assay desk · Back office' }];

const idOf = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = adminApi(context, request);
  const q = (url.searchParams.get('q') ?? '').trim();
  const customerId = idOf(url.searchParams.get('customer'));
  const found = q.length >= 3 ? (await api.get(`/api/admin/metal-accounts?q=${encodeURIComponent(q)}`)).data : null;
  const account = customerId ? await api.get(`/api/admin/metal-accounts/${customerId}`) : null;
  // A new key each time the form is shown: the same form sent twice (a double click, a reload of the answer) credits once.
  return { q, found, account, requestKey: crypto.randomUUID() };
}

type Result = { ok: boolean; message: string; fields?: Record<string, string>; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const url = new URL(request.url);
  const customerId = idOf(url.searchParams.get('customer'));
  if (!customerId) return { ok: false, message: 'Find the customer first.' };
  const form = await request.formData();
  const values = { grossGrams: String(form.get('grossGrams') ?? ''), purity: String(form.get('purity') ?? ''), note: String(form.get('note') ?? '') };
  const appointmentId = String(form.get('appointmentId') ?? '');
  const requestKey = String(form.get('requestKey') ?? '');
  const r = await adminApi(context, request).send('POST', `/api/admin/metal-accounts/${customerId}/credits`, {
    ...values,
    ...(appointmentId ? { appointmentId } : {}),
    ...(requestKey ? { requestKey } : {}),
  });
  if (!r.ok) return { ok: false, message: r.refusal.message, values, ...(r.refusal.fields ? { fields: r.refusal.fields } : {}) };
  return { ok: true, message: r.data.message };
}

const when = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

export default function MetalAccounts({ loaderData: { q, found, account, requestKey } }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  const typed = result && !result.ok ? result.values : undefined;
  return (
    <>
      <PageHeader
        title="Assay desk"
        description="Old gold brought to a store: find the customer, test the gold with the karatmeter and credit its fine gold to their metal account for 365 days."
      />
      <Form method="get" className="adm-toolbar" role="search" aria-label="Find the customer">
        <div className="adm-toolbar__search">
          <label htmlFor="assay-q" className="adm-label">
            Customer’s e-mail or mobile number
          </label>
          <input id="assay-q" name="q" type="search" className="adm-input" defaultValue={q} minLength={3} required />
        </div>
        <div className="adm-toolbar__actions">
          <button type="submit" className="adm-button adm-button--primary">
            Find
          </button>
        </div>
      </Form>
      {found && (
        <section className="adm-search-group" aria-labelledby="assay-found-title">
          <h2 id="assay-found-title" className="adm-search-group__title">
            Customers found ({found.length})
          </h2>
          {found.length === 0 ? (
            <p className="adm-search-none">No customer has that e-mail or number.</p>
          ) : (
            <ul className="adm-search-hits">
              {found.map((c) => (
                <li key={c.id}>
                  <Link to={`${ADMIN_PATHS.metalAccounts}?q=${encodeURIComponent(q)}&customer=${c.id}`} className="adm-search-hit__title">
                    {c.name || c.email}
                  </Link>
                  {c.name && <span>{c.email}</span>}
                  {c.mobile && <span>{c.mobile}</span>}
                  <span className="adm-muted">{formatGrams(c.balanceMg)} fine gold</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {account && (
        <div className="adm-stack">
          {result && (
            <div className={`adm-banner adm-banner--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
              <p>{result.message}</p>
            </div>
          )}
          <Panel title={`${account.customer.name || account.customer.email}: ${formatGrams(account.account.balanceMg)} fine gold usable`}>
            <AdminForm key={result?.ok ? result.message : 'assay'}>
              <input type="hidden" name="requestKey" value={requestKey} />
              <TextField
                name="grossGrams"
                label="Gross weight (g)"
                inputMode="decimal"
                required
                defaultValue={typed?.grossGrams}
                error={fields.grossGrams}
                hint={`Up to ${formatGrams(account.maxGrossMg)} in one assay.`}
              />
              <TextField
                name="purity"
                label="Purity"
                required
                maxLength={12}
                defaultValue={typed?.purity}
                error={fields.purity}
                hint={`The karatmeter’s reading in per mille (916) or karats (22K). A melting loss of ${account.meltingLossPerMille / 10} % is taken off the fine gold.`}
              />
              {account.appointments.length > 0 && (
                <Select
                  name="appointmentId"
                  label="From the visit"
                  placeholder="None"
                  options={account.appointments.map((a) => ({
                    value: String(a.id),
                    label: `${a.day} ${a.slot} · ${a.purpose === 'assay' ? 'Assay' : 'Trade-in'} · ${a.status}`,
                  }))}
                  error={fields.appointmentId}
                />
              )}
              <TextField name="note" label="What was brought" maxLength={300} defaultValue={typed?.note} error={fields.note} hint="e.g. two bangles, a chain" />
              <FormActions>
                <SubmitButton pending="Crediting…">Credit fine gold</SubmitButton>
              </FormActions>
            </AdminForm>
          </Panel>
          <Panel title="Statement">
            {account.account.entries.length === 0 ? (
              <p className="adm-muted">Nothing yet.</p>
            ) : (
              <div className="adm-table-wrap">
                <table className="adm-table">
                  <caption className="visually-hidden">Metal account statement</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Details</th>
                      <th scope="col">Fine gold</th>
                    </tr>
                  </thead>
                  <tbody>
                    {account.account.entries.map((e, i) => (
                      <tr key={`${e.kind}-${e.creditId}-${i}`}>
                        <td>{when(e.at)}</td>
                        <td>{e.text}</td>
                        <td>{e.mg < 0 ? `−${formatGrams(-e.mg)}` : `+${formatGrams(e.mg)}`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
        </div>
      )}
    </>
  );
}
