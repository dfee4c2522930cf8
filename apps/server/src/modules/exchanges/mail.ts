import { formatRupees } from '@milli/pricing';
import type { OutgoingMail } from '../mail/service.ts';
import { layout, type Brand } from '../../lib/mail-layout.ts';

const WHAT = { exchange: 'exchange', buyback: 'buy-back' } as const;
type Kind = keyof typeof WHAT;

export interface ExchangeMailFacts {
  orderNumber: string;
  productName: string;
  huid: string | null;
  kind: Kind;
}

const piece = (f: ExchangeMailFacts) => `${f.productName}${f.huid ? ` (HUID ${f.huid})` : ''} from order ${f.orderNumber}`;

/** The customer's mail when they ask for an exchange or a buy-back: the quote as shown, and what happens next. */
export function exchangeAskedMail(brand: Brand, to: string, f: ExchangeMailFacts & { quotedPaise: number; rateDate: string }): OutgoingMail {
  const body = layout(brand, `We have your ${WHAT[f.kind]} request`, [
    `You asked us to ${f.kind === 'exchange' ? 'take back' : 'buy back'} ${piece(f)}.`,
    `Its ${WHAT[f.kind]} value at the rate of ${f.rateDate} is ${formatRupees(f.quotedPaise)}. The final value is worked out at the day's rate when we receive and test the piece in store.`,
    f.kind === 'exchange'
      ? 'Once settled, the value becomes store credit you can spend on any order.'
      : 'Once settled, we pay the value into your bank account and send you the payment reference.',
    `Bring the piece with its invoice to any of our stores, or call us on ${brand.helpLine} to arrange it.`,
  ]);
  return { to, subject: `Your ${WHAT[f.kind]} request for ${f.productName}`, kind: 'exchange-asked', ...body };
}

/** The customer's mail at each step staff take: received, settled, refused. */
export function exchangeStepMail(
  brand: Brand,
  to: string,
  f: ExchangeMailFacts &
    ({ step: 'Received' } | { step: 'Settled'; amountPaise: number; payoutReference: string | null } | { step: 'Refused'; reason: string }),
): OutgoingMail {
  const lines =
    f.step === 'Received'
      ? [`We have received ${piece(f)} for your ${WHAT[f.kind]}. We will test it and settle your request shortly.`]
      : f.step === 'Settled'
        ? f.kind === 'exchange'
          ? [
              `Your exchange of ${piece(f)} is settled: ${formatRupees(f.amountPaise)} is now store credit on your account.`,
              'Spend it at checkout on any order: see My Account → Store credit.',
            ]
          : [
              `Your buy-back of ${piece(f)} is settled: we paid ${formatRupees(f.amountPaise)} to your bank account${f.payoutReference ? ` (payment reference ${f.payoutReference})` : ''}.`,
            ]
        : [`We could not accept ${piece(f)} for ${WHAT[f.kind]}: ${f.reason}`];
  const heading =
    f.step === 'Received' ? 'We have your piece' : f.step === 'Settled' ? `Your ${WHAT[f.kind]} is settled` : `Your ${WHAT[f.kind]} request was declined`;
  const body = layout(brand, heading, [...lines, `Questions? Call us on ${brand.helpLine} or reply to this mail.`]);
  return { to, subject: `${heading}: ${f.productName}`, kind: 'exchange-step', ...body };
}
