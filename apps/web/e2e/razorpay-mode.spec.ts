/**
 * The store with PAYMENT_GATEWAY=razorpay (issue 18), end to end: a second built server of its own, whose
 * Razorpay client talks to the local Razorpay-speaking simulator (simulator-http.ts) over a real socket, and
 * whose webhook the simulator calls, signed. The browser's Razorpay Checkout is a test double
 * (razorpay-checkout-double.ts) served at checkout.razorpay.com's address; its payments go, through Razorpay's
 * API host, to the simulator's checkout control. One shopper is declined, then pays, and the order is Paid
 * with its invoice; another closes the tab as the payment goes through, and the webhook alone places the order.
 *
 * The file runs serially, one simulator and one server per project (its beforeAll), so the two projects
 * running at once never share a store. While it runs, MILLI_E2E_URL names this server, so the fixtures
 * (baseURL, ownOrigin) speak to it; afterAll puts the suite's server back for the worker's next file.
 */
import type { BrowserContext, Page, Route, TestInfo } from '@playwright/test';
import { startRazorpaySimServer, type RazorpaySimServer } from '../../server/src/modules/payments/simulator-http.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { dispatchAsStaff, E2E_OWNER, expect, logInNewShopper, test, waitForHydration } from './fixtures.ts';
import { DOUBLE_CHECKOUT_URL, RAZORPAY_CHECKOUT_DOUBLE } from './razorpay-checkout-double.ts';
import { addToCart, PAY_PAGE, pieceFor, placeOrder } from './shop.ts';

const KEYS = { keyId: 'rzp_test_MilliE2E', keySecret: 'e2e-key-secret', webhookSecret: 'e2e-webhook-secret' };
const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

test.describe.configure({ mode: 'serial' });

let sim: RazorpaySimServer;
let store: BuiltServer;
let suiteUrl: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sim = await startRazorpaySimServer(KEYS);
  store = await startBuiltServer({
    label: '[razorpay-store]',
    env: {
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: KEYS.keyId,
      RAZORPAY_KEY_SECRET: KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      RAZORPAY_API_URL: sim.url,
      // The orders desk dispatches the paid order (its invoice is issued then): the same first owner as the suite's.
      ADMIN_EMAIL: E2E_OWNER.email,
      ADMIN_PASSWORD: E2E_OWNER.password,
    },
  });
  sim.setWebhookUrl(`${store.url}/api/payments/razorpay/webhook`);
  suiteUrl = process.env.MILLI_E2E_URL;
  process.env.MILLI_E2E_URL = store.url;
});

test.afterAll(async () => {
  if (suiteUrl !== undefined) process.env.MILLI_E2E_URL = suiteUrl;
  await store?.stop();
  await sim?.close();
});

/** What the double's buttons asked the checkout for: the gateway order ids, in order. */
interface CheckoutLog {
  orderIds: string[];
}

/**
 * Razorpay's hosts in this browser context: checkout.js is the double; the double's payment call goes to the
 * simulator's /_sim/checkout (a CORS-simple POST, so the answer carries Access-Control-Allow-Origin). With
 * `onPaid`, a successful payment's answer is not handed back: `onPaid` runs instead (the tab closes, say).
 */
async function routeRazorpay(context: BrowserContext, onPaid?: (route: Route) => Promise<void>): Promise<CheckoutLog> {
  const log: CheckoutLog = { orderIds: [] };
  await context.route(CHECKOUT_SCRIPT, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: RAZORPAY_CHECKOUT_DOUBLE }),
  );
  await context.route(DOUBLE_CHECKOUT_URL, async (route) => {
    const body = route.request().postData() ?? '';
    log.orderIds.push((JSON.parse(body) as { order_id: string }).order_id);
    const res = await fetch(`${sim.url}/_sim/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await res.text();
    if (res.ok && onPaid) return onPaid(route);
    await route.fulfill({ status: res.status, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: text });
  });
  return log;
}

/** The webhooks the simulator sent about one gateway order, once each has an answer. */
async function answeredDeliveries(gatewayOrderId: string) {
  const about = () => sim.deliveries().filter((d) => d.body.includes(`"${gatewayOrderId}"`));
  await expect.poll(() => about().length > 0 && about().every((d) => d.answers.length > 0)).toBe(true);
  return about().map((d) => ({ event: d.event, answers: d.answers }));
}

/** The store took the webhook: a 2xx answer. */
const answeredOk = (answer: number | 'error') => typeof answer === 'number' && answer >= 200 && answer < 300;

/** The simulator's captured payments against one gateway order. */
function captured(gatewayOrderId: string) {
  return sim.simulator.orderPayments(gatewayOrderId).filter((p) => p.status === 'captured');
}

/**
 * A new shopper puts a piece of this test's own in the cart (with the product page's Add to Cart, or through
 * the API); Place Order leads to the payment step, a document whose policy lets Razorpay Checkout in.
 */
async function toThePaymentStep(
  page: Page,
  testInfo: TestInfo,
  { slot, tag, productPage }: { slot: number; tag: string; productPage: boolean },
): Promise<string> {
  const piece = await pieceFor(page.request, testInfo, slot);
  await logInNewShopper(page, testInfo, tag);
  if (productPage) {
    await page.goto(`/product-detail/${piece.product_id}`);
    await waitForHydration(page);
    await page.locator('#pd-buy').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: /added/i }).first()).toBeVisible();
  } else {
    await addToCart(page, piece.product_id);
  }
  const document = page.waitForResponse((res) => PAY_PAGE.test(new URL(res.url()).pathname) && res.request().resourceType() === 'document');
  const orderNumber = await placeOrder(page);
  const policy = (await (await document).allHeaders())['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
  expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.razorpay\.com/);
  await waitForHydration(page);
  return orderNumber;
}

test('with Razorpay: declined first, then paid; the order is Paid, its invoice downloads, one capture, webhooks answered', async ({
  page,
  context,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(120_000);
  // The declined payment is answered 400 by the checkout endpoint, which the browser reports.
  consoleGuard.allow(/status of 400/);
  const log = await routeRazorpay(context);
  const orderNumber = await toThePaymentStep(page, testInfo, { slot: 0, tag: 'e2e_rzp', productPage: true });
  const total = (await page.getByTestId('pay-amount').textContent())!.trim();

  await page.getByRole('button', { name: `Pay ${total}` }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
  await expect(checkout).toBeVisible();

  // The bank declines: Razorpay's reason shows on the page, Checkout stays open for another try.
  await checkout.getByRole('button', { name: 'Pay with failure@razorpay' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The UPI payment failed' })).toBeVisible();
  await expect(page).toHaveURL(PAY_PAGE);

  await checkout.getByRole('button', { name: 'Pay with success@razorpay' }).click();
  await expect(page).toHaveURL(new RegExp(`/thank-you\\?order=${orderNumber}$`));
  await expect(page.getByTestId('payment-note')).toContainText(`We have received your payment of ${total}`);

  await page.goto(`/order-details?order=${orderNumber}`);
  await expect(page.locator('.order-head')).toContainText('Placed');
  await expect(page.locator('.order-pay-facts')).toContainText('Paid');
  // The tax invoice is issued when the orders desk dispatches the order.
  await dispatchAsStaff(page.request, orderNumber);
  await page.reload();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download invoice' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // Both tries were against the one gateway order; the simulator holds one captured payment for it.
  expect(new Set(log.orderIds).size).toBe(1);
  const gatewayOrderId = log.orderIds[0]!;
  expect(captured(gatewayOrderId)).toHaveLength(1);
  const deliveries = await answeredDeliveries(gatewayOrderId);
  expect(deliveries.map((d) => d.event)).toEqual(expect.arrayContaining(['payment.failed', 'payment.captured', 'order.paid']));
  for (const d of deliveries) expect(d.answers.map(answeredOk), d.event).toEqual([true]);
});

test('with Razorpay: the tab closes as the payment goes through; the webhook alone places the order', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  let verifyCalls = 0;
  await context.route('**/api/payments/razorpay/verify', (route) => {
    verifyCalls++;
    return route.abort();
  });
  const log = await routeRazorpay(context, async () => {
    await page.close();
  });
  const orderNumber = await toThePaymentStep(page, testInfo, { slot: 1, tag: 'e2e_rzpw', productPage: false });
  const total = (await page.getByTestId('pay-amount').textContent())!.trim();

  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await page.getByRole('dialog', { name: 'Razorpay Checkout' }).getByRole('button', { name: 'Pay with success@razorpay' }).click();
  await expect.poll(() => page.isClosed()).toBe(true);

  // The shopper's session (the context's cookies) asks for the order: the webhook placed it and paid it.
  const order = async () =>
    (await (await context.request.get(`/api/orders/${orderNumber}`)).json()) as { order: { status: string }; payment: { state: string } };
  await expect.poll(async () => (await order()).order.status, { timeout: 20_000 }).toBe('Placed');
  expect((await order()).payment.state).toBe('paid');
  expect(verifyCalls).toBe(0);

  const gatewayOrderId = log.orderIds[0]!;
  expect(captured(gatewayOrderId)).toHaveLength(1);
  const deliveries = await answeredDeliveries(gatewayOrderId);
  expect(deliveries.map((d) => d.event)).toEqual(expect.arrayContaining(['payment.captured', 'order.paid']));
  for (const d of deliveries) expect(d.answers.map(answeredOk), d.event).toEqual([true]);
});
