/** The settings screen's words and field kinds, browser-safe (the action and the screen share them). */
import type { SettingsField } from '@milli/contracts/schemas';
import type { FieldErrors } from '../../lib/field-errors.ts';
import { andList } from '@milli/contracts';

/** Fields typed in rupees (sent as paise). */
export const MONEY_FIELDS = ['shippingFeePaise', 'hallmarkingChargePaise', 'codLimitPaise'] as const satisfies readonly SettingsField[];
export const NUMBER_FIELDS = [
  'returnWindowDays',
  'deliveryDays',
  'gstPercent',
  'cadAdvancePercent',
  'lowStockThreshold',
  'paymentHoldMinutes',
  'weightTolerancePercent',
  'packingTolerancePercent',
  'exchangePercent',
  'buybackPercent',
  'diamondExchangePercent',
  'diamondBuybackPercent',
  'tradeInPercent',
  'appointmentSlotCapacity',
  'backupRetentionDays',
  'rateLockAdvancePercent',
  'metalMeltingLossPerMille',
] as const satisfies readonly SettingsField[];
/** Issue 42: weights typed in grams (sent as mg). */
export const GRAM_FIELDS = ['rateLockMaxMg', 'metalAssayMaxMg'] as const satisfies readonly SettingsField[];

/** What each field is called on the screen, for the saved notice. */
export const FIELD_LABELS: Record<SettingsField, string> = {
  storeName: 'store name',
  helpLine: 'help line',
  emailPrimary: 'main e-mail',
  emailSecondary: 'second e-mail',
  officeAddress: 'office address',
  returnWindowDays: 'return window',
  shippingFeePaise: 'shipping fee',
  deliveryDays: 'delivery time',
  gstPercent: 'GST rate',
  hallmarkingChargePaise: 'hallmarking charge',
  cadAdvancePercent: 'CAD advance',
  sellerLegalName: 'legal name',
  sellerGstin: 'GSTIN',
  sellerState: 'state',
  sellerStateCode: 'state code',
  invoicePrefix: 'invoice prefix',
  codLimitPaise: 'pay-on-delivery limit',
  paymentHoldMinutes: 'payment hold',
  lowStockThreshold: 'low-stock threshold',
  weightTolerancePercent: 'weight tolerance',
  packingTolerancePercent: 'packing tolerance',
  exchangePercent: 'exchange value',
  buybackPercent: 'buy-back value',
  diamondExchangePercent: 'diamond exchange value',
  diamondBuybackPercent: 'diamond buy-back value',
  tradeInPercent: 'trade-in value',
  appointmentSlotCapacity: 'appointments per slot',
  backupRetentionDays: 'backup retention',
  bisRegistration: 'BIS registration number',
  rateLockAdvancePercent: 'rate lock advance',
  rateLockPeriods: 'rate lock periods',
  rateLockMaxMg: 'rate lock cap',
  rateLockUnusedAdvance: 'unused advance rule',
  metalMeltingLossPerMille: 'melting loss',
  metalAssayMaxMg: 'most per assay',
  staffTwoFactorRequired: 'two-factor rule',
};

export interface SettingsActionResult {
  /** What was typed, so the form shows it again after a refusal. */
  values?: Record<string, string | boolean>;
  errors: FieldErrors<SettingsField>;
  message?: string;
  /** The fields that changed, after a save. */
  saved?: SettingsField[];
  repriced?: number;
}

/** The saved notice: what changed, in words. */
export function savedMessage(result: SettingsActionResult | undefined): string | null {
  if (!result?.saved) return null;
  if (result.saved.length === 0) return 'Nothing changed: the settings were already so.';
  const names = result.saved.map((f) => FIELD_LABELS[f]);
  const list = andList(names);
  const repriced = result.repriced ? ` ${result.repriced} product price${result.repriced === 1 ? '' : 's'} follow the new GST rate.` : '';
  return `Saved: ${list}.${repriced}`;
}
