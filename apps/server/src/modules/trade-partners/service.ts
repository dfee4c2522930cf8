import {
  CONTACT_ROLES,
  FAST_MOVING,
  LONG_REGISTRATION_LABELS,
  LONG_USER_TYPES,
  OWNER_SLOTS,
  SHORT_USER_TYPES,
  ownerFields,
  type LongRegistration,
  type ShortRegistration,
  type TradePartnerAnswer,
} from '@milli/contracts/schemas';
import { failure, MESSAGES, panOfGstin, type Failure } from '@milli/contracts';
import { DomainError } from '../../domain-error.ts';
import { isUniqueViolation, type Db } from '@milli/db';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { queueMail } from '../mail/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { bankOfIfsc } from './ifsc.ts';
import { APPLICATION_LIMIT } from './limits.ts';
import { applicationReceivedMail, newApplicationNotice, type ApplicationSummary } from './mail.ts';
import { tradePartnersRepository, type NewApplication, type NewContact, type NewOwner } from './repository.ts';

export interface TradePartnersDeps {
  db: Db;
  limiter: RateLimiter;
  settings: SettingsService;
  /** Called after a transaction that queued mail has committed. */
  mailQueued?: () => void;
}

export type RegistrationResult = { ok: true; answer: TradePartnerAnswer } | Failure<'INVALID_REQUEST'>;

/**
 * Who a long application's company is. The PAN, because it is the company's one tax identity: a company has
 * a GSTIN per state it trades in (each holding the same PAN), and its name is written a dozen ways
 * ('Thangam Gold Works', 'THANGAM GOLD WORKS PVT LTD'). Without a PAN or GSTIN, the name with everything
 * but letters and digits left out.
 */
export function companyKey(pan: string, gstin: string, companyName: string): string {
  if (pan !== '') return pan.toUpperCase();
  if (gstin !== '') return panOfGstin(gstin.toUpperCase());
  return `name:${companyName.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

export const ALREADY_UNDER_REVIEW = (who: string) =>
  `An application for this company (${who}) is already being reviewed. Our partner team will get back to you; there is no need to apply again.`;

const isOpenApplicationClash = (error: unknown) => isUniqueViolation(error, 'trade_partner_applications_open_company_key');

const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);
/** An application's printed reference (TP-000042), in the applicant's mails and on the partner desk. */
export const partnerReference = (id: number) => `TP-${String(id).padStart(6, '0')}`;

/** Trade-partner applications (spec §2 short and long registration; DECISIONS §2). */
export function createTradePartnersService(deps: TradePartnersDeps) {
  const { db, limiter } = deps;

  /** Application, owners, contacts and both mails in one transaction: nothing half-written. */
  async function store(
    application: NewApplication,
    owners: NewOwner[],
    contacts: NewContact[],
    summary: Omit<ApplicationSummary, 'reference'>,
    /** What to say when the company already has an application being reviewed. */
    underReview?: string,
  ) {
    const brand = await deps.settings.brand();
    const created = await db
      .transaction(async (t) => {
        // The applicant's address and number hear from the store: counted against them, whoever sends the form.
        await limiter.takeRecipient({ email: summary.email, phone: summary.phone }, t);
        const row = await tradePartnersRepository(t).create(application, owners, contacts);
        const full = { ...summary, reference: partnerReference(row.id) };
        await queueMail(t, applicationReceivedMail(brand, full));
        await queueMail(t, newApplicationNotice(brand, full));
        return row;
      })
      .catch((error: unknown) => {
        if (underReview && isOpenApplicationClash(error)) throw new DomainError('APPLICATION_UNDER_REVIEW', underReview);
        throw error;
      });
    deps.mailQueued?.();
    return partnerReference(created.id);
  }

  return {
    /** Counts one attempt from this address; throws 429 once the hour's allowance is spent. */
    takeAttempt: (ip: string) => limiter.take(APPLICATION_LIMIT, ip),

    async registerShort(input: ShortRegistration, customerId: number | null): Promise<RegistrationResult> {
      const partnerType = SHORT_USER_TYPES[input.adUserType];
      const ref = await store(
        {
          form: 'short',
          adUserType: input.adUserType,
          partnerType,
          customerId,
          firstName: input.firstName,
          middleName: orNull(input.middleName),
          lastName: input.lastName,
          companyName: input.companyName,
          email: input.email,
          phone: input.phoneNumber,
          countryCode: input.countryCode,
        },
        [],
        [],
        {
          form: 'short',
          partnerType,
          companyName: input.companyName,
          applicantName: input.firstName,
          email: input.email,
          phone: `+${input.countryCode} ${input.phoneNumber}`,
        },
      );
      return { ok: true, answer: { message: MESSAGES.shortRegistrationSuccess, reference: ref } };
    },

    async registerLong(input: LongRegistration, customerId: number | null): Promise<RegistrationResult> {
      const get = (f: string) => input[f] ?? '';
      // The IFSC must name a real branch; its bank is the one on record, whatever was typed.
      let bankName = orNull(get('compBankName'));
      if (get('compIfsc') !== '') {
        const bank = bankOfIfsc(get('compIfsc'));
        if (!bank) {
          const message = `${LONG_REGISTRATION_LABELS.compIfsc}: no bank branch has this IFSC. Please check it on a cheque leaf or your passbook.`;
          return failure('INVALID_REQUEST', message, { compIfsc: message });
        }
        bankName = bank;
      }

      const owners: NewOwner[] = OWNER_SLOTS.flatMap((slot) => {
        const f = ownerFields(slot);
        const name = get(f.name);
        if (name === '') return [];
        return [
          {
            slot,
            name,
            mobile: orNull(get(f.mobile)),
            email: orNull(get(f.email).toLowerCase()),
            dob: orNull(get(f.dob)),
            anniversary: orNull(get(f.anniversary)),
          },
        ];
      });
      const contacts: NewContact[] = CONTACT_ROLES.flatMap((c) => {
        const name = get(`${c.prefix}Name`);
        if (name === '') return [];
        return [{ role: c.role, name, phone: orNull(get(`${c.prefix}Phone`)), email: orNull(get(`${c.prefix}Email`).toLowerCase()) }];
      });
      const percent = (field: string) => (get(field) === '' ? null : Number(get(field)));
      const [ba, br, er, fr, ne, no, pe] = FAST_MOVING.map((c) => percent(c.field));
      const partnerType = LONG_USER_TYPES[input.adUserType];

      // One open application per company, held by a unique index on the open ones: two at once cannot both pass.
      const key = companyKey(get('compPan'), get('compGST'), get('compName'));
      const ref = await store(
        {
          form: 'long',
          adUserType: input.adUserType,
          partnerType,
          customerId,
          companyName: get('compName'),
          email: get('adEmail'),
          phone: get('adPhone'),
          countryCode: get('countryCode'),
          compType: orNull(get('compType')),
          compTypeOther: get('compType') === 'Other' ? orNull(get('compTypeOther')) : null,
          compAdd1: get('compAdd1'),
          compAdd2: get('compAdd2'),
          compCity: get('compCity'),
          compState: get('compState'),
          compPostal: get('compPostal'),
          srName: orNull(get('srName')),
          srArea: orNull(get('srArea')),
          srEstDate: orNull(get('srEstDate')),
          srAdd1: get('srAdd1'),
          srAdd2: get('srAdd2'),
          srCity: get('srCity'),
          srState: get('srState'),
          srPin: get('srPin'),
          companyKey: key,
          compPan: orNull(get('compPan')),
          compGst: orNull(get('compGST')),
          compInvoiceName: orNull(get('compInvoiceName')),
          compWef: orNull(get('compWef')),
          compBankName: bankName,
          compAccount: orNull(get('compAccount')),
          compBranch: orNull(get('compBranch')),
          compIfsc: orNull(get('compIfsc')),
          compRetail: orNull(get('compRetail')),
          compLocation: orNull(get('compLocation')),
          compBa: ba ?? null,
          compBr: br ?? null,
          compEr: er ?? null,
          compFr: fr ?? null,
          compNe: ne ?? null,
          compNo: no ?? null,
          compPe: pe ?? null,
        },
        owners,
        contacts,
        {
          form: 'long',
          partnerType,
          companyName: get('compName'),
          applicantName: owners[0]?.name ?? contacts[0]?.name ?? get('compName'),
          email: get('adEmail'),
          phone: `+${get('countryCode')} ${get('adPhone')}`,
          city: get('compCity'),
          bankName,
        },
        ALREADY_UNDER_REVIEW(key.startsWith('name:') ? get('compName') : `PAN ${key}`),
      );
      return { ok: true, answer: { message: MESSAGES.shortRegistrationSuccess, reference: ref, ...(bankName && get('compIfsc') ? { bankName } : {}) } };
    },
  };
}
