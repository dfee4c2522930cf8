import { and, desc, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';
import type { StoreCreditEntry } from '@milli/db/schema';
import { formatRupees } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';

const { storeCreditEntries: entries, customers } = schema;

export type StoreCreditKind = (typeof schema.STORE_CREDIT_KINDS)[number];

export interface StoreCreditMovement {
  customerId: number;
  /** Positive credits the customer; negative (kinds 'spent' and 'correction') takes credit away. */
  amountPaise: number;
  kind: StoreCreditKind;
  note: string;
  orderId?: number | null;
  returnId?: number | null;
  exchangeId?: number | null;
  createdBy?: number | null;
  at?: Date;
}

/**
 * Store credit is a ledger (decision 031): entries are only ever added, the balance is their sum, and every
 * movement of one customer's credit is taken under that customer's row lock, so two movements at once (two
 * checkouts, a checkout and a staff correction) never spend the same paise twice nor leave the balance below zero.
 * Every function runs inside the caller's transaction.
 */
export async function lockStoreCredit(tx: Db, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** The customer's balance in paise (lock first with `lockStoreCredit` when about to spend it). */
export async function storeCreditBalance(tx: Db, customerId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${entries.amountPaise}), 0)` })
    .from(entries)
    .where(eq(entries.customerId, customerId));
  return Number(row?.total ?? 0);
}

/** The customer's entries, newest first (their account's statement). */
export async function storeCreditEntries(tx: Db, customerId: number, limit = 200): Promise<StoreCreditEntry[]> {
  return tx.select().from(entries).where(eq(entries.customerId, customerId)).orderBy(desc(entries.createdAt), desc(entries.id)).limit(limit);
}

/**
 * Adds one entry under the customer's lock. Taking credit away (a negative amount) beyond the balance is refused
 * with STORE_CREDIT_SHORT, and nothing is written.
 */
export async function moveStoreCredit(tx: Db, m: StoreCreditMovement): Promise<StoreCreditEntry> {
  if (!Number.isSafeInteger(m.amountPaise) || m.amountPaise === 0) throw new Error(`a store credit movement of ${m.amountPaise} paise`);
  await lockStoreCredit(tx, m.customerId);
  if (m.amountPaise < 0) {
    const balance = await storeCreditBalance(tx, m.customerId);
    if (balance + m.amountPaise < 0) {
      throw new DomainError('STORE_CREDIT_SHORT', `Your store credit is ${formatRupees(balance)}: less than the ${formatRupees(-m.amountPaise)} asked for.`);
    }
  }
  const [entry] = await tx
    .insert(entries)
    .values({
      customerId: m.customerId,
      amountPaise: m.amountPaise,
      kind: m.kind,
      note: m.note,
      orderId: m.orderId ?? null,
      returnId: m.returnId ?? null,
      exchangeId: m.exchangeId ?? null,
      createdBy: m.createdBy ?? null,
      ...(m.at ? { createdAt: m.at } : {}),
    })
    .returning();
  return entry!;
}

/**
 * Gives back, once, the store credit an order spent (its 'spent' entries less what was already given back): the
 * step every reversal of an order (cancel, lapse, staff cancel) takes in its own transaction. Returns the paise
 * given back (0 when the order spent none, or it was already given back).
 */
export async function giveBackStoreCredit(tx: Db, customerId: number, orderId: number, orderNumber: string, at?: Date): Promise<number> {
  await lockStoreCredit(tx, customerId);
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${entries.amountPaise}), 0)` })
    .from(entries)
    .where(and(eq(entries.customerId, customerId), eq(entries.orderId, orderId), sql`${entries.kind} in ('spent', 'given_back')`));
  const owed = -Number(row?.total ?? 0);
  if (owed <= 0) return 0;
  await moveStoreCredit(tx, { customerId, amountPaise: owed, kind: 'given_back', note: `Given back: order ${orderNumber} was cancelled.`, orderId, ...(at ? { at } : {}) });
  return owed;
}
