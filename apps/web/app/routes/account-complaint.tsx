/**
 * /account/complaints/:ticketNumber (issue 38): a signed-in shopper's complaint, its thread and a form to answer;
 * another shopper's ticket number, or none, is the 404 screen. ?filed=1 after /help says it is sent.
 */
import type { Route } from './+types/account-complaint';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { requireUser } from '../features/orders/orders.server.ts';
import { ComplaintTicket } from '../features/complaints/complaint-ticket.tsx';
import { COMPLAINT_PROMISE } from '../features/complaints/complaint-text.ts';
import { loadOwnTicket, replyAsShopper, ticketParam } from '../features/complaints/complaints.server.ts';
import '../styles/screens/complaints.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: pageTitle(loaded?.complaint ? `Complaint ${loaded.complaint.ticketNumber}` : 'Your complaint') },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context);
  await requireUser(api, request);
  const ticketNumber = ticketParam(params.ticketNumber);
  const complaint = await loadOwnTicket(api, ticketNumber);
  return { complaint, filed: new URL(request.url).searchParams.get('filed') === '1' };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return replyAsShopper(serverApi(context), ticketParam(params.ticketNumber), await request.formData());
}

export default function AccountComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint, filed } = loaderData;
  const busy = useSubmitting();
  return (
    <>
      <PageBanner title="Your complaint" parents={[{ label: 'My Account', href: '/account?tab=orders' }]} crumb={complaint.ticketNumber} />
      <section className="section">
        <div className="container help-page">
          {filed && !actionData && (
            <FormAlert tone="success">
              Thank you: your complaint is sent, and its number is {complaint.ticketNumber}. A person from our team acknowledges it within{' '}
              {COMPLAINT_PROMISE.acknowledge}.
            </FormAlert>
          )}
          <ComplaintTicket complaint={complaint} result={actionData} busy={busy} />
        </div>
      </section>
    </>
  );
}
