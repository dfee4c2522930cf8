import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayPayment } from '@milli/contracts';
import { openRazorpay, RAZORPAY_SCRIPT, startPayment, verifyPayment } from './gateway-checkout.tsx';

const PAYMENT: GatewayPayment = { gateway: 'razorpay', gatewayOrderId: 'order_Q1', amountPaise: 150_000, currency: 'INR', keyId: 'rzp_test_key' };
const SIGNED = { razorpay_order_id: 'order_Q1', razorpay_payment_id: 'pay_Z9', razorpay_signature: 'f00d' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A browser with Razorpay's script: each injected script "loads" and defines window.Razorpay (`loaded`: the
 * page has it already; the module keeps the script it loaded once, as a page does).
 */
function fakeBrowser(answer: (url: string, init: RequestInit) => Response, loaded = false) {
  const scripts: { src?: string; onload?: () => void }[] = [];
  const opened: { options: Record<string, unknown>; failed?: (r: { error?: { description?: string } }) => void }[] = [];
  class Razorpay {
    entry: (typeof opened)[number];
    constructor(options: Record<string, unknown>) {
      this.entry = { options };
    }
    on(_event: string, handler: (r: { error?: { description?: string } }) => void) {
      this.entry.failed = handler;
    }
    open() {
      opened.push(this.entry);
    }
  }
  const win: Record<string, unknown> = loaded ? { Razorpay } : {};
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', {
    createElement: () => ({}),
    head: {
      appendChild: (el: { src?: string; onload?: () => void }) => {
        scripts.push(el);
        win.Razorpay = Razorpay;
        el.onload?.();
      },
    },
  });
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer(url, init);
  });
  return { scripts, opened, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Razorpay Checkout', () => {
  it('loads its script once, opens for the gateway order with the prefill, and verifies its answer before onPaid', async () => {
    const b = fakeBrowser(() =>
      json(200, { message: 'Payment received.', purpose: 'harvest_instalment', orderNumber: null, harvestPlanId: 3, customRequestId: null, replayed: false }),
    );
    const onPaid = vi.fn();
    const onFailed = vi.fn();
    await openRazorpay(PAYMENT, { name: 'Milli Harvest', description: 'Instalment 2 of 10', prefill: { email: 'asha@example.in' } }, onPaid, onFailed);
    expect(b.scripts.map((s) => s.src)).toEqual([RAZORPAY_SCRIPT]);
    const { options } = b.opened[0]!;
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_Q1',
      amount: 150_000,
      currency: 'INR',
      name: 'Milli Harvest',
      prefill: { email: 'asha@example.in' },
    });

    await (options.handler as (r: typeof SIGNED) => Promise<void>)(SIGNED);
    expect(b.calls).toEqual([{ url: '/api/payments/razorpay/verify', body: SIGNED }]);
    expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ message: 'Payment received.', harvestPlanId: 3 }));
    expect(onFailed).not.toHaveBeenCalled();

    // A second payment on the same page: the script is not loaded again.
    await openRazorpay(PAYMENT, { name: 'x', description: 'y' }, onPaid, onFailed);
    expect(b.scripts).toHaveLength(1);
    expect(b.opened).toHaveLength(2);
  });

  it('reports a failed try with the bank’s reason, keeps it when the window is closed, and a refused verify', async () => {
    const b = fakeBrowser(() => json(409, { message: 'Instalment 1 is already paid. The payment was refunded in full.', code: 'PAYMENT_LAPSED' }), true);
    const onFailed = vi.fn();
    await openRazorpay(PAYMENT, { name: 'n', description: 'd' }, vi.fn(), onFailed);
    const entry = b.opened.at(-1)!;
    entry.failed!({ error: { description: 'Your payment was declined by your bank.' } });
    (entry.options.modal as { ondismiss: () => void }).ondismiss();
    expect(onFailed.mock.calls).toEqual([['Your payment was declined by your bank.'], ['Your payment was declined by your bank.']]);

    const onPaid = vi.fn();
    const refused = vi.fn();
    await openRazorpay(PAYMENT, { name: 'n', description: 'd' }, onPaid, refused);
    await (b.opened.at(-1)!.options.handler as (r: typeof SIGNED) => Promise<void>)(SIGNED);
    expect(onPaid).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledWith('Instalment 1 is already paid. The payment was refunded in full.');
  });
});

describe('the store’s side', () => {
  it('starts a payment at the page’s endpoint and verifies, saying why not in the API’s words (ours when it is down)', async () => {
    fakeBrowser((url) => (url.endsWith('/approve') ? json(409, { message: 'There is no design waiting for your approval on this request.' }) : json(503, {})));
    expect(await startPayment('/api/custom-design/requests/4/approve')).toEqual({
      ok: false,
      status: 409,
      message: 'There is no design waiting for your approval on this request.',
    });
    const down = await verifyPayment(SIGNED);
    expect(down).toMatchObject({ ok: false, status: 503 });
    expect((down as { message: string }).message).toMatch(/nothing will be charged twice/);
  });
});
