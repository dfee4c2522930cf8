import { layout, type Brand } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../mail/service.ts';

export interface DecisionMail {
  reference: string;
  companyName: string;
  applicantName: string;
  email: string;
  note: string | undefined;
}

/** To the applicant: the partner desk's decision, with the desk's note. */
export function partnerDecisionMail(brand: Brand, decision: 'approve' | 'reject', a: DecisionMail): OutgoingMail {
  const approved = decision === 'approve';
  const body = layout(
    brand,
    approved ? `Welcome aboard, ${a.applicantName}` : `About your application, ${a.applicantName}`,
    [
      approved
        ? `Your application to partner with ${brand.storeName} for ${a.companyName} is approved.`
        : `Thank you for applying to partner with ${brand.storeName} for ${a.companyName}. We are unable to approve the application at this time.`,
      ...(a.note ? [`A note from our partner team: ${a.note}`] : []),
      approved
        ? 'Our partner team will call you to set up your account and first order.'
        : 'If something has changed, or you think we have misread your application, reply to this mail and we will look again.',
      `Questions? Call us on ${brand.helpLine} or reply to this mail, quoting ${a.reference}.`,
    ],
    a.reference,
  );
  return {
    to: a.email,
    subject: `${brand.storeName}: trade partner application ${a.reference} ${approved ? 'approved' : 'not approved'}`,
    kind: approved ? 'trade-partner-approved' : 'trade-partner-rejected',
    ...body,
  };
}
