import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Who the page knows is here: not yet (the shared page as sent, decision 032), a guest, or a customer. */
export type Visitor = 'unknown' | 'guest' | 'customer';

const LOGIN = `/login?next=${encodeURIComponent('/custom-design')}`;

function Variant({ id, shown, title, children, actions }: { id: string; shown: boolean; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section className="card card-pad custom-login" aria-labelledby={id} data-shown={shown} aria-hidden={shown ? undefined : true}>
      <h2 id={id} className="shell-h2">
        {title}
      </h2>
      <p>{children}</p>
      <p className="custom-login-actions">{actions}</p>
    </section>
  );
}

const LOGIN_ACTIONS = (
  <>
    <Link to={LOGIN} className="btn btn-primary">
      Log in
    </Link>
    <Link to="/register" className="btn btn-outline">
      Create an account
    </Link>
  </>
);

/**
 * Above the request form: a design request is sent from an account. The page is shared (decision 032), so the server
 * cannot know who is reading: its HTML says what is true for everyone (logged in, the form is yours; if not, log in
 * first), and once the browser knows, the guest's card (log in) or the customer's (where the request will be)
 * takes its place. All three are drawn in the same cell, the hidden ones keeping their room, so the card is as tall
 * as its tallest text at every width and nothing below it moves when the browser learns who is here.
 */
export function WhoCard({ visitor }: { visitor: Visitor }) {
  return (
    <div className="custom-who" data-visitor={visitor}>
      <Variant id="custom-who-unknown" shown={visitor === 'unknown'} title="Requests are sent from your account" actions={LOGIN_ACTIONS}>
        Logged in? Fill in the form below. If not, please log in or create an account first: your requests, our CAD designs and your approvals live in your
        account.
      </Variant>
      <Variant id="custom-login-title" shown={visitor === 'guest'} title="Log in to request a custom design" actions={LOGIN_ACTIONS}>
        Your design requests, our CAD designs and your approvals live in your account, so we need to know who you are before you send one.
      </Variant>
      <Variant
        id="custom-who-customer"
        shown={visitor === 'customer'}
        title="Your request goes to your account"
        actions={
          <Link to="/custom-orders" className="btn btn-outline">
            Customized Orders
          </Link>
        }
      >
        Send it with the form below. You will find it under Customized Orders, where our designers share their CAD designs for your approval within 48 hours.
      </Variant>
    </div>
  );
}
