// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import type { PayStep } from '../features/payments/pay-step.ts';
import { RAZORPAY_SCRIPT, type RazorpayOptions } from '../features/payments/gateway-checkout.tsx';
import CheckoutPay from './checkout-pay.tsx';

const ORDER = 'MIL-2026-000042';

function step(gateway: 'demo' | 'razorpay'): PayStep {
  return {
    kind: 'ready',
    orderNumber: ORDER,
    payBy: '2026-11-24T10:15:00.000Z',
    payment: { gateway, gatewayOrderId: 'order_Abc123', amountPaise: 54_000_00, currency: 'INR', keyId: 'rzp_test_key' },
    summary: { lines: [{ name: 'Lotus Ring', quantity: 1 }], totalPaise: 54_000_00, harvestCreditPaise: 0 },
    instruments:
      gateway === 'demo'
        ? [
            { id: 'card_success', label: 'Test card Visa •••• 1111', outcome: 'is paid' },
            { id: 'card_declined', label: 'Test card Visa •••• 0002', outcome: 'is declined by the bank' },
          ]
        : [],
    prefill: { name: 'Meera Iyer', email: 'meera@example.in', contact: '+919876543210' },
  };
}

function renderPay(loaded: PayStep) {
  const Stub = createRoutesStub([
    { path: '/checkout/pay/:orderNumber', Component: CheckoutPay as never, loader: () => loaded },
    { path: '/thank-you', Component: () => <p>Thank-you page</p> },
  ]);
  render(<Stub initialEntries={[`/checkout/pay/${ORDER}`]} />);
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as unknown as { Razorpay?: unknown }).Razorpay;
});

// The demo gateway's dialog needs a real browser's <dialog>: e2e/payments.spec.ts covers it.
describe('the payment step with Razorpay', () => {
  it('adds checkout.js only when Pay is pressed, opens Checkout for the gateway order, and verifies its answer', async () => {
    const fetches: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        fetches.push({ url, body: JSON.parse(String(init?.body ?? 'null')) });
        return Response.json({ message: 'Paid.', purpose: 'order', orderNumber: ORDER, harvestPlanId: null, customRequestId: null, replayed: false });
      }),
    );
    const user = renderPay(step('razorpay'));
    const pay = await screen.findByRole('button', { name: 'Pay Rs. 54,000.00' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(document.querySelector(`script[src="${RAZORPAY_SCRIPT}"]`)).toBeNull();

    let options: RazorpayOptions | null = null;
    const failed: ((r: { error: { description: string } }) => void)[] = [];
    const opened = vi.fn();
    // The test DOM loads no script: the one added to the head is kept aside, and "loads" when told.
    const added: Node[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      added.push(node);
      return node;
    });
    await user.click(pay);
    const script = added.find((n): n is HTMLScriptElement => n instanceof HTMLScriptElement && n.src === RAZORPAY_SCRIPT);
    expect(script).toBeDefined();
    expect(script!.async).toBe(true);
    // The script "loads": Razorpay's constructor is there.
    (window as unknown as { Razorpay: unknown }).Razorpay = class {
      constructor(o: RazorpayOptions) {
        options = o;
      }
      on(_event: string, handler: (r: { error: { description: string } }) => void) {
        failed.push(handler);
      }
      open() {
        opened();
      }
    };
    script!.onload!(new Event('load'));
    await waitFor(() => expect(opened).toHaveBeenCalled());
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_Abc123',
      amount: 54_000_00,
      currency: 'INR',
      description: `Order ${ORDER}`,
      prefill: { email: 'meera@example.in' },
    });

    // A failed try: its reason shows.
    failed[0]!({ error: { description: 'Payment failed because the card was declined.' } });
    expect(await screen.findByText('Payment failed because the card was declined.')).toBeTruthy();

    // The handler's answer is verified on our server, then the thank-you page.
    options!.handler({ razorpay_order_id: 'order_Abc123', razorpay_payment_id: 'pay_Xyz789', razorpay_signature: 'sig' });
    expect(await screen.findByText('Thank-you page')).toBeTruthy();
    expect(fetches).toEqual([
      { url: '/api/payments/razorpay/verify', body: { razorpay_order_id: 'order_Abc123', razorpay_payment_id: 'pay_Xyz789', razorpay_signature: 'sig' } },
    ]);
  });
});

describe('when there is nothing to pay now', () => {
  const summary = { lines: [{ name: 'Lotus Ring', quantity: 1 }], totalPaise: 54_000_00, harvestCreditPaise: 0 };

  it('the gateway is down: a clear message and Try again, which loads the step afresh', async () => {
    renderPay({ kind: 'unavailable', orderNumber: ORDER, message: 'We could not reach the payment service just now.', summary });
    expect((await screen.findByRole('alert')).textContent).toBe('We could not reach the payment service just now.');
    const again = screen.getByRole('button', { name: 'Try again' });
    expect(again.closest('form')!.getAttribute('action')).toBe(`/checkout/pay/${ORDER}`);
    expect(screen.getByRole('link', { name: 'View the order' }).getAttribute('href')).toBe(`/order-details?order=${ORDER}`);
  });

  it('the time to pay has passed: said so, with no Pay button', async () => {
    renderPay({ kind: 'lapsed', orderNumber: ORDER, message: 'The time to pay for this order has passed.', summary });
    expect(await screen.findByRole('heading', { name: 'The time to pay has passed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('The time to pay for this order has passed.');
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });
});
