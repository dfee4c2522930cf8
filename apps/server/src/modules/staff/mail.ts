import { rolesLabel, type StaffDesk, type StaffRole } from '@milli/contracts';
import { layout, type Brand } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../mail/service.ts';

/**
 * The invitation to the back office (issue 39). The link carries its token after `#`, which a browser never sends to
 * a server: no access log, proxy or CDN on the way can keep it (decision 053).
 */
export function invitationMail(
  brand: Brand,
  to: { email: string; name: string; roles: readonly StaffRole[] },
  invitedBy: string,
  link: string,
  hours: number,
): OutgoingMail {
  const body = layout(
    brand,
    `You are invited to ${brand.storeName}'s back office`,
    [
      `Hello ${to.name}, ${invitedBy} has invited you to work in ${brand.storeName}'s back office as ${rolesLabel(to.roles)}.`,
      `Open the link to choose your own password; nobody else will know it. The link works once, for ${hours} hours.`,
      'If you did not expect this invitation, you can ignore this mail.',
    ],
    undefined,
    { label: 'Set your password', href: link },
  );
  return { to: to.email, subject: `Your invitation to ${brand.storeName}'s back office`, kind: 'staff-invitation', ...body };
}

/** Where each desk's queue is, as the mail names it. */
const DESK_PAGES: Record<StaffDesk, string> = {
  orders: 'Orders (/admin/orders)',
  returns: 'Returns (/admin/returns)',
  appointments: 'Appointments (/admin/appointments)',
  customRequests: 'Custom requests (/admin/custom-requests)',
};

/**
 * A desk's notice (issue 39): something new is waiting. It names what, by its number, and says where the desk is; the
 * customer's own words stay in the back office.
 */
export function deskMail(brand: Brand, to: string, desk: StaffDesk, what: string): OutgoingMail {
  const body = layout(brand, what, [
    `${what}: it is waiting in the back office, at ${DESK_PAGES[desk]}.`,
    'You receive these mails because one of your roles handles this desk. You can turn them off on your My security page (/admin/security).',
  ]);
  return { to, subject: `${brand.storeName}: ${what}`, kind: `desk-${desk}`, ...body };
}
