/**
 * The shopper's rights over their personal data (issue 38; the Digital Personal Data Protection Act, 2023 and its
 * 2025 Rules): what they may consent to, what erasure removes and what the tax laws make the store keep. One list
 * each, read by the erasure code (apps/server/src/modules/customers), the My privacy page and the privacy policy
 * (apps/web/app/features/legal/privacy-policy.tsx), whose test holds its words to these lists. Browser-safe:
 * constants and types only.
 */

/** Marketing channels a customer may consent to, each off until given. Order messages are not among them: they are always on. */
export const MARKETING_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];
export const MARKETING_CHANNEL_LABELS: Record<MarketingChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** Who made a consent change: the customer on My privacy, or the erasure of the account (which withdraws every consent). */
export const CONSENT_SOURCES = ['customer', 'erasure'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A nominee's relationship to the customer (DPDP Act s.14). */
export const NOMINEE_RELATIONSHIPS = ['Spouse', 'Child', 'Parent', 'Sibling', 'Other relative', 'Friend', 'Other'] as const;
export type NomineeRelationship = (typeof NOMINEE_RELATIONSHIPS)[number];

/** Why order messages cannot be switched off: said wherever the consents are shown. */
export const ORDER_MESSAGES_NOTE =
  'Messages about your orders, payments, returns, Milli Harvest instalments, appointments and account security are always sent: we need them to serve you, so they are not a marketing choice.';

/** An erased customer's account: their e-mail becomes `erased-{id}@` this domain (never delivered: `.invalid` is reserved) and their username this label and id. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';
export const ERASED_NAME = 'Erased customer';
export const erasedUsername = (customerId: number) => `${ERASED_NAME} #${customerId}`;
export const erasedEmail = (customerId: number) => `erased-${customerId}@${ERASED_EMAIL_DOMAIN}`;
export const isErasedAddress = (email: string) => email.toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);

/** What erasing an account removes or makes anonymous, in the order the policy and the page list it. */
export const ERASED_ON_ERASURE = [
  { key: 'profile', text: 'your name, e-mail address, username, mobile number and password, so nobody can log in to the account again' },
  { key: 'sessions', text: 'every login session, on every device' },
  { key: 'addresses', text: 'your saved addresses, and the addresses of orders that were never invoiced' },
  { key: 'reviews', text: 'your name on your reviews, which stay signed “A Milli shopper”' },
  { key: 'appointments', text: 'the name, e-mail, phone number and note of your appointments' },
  { key: 'sizer-requests', text: 'the name, e-mail, phone number and address on your ring sizer requests' },
  { key: 'harvest', text: 'the e-mail address of your Milli Harvest plans' },
  { key: 'nominee', text: 'your nominee' },
  { key: 'wishlist-cart', text: 'your wish list and your cart' },
  { key: 'messages', text: 'our copies of the mails, SMS and WhatsApp messages we sent you' },
  { key: 'consents', text: 'your marketing consents, which are withdrawn' },
  { key: 'staff-notes', text: 'our staff’s notes about you' },
  { key: 'rate-alerts', text: 'your gold rate alerts, with the e-mail address or mobile number they went to' },
] as const;
export type ErasedItem = (typeof ERASED_ON_ERASURE)[number]['key'];

/**
 * What erasing keeps, locked (nobody can change it), and the law that makes the store keep it. Tax records are kept
 * for RETENTION_YEARS after the end of the financial year of the sale.
 */
export const RETAINED_ON_ERASURE = [
  {
    key: 'invoices',
    text: 'your tax invoices and credit notes, with the pieces, amounts, HUIDs and weights printed on them',
    why: 'the GST laws (CGST Act, 2017, sections 35 and 36) and the Companies Act, 2013 (section 128)',
  },
  {
    key: 'invoice-addresses',
    text: 'the name, billing and delivery addresses and phone number printed on those invoices',
    why: 'a tax invoice must carry them (CGST Rules, 2017, rule 46)',
  },
  {
    key: 'tax-ids',
    text: 'the company name and GSTIN of a business purchase, and the PAN given for a purchase of Rs. 2 lakh or more, on those invoices',
    why: 'the GST laws and the Income-tax Rules, 1962 (rule 114B)',
  },
  {
    key: 'orders-and-payments',
    text: 'what each order bought and paid, with the payment gateway’s payment and refund references (never a card number), and the returns, exchanges, custom designs and store credit tied to them',
    why: 'they are the books of account behind the invoices (Companies Act, 2013, section 128)',
  },
  {
    key: 'consent-history',
    text: 'the record of the consents you gave and withdrew, with their times',
    why: 'the Digital Personal Data Protection Act, 2023 (section 6(10)) asks us to be able to show consent',
  },
  {
    key: 'audit-log',
    text: 'our back office’s log of what our staff did with your account',
    why: 'the Digital Personal Data Protection Rules, 2025 ask for such logs, for at least a year',
  },
] as const;
export type RetainedItem = (typeof RETAINED_ON_ERASURE)[number]['key'];

/** Tax records are kept this many years after the end of the financial year of the sale, then deleted or made anonymous. */
export const RETENTION_YEARS = 8;

/** What blocks an erasure while it lasts (each with the reason the page gives). */
export const ERASURE_BLOCKER_KINDS = [
  'order',
  'return',
  'exchange',
  'custom-design',
  'harvest',
  'store-credit',
  'metal-account',
  'rate-lock',
  'refund',
] as const;
export type ErasureBlockerKind = (typeof ERASURE_BLOCKER_KINDS)[number];

/** Exports a customer may download in a day (counted per account in the database). */
export const EXPORTS_A_DAY = 5;
/** The erasure code mailed to an account confirmed without a password: its life and tries. */
export const ERASURE_CODE_MINUTES = 15;
export const ERASURE_CODE_TRIES = 5;
export const ERASURE_CODE_DIGITS = 6;

/** The pages and calls the privacy policy names (its test holds them to the route table and the API). */
export const PRIVACY_PATHS = {
  page: '/account/privacy',
  exportApi: '/api/account/privacy/export',
  consentsApi: '/api/account/consents',
  nomineeApi: '/api/account/nominee',
  eraseApi: '/api/account/privacy/erase',
} as const;
