import type { Db } from '@milli/db';
import type { CreditNote, Order, OrderLine, StoreSettings } from '@milli/db/schema';
import { gstContained } from '@milli/pricing';
import { invoiceNumberOf } from './documents.ts';
import { ordersRepository } from './repository.ts';

/*
 * What the after-sale modules (returns, issue 20) ask of an order, inside their own transaction: the customer's own
 * order (locked when counting against it), its lines, stock put back on the shelf, and a credit note against its
 * invoice. The orders module keeps its queries; the others call these.
 */

/** The customer's own order by its number, or null (also for someone else's); `lock` takes its row lock. */
export function ownOrder(tx: Db, customerId: number, orderNumber: string, opts: { lock?: boolean } = {}): Promise<Order | null> {
  return ordersRepository(tx).findOwn(customerId, orderNumber, opts);
}

export function orderLinesOf(tx: Db, orderId: number): Promise<OrderLine[]> {
  return ordersRepository(tx).lines(orderId);
}

/** Puts pieces back on the shelf (product rows locked in id order, as every writer of stock does). */
export function putBackOnShelf(tx: Db, lines: readonly { productId: number | null; quantity: number }[]): Promise<void> {
  return ordersRepository(tx).returnStock(lines);
}

/** A credit note against the order's invoice, numbered after its others (CN-{invoice}-{n}), GST worked back from the amount. */
export async function issueCreditNote(
  tx: Db,
  order: Pick<Order, 'id' | 'orderNumber'>,
  s: Pick<StoreSettings, 'invoicePrefix' | 'gstPercent'>,
  note: { reason: CreditNote['reason']; note: string; amountPaise: number; createdBy: number | null; at?: Date },
): Promise<CreditNote> {
  const r = ordersRepository(tx);
  const n = (await r.creditNotes(order.id)).length + 1;
  return r.insertCreditNote({
    orderId: order.id,
    number: `CN-${invoiceNumberOf(order.orderNumber, s.invoicePrefix)}-${n}`,
    reason: note.reason,
    note: note.note,
    amountPaise: note.amountPaise,
    taxPaise: gstContained(note.amountPaise, Number(s.gstPercent)).gst,
    createdBy: note.createdBy,
    ...(note.at ? { createdAt: note.at } : {}),
  });
}
