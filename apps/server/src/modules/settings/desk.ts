import type { Db } from '@milli/db';
import { COD_LIMIT_CEILING_PAISE, SETTINGS_FIELDS, type AdminSettings, type SettingsField, type SettingsPatch } from '@milli/contracts/schemas';
import { bisRegistrationProblem, gstinMessage, gstinProblem, normalBisRegistration } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { createSettingsRepository, type SettingsChange, type SettingsRow } from './repository.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HELP_LINE = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;

type Value = string | number | boolean;
type Check = (value: Value) => string | null;

const text =
  (what: string, max: number, optional = false): Check =>
  (v) => {
    const s = String(v).trim();
    if (!s && !optional) return `Give the ${what}.`;
    return s.length > max ? `The ${what} must be at most ${max} characters.` : null;
  };

const whole =
  (what: string, min: number, max: number, unit = ''): Check =>
  (v) =>
    typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max ? `The ${what} must be a whole number from ${min} to ${max}${unit}.` : null;

const paiseIn =
  (what: string, max: number): Check =>
  (v) =>
    typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max
      ? `The ${what} must be from Rs. 0 to ${formatRupees(max)} (in paise: a whole number from 0 to ${max}).`
      : null;

/** Each setting's check: null when the value is acceptable, else the message shown under its field. */
const CHECKS: Record<SettingsField, Check> = {
  storeName: text('store name', 100),
  helpLine: (v) =>
    text('help line', 24)(v) ?? (HELP_LINE.test(String(v).trim()) ? null : 'The help line must be a phone number (digits, spaces, +, - and brackets).'),
  emailPrimary: (v) => (EMAIL.test(String(v).trim()) && String(v).length <= 254 ? null : 'Give a valid e-mail address.'),
  emailSecondary: (v) =>
    String(v).trim() === '' || (EMAIL.test(String(v).trim()) && String(v).length <= 254) ? null : 'Give a valid e-mail address, or leave it empty.',
  officeAddress: text('office address', 500),
  returnWindowDays: whole('return window', 0, 90, ' days'),
  shippingFeePaise: paiseIn('shipping fee', 1_000_000),
  deliveryDays: whole('delivery time', 1, 120, ' days'),
  gstPercent: (v) =>
    typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 28 || Math.abs(Math.round(v * 100) - v * 100) > 1e-6
      ? 'GST must be a percentage from 0 to 28 with at most two decimals (3 for jewellery).'
      : null,
  hallmarkingChargePaise: paiseIn('hallmarking charge', 100_000),
  cadAdvancePercent: whole('CAD advance', 0, 100, ' %'),
  sellerLegalName: text('seller’s legal name', 200),
  sellerGstin: (v) => {
    const problem = gstinProblem(String(v));
    return problem ? gstinMessage(problem) : null;
  },
  sellerState: text('seller’s state', 60),
  sellerStateCode: (v) => (/^[0-9]{2}$/.test(String(v).trim()) ? null : 'The state code is two digits (33 for Tamil Nadu).'),
  invoicePrefix: (v) =>
    /^[A-Z0-9]{2,4}$/.test(String(v).trim()) ? null : 'The invoice prefix is 2 to 4 capital letters or digits (an invoice number may have 16 characters).',
  codLimitPaise: (v) =>
    typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= COD_LIMIT_CEILING_PAISE
      ? `The pay-on-delivery limit must be below ${formatRupees(COD_LIMIT_CEILING_PAISE, { decimals: false })} (2 lakh): cash of 2 lakh or more may not be taken. In paise: a whole number from 0 to ${COD_LIMIT_CEILING_PAISE - 1}.`
      : null,
  paymentHoldMinutes: whole('payment hold', 5, 1440, ' minutes'),
  lowStockThreshold: whole('low-stock threshold', 0, 1000, ' pieces'),
  weightTolerancePercent: (v) =>
    typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 10 || Math.abs(Math.round(v * 100) - v * 100) > 1e-6
      ? 'The weight tolerance must be a percentage from 0 to 10 with at most two decimals.'
      : null,
  packingTolerancePercent: (v) =>
    typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 25 || Math.abs(Math.round(v * 100) - v * 100) > 1e-6
      ? 'The packing tolerance must be a percentage from 0 to 25 with at most two decimals.'
      : null,
  exchangePercent: whole('exchange value', 0, 100, ' %'),
  buybackPercent: whole('buy-back value', 0, 100, ' %'),
  diamondExchangePercent: whole('diamond exchange value', 0, 100, ' %'),
  diamondBuybackPercent: whole('diamond buy-back value', 0, 100, ' %'),
  tradeInPercent: whole('trade-in value', 0, 100, ' %'),
  appointmentSlotCapacity: whole('appointments per slot', 1, 50),
  backupRetentionDays: whole('backup retention', 1, 365, ' days'),
  bisRegistration: (v) => (typeof v !== 'string' ? 'Give the BIS registration number as text.' : bisRegistrationProblem(v)),
  rateLockAdvancePercent: whole('rate lock advance', 1, 100, ' %'),
  rateLockPeriods: (v) => (periodsOf(String(v)) ? null : 'Give 1 to 6 periods in days, separated by commas (e.g. 30, 90, 180), each from 1 to 1095.'),
  rateLockMaxMg: whole('rate lock cap', 1_000, 10_000_000, ' mg (1 g to 10 kg)'),
  rateLockUnusedAdvance: (v) => (v === 'refund' || v === 'keep' ? null : 'Choose whether an unused advance is refunded or kept.'),
  metalMeltingLossPerMille: whole('melting loss', 0, 200, ' per mille'),
  metalAssayMaxMg: whole('most per assay', 1_000, 10_000_000, ' mg (1 g to 10 kg)'),
  staffTwoFactorRequired: (v) => (typeof v === 'boolean' ? null : 'Say yes or no.'),
};

/** Issue 42: a rate lock's periods as typed ('30, 90, 180'), sorted and without repeats; null when not 1-6 periods of 1-1095 days. */
function periodsOf(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0 || parts.length > 6 || parts.some((p) => !/^\d{1,4}$/.test(p))) return null;
  const days = [...new Set(parts.map(Number))].sort((a, b) => a - b);
  return days.every((d) => d >= 1 && d <= 1095) ? days : null;
}

/** Texts kept trimmed; codes kept in capitals. */
function normalised(field: SettingsField, value: Value): Value {
  if (typeof value !== 'string') return value;
  if (field === 'bisRegistration') return normalBisRegistration(value);
  if (field === 'rateLockPeriods') return periodsOf(value)!.join(', ');
  const trimmed = value.trim();
  return field === 'sellerGstin' || field === 'invoicePrefix' ? trimmed.toUpperCase() : trimmed;
}

export function settingsOf(row: SettingsRow): AdminSettings {
  return {
    storeName: row.storeName,
    helpLine: row.helpLine,
    emailPrimary: row.emailPrimary,
    emailSecondary: row.emailSecondary,
    officeAddress: row.officeAddress,
    returnWindowDays: row.returnWindowDays,
    shippingFeePaise: Number(row.shippingFeePaise),
    deliveryDays: row.deliveryDays,
    gstPercent: Number(row.gstPercent),
    hallmarkingChargePaise: Number(row.hallmarkingChargePaise),
    cadAdvancePercent: row.cadAdvancePercent,
    sellerLegalName: row.sellerLegalName,
    sellerGstin: row.sellerGstin,
    sellerState: row.sellerState,
    sellerStateCode: row.sellerStateCode,
    invoicePrefix: row.invoicePrefix,
    codLimitPaise: Number(row.codLimitPaise),
    paymentHoldMinutes: row.paymentHoldMinutes,
    lowStockThreshold: row.lowStockThreshold,
    weightTolerancePercent: Number(row.weightTolerancePercent),
    packingTolerancePercent: Number(row.packingTolerancePercent),
    exchangePercent: row.exchangePercent,
    buybackPercent: row.buybackPercent,
    diamondExchangePercent: row.diamondExchangePercent,
    diamondBuybackPercent: row.diamondBuybackPercent,
    tradeInPercent: row.tradeInPercent,
    appointmentSlotCapacity: row.appointmentSlotCapacity,
    backupRetentionDays: row.backupRetentionDays,
    bisRegistration: row.bisRegistration,
    rateLockAdvancePercent: row.rateLockAdvancePercent,
    rateLockPeriods: [...row.rateLockPeriodsDays].sort((a, b) => a - b).join(', '),
    rateLockMaxMg: row.rateLockMaxMg,
    rateLockUnusedAdvance: row.rateLockUnusedAdvance,
    metalMeltingLossPerMille: row.metalMeltingLossPerMille,
    metalAssayMaxMg: row.metalAssayMaxMg,
    staffTwoFactorRequired: row.staffTwoFactorRequired,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The problems of a patch, one message per field; the state code must match the GSTIN's first two digits. */
export function checkSettings(patch: SettingsPatch, current: AdminSettings | null): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    const problem = CHECKS[field](value);
    if (problem) fields[field] = problem;
  }
  if (current && !fields.sellerGstin && !fields.sellerStateCode) {
    const gstin = String(patch.sellerGstin ?? current.sellerGstin)
      .trim()
      .toUpperCase();
    const code = String(patch.sellerStateCode ?? current.sellerStateCode).trim();
    if (gstin.slice(0, 2) !== code)
      fields[patch.sellerStateCode !== undefined ? 'sellerStateCode' : 'sellerGstin'] =
        `The GSTIN starts with state code ${gstin.slice(0, 2)}, but the state code is ${code}: they must match.`;
  }
  return fields;
}

/** What the desk needs of the catalogue, given by the composition root (the catalogue reads the settings, so not imported). */
export interface SettingsDeskDeps {
  /** Reprices every weighed product inside the transaction given; answers how many prices changed. */
  repriceCatalogue: (tx: Db) => Promise<number>;
}

/** The store settings in the back office (owner only): read, and changed with a check per field, audited. */
export function createSettingsDesk(db: Db, { repriceCatalogue }: SettingsDeskDeps) {
  return {
    async get(): Promise<AdminSettings> {
      const row = await createSettingsRepository(db).get();
      if (!row) throw new DomainError('NO_SETTINGS', 'The store is not set up yet.');
      return settingsOf(row);
    },

    /**
     * Changes the given settings. In one transaction: the row, the catalogue's list prices when the GST rate
     * changes (prices include GST), and the audit record of what changed; the caller flushes the caches after.
     */
    async update(
      actor: AuditActor,
      patch: SettingsPatch,
      /** Whether the member saving signs in with an authenticator app themselves. */
      actorHasTwoFactor = true,
      /** The member acts through an API token (not a signed-in session). */
      viaToken = false,
    ): Promise<{ settings: AdminSettings; changed: SettingsField[]; repriced: number }> {
      return db.transaction(async (tx) => {
        const repo = createSettingsRepository(tx);
        const row = await repo.get({ lock: true });
        if (!row) throw new DomainError('NO_SETTINGS', 'The store is not set up yet.');
        const current = settingsOf(row);
        if (viaToken && patch.staffTwoFactorRequired !== undefined && patch.staffTwoFactorRequired !== current.staffTwoFactorRequired) {
          // The store's two-factor rule is a security setting, like the staff routes (session-only): a leaked token
          // must not be able to switch it off (or on, shutting out members without a second factor).
          throw new DomainError('PERMISSION_DENIED', 'An API token cannot change the two-factor rule: sign in to the back office.');
        }
        const fields = checkSettings(patch, current);
        if (patch.staffTwoFactorRequired === true && !current.staffTwoFactorRequired && !actorHasTwoFactor && !fields.staffTwoFactorRequired) {
          // The rule applies to the owner too: turned on by someone without a second factor, it would shut them out.
          fields.staffTwoFactorRequired =
            'Set up two-factor sign-in for yourself first (My security): the rule applies to you too, and would shut you out of everything else.';
        }
        if (Object.keys(fields).length > 0) throw new DomainError('INVALID_REQUEST', Object.values(fields).join(' '), fields);
        const change: Record<string, Value> = {};
        const before: Record<string, Value> = {};
        for (const field of SETTINGS_FIELDS) {
          const value = patch[field];
          if (value === undefined) continue;
          const next = normalised(field, value);
          if (next === current[field]) continue;
          change[field] = next;
          before[field] = current[field];
        }
        const changed = Object.keys(change) as SettingsField[];
        if (changed.length === 0) return { settings: current, changed, repriced: 0 };
        // The periods are typed as text and kept as a list of days.
        const { rateLockPeriods, ...rest } = change;
        const stored = { ...rest, ...(typeof rateLockPeriods === 'string' ? { rateLockPeriodsDays: periodsOf(rateLockPeriods)! } : {}) };
        const updated = settingsOf(await repo.update(stored as SettingsChange));
        const repriced = 'gstPercent' in change ? await repriceCatalogue(tx) : 0;
        await recordAudit(tx, actor, { action: 'update', entity: 'settings', entityId: 1, before, after: { ...change, ...(repriced ? { repriced } : {}) } });
        return { settings: updated, changed, repriced };
      });
    },
  };
}
