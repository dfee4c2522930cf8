// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import type { PricingContext, ProductDetail } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { accessibleDescription } from '../../lib/test-dom.ts';
import { priceForChoice } from './price-choice.ts';
import { goldPricing } from '../../lib/pricing-fixture.ts';
import type { AddToCartResult } from './product-actions.server.ts';
import { ProductPurchase } from './product-purchase.tsx';

afterEach(cleanup);

/** A gold ring in two colours and three karats (no rate for 24 kt today), sized 11 to 13. */
const pricing = (over: Partial<PricingContext> = {}): PricingContext =>
  goldPricing({
    defaultPurity: 18,
    ratesPaisePerGram: { '14': 7_985_00, '18': 10_240_00, '22': 12_505_00 },
    purities: [14, 18, 22],
    colours: ['Yellow Gold', 'Rose Gold'],
    sizeKind: 'ring',
    sizes: ['11', '12', '13'],
    ...over,
  });

const ring = (over: Partial<PricingContext> = {}): ProductDetail =>
  ({
    product_id: 5,
    product_name: 'Lotus Ring',
    product_category: 'Fingerring',
    product_tags: '',
    product_sku: 'MR-0005',
    product_hallmarked: false,
    product_country_of_origin: 'India',
    product_rating: 4.5,
    product_review_count: 2,
    product_stock: 3,
    product_stock_status: 'In Stock',
    product_price: 0,
    product_price_paise: 0,
    pricing: pricing(over),
  }) as unknown as ProductDetail;

/** The price the page must show for a karat: the pricing package's, which the server charges. */
const priceOf = (product: ProductDetail, purity: number) => formatRupees(priceForChoice(product.pricing, { purity, diamondQuality: null })!.breakup.totalPaise);

/** The product page as far as the purchase form needs it: its colour kept by the page, its action recording what was posted. */
function renderPurchase(product: ProductDetail, cartResult: AddToCartResult | null = null, entry = '/product-detail/5') {
  const posted: Record<string, string>[] = [];
  function Page() {
    const [colour, setColour] = useState<string | null>(product.pricing.defaultColour);
    return <ProductPurchase product={product} cartResult={cartResult} sizerResult={null} colour={colour} onColour={setColour} />;
  }
  const Stub = createRoutesStub([
    {
      path: '/product-detail/:id',
      Component: Page,
      action: async ({ request }) => {
        posted.push(Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)])));
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={[entry]} />);
  return { posted, user: userEvent.setup() };
}

const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;
const shownPrice = () => screen.getByRole('status', { name: 'Price' }).textContent;

describe('a chain weighed by length (issue 38)', () => {
  const chain = () =>
    ring({
      metalWeightMg: 5_580,
      sizeKind: 'length',
      sizes: ['16', '18', '24'],
      sizeWeightsMg: { '16': 5_580, '18': 6_280, '24': 8_370 },
      makingPaisePerGram: 450_00,
    });
  const priceAt = (product: ProductDetail, size: string) =>
    formatRupees(priceForChoice(product.pricing, { purity: 18, diamondQuality: null, size })!.breakup.totalPaise);

  it('prices the length the address names (?length=24), lists each length’s weight and price, and re-prices when another is chosen', async () => {
    const product = chain();
    const { user } = renderPurchase(product, null, '/product-detail/5?length=24');
    const select = await screen.findByRole('combobox', { name: 'Chain length' });
    expect((select as HTMLSelectElement).value).toBe('24');
    expect(shownPrice()).toBe(priceAt(product, '24'));
    expect(priceAt(product, '24')).not.toBe(priceAt(product, '16'));
    const table = screen.getByRole('table', { name: /at each length/ });
    const row24 = within(table).getByRole('link', { name: '24 in' }).closest('tr')!;
    expect(row24.textContent).toContain('8.37 g');
    expect(row24.textContent).toContain(priceAt(product, '24'));
    expect(within(table).getByRole('link', { name: '18 in' }).getAttribute('href')).toMatch(/\?length=18$/);

    await user.selectOptions(select, '16');
    expect(shownPrice()).toBe(priceAt(product, '16'));
    expect(screen.getByRole('table', { name: /How the price/ }).textContent).toContain('5.58 g');
  });

  it('shows the first length’s price until one is chosen, and ignores a length the chain is not made in', async () => {
    const product = chain();
    renderPurchase(product, null, '/product-detail/5?length=30');
    expect(((await screen.findByRole('combobox', { name: 'Chain length' })) as HTMLSelectElement).value).toBe('');
    expect(shownPrice()).toBe(priceAt(product, '16'));
    expect(screen.getByText(/Shown for 16 in/).textContent).toContain('5.58 g');
  });
});

describe('the product purchase form', () => {
  it('shows the default karat’s price, and the new price when another karat is chosen', async () => {
    const product = ring();
    const { user } = renderPurchase(product);
    expect(checked(await screen.findByRole('radio', { name: '18kt' }))).toBe(true);
    expect(shownPrice()).toBe(priceOf(product, 18));

    await user.click(screen.getByRole('radio', { name: '14kt' }));
    expect(checked(screen.getByRole('radio', { name: '14kt' }))).toBe(true);
    expect(shownPrice()).toBe(priceOf(product, 14));
    expect(priceOf(product, 14)).not.toBe(priceOf(product, 18));

    await user.click(screen.getByRole('radio', { name: '22kt' }));
    expect(shownPrice()).toBe(priceOf(product, 22));
  });

  it('states the piece’s country of origin (E-Commerce Rules 2020, rule 6(5); issue 38)', async () => {
    renderPurchase({ ...ring(), product_country_of_origin: 'Italy' } as ProductDetail);
    const term = await screen.findByText('Country of origin');
    expect(term.nextElementSibling?.textContent).toBe('Italy');
  });

  it('posts every choice made: karat, colour, size and quantity, with the intent and the piece', async () => {
    const product = ring();
    const { user, posted } = renderPurchase(product);
    await user.click(await screen.findByRole('radio', { name: '14kt' }));
    await user.click(screen.getByRole('radio', { name: 'Rose Gold' }));
    expect(checked(screen.getByRole('radio', { name: 'Rose Gold' }))).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '12');
    await user.click(screen.getByRole('button', { name: 'One more' }));
    // The buy box's own button; the Add to Cart bar's (issue 40) is a second button of the same form.
    const [own, bar] = screen.getAllByRole('button', { name: 'Add to Cart' });
    expect(bar!.getAttribute('form')).toBe(own!.closest('form')!.id);
    await user.click(own!);

    await expect.poll(() => posted.length).toBe(1);
    expect(posted[0]).toEqual({
      intent: 'add-to-cart',
      productId: '5',
      material: 'Gold',
      colour: 'Rose Gold',
      purity: '14',
      size: '12',
      quantity: '2',
    });
  });

  it('asks a ring for its size: the size box starts empty and is required, and the refusal marks it', async () => {
    renderPurchase(ring());
    const size = await screen.findByRole('combobox', { name: 'Size' });
    expect((size as HTMLSelectElement).value).toBe('');
    expect(size.getAttribute('aria-required')).toBe('true');
    expect(size.hasAttribute('aria-invalid')).toBe(false);
    cleanup();

    renderPurchase(ring(), { intent: 'add-to-cart', ok: false, code: 'SIZE_REQUIRED', message: 'Please choose a ring size for this piece.' });
    const refused = await screen.findByRole('combobox', { name: 'Size' });
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(refused)).toBe('Please choose a ring size for this piece.');
    expect(screen.getByRole('alert').textContent).toBe('Please choose a ring size for this piece.');
  });

  it('marks the size box by the refusal’s code, not by its wording', async () => {
    renderPurchase(ring(), { intent: 'add-to-cart', ok: false, code: 'NOT_ENOUGH_STOCK', message: 'Only 2 of this piece in stock in this size.' });
    const size = await screen.findByRole('combobox', { name: 'Size' });
    expect(size.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Only 2 of this piece in stock in this size.');
  });

  it('has no size box for a piece without sizes, and cannot add a karat with no rate today', async () => {
    const product = ring({ sizeKind: null, sizes: [], ratesPaisePerGram: { '18': 10_240_00, '22': 12_505_00 } });
    renderPurchase(product);
    const form = (await screen.findAllByRole('button', { name: 'Add to Cart' }))[0]!.closest('form')!;
    expect(within(form).queryByRole('combobox')).toBeNull();
    expect((screen.getByRole('radio', { name: '14kt' }) as HTMLInputElement).disabled).toBe(true);
  });
});
