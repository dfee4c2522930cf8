import type { Order, OrderAdjustment, OrderPiece } from '@milli/db/schema';
import { formatRupees } from '@milli/pricing';
import type { OrderStatus } from './repository.ts';

/** The delivery steps in order; Cancelled stands outside them. */
export const FLOW: readonly OrderStatus[] = ['Placed', 'Picked', 'Out for Delivery', 'Delivered'];

/** Staff record an order's pieces while it is packed: Placed or Picked. */
export const PACKABLE: readonly OrderStatus[] = ['Placed', 'Picked'];

export type NextStatus = 'Placed' | 'Picked' | 'Out for Delivery' | 'Delivered';

/** A line needs a HUID and the real weight of each piece before dispatch when it is of a weighed precious metal. */
export function isHallmarked(line: { metal: string | null; metalWeightMg: number | null }): boolean {
  return Boolean(line.metal) && line.metalWeightMg !== null && line.metalWeightMg > 0;
}

export interface OrderRules {
  nextStatus: NextStatus | null;
  /** Why the next step cannot be taken now, or null. */
  blockedBy: string | null;
  canCancel: boolean;
}

/**
 * What staff may do with an order next, read by its page and enforced by the writes alike: one step at a time
 * (Awaiting confirmation → Placed for pay on delivery), and the dispatch (Out for Delivery) only once every
 * hallmarked piece is recorded and no weight difference is left to pay.
 */
export function orderRules(
  order: Pick<Order, 'status'>,
  lines: readonly { id: number; productName: string; quantity: number; metal: string | null; metalWeightMg: number | null }[],
  pieces: readonly Pick<OrderPiece, 'lineId' | 'releasedAt'>[],
  adjustments: readonly Pick<OrderAdjustment, 'kind' | 'status' | 'amountPaise'>[],
): OrderRules {
  const canCancel = order.status !== 'Delivered' && order.status !== 'Cancelled';
  if (order.status === 'Cancelled' || order.status === 'Delivered') return { nextStatus: null, blockedBy: null, canCancel };
  if (order.status === 'Awaiting payment')
    return { nextStatus: null, blockedBy: 'The order is waiting for its online payment; it is placed once paid.', canCancel };
  const nextStatus = (order.status === 'Awaiting confirmation' ? 'Placed' : FLOW[FLOW.indexOf(order.status) + 1]) as NextStatus;
  let blockedBy: string | null = null;
  if (nextStatus === 'Out for Delivery') {
    const unpacked = lines.filter((l) => isHallmarked(l) && pieces.filter((p) => p.lineId === l.id && p.releasedAt === null).length !== l.quantity);
    const charges = adjustments.filter((a) => a.kind === 'charge' && a.status === 'open');
    const proposed = adjustments.filter((a) => a.status === 'proposed');
    const rejected = adjustments.some((a) => a.status === 'rejected');
    if (unpacked.length > 0) {
      blockedBy = `Record the HUID and weights of every hallmarked piece before dispatch: ${unpacked.map((l) => `${l.productName} (${l.quantity})`).join(', ')}.`;
    } else if (proposed.length > 0) {
      blockedBy = `${proposed.length === 1 ? 'A weight difference waits' : `${proposed.length} weight differences wait`} for the accounts desk to approve or reject before dispatch.`;
    } else if (rejected) {
      blockedBy = 'The accounts desk rejected a weight difference: weigh the pieces again and save the packing before dispatch.';
    } else if (charges.length > 0) {
      const due = charges.reduce((a, c) => a + c.amountPaise, 0);
      blockedBy = `A weight difference of ${formatRupees(due)} is still to be paid by the customer (or waived) before dispatch.`;
    }
  }
  return { nextStatus, blockedBy, canCancel };
}
