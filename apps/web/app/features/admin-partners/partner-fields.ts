/**
 * The trade-partner desk's screens (issue 19): the application's stored fields grouped as the long and short
 * forms group them, with the forms' own labels, and the status badges' tones.
 */
import type { AdminPartnerDetail, PartnerDuplicates, TradePartnerApplicationStatus } from '@milli/contracts/schemas';

export const STATUS_TONE: Record<TradePartnerApplicationStatus, 'info' | 'warning' | 'success' | 'danger'> = {
  Received: 'info',
  'Under Review': 'warning',
  Approved: 'success',
  Rejected: 'danger',
};

type Key = keyof AdminPartnerDetail;
export interface DetailGroup {
  title: string;
  rows: [label: string, key: Key, suffix?: string][];
}

/** The groups of the long form; the short form fills only the first. */
export const DETAIL_GROUPS: DetailGroup[] = [
  {
    title: 'Applicant',
    rows: [
      ['First name', 'firstName'],
      ['Middle name', 'middleName'],
      ['Last name', 'lastName'],
      ['Company', 'company'],
      ['E-mail', 'email'],
      ['Phone', 'phone'],
      ['Applied as', 'type'],
      ['Type as ticked on the form', 'adUserType'],
    ],
  },
  {
    title: 'Company',
    rows: [
      ['Company type', 'compType'],
      ['Company type (other)', 'compTypeOther'],
      ['Address line 1', 'compAdd1'],
      ['Address line 2', 'compAdd2'],
      ['City', 'compCity'],
      ['State', 'compState'],
      ['PIN', 'compPostal'],
    ],
  },
  {
    title: 'Showroom / factory',
    rows: [
      ['Name', 'srName'],
      ['Area', 'srArea', ' sq. ft'],
      ['Established', 'srEstDate'],
      ['Address line 1', 'srAdd1'],
      ['Address line 2', 'srAdd2'],
      ['City', 'srCity'],
      ['State', 'srState'],
      ['PIN', 'srPin'],
    ],
  },
  {
    title: 'Tax and bank account',
    rows: [
      ['PAN', 'compPan'],
      ['GSTIN', 'compGst'],
      ['Name on invoices', 'compInvoiceName'],
      ['GST with effect from', 'compWef'],
      ['Bank', 'compBankName'],
      ['Account number', 'compAccount'],
      ['Branch', 'compBranch'],
      ['IFSC', 'compIfsc'],
    ],
  },
  {
    title: 'Current operating status',
    rows: [
      ['Retail / wholesale', 'compRetail'],
      ['Locations', 'compLocation'],
    ],
  },
  {
    title: 'Fast-moving categories',
    rows: [
      ['Bangles', 'compBa', ' %'],
      ['Bracelets', 'compBr', ' %'],
      ['Earrings', 'compEr', ' %'],
      ['Finger rings', 'compFr', ' %'],
      ['Necklaces', 'compNe', ' %'],
      ['Nose pins', 'compNo', ' %'],
      ['Pendants', 'compPe', ' %'],
    ],
  },
];

export const CONTACT_TITLES: Record<string, string> = {
  management: 'Management',
  service: 'Order / Repair',
  logistics: 'Logistics',
  accounts: 'Accounts Manager',
};
export const SHARED_LABELS = { pan: 'PAN', gstin: 'GSTIN', email: 'e-mail', phone: 'phone' } as const;

/** Ids of the other applications a row shares something with, each once. */
export function duplicateIds(d: PartnerDuplicates): number[] {
  return [...new Set([...d.pan, ...d.gstin, ...d.email, ...d.phone])].sort((a, b) => a - b);
}

/** What a stored value shows as: '—' for nothing. */
export function shown(value: unknown, suffix = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  return `${String(value)}${suffix}`;
}
