import type { Db } from '@milli/db';
import type { DOCUMENT_SERIES_KINDS } from '@milli/db/schema';
import { indianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { ordersRepository } from './repository.ts';

/*
 * Issue 39: the store's tax invoices and credit notes each have their own consecutive series per Indian financial
 * year (1 April to 31 March), at most 16 characters (rules 46(b) and 53 of the CGST Rules: letters, digits, '/' and
 * '-'). An invoice is 'MIL/2627/000001', a credit note 'MIL/2627/C00001' (decision 054).
 */

export type DocumentKind = (typeof DOCUMENT_SERIES_KINDS)[number];

/** The longest serial the GST rules allow. */
export const DOCUMENT_NUMBER_MAX = 16;

/** The financial year of a moment in India, as the series names it: '2627' for April 2026 to March 2027. */
export function financialYearOf(at: Date): string {
  const [year, month] = indianDate(at).split('-').map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  return `${String(first % 100).padStart(2, '0')}${String((first + 1) % 100).padStart(2, '0')}`;
}

/** The printed number of the nth document of a kind in a financial year. */
export function documentNumberOf(kind: DocumentKind, prefix: string, financialYear: string, n: number): string {
  const serial = kind === 'invoice' ? String(n).padStart(6, '0') : `C${String(n).padStart(5, '0')}`;
  return `${prefix.toUpperCase()}/${financialYear}/${serial}`;
}

/**
 * Takes the next number of a series, on the caller's transaction: the series row is written (created at the year's
 * first document) and locked until that transaction ends, so two documents issued at once are numbered one after the
 * other, and a document whose transaction rolls back gives its number back (no gap).
 */
export async function takeDocumentNumber(tx: Db, kind: DocumentKind, prefix: string, at: Date): Promise<string> {
  const financialYear = financialYearOf(at);
  const number = documentNumberOf(kind, prefix, financialYear, await ordersRepository(tx).nextInSeries(kind, financialYear));
  if (number.length > DOCUMENT_NUMBER_MAX) {
    throw new DomainError(
      'CONFLICT',
      `The ${kind === 'invoice' ? 'invoice' : 'credit note'} series of ${financialYear} is full: ${number} would be longer than ${DOCUMENT_NUMBER_MAX} characters. Choose a shorter invoice prefix in Settings.`,
    );
  }
  return number;
}
