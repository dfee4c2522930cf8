import { formatRupees } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

/** The customer's mail when staff add goodwill store credit. */
export function goodwillMail(brand: Brand, to: string, amountPaise: number, note: string, orderNumber: string): OutgoingMail {
  const body = layout(brand, 'Store credit added to your account', [
    `We have added ${formatRupees(amountPaise)} of store credit to your account (order ${orderNumber}): ${note}`,
    'Spend it at checkout on any order: see My Account → Store credit.',
  ]);
  return { to, subject: `${formatRupees(amountPaise)} store credit from ${brand.storeName}`, kind: 'store-credit', ...body };
}
