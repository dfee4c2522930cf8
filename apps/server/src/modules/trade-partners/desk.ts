import {
  PARTNER_DECISIONS,
  toAdminPage,
  type AdminPartnerDetail,
  type AdminPartnerListQuery,
  type AdminPartnerReview,
  type AdminPartnerRow,
  type KycCheck,
  type PartnerDuplicates,
} from '@milli/contracts/schemas';
import { PAN_HOLDER_TYPES, gstinMessage, gstinProblem, isIfscFormat, panOfGstin, panProblem, stateCodeOfGstin } from '@milli/contracts';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { bankOfIfsc } from './ifsc.ts';
import { partnerDecisionMail } from './mail.ts';
import { identifiersOf, tradePartnersRepository, type ApplicationRow, type Identifiers } from './repository.ts';
import { partnerReference } from './service.ts';

export interface PartnersDeskDeps {
  db: Db;
  settings: SettingsService;
  /** Called after a transaction that queued mail has committed. */
  mailQueued?: () => void;
}

const DECIDED = new Set(['Approved', 'Rejected']);
type Shared = 'pan' | 'gstin' | 'email' | 'phone';

/** What `mine` shares with `other`. */
function shares(mine: Identifiers, other: Identifiers): Shared[] {
  const out: Shared[] = [];
  if (mine.pan && mine.pan === other.pan) out.push('pan');
  if (mine.gstin && mine.gstin === other.gstin) out.push('gstin');
  if (mine.email === other.email) out.push('email');
  if (mine.phone === other.phone) out.push('phone');
  return out;
}

function duplicatesOf(mine: Identifiers, others: Identifiers[]): PartnerDuplicates {
  const d: PartnerDuplicates = { pan: [], gstin: [], email: [], phone: [] };
  for (const other of others) {
    if (other.id === mine.id) continue;
    for (const s of shares(mine, other)) d[s].push(other.id);
  }
  return d;
}

/** Who applied, by name: the short form's person, else the first owner, else the first contact. */
function contactNameOf(r: ApplicationRow, owner?: string, contact?: string): string {
  const person = [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');
  return person || owner || contact || '';
}

/** The KYC checks: PAN, GSTIN (with its PAN matching the PAN given) and IFSC (a real branch, RBI's register). */
export function kycOf(r: Pick<ApplicationRow, 'compPan' | 'compGst' | 'compIfsc' | 'compBankName'>): AdminPartnerDetail['kyc'] {
  const none = (what: string): KycCheck => ({ value: null, valid: null, message: `No ${what} was given.` });
  const pan = r.compPan?.trim().toUpperCase() || null;
  const gstin = r.compGst?.trim().toUpperCase() || null;
  const ifsc = r.compIfsc?.trim().toUpperCase() || null;

  let panCheck = none('PAN');
  if (pan) {
    const problem = panProblem(pan);
    panCheck = problem
      ? { value: pan, valid: false, message: `Not a valid PAN: ${problem}` }
      : { value: pan, valid: true, message: `A valid PAN; its holder is a ${PAN_HOLDER_TYPES[pan[3]!]}.` };
  }

  let gstinCheck = none('GSTIN');
  if (gstin) {
    const problem = gstinProblem(gstin);
    if (problem) gstinCheck = { value: gstin, valid: false, message: gstinMessage(problem) };
    else if (pan && panOfGstin(gstin) !== pan) {
      gstinCheck = { value: gstin, valid: false, message: `A valid GSTIN, but the PAN inside it (${panOfGstin(gstin)}) is not the PAN given (${pan}).` };
    } else {
      gstinCheck = {
        value: gstin,
        valid: true,
        message: `A valid GSTIN (state code ${stateCodeOfGstin(gstin)})${pan ? '; the PAN inside it matches the PAN given' : ''}.`,
      };
    }
  }

  let ifscCheck = none('IFSC');
  if (ifsc) {
    if (!isIfscFormat(ifsc)) ifscCheck = { value: ifsc, valid: false, message: 'Not an IFSC: 4 letters, a zero and 6 letters or digits (e.g. SBIN0000691).' };
    else {
      const bank = bankOfIfsc(ifsc);
      ifscCheck = bank
        ? { value: ifsc, valid: true, message: `A branch of ${bank} (RBI's register).` }
        : { value: ifsc, valid: false, message: 'No bank branch has this IFSC in RBI’s register.' };
    }
  }
  return { pan: panCheck, gstin: gstinCheck, ifsc: ifscCheck };
}

/** The decisions open at a status: none once decided. */
function decisionsAt(status: ApplicationRow['status']): AdminPartnerDetail['decisions'] {
  if (status === 'Received') return ['under_review', 'approve', 'reject'];
  if (status === 'Under Review') return ['approve', 'reject'];
  return [];
}

const notFound = () => new DomainError('NOT_FOUND', 'There is no such trade partner application.');

/**
 * The back office's trade-partner desk: applications as the public forms stored them (service.ts),
 * their KYC checks and duplicates, and the review. Every review is audited and, when it decides, mailed.
 */
export function createPartnersDesk(deps: PartnersDeskDeps) {
  const { db } = deps;

  function row(r: ApplicationRow, name: string, duplicateOf: PartnerDuplicates): AdminPartnerRow {
    return {
      id: r.id,
      reference: partnerReference(r.id),
      form: r.form,
      company: r.companyName,
      contactName: name,
      email: r.email,
      phone: `+${r.countryCode} ${r.phone}`,
      type: r.partnerType,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      duplicateOf,
    };
  }

  return {
    async list(query: AdminPartnerListQuery) {
      const repo = tradePartnersRepository(db);
      const { rows, total } = await repo.list(query);
      const ids = rows.map(identifiersOf);
      const [others, people] = await Promise.all([repo.sharing(ids), repo.people(rows.map((r) => r.id))]);
      const otherIds = others.map(identifiersOf);
      const data = rows.map((r, i) =>
        row(
          r,
          contactNameOf(r, people.owners.find((o) => o.applicationId === r.id)?.name, people.contacts.find((c) => c.applicationId === r.id)?.name),
          duplicatesOf(ids[i]!, otherIds),
        ),
      );
      return toAdminPage(data, total, query);
    },

    async get(id: number): Promise<AdminPartnerDetail> {
      const repo = tradePartnersRepository(db);
      const r = await repo.byId(id);
      if (!r) throw notFound();
      const mine = identifiersOf(r);
      const [people, others] = await Promise.all([repo.people([id]), repo.sharing([mine])]);
      const duplicates = others
        .map((o) => ({ o, with: shares(mine, identifiersOf(o)) }))
        .filter((d) => d.with.length > 0)
        .map(({ o, with: s }) => ({
          id: o.id,
          reference: partnerReference(o.id),
          company: o.companyName,
          status: o.status,
          createdAt: o.createdAt.toISOString(),
          shares: s,
        }));
      const { createdAt: _c, updatedAt, id: _i, companyName: _n, email: _e, phone: _p, partnerType: _t, status: _s, form: _f, ...fields } = r;
      return {
        ...row(r, contactNameOf(r, people.owners[0]?.name, people.contacts[0]?.name), duplicatesOf(mine, others.map(identifiersOf))),
        ...fields,
        updatedAt: updatedAt.toISOString(),
        owners: people.owners.map(({ slot, name, mobile, email, dob, anniversary }) => ({ slot, name, mobile, email, dob, anniversary })),
        contacts: people.contacts.map(({ role, name, phone, email }) => ({ role, name, phone, email })),
        kyc: kycOf(r),
        duplicates,
        decisions: decisionsAt(r.status),
      };
    },

    /** Moves the status (Received → Under Review → Approved / Rejected); a decided application stays decided (409). */
    async review(actor: AuditActor, id: number, input: AdminPartnerReview): Promise<AdminPartnerDetail> {
      const brand = await deps.settings.brand();
      const mailed = await db.transaction(async (tx) => {
        const repo = tradePartnersRepository(tx);
        const before = await repo.byId(id, { lock: true });
        if (!before) throw notFound();
        const reference = partnerReference(id);
        if (DECIDED.has(before.status)) {
          throw new DomainError(
            'CONFLICT',
            `Application ${reference} is already ${before.status.toLowerCase()}: a decided application cannot be decided again.`,
          );
        }
        if (input.decision === 'under_review' && before.status === 'Under Review') {
          throw new DomainError('CONFLICT', `Application ${reference} is already under review.`);
        }
        const status = PARTNER_DECISIONS[input.decision];
        const staffNote = input.note ?? before.staffNote;
        await repo.setStatus(id, { status, staffNote });
        await recordAudit(tx, actor, {
          action: input.decision === 'under_review' ? 'under-review' : input.decision,
          entity: 'trade-partner-application',
          entityId: id,
          before: { status: before.status, staffNote: before.staffNote },
          after: { status, staffNote, note: input.note ?? null },
        });
        if (input.decision === 'under_review') return false;
        const people = await repo.people([id]);
        await queueMail(
          tx,
          partnerDecisionMail(brand, input.decision, {
            reference,
            companyName: before.companyName,
            applicantName: contactNameOf(before, people.owners[0]?.name, people.contacts[0]?.name) || before.companyName,
            email: before.email,
            note: input.note,
          }),
        );
        return true;
      });
      if (mailed) deps.mailQueued?.();
      return this.get(id);
    },
  };
}
