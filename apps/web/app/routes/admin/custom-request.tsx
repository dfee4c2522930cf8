/**
 * /admin/custom-requests/:id (issue 19): one custom design request for the design desk. What the customer asked
 * (every spec field, the remarks, every picture, served to staff only), the CAD sheet versions with their renders,
 * breakups, statuses and the customer's reject reasons, the payments, the made piece and its balance order.
 * Forms (plain POSTs to this route's action): Quote (the breakup at today's rates fills the total) and Share a new
 * sheet with 1-6 renders while the request is Requested or Rejected; Start making once Approved; Record the made
 * piece (HUID and weights) while Making.
 */
import { Link, data } from 'react-router';
import { hallmarkRuleOf } from '@milli/contracts';
import type { AdminCustomRequestDetail, CadQuote, CadVersion } from '@milli/contracts/schemas';
import type { Route } from './+types/custom-request';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { AdminForm, Checkbox, Field, FieldGroup, FormActions, Select, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi, refusalFields, type AdminRefusal } from '../../lib/admin.server.ts';
import { refusalMessage } from '../../lib/api.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { SHEET_TONE, STATUS_TONE, carats, dayOf, grams, mgOfGrams, paiseOfRupees, rupees } from '../../features/admin-design/design-format.ts';
import '../../features/admin-design/admin-design.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.detail ? `${loaded.detail.request.number} ${loaded.detail.request.title}` : 'Custom request'} · Back office` },
];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function idOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw data({ message: 'There is no such custom design request.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const detail = await adminApi(context, request).get(`/api/admin/custom-requests/${idOf(params.id)}`);
  return { detail };
}

const SHEET_FIELDS = [
  'metal',
  'category',
  'metalWeightGrams',
  'metalQuality',
  'colour',
  'diamondQuality',
  'diamondWeightCarats',
  'stone',
  'stoneWeightCarats',
] as const;
type SheetValues = Partial<Record<(typeof SHEET_FIELDS)[number] | 'making' | 'stoneValue' | 'note' | 'adjustToWeight', string>>;

type ActionResult = {
  intent?: string;
  refusal?: AdminRefusal;
  saved?: string;
  quote?: CadQuote;
  values?: SheetValues;
};

/** The sheet's fields from the form, with making and stone value in rupees turned to paise for the API. */
function sheetQuery(form: FormData): { query: URLSearchParams; values: SheetValues; problem?: string } {
  const values: SheetValues = {};
  const query = new URLSearchParams();
  for (const name of SHEET_FIELDS) {
    const v = String(form.get(name) ?? '').trim();
    values[name] = v;
    if (v) query.set(name, v);
  }
  values.making = String(form.get('making') ?? '');
  values.stoneValue = String(form.get('stoneValue') ?? '');
  values.note = String(form.get('note') ?? '');
  values.adjustToWeight = form.get('adjustToWeight') ? 'on' : '';
  const making = paiseOfRupees(values.making);
  const stoneValue = paiseOfRupees(values.stoneValue);
  if (making === null) return { query, values, problem: 'Making is an amount in rupees, for example 4500 or 4500.50.' };
  if (stoneValue === null) return { query, values, problem: 'Stone value is an amount in rupees, for example 1500.' };
  if (making) query.set('makingPaise', making);
  if (stoneValue) query.set('stoneValuePaise', stoneValue);
  return { query, values };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const id = idOf(params.id);
  const api = adminApi(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const refused = (message: string, extra: Partial<ActionResult> = {}): ActionResult => ({
    intent,
    refusal: { status: 400, message } as AdminRefusal,
    ...extra,
  });

  if (intent === 'quote' || intent === 'share') {
    const { query, values, problem } = sheetQuery(form);
    if (problem) return refused(problem, { values });
    const quoted = await api.reply('GET', `/api/admin/custom-requests/${id}/quote?${query}`);
    if (!quoted.ok) {
      const fields = refusalFields(quoted.body);
      return {
        intent,
        values,
        refusal: {
          status: quoted.status,
          message: refusalMessage(quoted.body) ?? 'The quote could not be made just now.',
          ...(fields ? { fields } : {}),
        } as AdminRefusal,
      };
    }
    const body = quoted.data;
    if (intent === 'quote') return { intent, values, quote: body };
    const totalPaise = String(form.get('totalPaise') ?? '');
    if (totalPaise !== String(body.totalPaise))
      return refused('Today’s breakup has changed since the quote: check the new total, then share again.', { values, quote: body });
    const out = new FormData();
    for (const [k, v] of query) out.set(k, v);
    out.set('totalPaise', totalPaise);
    out.set('adjustToWeight', values.adjustToWeight ? 'true' : 'false');
    if (values.note?.trim()) out.set('note', values.note.trim());
    const renders = form.getAll('render').filter((f): f is File => typeof f !== 'string' && f.size > 0);
    if (renders.length === 0) return refused('Please add at least one render of the design (up to six).', { values, quote: body });
    for (const f of renders) out.append('render', f, f.name || 'render');
    const done = await api.send('POST', `/api/admin/custom-requests/${id}/designs`, out);
    if (!done.ok) return { intent, values, quote: body, refusal: done.refusal };
    return { intent, saved: `Version ${done.data.version} is shared; the customer has been mailed.` };
  }
  if (intent === 'making') {
    const done = await api.send('POST', `/api/admin/custom-requests/${id}/status`, { status: 'Making' });
    return done.ok ? { intent, saved: 'Making has started; the customer has been mailed.' } : { intent, refusal: done.refusal };
  }
  if (intent === 'piece') {
    const huid = String(form.get('huid') ?? '').trim();
    const net = mgOfGrams(String(form.get('netGrams') ?? ''));
    const gross = mgOfGrams(String(form.get('grossGrams') ?? ''));
    if (net === null || gross === null) return refused('Weights are in grams with up to 3 decimals, for example 4.725.');
    const done = await api.send('POST', `/api/admin/custom-requests/${id}/piece`, { huid, netWeightMg: net, grossWeightMg: gross });
    return done.ok
      ? {
          intent,
          saved: `The piece is recorded: final total ${rupees(done.data.finalTotalPaise)}, balance ${rupees(done.data.balancePaise)}. The customer has been mailed.`,
        }
      : { intent, refusal: done.refusal };
  }
  return refused('Choose one of the desk’s actions.');
}

function Spec({ r }: { r: AdminCustomRequestDetail['request'] }) {
  const rows: [string, string][] = [
    ['Metal', capital(r.metalType) + (r.goldQuality ? `, ${r.goldQuality} kt` : '') + (r.goldColour ? `, ${r.goldColour}` : '')],
    ['Category', r.category],
    ['Metal weight', r.metalWeightMg === null ? 'Left to the designers' : grams(r.metalWeightMg)],
    [
      'Diamonds',
      r.diamond
        ? [
            r.diamond === 'Yes' ? null : r.diamond,
            r.diamondQuality,
            r.diamondCount !== null ? `${r.diamondCount} pcs` : null,
            r.diamondWeightCents !== null ? carats(r.diamondWeightCents) : null,
          ]
            .filter(Boolean)
            .join(', ') || 'Yes'
        : 'None',
    ],
    [
      'Stones',
      r.stone
        ? [r.stoneType, r.stoneCount !== null ? `${r.stoneCount} pcs` : null, r.stoneWeightCents !== null ? carats(r.stoneWeightCents) : null]
            .filter(Boolean)
            .join(', ') || 'Yes'
        : 'None',
    ],
    ['Customer', `${r.customerName} · ${r.customerEmail}${r.customerPhone ? ` · ${r.customerPhone}` : ''}`],
    ['Asked on', dayOf(r.createdAt)],
  ];
  return (
    <Panel title="What the customer asked">
      <dl className="adm-design-dl">
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h3 className="adm-label adm-design-remarks-title">Remarks</h3>
      <p className="adm-design-remarks">{r.remarks}</p>
      {r.images.length > 0 && (
        <ul className="adm-design-pics" aria-label="The customer's pictures">
          {r.images.map((i) => (
            <li key={i.slot}>
              <a href={i.url} target="_blank" rel="noreferrer">
                <img src={i.thumbUrl} alt={`Customer's picture ${i.slot} (opens full size)`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Breakup({
  b,
  title,
}: {
  b: { metalPaise: number; makingPaise: number; diamondPaise: number; stonesPaise: number; gstPaise: number; totalPaise: number };
  title?: string;
}) {
  const rows: [string, number][] = [
    ['Metal', b.metalPaise],
    ['Making', b.makingPaise],
    ['Diamonds', b.diamondPaise],
    ['Stones', b.stonesPaise],
    ['GST', b.gstPaise],
  ];
  return (
    <dl className="adm-facts adm-design-breakup" aria-label={title ?? 'Price breakup'}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{rupees(v)}</dd>
        </div>
      ))}
      <dt className="adm-design-total">Total</dt>
      <dd className="adm-design-total">{rupees(b.totalPaise)}</dd>
    </dl>
  );
}

function Version({ v }: { v: CadVersion }) {
  return (
    <article className="adm-design-version" aria-label={`Version ${v.version}`}>
      <h3>
        Version {v.version} <StatusBadge tone={SHEET_TONE[v.status] ?? 'neutral'}>{v.status}</StatusBadge>
        <span className="adm-muted">shared {dayOf(v.sharedAt)}</span>
      </h3>
      {v.rejectReason && <p className="adm-design-reason">Customer’s reason: “{v.rejectReason}”</p>}
      <p className="adm-muted">
        {capital(v.metal)}, {v.metalQuality}
        {v.colour ? `, ${v.colour}` : ''} · {grams(v.metalWeightMg)} · {v.category}
        {v.diamondWeightCents ? ` · diamonds ${carats(v.diamondWeightCents)} ${v.diamondQuality ?? ''}` : ''}
        {v.stone ? ` · ${v.stone} ${carats(v.stoneWeightCents)}` : ''}
        {v.ratePaisePerGram ? ` · rate ${rupees(v.ratePaisePerGram)}/g on ${v.rateDate}` : ''}
        {v.adjustToWeight ? ' · follows the real weight' : ' · fixed price'}
      </p>
      {v.breakup && <Breakup b={v.breakup} title={`Breakup of version ${v.version}`} />}
      <p>
        Advance {v.advancePercent} %: <strong>{rupees(v.advancePaise)}</strong>
      </p>
      {v.note && <p>Note to the customer: {v.note}</p>}
      {v.renders.length > 0 && (
        <ul className="adm-design-pics" aria-label={`Renders of version ${v.version}`}>
          {v.renders.map((i) => (
            <li key={i.slot}>
              <a href={i.url} target="_blank" rel="noreferrer">
                <img src={i.thumbUrl} alt={`Render ${i.slot} of version ${v.version} (opens full size)`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function ShareForm({ d, result }: { d: AdminCustomRequestDetail; result: ActionResult | undefined }) {
  const r = d.request;
  const last = d.versions[0];
  const mine = result && (result.intent === 'quote' || result.intent === 'share') && !result.saved ? result : undefined;
  const v: SheetValues = mine?.values ?? {
    metal: last?.metal ?? r.metalType,
    category: last?.category ?? r.category,
    metalWeightGrams: last ? String(last.metalWeightMg / 1000) : r.metalWeightMg !== null ? String(r.metalWeightMg / 1000) : '',
    metalQuality: last?.metalQuality ?? (r.goldQuality ? `${r.goldQuality} kt` : r.metalType === 'platinum' ? '950' : r.metalType === 'silver' ? '925' : ''),
    colour: last?.colour ?? r.goldColour ?? '',
    diamondQuality: last?.diamondQuality ?? r.diamondQuality ?? '',
    diamondWeightCarats: last?.diamondWeightCents
      ? String(last.diamondWeightCents / 100)
      : r.diamondWeightCents !== null
        ? String(r.diamondWeightCents / 100)
        : '',
    stone: last?.stone ?? r.stoneType ?? '',
    stoneWeightCarats: last?.stoneWeightCents ? String(last.stoneWeightCents / 100) : r.stoneWeightCents !== null ? String(r.stoneWeightCents / 100) : '',
    making: last?.breakup ? String(last.breakup.makingPaise / 100) : '',
    stoneValue: last?.breakup ? String(last.breakup.stonesPaise / 100) : '',
    note: '',
    adjustToWeight: 'on',
  };
  const quote = mine?.quote;
  const fields = mine?.refusal?.fields ?? {};
  return (
    <Panel title={d.versions.length ? `Share version ${(last?.version ?? 0) + 1}` : 'Share the CAD design'} id="share">
      <AdminForm encType="multipart/form-data" error={mine?.refusal?.message} aria-label="Design sheet">
        <FieldGroup legend="Sheet" description="The attributes the customer sees. Weights in grams and carats.">
          <Select
            name="metal"
            label="Metal"
            required
            defaultValue={v.metal}
            options={[
              { value: 'gold', label: 'Gold' },
              { value: 'platinum', label: 'Platinum' },
              { value: 'silver', label: 'Silver' },
            ]}
            error={fields.metal}
          />
          <TextField
            name="metalQuality"
            label="Metal quality"
            required
            defaultValue={v.metalQuality}
            hint="14, 18, 22 or 24 kt for gold; 950 platinum; 925 silver."
            error={fields.metalQuality}
            size="narrow"
          />
          <TextField
            name="metalWeightGrams"
            label="Metal weight (g)"
            required
            inputMode="decimal"
            defaultValue={v.metalWeightGrams}
            error={fields.metalWeightGrams}
            size="narrow"
          />
          <TextField name="category" label="Category" required defaultValue={v.category} error={fields.category} size="narrow" />
          <TextField name="colour" label="Colour" defaultValue={v.colour} error={fields.colour} size="narrow" />
          <Select
            name="diamondQuality"
            label="Diamond quality"
            defaultValue={v.diamondQuality}
            placeholder="No diamonds"
            options={['SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF'].map((q) => ({ value: q, label: q }))}
            error={fields.diamondQuality}
          />
          <TextField
            name="diamondWeightCarats"
            label="Diamond weight (ct)"
            inputMode="decimal"
            defaultValue={v.diamondWeightCarats}
            error={fields.diamondWeightCarats}
            size="narrow"
          />
          <TextField name="stone" label="Stone" defaultValue={v.stone} error={fields.stone} size="narrow" />
          <TextField
            name="stoneWeightCarats"
            label="Stone weight (ct)"
            inputMode="decimal"
            defaultValue={v.stoneWeightCarats}
            error={fields.stoneWeightCarats}
            size="narrow"
          />
        </FieldGroup>
        <FieldGroup legend="Price" description="Quote fills the breakup from today's rates. Leave making empty for 12 % of the metal value.">
          <TextField name="making" label="Making (Rs.)" inputMode="decimal" defaultValue={v.making} error={fields.makingPaise} size="narrow" />
          <TextField name="stoneValue" label="Stone value (Rs.)" inputMode="decimal" defaultValue={v.stoneValue} error={fields.stoneValuePaise} size="narrow" />
          <Checkbox
            name="adjustToWeight"
            label="The balance follows the made piece's real weight at that day's rate"
            defaultChecked={v.adjustToWeight === 'on'}
          />
        </FieldGroup>
        {quote && (
          <div aria-live="polite">
            <Breakup b={quote} title="Breakup at today's rates" />
            <p>
              Rate {rupees(quote.ratePaisePerGram)}/g on {quote.rateDate}. Advance {quote.advancePercent} %: <strong>{rupees(quote.advancePaise)}</strong>
            </p>
            <input type="hidden" name="totalPaise" value={quote.totalPaise} />
          </div>
        )}
        <TextField name="note" label="Note to the customer (optional)" multiline rows={2} maxLength={1000} defaultValue={v.note} size="wide" />
        <Field label="Renders (1 to 6 pictures)" hint="JPEG, PNG, WebP, GIF or HEIF, at most 10 MB each." error={fields.render} size="wide">
          {(control) => <input {...control} type="file" name="render" accept="image/*" multiple className="adm-input" />}
        </Field>
        <FormActions>
          <SubmitButton name="intent" value="quote" tone="secondary" pending="Quoting…">
            {quote ? 'Quote again' : 'Quote'}
          </SubmitButton>
          {quote && (
            <SubmitButton name="intent" value="share" pending="Sharing…">
              Share with the customer ({rupees(quote.totalPaise)})
            </SubmitButton>
          )}
        </FormActions>
      </AdminForm>
    </Panel>
  );
}

export default function CustomRequest({ loaderData: { detail: d }, actionData }: Route.ComponentProps) {
  const r = d.request;
  // The made piece is of the approved design's metal; its hallmark rule says whether a HUID is asked.
  const approvedMetal = d.versions.find((v) => v.status === 'Approved')?.metal ?? r.metalType;
  const hallmark = hallmarkRuleOf(approvedMetal);
  const result = actionData;
  const canShare = r.status === 'Requested' || r.status === 'Rejected';
  const saved = result?.saved;
  const otherRefusal = result?.refusal && result.intent !== 'quote' && result.intent !== 'share' ? result.refusal : undefined;
  return (
    <>
      <PageHeader
        title={`${r.number} ${r.title}`}
        description={
          <>
            <StatusBadge tone={STATUS_TONE[r.status] ?? 'neutral'}>{r.status}</StatusBadge> {r.customerName} · {r.customerEmail}
          </>
        }
        back={{ to: ADMIN_PATHS.customRequests, label: 'Custom requests' }}
      />
      {saved && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>{saved}</p>
        </div>
      )}
      {otherRefusal && (
        <div className="adm-banner adm-banner--error" role="alert">
          <p>{otherRefusal.message}</p>
        </div>
      )}
      {r.status === 'Rejected' && r.rejectReason && (
        <div className="adm-banner adm-banner--warning" role="status">
          <p>The customer rejected the last version: “{r.rejectReason}” Share a new version below.</p>
        </div>
      )}
      <div className="adm-design-cols">
        <div>
          <Spec r={r} />
          {d.payments.length > 0 && (
            <Panel title="Payments">
              <ul>
                {d.payments.map((p) => (
                  <li key={p.id}>
                    {p.purpose === 'cad_advance' ? 'Advance' : 'Balance'} {rupees(p.amountPaise)}: {p.status}{' '}
                    <span className="adm-muted">({dayOf(p.createdAt)})</span>
                  </li>
                ))}
              </ul>
            </Panel>
          )}
          {d.piece && (
            <Panel title="The made piece">
              <dl className="adm-facts">
                <dt>HUID</dt>
                <dd>{d.piece.huid ?? 'None (not hallmarked)'}</dd>
                <dt>Net weight</dt>
                <dd>{grams(d.piece.netWeightMg)}</dd>
                <dt>Gross weight</dt>
                <dd>{grams(d.piece.grossWeightMg)}</dd>
                <dt>Final total</dt>
                <dd>{rupees(d.piece.finalTotalPaise)}</dd>
                <dt>Advance paid</dt>
                <dd>{rupees(d.piece.advancePaise)}</dd>
                <dt>Balance</dt>
                <dd>{rupees(d.piece.balancePaise)}</dd>
              </dl>
              {d.order ? (
                <p>
                  Balance order <strong>{d.order.orderNumber}</strong>: {d.order.status}. It ships through the orders desk.
                </p>
              ) : (
                <p className="adm-muted">The customer has been mailed the balance; the order appears here once they choose an address.</p>
              )}
            </Panel>
          )}
        </div>
        <div>
          {canShare && <ShareForm d={d} result={result} />}
          {r.status === 'Approved' && (
            <Panel title="Making">
              <p>The customer approved version {d.versions.find((v) => v.status === 'Approved')?.version} and paid the advance.</p>
              <AdminForm aria-label="Start making">
                <FormActions>
                  <SubmitButton name="intent" value="making" pending="Starting…">
                    Start making
                  </SubmitButton>
                </FormActions>
              </AdminForm>
            </Panel>
          )}
          {r.status === 'Making' && !d.order && (
            <Panel title={d.piece ? 'Correct the made piece' : 'Record the made piece'}>
              <AdminForm aria-label="The made piece">
                <div className="adm-grid">
                  {/* Issue 38: the HUID follows the approved design's metal: gold always, silver if hallmarked, platinum never. */}
                  {hallmark === 'never' ? (
                    <p className="adm-hint">A {approvedMetal} piece is not hallmarked under the BIS HUID scheme: no HUID is recorded.</p>
                  ) : (
                    <TextField
                      name="huid"
                      label={hallmark === 'always' ? 'HUID' : 'HUID (only if the piece was hallmarked)'}
                      required={hallmark === 'always'}
                      maxLength={6}
                      defaultValue={d.piece?.huid ?? undefined}
                      hint="6 letters and digits, from the hallmark."
                      size="narrow"
                      error={result?.intent === 'piece' ? result.refusal?.fields?.huid : undefined}
                    />
                  )}
                  <TextField
                    name="netGrams"
                    label="Net metal weight (g)"
                    required
                    inputMode="decimal"
                    defaultValue={d.piece ? String(d.piece.netWeightMg / 1000) : ''}
                    size="narrow"
                  />
                  <TextField
                    name="grossGrams"
                    label="Gross weight (g)"
                    required
                    inputMode="decimal"
                    defaultValue={d.piece ? String(d.piece.grossWeightMg / 1000) : ''}
                    size="narrow"
                  />
                </div>
                <FormActions>
                  <SubmitButton name="intent" value="piece" pending="Recording…">
                    Record and mail the balance
                  </SubmitButton>
                </FormActions>
              </AdminForm>
            </Panel>
          )}
          <Panel title="Design versions">
            {d.versions.length === 0 ? <p className="adm-muted">No design shared yet.</p> : d.versions.map((v) => <Version key={v.id} v={v} />)}
          </Panel>
          <p>
            <Link to={ADMIN_PATHS.customRequests}>Back to the queue</Link>
          </p>
        </div>
      </div>
    </>
  );
}
