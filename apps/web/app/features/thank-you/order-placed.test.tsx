// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { MESSAGES, type StoreSettings } from '@milli/contracts';
import { FALLBACK_SHELL_DATA, StoreShellContext } from '../../components/layout/shell-data.ts';
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

describe('the thank-you card sums the order up (issue 40)', () => {
  it('its pieces, the total, the day it should arrive by the store’s delivery days, and the address (the city once)', async () => {
    const settings = { deliveryDays: 7 } as StoreSettings;
    const summary = {
      pieces: [
        { name: 'Lotus Ring', quantity: 1 },
        { name: 'Kundan Jhumkas', quantity: 2 },
      ],
      totalPaise: 1_23_456_78,
      placedAt: '2026-11-30T06:30:00.000Z',
      address: {
        firstName: 'Meera',
        lastName: 'Iyer',
        address: '12 Temple Street, Mylapore, Chennai',
        city: 'Chennai',
        state: 'Tamil Nadu',
        landmark: null,
        pincode: '600004',
        country: 'India',
        countryCode: '91',
        phone: '9876543210',
      },
    };
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <StoreShellContext.Provider value={{ ...FALLBACK_SHELL_DATA, settings }}>
            <OrderPlaced orderNumber="MIL-2026-000042" payment={null} summary={summary} />
          </StoreShellContext.Provider>
        ),
      },
    ]);
    render(<Stub initialEntries={['/']} />);
    const box = await screen.findByRole('region', { name: 'Order summary' });
    expect(box.textContent).toContain('3 pieces');
    expect(box.textContent).toContain('Lotus Ring');
    expect(box.textContent).toContain('Kundan Jhumkas × 2');
    expect(box.textContent).toContain('Rs. 1,23,456.78');
    expect(box.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-07');
    expect(box.textContent).toContain('Monday, 7 December 2026');
    expect(box.textContent).toContain('Meera Iyer, 12 Temple Street, Mylapore, Chennai, Tamil Nadu 600004');
    expect(box.textContent!.match(/Chennai/g)).toHaveLength(1);
  });
});
