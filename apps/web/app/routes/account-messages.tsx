import { Form, Link, useNavigation } from 'react-router';
import { MESSAGE_CHANNEL_LABELS, MESSAGE_CHANNELS, MESSAGE_PURPOSE_LABELS, MESSAGE_PURPOSES } from '@milli/contracts';
import type { Route } from './+types/account-messages';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import { loadMessagePreferences, saveMessagePreferences, type MessagePreferencesResult } from '../features/messages/messages.server.ts';
import '../styles/screens/privacy.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Message preferences') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMessagePreferences(serverApi(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveMessagePreferences(serverApi(context), request);
}

/**
 * My Account → Message preferences (issue 41, decision 057): which SMS and WhatsApp messages the customer gets, for
 * their orders, plans and appointments, and for offers. One plain form, so it works without script.
 */
export default function AccountMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { preferences } = loaderData;
  const result = actionData as MessagePreferencesResult | undefined;
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  return (
    <>
      <PageBanner title="Message preferences" parents={[{ label: 'My Account', href: '/account' }]} />
      <div className="section">
        <div className="container privacy">
          <section className="card card-pad privacy-section" aria-labelledby="messages-title">
            <h2 id="messages-title" className="privacy-title">
              SMS and WhatsApp
            </h2>
            {result && <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert>}
            {!preferences ? (
              <FormAlert tone="error">We could not load your preferences just now. Please reload the page.</FormAlert>
            ) : (
              <Form method="post" className="privacy-consents">
                {MESSAGE_PURPOSES.map((purpose) => (
                  <fieldset key={purpose}>
                    <legend>{MESSAGE_PURPOSE_LABELS[purpose]}</legend>
                    {MESSAGE_CHANNELS.map((channel) => (
                      <div key={channel} className="privacy-check">
                        <input id={`${purpose}-${channel}`} type="checkbox" name={`${purpose}_${channel}`} defaultChecked={preferences[purpose][channel]} />
                        <label htmlFor={`${purpose}-${channel}`}>{MESSAGE_CHANNEL_LABELS[channel]}</label>
                      </div>
                    ))}
                  </fieldset>
                ))}
                <p className="muted">
                  Order updates come by SMS until you choose here. Offers never come without your tick. Every message has a link to stop it, and on WhatsApp you
                  can reply STOP.
                </p>
                <button type="submit" className="btn btn-primary" disabled={saving}>
                  {saving ? 'Saving…' : 'Save my preferences'}
                </button>
              </Form>
            )}
            <p>
              <Link to="/account/privacy">My privacy</Link>: e-mail offers and everything else we hold about you.
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
