import { givenDetails, layout, type Brand } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../mail/service.ts';

/** What both mails say about an application. */
export interface ApplicationSummary {
  reference: string;
  form: 'short' | 'long';
  partnerType: string;
  companyName: string;
  applicantName: string;
  email: string;
  phone: string;
  city?: string | null;
  bankName?: string | null;
}

/** To the applicant: we have it, this is its reference, and what happens next. */
export function applicationReceivedMail(brand: Brand, a: ApplicationSummary): OutgoingMail {
  const body = layout(
    brand,
    'We have received your trade partner application',
    [
      `Thank you for applying to partner with ${brand.storeName} as a ${a.partnerType.toLowerCase()}. If you did not apply, ignore this mail: nothing more will be sent.`,
      `Your reference is ${a.reference}. Our support team reviews every application and will call you on the number given within a few working days.`,
      a.form === 'long'
        ? 'Please keep your PAN, GST certificate and a cancelled cheque at hand: we may ask for copies to complete your KYC.'
        : 'When we call, we will ask for your KYC details (PAN, GSTIN and bank account) to complete the registration.',
      `Questions? Call us on ${brand.helpLine} or reply to this mail, quoting ${a.reference}.`,
      givenDetails([
        ['Applicant', a.applicantName],
        ['Company', a.companyName],
        ['Mobile', a.phone],
      ]),
    ],
    a.reference,
  );
  return { to: a.email, subject: `${brand.storeName}: trade partner application ${a.reference} received`, kind: 'trade-partner-received', ...body };
}

/**
 * To the store's partner desk: a new application to review. The applicant's words (company, name, city) close it as
 * given, never in its subject or opening lines, so a stranger cannot write the desk a mail that reads as the store's.
 */
export function newApplicationNotice(brand: Brand, a: ApplicationSummary): OutgoingMail {
  const body = layout(brand, `New trade partner application ${a.reference}`, [
    `A new application as a ${a.partnerType.toLowerCase()} (${a.form === 'long' ? 'full KYC form' : 'short form'}), stored with status Received. Please review it in the back office.`,
    ...(a.bankName ? [`Bank (from the IFSC): ${a.bankName}.`] : []),
    givenDetails([
      ['Company', a.companyName],
      ['Applicant', a.applicantName],
      ['E-mail', a.email],
      ['Mobile', a.phone],
      ['City', a.city],
    ]),
  ]);
  return { to: brand.emailPrimary, subject: `New trade partner application ${a.reference}`, kind: 'trade-partner-notice', ...body };
}

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
