/**
 * /help (issue 38): raise a complaint about an order, a piece or anything else, signed in or as a guest, answered with
 * a ticket number (the E-Commerce Rules 2020, rule 4(5)). A signed-in shopper chooses one of their orders and goes to
 * the ticket's page in My Account; a guest gives an e-mail address or a mobile number (and, to name an order, that
 * order's e-mail or phone) and sees the number here, the link to follow it going only to their mailbox. The form is a
 * plain POST: it works without JavaScript.
 */
import { Form, Link } from 'react-router';
import type { Route } from './+types/help';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { loadSessionUser } from '../lib/session.ts';
import { fieldErrorId, fieldErrorProps } from '../lib/field-errors.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { Field, FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { COMPLAINT_CATEGORIES, COMPLAINT_CATEGORY_LABELS, COMPLAINT_PROMISE, complaintTime } from '../features/complaints/complaint-text.ts';
import { fileComplaint, isCategory, loadOrderChoices, type FileComplaintResult } from '../features/complaints/complaints.server.ts';
import '../styles/screens/complaints.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Help & complaints') },
  {
    name: 'description',
    content: `Something not right with an order, a piece, a payment or a delivery? Tell us: you get a ticket number at once, an acknowledgement within ${COMPLAINT_PROMISE.acknowledge} and a resolution within ${COMPLAINT_PROMISE.resolve}.`,
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const q = new URL(request.url).searchParams;
  const asked = q.get('category');
  const order = (q.get('order') ?? '').trim().toUpperCase().slice(0, 40);
  const user = await loadSessionUser(api);
  if (!user) return { me: null, orders: null, category: isCategory(asked) ? asked : null, order };
  const [details, orders] = await Promise.all([api.get(`/api/users/user-details/${user.userId}`).catch(() => null), loadOrderChoices(api)]);
  return {
    me: { name: user.userName, email: details?.user.user_email ?? null, mobile: details?.user.mobile ?? null },
    orders,
    category: isCategory(asked) ? asked : null,
    order,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = serverApi(context);
  const signedIn = (await loadSessionUser(api)) !== null;
  return fileComplaint(api, await request.formData(), signedIn);
}

/** A textarea with its label, hint and error, as Field does for an input. */
function TextArea({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  error?: string | undefined;
  defaultValue?: string | undefined;
}) {
  const hintId = error ? undefined : `${id}-hint`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} rows={6} maxLength={4000} required defaultValue={defaultValue} {...fieldErrorProps(id, error, hintId)} />
      {error ? (
        <p id={fieldErrorId(id)} className="field-error">
          {error}
        </p>
      ) : (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

function Filed({ filed }: { filed: Extract<FileComplaintResult, { ok: true }>['filed'] }) {
  return (
    <section className="help-filed" aria-labelledby="help-filed-title">
      <h2 id="help-filed-title" className="help-filed-title">
        Thank you: we have your complaint
      </h2>
      <p>Your ticket number is</p>
      <p className="help-ticket-number">{filed.ticketNumber}</p>
      <p>Please give it whenever you write or call about this complaint.</p>
      <ul className="help-promise">
        <li>
          A person from our team acknowledges it within {COMPLAINT_PROMISE.acknowledge}: by <strong>{complaintTime(filed.acknowledgeBy)}</strong>.
        </li>
        <li>
          We resolve it within {COMPLAINT_PROMISE.resolve}: by <strong>{complaintTime(filed.resolveBy)}</strong> at the latest.
        </li>
      </ul>
      {filed.mailedTo ? (
        <p>
          We have sent the number to <strong>{filed.mailedTo}</strong> with a link to follow the complaint and answer us. No mail? Check the spam folder.
        </p>
      ) : (
        <p>We have no e-mail address to write to, so we will call you on the number you gave. Keep the ticket number safe.</p>
      )}
      <p>
        <Link to="/">Back to the shop</Link>
      </p>
    </section>
  );
}

export default function Help({ loaderData, actionData }: Route.ComponentProps) {
  const { me, orders, category, order } = loaderData;
  const submitting = useSubmitting();
  if (actionData?.ok) {
    return (
      <>
        <PageBanner title="Help & complaints" />
        <section className="section">
          <div className="container help-page">
            <Filed filed={actionData.filed} />
          </div>
        </section>
      </>
    );
  }
  const failed = actionData && !actionData.ok ? actionData : null;
  const typed = failed?.typed ?? {};
  const err = failed?.fields ?? {};
  const chosen = typed.category || category || '';
  const orderNumber = typed.orderNumber ?? order;
  return (
    <>
      <PageBanner title="Help & complaints" />
      <section className="section">
        <div className="container help-page">
          <div className="help-intro">
            <p className="help-lead">
              Something not right with an order, a piece, a payment or a delivery? Tell us here. You get a ticket number at once, a person from our team
              acknowledges your complaint within {COMPLAINT_PROMISE.acknowledge}, and we resolve it within {COMPLAINT_PROMISE.resolve}.
            </p>
            {me ? (
              <p className="muted">
                Your complaints and our answers are under <Link to="/account?tab=orders">My Account</Link>.
              </p>
            ) : (
              <p className="muted">
                Have an account? <Link to="/login?next=%2Fhelp">Log in</Link> to choose the order and follow our answers in My Account.
              </p>
            )}
          </div>

          <Form method="post" className="help-form" aria-labelledby="help-form-title" noValidate>
            <h2 id="help-form-title" className="help-form-title">
              Raise a complaint
            </h2>
            {failed && <FormAlert tone="error">{failed.message}</FormAlert>}

            <fieldset className="help-categories" {...fieldErrorProps('help-category', err.category, undefined)}>
              <legend>What is it about?</legend>
              <div className="help-category-grid">
                {COMPLAINT_CATEGORIES.map((c) => (
                  <label key={c} className="help-category">
                    <input type="radio" name="category" value={c} defaultChecked={chosen === c} required />
                    <span>{COMPLAINT_CATEGORY_LABELS[c]}</span>
                  </label>
                ))}
              </div>
              {err.category && (
                <p id={fieldErrorId('help-category')} className="field-error">
                  {err.category}
                </p>
              )}
            </fieldset>

            {me ? (
              <div className="form-field">
                <label htmlFor="help-order">Which order? (optional)</label>
                <select id="help-order" name="orderNumber" defaultValue={orderNumber} {...fieldErrorProps('help-order', err.orderNumber, undefined)}>
                  <option value="">Not about one order</option>
                  {(orders ?? []).map((o) => (
                    <option key={o.orderNumber} value={o.orderNumber}>
                      {o.orderNumber} ·{' '}
                      {new Date(o.placedAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' })} ·{' '}
                      {o.status}
                    </option>
                  ))}
                </select>
                {err.orderNumber && (
                  <p id={fieldErrorId('help-order')} className="field-error">
                    {err.orderNumber}
                  </p>
                )}
                {orders === null && <p className="field-hint">We could not load your orders just now: tell us the order number below.</p>}
              </div>
            ) : (
              <Field
                id="help-order"
                name="orderNumber"
                label="Order number (optional)"
                defaultValue={orderNumber}
                error={err.orderNumber}
                hint="As on your order mail, like MIL-2026-000123. Give the order’s e-mail address or mobile number below."
              />
            )}

            <Field
              id="help-subject"
              name="subject"
              label="Subject"
              required
              defaultValue={typed.subject}
              error={err.subject}
              hint="A few words: “Clasp broke”, “Refund not received”."
            />
            <TextArea
              id="help-description"
              name="description"
              label="What happened?"
              defaultValue={typed.description}
              error={err.description}
              hint="What went wrong, when, and what you would like us to do."
            />

            {me ? (
              <>
                <p className="help-answer-at">
                  We answer you at <strong>{me.email ?? 'your account’s e-mail address'}</strong> and in My Account.
                </p>
                <Field
                  id="help-phone"
                  name="phone"
                  label="A number to call (optional)"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  defaultValue={typed.phone ?? me.mobile ?? ''}
                  error={err.phone}
                  hint="A 10-digit Indian mobile number."
                />
              </>
            ) : (
              <fieldset className="help-contact">
                <legend>How do we reach you?</legend>
                <p className="field-hint">Give an e-mail address, a mobile number, or both. We send the ticket number and a link to follow it by e-mail.</p>
                <Field id="help-name" name="name" label="Your name" autoComplete="name" required defaultValue={typed.name} error={err.name} />
                <Field id="help-email" name="email" label="E-mail" type="email" autoComplete="email" defaultValue={typed.email} error={err.email} />
                <Field
                  id="help-phone"
                  name="phone"
                  label="Mobile number"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  defaultValue={typed.phone}
                  error={err.phone}
                  hint="A 10-digit Indian mobile number."
                />
              </fieldset>
            )}

            <button type="submit" className="btn btn-primary help-submit" disabled={submitting}>
              {submitting ? 'Sending…' : 'Send complaint'}
            </button>
            <p className="muted help-small">
              Not sorted out? You may also approach the National Consumer Helpline (1915) or the consumer commission of your district. Our Grievance Officer’s
              address is in our <Link to="/terms-and-conditions#grievance-officer">terms</Link>.
            </p>
          </Form>
        </div>
      </section>
    </>
  );
}
