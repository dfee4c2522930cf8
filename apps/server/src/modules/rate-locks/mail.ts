import type { RateLock } from '@milli/contracts/schemas';
import { dateInWords, formatGrams, formatRupees, metalName } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

/** The advance arrived: the lock is live (issue 42). */
export function rateLockedMail(brand: Brand, to: string, lock: RateLock): OutgoingMail {
  const body = layout(brand, 'Your rate is locked', [
    `Thank you: we received your advance of ${formatRupees(lock.advancePaise)}. ${formatGrams(lock.lockedMg)} of ${metalName(lock.metal, lock.purity)} is locked at ${formatRupees(lock.ratePaisePerGram)} a gram until ${lock.lastDay ? dateInWords(lock.lastDay) : 'the end of its period'}.`,
    'What you buy of it meanwhile is priced at the lower of the locked rate and the day’s rate, and your advance counts toward the payment.',
    lock.unusedAdvance === 'refund'
      ? 'Any part of the advance you have not used by then is refunded to the card or UPI it was paid with.'
      : 'Any part of the advance you have not used by then is kept by the store, as the terms say.',
  ]);
  return { to, subject: `${brand.storeName}: your rate is locked`, kind: 'rate-lock-live', ...body };
}

/** The lock's period ended: what became of the advance not used. */
export function rateLockEndedMail(brand: Brand, to: string, lock: RateLock): OutgoingMail {
  const left = lock.advanceRefundedPaise + lock.advanceKeptPaise;
  const lines = [
    `Your lock of ${formatGrams(lock.lockedMg)} of ${metalName(lock.metal, lock.purity)} at ${formatRupees(lock.ratePaisePerGram)} a gram has ended.`,
  ];
  lines.push(`You used ${formatGrams(lock.usedMg)} of it, and ${formatRupees(lock.advanceUsedPaise)} of your advance went toward those purchases.`);
  if (lock.advanceRefundedPaise > 0)
    lines.push(`The ${formatRupees(lock.advanceRefundedPaise)} of advance not used is being refunded to the card or UPI it was paid with.`);
  else if (lock.advanceKeptPaise > 0)
    lines.push(`The ${formatRupees(lock.advanceKeptPaise)} of advance not used is kept by the store, as the terms you agreed to said.`);
  else if (left === 0) lines.push('All of your advance was used.');
  const body = layout(brand, 'Your rate lock has ended', lines);
  return { to, subject: `${brand.storeName}: your rate lock has ended`, kind: 'rate-lock-ended', ...body };
}
