/**
 * Lifetime exchange and buy-back (issue 20), at desktop size: a buyer's delivered order shows each piece's exchange
 * and buy-back values at today's rate; staff raise today's gold rate and the quote follows it, with its date; the
 * customer asks for an exchange; staff receive the piece and settle it; the store credit shows in My Account and
 * pays part of the next order at checkout. SHOTS_DIR=… saves screenshots.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { BuybackQuote } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import {
  E2E_OWNER,
  asOwner,
  expect,
  fillBilling,
  logInNewShopper,
  mailTo,
  noSeriousAxe,
  payOnDemo,
  shots,
  staffSignIn,
  test,
  waitForHydration,
} from './fixtures.ts';
import { addToCart, deliveredOrder } from './shop.ts';

/**
 * A gold piece (weighed: it has a buy-back value) with no size to choose, in stock, that no other spec buys: the
 * `nth` (1 or more) of Rs. 60,000-1,50,000 (reviews.spec buys the first, the 0th; the shared pieces of shop.ts are
 * below Rs. 60,000).
 */
async function aGoldPiece(request: APIRequestContext, nth: number) {
  const gold: { product_id: number; product_name: string }[] = [];
  for (let page = 1; page <= 5 && gold.length <= nth; page += 1) {
    const res = await request.get(`/api/product/productList?minPrice=60000&maxPrice=150000&material=Gold&page=${page}`);
    const list = (await res.json()) as { data: { product_id: number; product_name: string; product_stock_status: string }[]; totalPages: number };
    for (const p of list.data.filter((x) => x.product_stock_status === 'In Stock')) {
      const detail = (await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as {
        data: { product_metal: string; product_stock: number; pricing: { sizeKind: string | null } };
      };
      if (detail.data.product_metal.toLowerCase().includes('gold') && detail.data.product_stock > 0 && detail.data.pricing.sizeKind === null) gold.push(p);
      if (gold.length > nth) break;
    }
    if (page >= list.totalPages) break;
  }
  const piece = gold[nth];
  if (!piece) throw new Error(`No gold piece number ${nth} in stock between Rs. 60,000 and 1,50,000 (found ${gold.length}).`);
  return piece;
}

const quoteOf = async (page: Page, orderNumber: string) => (await (await page.request.get(`/api/orders/${orderNumber}/buyback-quote`)).json()) as BuybackQuote;
const istDate = (iso: string) =>
  new Date(`${iso}T00:00:00+05:30`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

test('a delivered piece’s exchange value follows today’s rate, is asked for, settled as store credit and spent at checkout', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const piece = await aGoldPiece(request, 1);

  // The buyer's order, paid on the demo gateway, dispatched and delivered by staff.
  const context = await browser.newContext();
  const customer = await context.newPage();
  const shopper = await logInNewShopper(customer, testInfo, 'e2e_buyback');
  const orderNumber = await deliveredOrder(customer, request, piece.product_id);

  // The order page: today's values per piece, with the rate and its date.
  await customer.goto(`/order-details?order=${orderNumber}`);
  const block = customer.getByRole('region', { name: 'Lifetime exchange & buy-back' });
  await expect(block).toBeVisible();
  const before = await quoteOf(customer, orderNumber);
  const p = before.pieces[0]!;
  expect(p.valued).toBe(true);
  await expect(block.getByRole('row').filter({ hasText: piece.product_name })).toContainText(formatRupees(p.exchangeValuePaise));
  await expect(block.getByRole('row').filter({ hasText: piece.product_name })).toContainText(formatRupees(p.buybackValuePaise));
  await noSeriousAxe(customer, 'order page with exchange values');
  await shots(customer, 'buyback-order', [375, 1440]);

  // Staff raise today's rate for the piece's metal: the quote follows, dated today.
  const raised = p.ratePaisePerGram! + 100_00;
  const setRate = (paisePerGram: number) =>
    asOwner(request, async (api, headers) => {
      const res = await request.put(api('/api/admin/rates'), { data: { rates: [{ metal: p.metal, purity: p.purity, paisePerGram }], confirm: true }, headers });
      expect(res.status(), await res.text()).toBe(200);
    });
  await setRate(raised);
  try {
    const after = await quoteOf(customer, orderNumber);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    expect(after.rateDate).toBe(today);
    expect(after.pieces[0]!.ratePaisePerGram).toBe(raised);
    expect(after.pieces[0]!.exchangeValuePaise).toBeGreaterThan(p.exchangeValuePaise);
    await customer.reload();
    await expect(block).toContainText(`Values at today’s rate (${istDate(today)})`);
    await expect(block).toContainText(formatRupees(after.pieces[0]!.exchangeValuePaise));

    // The customer asks for an exchange.
    await waitForHydration(customer);
    await block
      .getByRole('button', { name: `Ask for exchange ${piece.product_name}` })
      .first()
      .click();
    await expect(block.getByRole('status')).toContainText('We have your exchange request');
    await expect(block).toContainText('Request in progress');
    await expect(block).toContainText('Requested: bring the piece to a store');
    expect(await mailTo(shopper.email, /^Your exchange request for /)).toContain('The final value is worked out at the day');

    // Staff receive the piece and settle the exchange at the value of the day.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await staffSignIn(staff, E2E_OWNER);
    await staff.goto('/admin/exchanges?status=Requested');
    await expect(staff.getByRole('heading', { level: 1, name: 'Exchanges & buy-back' })).toBeVisible();
    const row = staff.getByRole('row').filter({ hasText: orderNumber });
    await shots(staff, 'admin-exchanges', [1024, 1440]);
    await row.getByRole('link', { name: /^Exchange #/ }).click();
    await waitForHydration(staff);
    await staff.getByRole('button', { name: 'Received in store' }).click();
    await expect(staff.getByText('Received. The customer has been mailed.')).toBeVisible();
    await expect(staff.getByLabel('Amount to settle')).toHaveValue(/\d/);
    await noSeriousAxe(staff, 'exchange request');
    await shots(staff, 'admin-exchange', [1024, 1440]);
    await staff.getByRole('button', { name: 'Settle as store credit' }).click();
    await expect(staff.getByText(/added to the customer’s store credit/)).toBeVisible();
    const settled = (await quoteOf(customer, orderNumber)).requests[0]!;
    expect(settled.status).toBe('Settled');
    const credit = settled.settledPaise!;
    expect(credit).toBe(after.pieces[0]!.exchangeValuePaise);
    expect(await mailTo(shopper.email, /^Your exchange is settled: /)).toContain(`${formatRupees(credit)} is now store credit`);
    await staffContext.close();
  } finally {
    await setRate(p.ratePaisePerGram!);
  }

  // My Account → Store credit: the balance and the entry.
  const credit = (await quoteOf(customer, orderNumber)).requests[0]!.settledPaise!;
  await customer.goto('/account?tab=store-credit');
  const pane = customer.getByRole('tabpanel', { name: 'Store credit' });
  await expect(pane).toContainText(`Balance: ${formatRupees(credit)}`);
  await expect(pane.getByRole('row').filter({ hasText: 'Exchange' })).toContainText(`+${formatRupees(credit)}`);
  await noSeriousAxe(customer, 'store credit');
  await shots(customer, 'store-credit', [375, 1440]);

  // At checkout the credit pays part of the next order; the rest is paid on the demo gateway.
  const next = await aGoldPiece(request, 2);
  await addToCart(customer, next.product_id);
  await customer.goto('/checkout');
  const use = customer.getByLabel(`Use my store credit (${formatRupees(credit)})`);
  await expect(use).toBeChecked();
  await expect(customer.getByTestId('store-credit')).toBeVisible();
  await fillBilling(customer);
  await customer.getByLabel('I have read and accept the terms and conditions').check();
  await customer.getByRole('button', { name: 'Place Order' }).click();
  // A credit larger than the order pays all of it (placed at once); else the rest is paid online.
  await expect(customer).toHaveURL(/\/checkout\/pay\/|\/thank-you/);
  const secondNumber = customer.url().includes('/checkout/pay/')
    ? await payOnDemo(customer)
    : (await customer.getByTestId('order-number').textContent())!.trim();
  await customer.goto(`/order-details?order=${secondNumber}`);
  await expect(customer.getByText('Paid from store credit')).toBeVisible();
  const left = (await (await customer.request.get('/api/account/store-credit')).json()) as { balancePaise: number };
  expect(left.balancePaise).toBeLessThan(credit);
  await context.close();
});
