import { Form, Link } from 'react-router';
import { MESSAGE_CHANNEL_LABELS } from '@milli/contracts';
import type { Route } from './+types/messages-stop';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import { confirmStop, loadStop, type StopState } from '../features/messages/messages.server.ts';
import '../styles/screens/privacy.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Stop messages') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStop(serverApi(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmStop(serverApi(context), request);
}

/**
 * Where a message's opt-out link leads (issue 41, decision 057): it names the channel and asks; the button stops that
 * channel's messages at once. Opening the link changes nothing, so a phone's link preview cannot opt anyone out.
 */
export default function MessagesStop({ loaderData, actionData }: Route.ComponentProps) {
  const state = (actionData as StopState | undefined) ?? loaderData;
  return (
    <>
      <PageBanner title="Stop messages" />
      <div className="section">
        <div className="container privacy">
          <section className="card card-pad privacy-section" aria-labelledby="stop-title">
            <h2 id="stop-title" className="privacy-title">
              {state.state === 'done' ? `${MESSAGE_CHANNEL_LABELS[state.channel]} messages stopped` : 'Stop messages'}
            </h2>
            {state.state === 'ask' && (
              <Form method="post">
                <input type="hidden" name="t" value={state.token} />
                <p>Stop all {MESSAGE_CHANNEL_LABELS[state.channel]} messages from Milli, about your orders and offers alike?</p>
                <button type="submit" className="btn btn-primary">
                  Stop {MESSAGE_CHANNEL_LABELS[state.channel]} messages
                </button>
              </Form>
            )}
            {state.state === 'done' && (
              <FormAlert tone="success">
                We will send you no more {MESSAGE_CHANNEL_LABELS[state.channel]} messages. Order updates still come by e-mail; you can turn messages on again in
                My Account.
              </FormAlert>
            )}
            {state.state === 'invalid' && <FormAlert tone="error">This link is not valid. You can choose your messages in My Account.</FormAlert>}
            <p>
              <Link to="/account/messages">Message preferences</Link>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
