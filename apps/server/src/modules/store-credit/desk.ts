import type { Db } from '@milli/db';
import type { AdminGoodwill, AdminGoodwillAnswer, StoreCreditStatement } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { brandOf, type SettingsService } from '../settings/service.ts';
import { goodwillMail } from './mail.ts';
import { storeCreditRepository } from './repository.ts';
import { moveStoreCredit, storeCreditBalance } from './service.ts';

export interface StoreCreditDeskDeps {
  db: Db;
  settings: Pick<SettingsService, 'require'>;
  mailQueued?: () => void;
  now?: () => Date;
}

/** The routes' side of the ledger: the customer's statement and the accounts team's goodwill credit. */
export function createStoreCreditDesk(deps: StoreCreditDeskDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async statement(customerId: number): Promise<StoreCreditStatement> {
      const repo = storeCreditRepository(db);
      const [balancePaise, rows] = await Promise.all([repo.balance(customerId), repo.statement(customerId, 200)]);
      return {
        balancePaise,
        entries: rows.map(({ entry, orderNumber }) => ({
          id: entry.id,
          kind: entry.kind,
          amountPaise: entry.amountPaise,
          note: entry.note,
          orderNumber,
          at: entry.createdAt.toISOString(),
        })),
      };
    },

    /** Goodwill (permission accounts): credit to the order's customer, audited and mailed. */
    async goodwill(actor: AuditActor, orderNumber: string, input: AdminGoodwill): Promise<AdminGoodwillAnswer> {
      const s = await deps.settings.require();
      const at = now();
      const balancePaise = await db.transaction(async (tx) => {
        const repo = storeCreditRepository(tx);
        const order = await repo.orderByNumber(orderNumber);
        if (!order) throw new DomainError('ORDER_NOT_FOUND', 'There is no order with that number.');
        const entry = await moveStoreCredit(tx, {
          customerId: order.customerId,
          amountPaise: input.amountPaise,
          kind: 'goodwill',
          note: input.note,
          orderId: order.id,
          createdBy: actor.staffId,
          at,
        });
        await recordAudit(tx, actor, {
          action: 'goodwill',
          entity: 'order',
          entityId: order.orderNumber,
          before: null,
          after: { storeCreditEntryId: entry.id, amountPaise: input.amountPaise, note: input.note },
        });
        const buyer = await repo.customer(order.customerId);
        if (buyer) await queueMail(tx, goodwillMail(brandOf(s), buyer.email, input.amountPaise, input.note, order.orderNumber));
        return storeCreditBalance(tx, order.customerId);
      });
      deps.mailQueued?.();
      return { message: `${formatRupees(input.amountPaise)} of store credit added.`, balancePaise };
    },
  };
}
