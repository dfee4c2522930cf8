// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { MESSAGES } from '@milli/contracts';
import { OrderPlaced, type PlacedPayment } from './order-placed.tsx';

afterEach(cleanup);

function renderCard(payment: PlacedPayment, confirming = false) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <OrderPlaced orderNumber="MIL-2026-000042" payment={payment} confirming={confirming} /> }]);
  render(<Stub initialEntries={['/']} />);
}

describe('the thank-you card tells how the order is paid', () => {
  it('online: the payment was received, and how', async () => {
    renderCard({ kind: 'paid', amountPaise: 54_000_00, methodLabel: 'Visa •••• 1111' });
    expect((await screen.findByTestId('payment-note')).textContent).toBe('We have received your payment of Rs. 54,000.00 (Visa\u00a0••••\u00a01111).');
    expect(screen.getByText(MESSAGES.orderFollowUp)).toBeTruthy();
  });

  it('on delivery: what to pay the courier, and that we call to confirm first', async () => {
    renderCard({ kind: 'cod', amountPaise: 12_500_00 }, true);
    const note = (await screen.findByTestId('payment-note')).textContent;
    expect(note).toBe('You pay Rs. 12,500.00 on delivery, in cash or by UPI at the door.');
    expect(screen.getByRole('heading', { name: 'Your order has been received' })).toBeTruthy();
    expect(screen.getByText(/our team will call you to confirm the order before we send it/)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.orderFollowUp)).toBeNull();
  });

  it('nothing to pay (the Harvest balance covered it): no payment sentence', async () => {
    renderCard(null);
    await screen.findByText(MESSAGES.orderPlaced);
    expect(screen.queryByTestId('payment-note')).toBeNull();
  });
});
