import type { GatewayPayment, RazorpayVerify } from '@milli/contracts';

/**
 * Razorpay Checkout in the browser (issue 18): its script is added to the page only here, on the payment
 * step, whose Content-Security-Policy allows it (security.ts); no other page loads or allows it.
 */
export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayFailure {
  error?: { description?: string; reason?: string };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: RazorpayFailure) => void): void;
}

export interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  handler(response: RazorpayVerify): void;
  modal: { ondismiss(): void };
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

/** Adds checkout.js once and resolves with its Razorpay constructor; a failed load can be tried again. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  const ready = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('Razorpay Checkout did not load'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay Checkout did not load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface RazorpayHandlers {
  /** The payment went through: verify it on our server. */
  onPaid(response: RazorpayVerify): void;
  /** A try failed (Checkout stays open for another); the reason to show. */
  onFailed(reason: string): void;
  /** The payer closed Checkout without paying. */
  onDismissed(): void;
}

/** Opens Razorpay Checkout for one gateway order. */
export async function openRazorpay(
  payment: GatewayPayment,
  details: { storeName: string; description: string; prefill: RazorpayOptions['prefill'] },
  on: RazorpayHandlers,
): Promise<void> {
  const Razorpay = await loadRazorpay();
  const checkout = new Razorpay({
    key: payment.keyId,
    order_id: payment.gatewayOrderId,
    amount: payment.amountPaise,
    currency: 'INR',
    name: details.storeName,
    description: details.description,
    prefill: details.prefill,
    handler: (response) => on.onPaid(response),
    modal: { ondismiss: () => on.onDismissed() },
  });
  checkout.on('payment.failed', (response) => {
    on.onFailed(response.error?.description || 'The payment did not go through. Please try again or choose another way to pay.');
  });
  checkout.open();
}
