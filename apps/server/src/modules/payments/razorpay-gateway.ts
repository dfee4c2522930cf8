import {
  GatewayError,
  hmacHex,
  paymentSignature,
  sameSignature,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './gateway.ts';

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** While keys are rotated: the retired secrets, still accepted on signatures (never used to call the API). */
  previousKeySecret?: string;
  previousWebhookSecret?: string;
  /** Razorpay's API, or the tests' Razorpay-speaking server (RAZORPAY_API_URL). */
  apiUrl: string;
  /** A call that takes longer is abandoned as 'unavailable' (it may still have happened: callers stay idempotent). */
  timeoutMs?: number;
}

/**
 * Razorpay through its REST API (orders, payments, refunds), with HTTP Basic auth of key id and secret.
 * The official SDK cannot be pointed at another address than Razorpay's own and has no timeout, so the
 * store calls the same paths itself with fetch (decision 029).
 */
export function createRazorpayGateway(config: RazorpayConfig): PaymentGateway {
  const base = config.apiUrl.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const keySecrets = [config.keySecret, ...(config.previousKeySecret ? [config.previousKeySecret] : [])];
  const webhookSecrets = [config.webhookSecret, ...(config.previousWebhookSecret ? [config.previousWebhookSecret] : [])];

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: auth, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new GatewayError('unavailable', 'The payment gateway could not be reached.');
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.ok && json && typeof json === 'object') return json as T;
    const description = (json as { error?: { description?: string } } | null)?.error?.description ?? `HTTP ${res.status}`;
    if (res.status >= 500 || res.ok) throw new GatewayError('unavailable', `The payment gateway answered ${res.status}.`, res.status);
    if (res.status === 401) throw new GatewayError('unauthorized', "The payment gateway refused the store's keys.", 401);
    if (res.status === 409) throw new GatewayError('conflict', description, 409);
    if (res.status === 404 || /does not exist/i.test(description)) throw new GatewayError('not_found', description, res.status);
    throw new GatewayError('bad_request', description, res.status);
  }
  const id = (value: string) => encodeURIComponent(value);

  return {
    name: 'razorpay',
    keyId: config.keyId,
    createOrder: ({ amountPaise, receipt, notes }) =>
      call<GatewayOrder>('POST', '/v1/orders', { amount: amountPaise, currency: 'INR', receipt, notes: notes ?? {} }),
    fetchPayment: (paymentId) => call<GatewayPayment>('GET', `/v1/payments/${id(paymentId)}?expand[]=card`),
    orderPayments: async (orderId) => (await call<{ items: GatewayPayment[] }>('GET', `/v1/orders/${id(orderId)}/payments?expand[]=card`)).items ?? [],
    capture: (paymentId, amountPaise) => call<GatewayPayment>('POST', `/v1/payments/${id(paymentId)}/capture`, { amount: amountPaise, currency: 'INR' }),
    refund: (paymentId, { amountPaise, idempotencyKey, notes }) =>
      call<GatewayRefund>(
        'POST',
        `/v1/payments/${id(paymentId)}/refund`,
        { amount: amountPaise, speed: 'normal', notes: notes ?? {} },
        { 'X-Refund-Idempotency': idempotencyKey },
      ),
    fetchRefund: (paymentId, refundId) => call<GatewayRefund>('GET', `/v1/payments/${id(paymentId)}/refunds/${id(refundId)}`),
    paymentSignatureValid: (orderId, paymentId, signature) =>
      keySecrets.some((secret) => sameSignature(paymentSignature(secret, orderId, paymentId), signature)),
    webhookSignatureValid: (rawBody, signature) => webhookSecrets.some((secret) => sameSignature(hmacHex(secret, rawBody), signature)),
  };
}
