import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Db } from '@milli/db';

const { orders, orderPieces, customers } = schema;

export function certificatesRepository(db: Db) {
  const pieceQuery = (orderNumber: string, pieceId: number, customerId?: number) =>
    db
      .select({ piece: orderPieces, orderId: orders.id, orderNumber: orders.orderNumber, customerId: orders.customerId })
      .from(orderPieces)
      .innerJoin(orders, eq(orders.id, orderPieces.orderId))
      .where(
        and(
          eq(orders.orderNumber, orderNumber),
          eq(orderPieces.id, pieceId),
          isNull(orderPieces.releasedAt),
          customerId === undefined ? undefined : eq(orders.customerId, customerId),
        ),
      );
  return {
    /** A piece still sold with its order (not released), for the desk; locked when asked. */
    async piece(orderNumber: string, pieceId: number, opts: { lock?: boolean } = {}) {
      const [found] = opts.lock ? await pieceQuery(orderNumber, pieceId).for('update', { of: orderPieces }) : await pieceQuery(orderNumber, pieceId);
      return found ?? null;
    },
    /** A piece of one of this customer's orders (the customer's id is part of the query). */
    async customersPiece(customerId: number, orderNumber: string, pieceId: number) {
      const [found] = await pieceQuery(orderNumber, pieceId, customerId);
      return found ?? null;
    },
    /** Where the order's owner is mailed. */
    async ownerEmail(customerId: number) {
      const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
      return row?.email ?? null;
    },
    async setCertificate(pieceId: number, certificate: { lab: string; number: string; path: string; type: string }) {
      await db
        .update(orderPieces)
        .set({ certificateLab: certificate.lab, certificateNumber: certificate.number, certificatePath: certificate.path, certificateType: certificate.type })
        .where(eq(orderPieces.id, pieceId));
    },
  };
}
