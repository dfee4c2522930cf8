import type { Db } from '@milli/db';
import type { StoreCreditEntry } from '@milli/db/schema';
import { formatRupees } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { lockCustomer } from '../accounts/service.ts';
import { storeCreditRepository, type StoreCreditKind } from './repository.ts';

export type { StoreCreditKind };

export interface StoreCreditMovement {
  customerId: number;
  /** Positive credits the customer; negative (kinds 'spent' and 'correction') takes credit away. */
  amountPaise: number;
  kind: StoreCreditKind;
  /** What the customer reads beside the entry. */
  note: string;
  orderId?: number | null;
  returnId?: number | null;
  exchangeId?: number | null;
  createdBy?: number | null;
  at?: Date;
}

/*
 * Store credit is a ledger (decision 031): entries are only ever added, the balance is their sum, and every
 * movement of one customer's credit is taken under that customer's row lock, so two movements at once (two
 * checkouts, a checkout and a staff correction) never spend the same paise twice nor leave the balance below zero.
 * Every function runs inside the caller's transaction.
 */

/** The customer's balance in paise; pass `lock` when about to spend it in the same transaction. */
export async function storeCreditBalance(tx: Db, customerId: number, opts: { lock?: boolean } = {}): Promise<number> {
  const repo = storeCreditRepository(tx);
  if (opts.lock) await lockCustomer(tx, customerId);
  return repo.balance(customerId);
}

/** The customer's entries, newest first (their account's statement). */
export async function storeCreditStatement(tx: Db, customerId: number, limit = 200): Promise<StoreCreditEntry[]> {
  return storeCreditRepository(tx).entries(customerId, limit);
}

/**
 * Adds one entry under the customer's lock. Taking credit away (a negative amount) beyond the balance is refused
 * with STORE_CREDIT_SHORT, and nothing is written.
 */
export async function moveStoreCredit(tx: Db, m: StoreCreditMovement): Promise<StoreCreditEntry> {
  if (!Number.isSafeInteger(m.amountPaise) || m.amountPaise === 0) throw new Error(`a store credit movement of ${m.amountPaise} paise`);
  const repo = storeCreditRepository(tx);
  await lockCustomer(tx, m.customerId);
  if (m.amountPaise < 0) {
    const balance = await repo.balance(m.customerId);
    if (balance + m.amountPaise < 0) {
      throw new DomainError('STORE_CREDIT_SHORT', `Your store credit is ${formatRupees(balance)}: less than the ${formatRupees(-m.amountPaise)} asked for.`);
    }
  }
  return repo.insert({
    customerId: m.customerId,
    amountPaise: m.amountPaise,
    kind: m.kind,
    note: m.note,
    orderId: m.orderId ?? null,
    returnId: m.returnId ?? null,
    exchangeId: m.exchangeId ?? null,
    createdBy: m.createdBy ?? null,
    ...(m.at ? { createdAt: m.at } : {}),
  });
}

/**
 * Gives back, once, the store credit an order spent (its 'spent' entries less what was already given back): the
 * step every reversal of an order (cancel, lapse, staff cancel) takes in its own transaction. Returns the paise
 * given back (0 when the order spent none, or it was already given back).
 */
export async function giveBackStoreCredit(tx: Db, customerId: number, orderId: number, orderNumber: string, at?: Date): Promise<number> {
  const repo = storeCreditRepository(tx);
  await lockCustomer(tx, customerId);
  const owed = await repo.owedBack(customerId, orderId);
  if (owed <= 0) return 0;
  await moveStoreCredit(tx, {
    customerId,
    amountPaise: owed,
    kind: 'given_back',
    note: `Given back: order ${orderNumber} was cancelled.`,
    orderId,
    ...(at ? { at } : {}),
  });
  return owed;
}
