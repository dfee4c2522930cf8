import type { StoreSettings } from '@milli/contracts';
import { mailHref, telHref } from '../../components/layout/contact.ts';

/** The Grievance Officer's address, as every legal page gives it (from the store settings). */
export function GrievanceAddress({ settings }: { settings: StoreSettings }) {
  const email = settings.emailPrimary;
  return (
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
  );
}
