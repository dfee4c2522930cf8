/**
 * A stand-in for Razorpay Checkout (https://checkout.razorpay.com/v1/checkout.js) in the end-to-end runs, which
 * never reach Razorpay: razorpay-mode.spec.ts answers the script's address with this text. Like the real
 * script it defines `window.Razorpay`: `new Razorpay(options)`, `.on('payment.failed', cb)` and `.open()`,
 * which shows a small overlay (a dialog "Razorpay Checkout") with one button per test instrument. A button
 * asks the checkout endpoint `https://api.razorpay.com/_sim/checkout` (the spec forwards it to the local
 * simulator's test control) to pay the order, then, as Razorpay does, calls `options.handler` with the
 * razorpay_* fields and closes, or calls every payment.failed callback with `{ error: { description, reason,
 * metadata } }` and stays open for another try. Its Close button calls `options.modal.ondismiss`.
 */

/** Where the double's buttons send the payment: Razorpay's host, so the page's CSP (connect-src) is tested too. */
export const DOUBLE_CHECKOUT_URL = 'https://api.razorpay.com/_sim/checkout';

/** The overlay's buttons: label → the simulator's test instrument. */
export const DOUBLE_INSTRUMENTS = { 'Pay with success@razorpay': 'upi_success', 'Pay with failure@razorpay': 'upi_failure' } as const;

export const RAZORPAY_CHECKOUT_DOUBLE = `(() => {
  const CHECKOUT_URL = ${JSON.stringify(DOUBLE_CHECKOUT_URL)};
  const INSTRUMENTS = ${JSON.stringify(DOUBLE_INSTRUMENTS)};
  class Razorpay {
    constructor(options) {
      if (!options || !options.key || !options.order_id || typeof options.handler !== 'function') throw new Error('Razorpay: key, order_id and handler are required');
      this.options = options;
      this.failed = [];
      this.overlay = null;
    }
    on(event, callback) {
      if (event === 'payment.failed') this.failed.push(callback);
    }
    close() {
      if (this.overlay) this.overlay.remove();
      this.overlay = null;
    }
    open() {
      if (this.overlay) return;
      const o = this.options;
      const overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', 'Razorpay Checkout');
      overlay.style.cssText = 'position:fixed;inset:auto 0 0 0;z-index:99999;background:#fff;border-top:2px solid #072654;padding:16px;display:flex;flex-direction:column;gap:8px;font:14px sans-serif;';
      const title = document.createElement('p');
      title.textContent = o.name + ': ' + o.description + ' (Rs. ' + (o.amount / 100).toFixed(2) + ')';
      overlay.appendChild(title);
      const status = document.createElement('p');
      status.setAttribute('role', 'status');
      for (const [label, instrument] of Object.entries(INSTRUMENTS)) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.addEventListener('click', () => this.pay(instrument, status));
        overlay.appendChild(button);
      }
      const close = document.createElement('button');
      close.type = 'button';
      close.textContent = 'Close';
      close.addEventListener('click', () => {
        this.close();
        if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
      });
      overlay.appendChild(close);
      overlay.appendChild(status);
      document.body.appendChild(overlay);
      this.overlay = overlay;
    }
    async pay(instrument, status) {
      status.textContent = 'Paying…';
      let res, body;
      try {
        res = await fetch(CHECKOUT_URL, { method: 'POST', body: JSON.stringify({ order_id: this.options.order_id, instrument }) });
        body = await res.json();
      } catch {
        status.textContent = 'Network error';
        return;
      }
      if (res.ok) {
        status.textContent = '';
        this.close();
        this.options.handler({ razorpay_payment_id: body.razorpay_payment_id, razorpay_order_id: body.razorpay_order_id, razorpay_signature: body.razorpay_signature });
        return;
      }
      const error = body && body.error ? body.error : { description: 'Payment failed' };
      status.textContent = error.description;
      const answer = { error: { code: error.code, description: error.description, source: error.source, step: error.step, reason: error.reason, metadata: error.metadata || {} } };
      for (const callback of this.failed) callback(answer);
    }
  }
  window.Razorpay = Razorpay;
})();
`;
