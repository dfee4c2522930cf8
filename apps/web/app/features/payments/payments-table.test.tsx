import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { PaymentRow } from '@milli/contracts';
import { PaymentsTable, paymentStanding } from './payments-table.tsx';

const row = (over: Partial<PaymentRow>): PaymentRow => ({
  id: 1,
  purpose: 'harvest_instalment',
  description: 'Milli Harvest instalment 1 of 10',
  orderNumber: null,
  amountPaise: 100_000,
  status: 'paid',
  refundedPaise: 0,
  refunds: [],
  method: 'Visa •••• 1111',
  failureReason: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  paidAt: '2026-11-24T10:01:00.000Z',
  ...over,
});
const refund = (amountPaise: number, status: 'pending' | 'processed' | 'failed', reason = 'Cancelled by you.') => ({
  amountPaise,
  status,
  reason,
  createdAt: '2026-11-25T10:00:00.000Z',
  processedAt: status === 'processed' ? '2026-11-25T11:00:00.000Z' : null,
});

/** The table's text as a reader gets it. */
function text(rows: PaymentRow[] | null): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <PaymentsTable payments={rows} />
    </MemoryRouter>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('My Account → Payments', () => {
  it('says how each payment stands: paid, not paid yet (with the last try), failed (with why), refunded, partly refunded', () => {
    expect(paymentStanding(row({}))).toEqual({ tone: 'paid', label: 'Paid', note: null });
    expect(paymentStanding(row({ status: 'created', failureReason: 'Your card was declined.' }))).toMatchObject({
      label: 'Not paid yet',
      note: 'Last try: Your card was declined.',
    });
    expect(paymentStanding(row({ status: 'failed', failureReason: 'Not paid in time: the order lapsed.' }))).toMatchObject({
      label: 'Failed',
      note: 'Not paid in time: the order lapsed.',
    });
    expect(paymentStanding(row({ status: 'refunded', refundedPaise: 100_000, refunds: [refund(100_000, 'processed')] }))).toMatchObject({
      label: 'Refunded',
      note: 'Rs. 1,000.00 back to you',
    });
    expect(paymentStanding(row({ refundedPaise: 40_000, refunds: [refund(40_000, 'processed')] }))).toMatchObject({
      label: 'Partly refunded',
      note: 'Rs. 400.00 of Rs. 1,000.00 back to you',
    });
    expect(paymentStanding(row({ refunds: [refund(100_000, 'pending')] }))).toMatchObject({
      label: 'Refund on its way',
      note: 'Rs. 1,000.00 is being refunded',
    });
  });

  it('names the order with a link, the method, the amount, and every refund with its state and reason', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <PaymentsTable
          payments={[
            row({
              purpose: 'order',
              orderNumber: 'MIL-000042',
              description: 'Order MIL-000042',
              refundedPaise: 40_000,
              refunds: [refund(40_000, 'processed', 'One piece returned.'), refund(20_000, 'pending')],
            }),
          ]}
        />
      </MemoryRouter>,
    );
    expect(html).toContain('href="/order-details?order=MIL-000042"');
    const shown = text([
      row({
        purpose: 'order',
        orderNumber: 'MIL-000042',
        description: 'Order MIL-000042',
        refundedPaise: 40_000,
        refunds: [refund(40_000, 'processed', 'One piece returned.'), refund(20_000, 'pending')],
      }),
    ]);
    expect(shown).toContain('Order MIL-000042');
    expect(shown).toContain('Visa •••• 1111');
    expect(shown).toContain('Rs. 1,000.00');
    expect(shown).toContain('Partly refunded');
    expect(shown).toMatch(/Rs\. 400\.00 refunded on 25 Nov 2026/);
    expect(shown).toContain('One piece returned.');
    expect(shown).toMatch(/Rs\. 200\.00 refund on its way/);
  });

  it('shows the description of a payment for no order, an empty state, and a load failure', () => {
    expect(text([row({ purpose: 'cad_advance', description: 'Custom design advance (30 %)' })])).toContain('Custom design advance (30 %)');
    expect(text([])).toContain('No payments yet');
    expect(text(null)).toContain('could not be loaded');
  });
});
