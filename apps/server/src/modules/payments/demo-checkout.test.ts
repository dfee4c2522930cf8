/**
 * The built-in demo gateway's checkout (POST /api/payments/demo/checkout) pays only the caller's own payment:
 * another customer's gateway order id is unknown to them (404), and nothing is paid at the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, payThroughDemo, placeOrder } from '../../testing-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the demo checkout', () => {
  it("another customer cannot pay, verify or re-open someone else's order (404), and nothing is paid", async () => {
    const owner = await createShopper(t.app);
    const other = await createShopper(t.app);
    const product = await createProduct(t.app.deps.database.db, { stock: 3 });
    const placed = (await placeOrder(t.app, owner, { productId: product.id, pay: false })).json() as {
      orderNumber: string;
      payment: { gatewayOrderId: string };
    };
    const gatewayOrderId = placed.payment.gatewayOrderId;

    const theirs = await postForm(t.app, '/api/payments/demo/checkout', { gatewayOrderId, instrument: 'card_success' }, { cookie: other.cookie, ip: other.ip });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('PAYMENT_NOT_FOUND');
    expect((await postForm(t.app, `/api/orders/${placed.orderNumber}/pay`, {}, { cookie: other.cookie, ip: other.ip })).statusCode).toBe(404);

    // Nothing was paid: the owner's checkout still can. The other customer's verify of those very fields is still 404.
    const paid = await postForm(t.app, '/api/payments/demo/checkout', { gatewayOrderId, instrument: 'card_success' }, { cookie: owner.cookie, ip: owner.ip });
    expect(paid.statusCode).toBe(200);
    const stolen = await postForm(t.app, '/api/payments/razorpay/verify', paid.json(), { cookie: other.cookie, ip: other.ip });
    expect(stolen.statusCode).toBe(404);
    expect((await postForm(t.app, '/api/payments/razorpay/verify', paid.json(), { cookie: owner.cookie, ip: owner.ip })).statusCode).toBe(200);
    // Paid: the checkout refuses a second payment of it, for its owner too.
    expect((await payThroughDemo(t.app, owner, gatewayOrderId)).statusCode).toBe(409);
  });
});
