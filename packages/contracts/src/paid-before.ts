import { andList } from './and-list.ts';
/**
 * What paid an order, or part of it, before it was placed (issue 39): browser-safe, so the shopper's order page and
 * the orders desk name it alike without zod in the storefront bundle.
 */
export const PAID_BEFORE_KINDS = ['harvest', 'store_credit', 'advance', 'rate_lock', 'metal_account'] as const;
export type PaidBeforeKind = (typeof PAID_BEFORE_KINDS)[number];

/** The kinds of payment made before an order that paid part of it, in PAID_BEFORE_KINDS' order. */
export function paidBeforeOf(totals: {
  harvestCreditPaise: number;
  storeCreditPaise: number;
  advancePaise: number;
  rateLockAdvancePaise?: number;
  metalAccountPaise?: number;
}): PaidBeforeKind[] {
  const kinds: PaidBeforeKind[] = [];
  if (totals.harvestCreditPaise > 0) kinds.push('harvest');
  if (totals.storeCreditPaise > 0) kinds.push('store_credit');
  if (totals.advancePaise > 0) kinds.push('advance');
  if ((totals.rateLockAdvancePaise ?? 0) > 0) kinds.push('rate_lock');
  if ((totals.metalAccountPaise ?? 0) > 0) kinds.push('metal_account');
  return kinds;
}

/** What paid before, as a sentence names it ('your Milli Harvest balance and your store credit'). */
export function paidBeforeWords(kinds: readonly PaidBeforeKind[], whose: 'your' | 'the'): string {
  const names: Record<PaidBeforeKind, string> = {
    harvest: `${whose} Milli Harvest balance`,
    store_credit: `${whose} store credit`,
    advance: `the advance paid on ${whose} design`,
    rate_lock: `the advance of ${whose} rate lock`,
    metal_account: `the fine gold in ${whose} metal account`,
  };
  return andList(kinds.map((k) => names[k]));
}
