/**
 * /admin/trade-partners/:id (issue 19): one application with every field its form stored, grouped as the form
 * groups them; its owners and contacts; the KYC checks (PAN, GSTIN with its PAN, IFSC against RBI's register)
 * with pass/fail marks; the applications it may duplicate; and the review: Mark under review, Approve (with an
 * optional note) and Reject (with a required note), each a plain POST to this route's action, which sends
 * POST /api/admin/trade-partners/:id/review. A decision mails the applicant with the note.
 */
import { Link, data } from 'react-router';
import { PARTNER_NOTE_MAX, type AdminPartnerDetail, type KycCheck, type PartnerDecision } from '@milli/contracts/schemas';
import type { Route } from './+types/trade-partner';
import { PageHeader, Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { AdminForm, FormActions, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi, type AdminRefusal } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { shopDateTime } from '../../features/admin-shop/shop-forms.ts';
import { CONTACT_TITLES, DETAIL_GROUPS, SHARED_LABELS, STATUS_TONE, shown } from '../../features/admin-partners/partner-fields.ts';
import '../../features/admin-partners/admin-partners.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.application ? `${loaded.application.reference} ${loaded.application.company}` : 'Trade partner'} · Back office` },
];

const DECISIONS: readonly PartnerDecision[] = ['under_review', 'approve', 'reject'];

function idOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id < 1) throw data({ message: 'There is no such trade partner application.' }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const application = await adminApi(context, request).get(`/api/admin/trade-partners/${idOf(params.id)}`);
  return { application };
}

type ActionResult = { refusal?: AdminRefusal; decision?: PartnerDecision; note?: string; saved?: string };

const DONE: Record<PartnerDecision, string> = {
  under_review: 'Marked under review.',
  approve: 'Approved. The applicant has been mailed.',
  reject: 'Rejected. The applicant has been mailed with your note.',
};

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  const id = idOf(params.id);
  const form = await request.formData();
  const decision = String(form.get('decision') ?? '') as PartnerDecision;
  const note = String(form.get('note') ?? '');
  if (!DECISIONS.includes(decision)) return { refusal: { status: 400, message: 'Choose Mark under review, Approve or Reject.' } as AdminRefusal };
  const done = await adminApi(context, request).send('POST', `/api/admin/trade-partners/${id}/review`, {
    decision,
    ...(note.trim() ? { note } : {}),
  });
  return done.ok ? { saved: DONE[decision] } : { refusal: done.refusal, decision, note };
}

function KycList({ kyc }: { kyc: AdminPartnerDetail['kyc'] }) {
  const items: [string, KycCheck][] = [
    ['PAN', kyc.pan],
    ['GSTIN', kyc.gstin],
    ['IFSC', kyc.ifsc],
  ];
  return (
    <ul className="adm-kyc" aria-label="KYC checks">
      {items.map(([name, check]) => {
        const state = check.valid === null ? 'none' : check.valid ? 'pass' : 'fail';
        return (
          <li key={name} data-kyc={name} data-result={state}>
            <span className={`adm-kyc__mark adm-kyc__mark--${state}`} aria-hidden="true">
              {state === 'pass' ? '✓' : state === 'fail' ? '✗' : '–'}
            </span>
            <span className="adm-kyc__name">
              {name}: {state === 'pass' ? 'passes' : state === 'fail' ? 'fails' : 'not given'}
              {check.value && <code>{check.value}</code>}
            </span>
            <p className="adm-kyc__msg">{check.message}</p>
          </li>
        );
      })}
    </ul>
  );
}

function Fields({ a }: { a: AdminPartnerDetail }) {
  const groups = a.form === 'short' ? DETAIL_GROUPS.slice(0, 1) : DETAIL_GROUPS;
  return (
    <>
      {groups.map((g) => {
        const rows = a.form === 'long' && g.title === 'Applicant' ? g.rows.filter(([, key]) => !['firstName', 'middleName', 'lastName'].includes(key)) : g.rows;
        return (
          <Panel key={g.title} title={g.title}>
            <dl className="adm-partner-dl">
              {rows.map(([label, key, suffix]) => (
                <div key={key} style={{ display: 'contents' }}>
                  <dt>{label}</dt>
                  <dd>{shown(a[key], suffix)}</dd>
                </div>
              ))}
            </dl>
          </Panel>
        );
      })}
      {a.form === 'long' && (
        <>
          <Panel title="Owners">
            {a.owners.length === 0 ? (
              <p className="adm-muted">No owner was named.</p>
            ) : (
              <ul className="adm-partner-people">
                {a.owners.map((o) => (
                  <li key={o.slot}>
                    <h4>
                      Owner {o.slot}: {o.name}
                    </h4>
                    <p>Mobile {shown(o.mobile)}</p>
                    <p>E-mail {shown(o.email)}</p>
                    <p>Born {shown(o.dob)}</p>
                    <p>Anniversary {shown(o.anniversary)}</p>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Contact persons">
            {a.contacts.length === 0 ? (
              <p className="adm-muted">No contact person was named.</p>
            ) : (
              <ul className="adm-partner-people">
                {a.contacts.map((c) => (
                  <li key={c.role}>
                    <h4>
                      {CONTACT_TITLES[c.role] ?? c.role}: {c.name}
                    </h4>
                    <p>Phone {shown(c.phone)}</p>
                    <p>E-mail {shown(c.email)}</p>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </>
      )}
    </>
  );
}

function Review({ a, result }: { a: AdminPartnerDetail; result: ActionResult | undefined }) {
  const failed = (d: PartnerDecision) => (result?.decision === d ? result : undefined);
  const errorOf = (d: PartnerDecision) => {
    const r = failed(d);
    if (!r?.refusal) return {};
    const fields = apiFieldErrors(r.refusal, ['note', 'decision']);
    return { banner: fields.note ? 'Please correct the note below.' : r.refusal.message, note: fields.note };
  };
  if (a.decisions.length === 0) {
    return (
      <Panel title="Review">
        <p>
          This application is <strong>{a.status.toLowerCase()}</strong>; a decided application is not decided again.
        </p>
        {a.staffNote && (
          <p>
            Note mailed to the applicant: <q>{a.staffNote}</q>
          </p>
        )}
        <p className="adm-hint">Last changed {shopDateTime(a.updatedAt)}. The audit log keeps who decided and when.</p>
      </Panel>
    );
  }
  const under = errorOf('under_review');
  const approve = errorOf('approve');
  const reject = errorOf('reject');
  return (
    <Panel title="Review">
      <div className="adm-partner-review">
        {a.decisions.includes('under_review') && (
          <AdminForm error={under.banner} aria-label="Mark under review">
            <input type="hidden" name="decision" value="under_review" />
            <p className="adm-hint">Tells the desk someone is checking it; the applicant is not mailed.</p>
            <FormActions>
              <SubmitButton tone="secondary" pending="Saving…">
                Mark under review
              </SubmitButton>
            </FormActions>
          </AdminForm>
        )}
        <AdminForm error={approve.banner} aria-label="Approve">
          <input type="hidden" name="decision" value="approve" />
          <TextField
            name="note"
            label="Note to the applicant (optional)"
            multiline
            rows={3}
            maxLength={PARTNER_NOTE_MAX}
            defaultValue={failed('approve')?.note}
            error={approve.note}
            size="wide"
            hint="Mailed with the approval, e.g. the next step or who will call."
          />
          <FormActions>
            <SubmitButton pending="Approving…">Approve</SubmitButton>
          </FormActions>
        </AdminForm>
        <AdminForm error={reject.banner} aria-label="Reject">
          <input type="hidden" name="decision" value="reject" />
          <TextField
            name="note"
            label="Why it is rejected"
            required
            multiline
            rows={3}
            maxLength={PARTNER_NOTE_MAX}
            defaultValue={failed('reject')?.note}
            error={reject.note}
            size="wide"
            hint="Mailed to the applicant: say what would change the answer."
          />
          <FormActions>
            <SubmitButton tone="danger" pending="Rejecting…">
              Reject
            </SubmitButton>
          </FormActions>
        </AdminForm>
      </div>
    </Panel>
  );
}

export default function TradePartner({ loaderData: { application: a }, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  return (
    <>
      <PageHeader
        title={`${a.company}`}
        back={{ to: ADMIN_PATHS.tradePartners, label: 'Trade partners' }}
        description={
          <>
            <StatusBadge tone={STATUS_TONE[a.status]}>{a.status}</StatusBadge> {a.reference} · {a.type} · {a.form === 'long' ? 'long (KYC) form' : 'short form'}{' '}
            · applied {shopDateTime(a.createdAt)}
          </>
        }
      />
      {result?.saved && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>{result.saved}</p>
        </div>
      )}
      <div className="adm-partner-cols">
        <div className="adm-partner-checks">
          <Panel title="KYC checks">
            <KycList kyc={a.kyc} />
          </Panel>
          <Panel title="Possible duplicates" tone={a.duplicates.length > 0 ? 'warning' : undefined}>
            {a.duplicates.length === 0 ? (
              <p className="adm-muted">No other application shares its PAN, GSTIN, e-mail or phone.</p>
            ) : (
              <ul>
                {a.duplicates.map((d) => (
                  <li key={d.id}>
                    <Link to={`${ADMIN_PATHS.tradePartners}/${d.id}`}>
                      {d.reference} {d.company}
                    </Link>{' '}
                    ({d.status}, {shopDateTime(d.createdAt)}): same {d.shares.map((s) => SHARED_LABELS[s]).join(', ')}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
        <div className="adm-partner-fields">
          <Fields a={a} />
        </div>
        <div className="adm-partner-decide">
          <Review a={a} result={result} />
        </div>
      </div>
    </>
  );
}
