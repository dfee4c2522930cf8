import { Link } from 'react-router';
import { RATE_LOCK_PATH, type RateLock } from '@milli/contracts';
import { formatGrams, formatRupees, metalName } from '@milli/pricing';
import type { ApiClient } from '../../lib/api.ts';
import { FormAlert } from '../../components/forms/form-bits.tsx';

/** The shopper's rate locks (GET /api/rate-locks), or null when they could not be loaded. */
export async function loadRateLocks(api: ApiClient): Promise<RateLock[] | null> {
  try {
    return (await api.get('/api/rate-locks')).data;
  } catch {
    return null;
  }
}

const day = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** What became of a lock, in words: live until its last day, ended with its advance refunded or kept, or waiting for its advance. */
export function lockState(lock: RateLock): string {
  switch (lock.status) {
    case 'Live':
      return lock.lastDay ? `Live until ${day(lock.lastDay)}` : 'Live';
    case 'Pending payment':
      return 'Waiting for the advance';
    case 'Cancelled':
      return 'Not paid in time';
    case 'Ended':
      if (lock.advanceRefundedPaise > 0) return `Ended: ${formatRupees(lock.advanceRefundedPaise)} refunded`;
      if (lock.advanceKeptPaise > 0) return `Ended: ${formatRupees(lock.advanceKeptPaise)} kept`;
      return 'Ended';
  }
}

/**
 * My Account's and /rate-lock's list of locks: grams locked, used and left, the rate, the advance and what of it went
 * toward orders; a lock waiting for its advance links to its payment.
 */
export function RateLockTable({ locks }: { locks: RateLock[] | null }) {
  if (!locks) return <FormAlert tone="error">We could not load your rate locks just now. Please try again in a moment.</FormAlert>;
  if (locks.length === 0)
    return (
      <p className="muted">
        No rate locks yet. <Link to={RATE_LOCK_PATH}>Lock today’s rate</Link> for gold you mean to buy.
      </p>
    );
  return (
    <div className="table-wrap">
      <table className="table rate-lock-table">
        <caption className="visually-hidden">Your rate locks</caption>
        <thead>
          <tr>
            <th scope="col">Metal</th>
            <th scope="col" className="num">
              Rate locked
            </th>
            <th scope="col" className="num">
              Grams used / left
            </th>
            <th scope="col" className="num">
              Advance (used)
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {locks.map((l) => (
            <tr key={l.id}>
              <td data-label="Metal">
                {formatGrams(l.lockedMg)} of {metalName(l.metal, l.purity)}
              </td>
              <td data-label="Rate locked" className="num">
                {formatRupees(l.ratePaisePerGram)}/g
              </td>
              <td data-label="Grams used / left" className="num">
                {formatGrams(l.usedMg)} / {formatGrams(l.leftMg)}
              </td>
              <td data-label="Advance (used)" className="num">
                {formatRupees(l.advancePaise)} ({formatRupees(l.advanceUsedPaise)})
              </td>
              <td data-label="Status">
                {lockState(l)}
                {l.status === 'Pending payment' && (
                  <>
                    {' '}
                    <Link to={`${RATE_LOCK_PATH}?pay=${l.id}#pay`}>Pay the advance</Link>
                  </>
                )}
                {l.uses.length > 0 && (
                  <ul className="rate-lock-uses">
                    {l.uses.map((u) => (
                      <li key={`${u.orderNumber}-${u.at}`}>
                        <Link to={`/order-details?order=${encodeURIComponent(u.orderNumber)}`}>Order {u.orderNumber}</Link>: {formatGrams(u.usedMg)},{' '}
                        {formatRupees(u.advancePaise)} of the advance{u.returned ? ' (cancelled: given back)' : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
