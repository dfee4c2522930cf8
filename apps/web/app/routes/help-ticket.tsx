/**
 * /help/ticket (issue 38): a guest's complaint, opened by the link in its acknowledgement mail. The link's ?key= is
 * exchanged for an http-only cookie and the page goes to this bare address at once (features/complaints/complaints.server.ts),
 * so the token is in no address the log, the history or a Referer keeps; the thread and the reply form come from the API
 * by POSTs of the token. Works without JavaScript.
 */
import { Link } from 'react-router';
import type { Route } from './+types/help-ticket';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert, useSubmitting } from '../components/forms/form-bits.tsx';
import { ComplaintTicket } from '../features/complaints/complaint-ticket.tsx';
import { loadGuestTicket, replyAsGuest } from '../features/complaints/complaints.server.ts';
import '../styles/screens/complaints.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Your complaint') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadGuestTicket(serverApi(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return replyAsGuest(serverApi(context), request, await request.formData());
}

export default function HelpTicket({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting();
  return (
    <>
      <PageBanner title="Your complaint" parents={[{ label: 'Help & complaints', href: '/help' }]} crumb="Your complaint" />
      <section className="section">
        <div className="container help-page">
          {loaderData.complaint ? (
            <ComplaintTicket complaint={loaderData.complaint} result={actionData} busy={busy} />
          ) : (
            <>
              <FormAlert tone="info">{loaderData.error}</FormAlert>
              <p>
                Lost the mail? Call us and give your ticket number, or <Link to="/help">raise a new complaint</Link>.
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
