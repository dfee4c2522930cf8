// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import type { OrderPayment } from '@milli/contracts';
import { OrderPaymentPanel } from './order-payment.tsx';

afterEach(cleanup);

const BASE: OrderPayment = {
  method: 'online',
  state: 'awaiting',
  payNowPaise: 54_000_00,
  payOnDeliveryPaise: 0,
  paidPaise: 0,
  refundedPaise: 0,
  payBy: '2026-11-24T10:15:00.000Z',
  methodLabel: null,
  paidBefore: [],
};

function renderPanel(payment: Partial<OrderPayment>) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <OrderPaymentPanel orderNumber="MIL-2026-000042" payment={{ ...BASE, ...payment }} /> }]);
  render(<Stub initialEntries={['/']} />);
}

describe('the order page’s payment panel', () => {
  it('awaiting: Pay now to the payment step, and until when the pieces are held (India’s time)', async () => {
    renderPanel({});
    const link = await screen.findByRole('link', { name: /Pay now/ });
    expect(link.getAttribute('href')).toBe('/checkout/pay/MIL-2026-000042');
    expect(screen.getByRole('region', { name: 'Awaiting payment of Rs. 54,000.00' }).textContent).toContain('held until 15:45 IST');
  });

  it('lapsed: the pieces were released; no Pay now', async () => {
    renderPanel({ state: 'lapsed' });
    expect((await screen.findByRole('note')).textContent).toMatch(/lapsed and its pieces were released/);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('pay on delivery: the amount due', async () => {
    renderPanel({ method: 'cod', state: 'cod_due', payNowPaise: 0, payOnDeliveryPaise: 12_500_00, payBy: null });
    expect((await screen.findByRole('note')).textContent).toContain('Rs. 12,500.00 is due in cash when the order reaches you');
  });

  it('paid and refunded: how it was paid, what was paid and what was given back', async () => {
    renderPanel({ state: 'partially_refunded', paidPaise: 54_000_00, refundedPaise: 4_000_00, methodLabel: 'UPI', payBy: null });
    const text = (await screen.findByText('Paid')).closest('dl')!.textContent;
    expect(text).toContain('Rs. 54,000.00 · UPI');
    expect(text).toContain('RefundedRs. 4,000.00');
  });

  it('covered: names what paid it, not always the Harvest balance (issue 39)', async () => {
    renderPanel({ state: 'covered', payNowPaise: 0, payBy: null, paidBefore: ['store_credit'] });
    expect((await screen.findByRole('note')).textContent).toBe('Nothing to pay: your store credit covered this order.');
    cleanup();
    renderPanel({ state: 'covered', payNowPaise: 0, payBy: null, paidBefore: ['harvest', 'store_credit', 'advance'] });
    expect((await screen.findByRole('note')).textContent).toBe(
      'Nothing to pay: your Milli Harvest balance, your store credit and the advance paid on your design covered this order.',
    );
  });
});
