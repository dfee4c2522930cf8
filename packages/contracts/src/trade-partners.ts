import { z } from 'zod';
export * from './trade-partner-fields.ts';
import { isKnownDialCode, isValidPhone } from './countries.ts';
import { DEFAULT_COUNTRY } from './constants.ts';
import {
  COMPANY_TYPES,
  CONTACT_ROLES,
  FAST_MOVING,
  LONG_REGISTRATION_FIELDS,
  LONG_REGISTRATION_LABELS,
  LONG_USER_TYPES,
  OWNER_SLOTS,
  SHORT_REGISTRATION_LABELS,
  SHORT_USER_TYPES,
  ownerFields,
} from './trade-partner-fields.ts';
import { gstinMessage, gstinProblem, isIfscFormat, isPan, isPincode, panOfGstin, panProblem } from './india.ts';

/**
 * POST /api/manufacturer/register (spec §3, §5; DECISIONS §2): one path, two forms told apart by their
 * fields. Every field arrives as multipart text; each schema trims it ('' when missing) and then checks
 * the whole form in one pass, so a person hears about every problem at once, each named by its field
 * ('Company PAN: …'). Checks that need data (the IFSC register) run in the service.
 */

const text = z.preprocess((v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : ''), z.string());
const EMAIL = z.email();

type Issue = (field: string, message: string) => void;

/** Today in India as YYYY-MM-DD: a date typed in India is compared with India's calendar. */
function todayInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Small rule helpers shared by both forms: each reports under the field's label. */
function rules(value: Record<string, string>, labels: Record<string, string>, issue: Issue) {
  const say = (field: string, message: string) => issue(field, `${labels[field] ?? field}: ${message}`);
  return {
    say,
    required(field: string, message = 'please fill this in.') {
      if (value[field] === '') say(field, message);
    },
    max(field: string, length: number) {
      if ((value[field] ?? '').length > length) say(field, `please keep it under ${length} characters.`);
    },
    email(field: string) {
      const v = value[field] ?? '';
      if (v !== '' && (v.length > 254 || !EMAIL.safeParse(v).success)) say(field, 'please enter a valid e-mail address (like name@example.com).');
    },
    phone(field: string, dialCode: string) {
      const v = value[field] ?? '';
      if (v !== '' && isKnownDialCode(dialCode) && !isValidPhone(dialCode, v)) {
        say(field, `this is not a valid phone number for +${dialCode}.`);
      }
    },
    postal(field: string, indian: boolean) {
      const v = value[field] ?? '';
      if (v === '') return;
      if (indian ? !isPincode(v) : !/^[A-Za-z0-9 -]{3,10}$/.test(v)) {
        say(field, indian ? 'please enter a 6-digit Indian PIN code (it never starts with 0).' : 'please enter a valid postal code.');
      }
    },
    /** A real calendar date, not in the future and not before 1900. */
    pastDate(field: string) {
      const v = value[field] ?? '';
      if (v === '') return;
      if (!isRealDate(v)) say(field, 'please enter a real date (YYYY-MM-DD).');
      else if (v > todayInIndia()) say(field, 'this date cannot be in the future.');
      else if (v < '1900-01-01') say(field, 'please check the year.');
    },
  };
}

const dialCodeOf = (raw: string) => raw.replace(/^\+/, '') || DEFAULT_COUNTRY.dialCode;

// ---------------------------------------------------------------------------------------------
// Short form

export const ShortRegistrationSchema = z
  .object({
    firstName: text,
    middleName: text,
    lastName: text,
    countryCode: text,
    phoneNumber: text,
    email: text,
    companyName: text,
    adUserType: text,
  })
  .superRefine((v, ctx) => {
    const r = rules(v, SHORT_REGISTRATION_LABELS, (field, message) => ctx.addIssue({ code: 'custom', path: [field], message }));
    // DECISIONS §7: the middle name is optional (many Indian names have none), though spec §5 requires it.
    for (const f of ['firstName', 'lastName', 'phoneNumber', 'email', 'companyName']) r.required(f);
    for (const f of ['firstName', 'middleName', 'lastName']) r.max(f, 60);
    r.max('companyName', 160);
    r.email('email');
    const dial = dialCodeOf(v.countryCode);
    if (!isKnownDialCode(dial)) r.say('countryCode', 'please choose a country code from the list.');
    r.phone('phoneNumber', dial);
    if (v.adUserType !== '' && !(v.adUserType in SHORT_USER_TYPES)) r.say('adUserType', 'please choose Manufacture or Retailer.');
    if (v.adUserType === '') r.say('adUserType', 'please choose Manufacture or Retailer.');
  })
  .transform((v) => ({
    ...v,
    email: v.email.toLowerCase(),
    countryCode: dialCodeOf(v.countryCode),
    adUserType: v.adUserType as keyof typeof SHORT_USER_TYPES,
  }));
export type ShortRegistration = z.infer<typeof ShortRegistrationSchema>;

// ---------------------------------------------------------------------------------------------
// Long form

const MAX_LENGTH: Record<string, number> = { compAdd1: 200, compAdd2: 200, srAdd1: 200, srAdd2: 200, compLocation: 300, compRetail: 300 };

export const LongRegistrationSchema = z
  .object(Object.fromEntries(LONG_REGISTRATION_FIELDS.map((f) => [f, text])) as Record<string, typeof text>)
  .superRefine((v, ctx) => {
    const r = rules(v, LONG_REGISTRATION_LABELS, (field, message) => ctx.addIssue({ code: 'custom', path: [field], message }));
    const get = (f: string) => v[f] ?? '';

    if (get('adUserType') !== '' && !(get('adUserType') in LONG_USER_TYPES)) r.say('adUserType', 'please choose Manufacture or Reseller.');
    // Spec §5: the company's and the showroom's addresses, e-mail and phone are required.
    for (const f of [
      'compName',
      'compAdd1',
      'compAdd2',
      'compCity',
      'compState',
      'compPostal',
      'adEmail',
      'adPhone',
      'srAdd1',
      'srAdd2',
      'srCity',
      'srState',
      'srPin',
    ]) {
      r.required(f);
    }
    for (const f of LONG_REGISTRATION_FIELDS) r.max(f, MAX_LENGTH[f] ?? 160);

    if (get('compType') !== '' && !(COMPANY_TYPES as readonly string[]).includes(get('compType'))) r.say('compType', 'please choose one of the listed types.');
    if (get('compType') === 'Other' && get('compTypeOther') === '') r.say('compTypeOther', 'please describe the company type.');

    const dial = dialCodeOf(get('countryCode'));
    if (!isKnownDialCode(dial)) r.say('countryCode', 'please choose a country code from the list.');
    const indian = dial === DEFAULT_COUNTRY.dialCode;
    r.email('adEmail');
    r.phone('adPhone', dial);
    r.postal('compPostal', indian);
    r.postal('srPin', indian);

    // Owners: a slot with anything in it needs a name (DECISIONS §2: every filled slot is kept).
    for (const slot of OWNER_SLOTS) {
      const f = ownerFields(slot);
      const filled = [f.name, f.mobile, f.email, f.dob, f.anniversary].some((k) => get(k) !== '');
      if (filled) r.required(f.name, 'please enter the name, or clear this owner’s other fields.');
      r.phone(f.mobile, dial);
      r.email(f.email);
      r.pastDate(f.dob);
      r.pastDate(f.anniversary);
    }
    for (const c of CONTACT_ROLES) {
      const filled = [`${c.prefix}Name`, `${c.prefix}Phone`, `${c.prefix}Email`].some((k) => get(k) !== '');
      if (filled) r.required(`${c.prefix}Name`, 'please enter the name, or clear this contact’s other fields.');
      r.phone(`${c.prefix}Phone`, dial);
      r.email(`${c.prefix}Email`);
    }

    r.pastDate('srEstDate');
    r.pastDate('compWef');
    const area = get('srArea');
    if (area !== '' && !(/^\d{1,7}(\.\d{1,2})?$/.test(area) && Number(area) > 0)) r.say('srArea', 'please enter the area in square feet, as a number.');

    // Account details: PAN and GSTIN as the tax department writes them, and the PAN inside the GSTIN
    // must be the company's PAN.
    const pan = get('compPan').toUpperCase();
    const gstin = get('compGST').toUpperCase();
    const panWrong = pan === '' ? null : panProblem(pan);
    if (panWrong) r.say('compPan', panWrong);
    if (gstin !== '') {
      const problem = gstinProblem(gstin);
      if (problem) r.say('compGST', gstinMessage(problem));
      else if (pan !== '' && isPan(pan) && panOfGstin(gstin) !== pan)
        r.say('compGST', `its PAN part (${panOfGstin(gstin)}) does not match the company PAN ${pan}.`);
    }
    const ifsc = get('compIfsc').toUpperCase();
    if (ifsc !== '' && !isIfscFormat(ifsc)) r.say('compIfsc', 'an IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits (e.g. SBIN0001234).');
    const account = get('compAccount').replace(/\s+/g, '');
    if (account !== '' && !/^\d{9,18}$/.test(account)) r.say('compAccount', 'an Indian bank account number has 9 to 18 digits.');

    // Fast-moving shares: whole percentages that together make at most 100.
    let total = 0;
    let allValid = true;
    for (const c of FAST_MOVING) {
      const raw = get(c.field);
      if (raw === '') continue;
      if (!/^\d{1,3}$/.test(raw) || Number(raw) > 100) {
        r.say(c.field, 'please enter a whole number from 0 to 100.');
        allValid = false;
      } else total += Number(raw);
    }
    if (allValid && total > 100) r.say('fastMoving', `the shares add up to ${total} %, which is more than 100 %.`);
  })
  .transform((v): Record<string, string> & { adUserType: keyof typeof LONG_USER_TYPES } => {
    const get = (f: string) => v[f] ?? '';
    return {
      ...v,
      adUserType: (get('adUserType') || 'Reseller') as keyof typeof LONG_USER_TYPES,
      countryCode: dialCodeOf(get('countryCode')),
      adEmail: get('adEmail').toLowerCase(),
      compPan: get('compPan').toUpperCase(),
      compGST: get('compGST').toUpperCase(),
      compIfsc: get('compIfsc').toUpperCase(),
      compAccount: get('compAccount').replace(/\s+/g, ''),
    };
  });
export type LongRegistration = z.infer<typeof LongRegistrationSchema>;

/** Success of either form: the spec's exact message, a reference to quote, and the bank the IFSC names. */
export const TradePartnerAnswerSchema = z.object({
  message: z.string(),
  reference: z.string(),
  bankName: z.string().optional(),
});
export type TradePartnerAnswer = z.infer<typeof TradePartnerAnswerSchema>;

/** A refused application: one readable message, and the message of each field (by its form name). */
export const TradePartnerErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type TradePartnerError = z.infer<typeof TradePartnerErrorSchema>;

// ---------------------------------------------------------------------------------------------
// The route's body: either form

/** Fields only the long (KYC) form sends: any of them makes a body a long application. */
export const LONG_FORM_MARKERS = ['compName', 'compAdd1', 'adEmail', 'adPhone', 'srAdd1'] as const;

/** A refused form's messages, kept on the fields they name, so the route's refusal lists them as `fields`. */
function refuse(error: z.ZodError, ctx: z.RefinementCtx): typeof z.NEVER {
  for (const issue of error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
}

/**
 * POST /api/manufacturer/register's body: the long form when any of its own fields is sent, else the short
 * one, each checked by its schema. A request without a body is an empty short form.
 */
export const TradePartnerRegistrationSchema = z.preprocess(
  (v) => v ?? {},
  z.record(z.string(), z.unknown(), { error: 'Please send the registration form.' }).transform((body, ctx) => {
    if (LONG_FORM_MARKERS.some((field) => field in body)) {
      const long = LongRegistrationSchema.safeParse(body);
      return long.success ? { form: 'long' as const, data: long.data } : refuse(long.error, ctx);
    }
    const short = ShortRegistrationSchema.safeParse(body);
    return short.success ? { form: 'short' as const, data: short.data } : refuse(short.error, ctx);
  }),
);
export type TradePartnerRegistration = z.infer<typeof TradePartnerRegistrationSchema>;
