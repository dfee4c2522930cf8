import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

/** The customer's mail when the orders desk stores a piece's diamond certificate (issue 20). */
export function certificateReadyMail(brand: Brand, to: string, orderNumber: string, certificate: { lab: string; number: string; huid: string }): OutgoingMail {
  const body = layout(brand, 'Your diamond certificate', [
    `Order ${orderNumber}: the grading certificate of your piece with HUID ${certificate.huid} is ready (${certificate.lab}, number ${certificate.number}).`,
    'Download it from the order’s page under My Account → Orders. You can check the number on the lab’s own website.',
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
  ]);
  return { to, subject: `Your ${brand.storeName} order ${orderNumber}: diamond certificate`, kind: 'order-certificate', ...body };
}
