import { Link } from 'react-router';
import { COMPLAINT_PROMISE, type StoreSettings } from '@milli/contracts';
import { mailHref, telHref } from '../../components/layout/contact.ts';

/**
 * The Grievance Officer's address, as every legal page gives it (from the store settings), and the complaints desk the
 * officer answers through (issue 38): a complaint raised at /help gets a ticket number at once, a person's
 * acknowledgement and a resolution within the times of the E-Commerce Rules 2020, rule 4(5). The times are the
 * contracts' COMPLAINT_PROMISE, the words of the very constants the desk's timers run on.
 */
export function GrievanceAddress({ settings }: { settings: StoreSettings }) {
  const email = settings.emailPrimary;
  return (
    <>
      <address className="legal-address">
        <strong>The Grievance Officer, {settings.storeName || 'Milli'}</strong>
        <br />
        {settings.officeAddress || 'Corporate office, Chennai, Tamil Nadu, India'}
        {email && (
          <>
            <br />
            E-mail: <a href={mailHref(email)}>{email}</a>
          </>
        )}
        {settings.helpLine && (
          <>
            <br />
            Phone: <a href={telHref(settings.helpLine)}>{settings.helpLine}</a>
          </>
        )}
      </address>
      <p className="legal-desk">
        The quickest way to reach the Grievance Officer is our complaints desk: <Link to="/help">raise a complaint</Link> about an order, a piece or anything
        else, signed in or not. You get a ticket number at once, by which you can follow it. We acknowledge every complaint within{' '}
        {COMPLAINT_PROMISE.acknowledge} and resolve it within {COMPLAINT_PROMISE.resolve} of receiving it.
      </p>
    </>
  );
}
