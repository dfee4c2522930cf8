import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { JewelOnSale } from './jewel-on-sale.tsx';
import { SALE_TABS, saleEyebrow, type RunningSale, type SaleShelves } from './sale-shelves.ts';

const sale = (makingDiscountPercent: number, id = 1): RunningSale => ({
  id,
  name: 'Jewel On Sale',
  makingDiscountPercent,
  startsOn: '2026-11-22',
  endsOn: '2027-02-28',
  pieces: 12,
});
const EMPTY = Object.fromEntries(SALE_TABS.map((t) => [t.id, { status: 'ok', products: [] }])) as unknown as SaleShelves;
const strip = (sales: RunningSale[] | null) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <JewelOnSale shelves={EMPTY} sales={sales} />
    </MemoryRouter>,
  );

/**
 * Issue 38: the strip said "50 % Discount" over tiles of 2-15 % off; the sale takes 50 % off the making charges only.
 * It now says what the running sale is, read from the sales, and claims nothing when none runs.
 */
describe('the sale strip’s eyebrow', () => {
  it('states the running sale’s cut of the making charges, from the sales', () => {
    expect(saleEyebrow([sale(50)])).toBe('50 % off making charges');
    expect(saleEyebrow([sale(30)])).toBe('30 % off making charges');
    expect(saleEyebrow([sale(20, 1), sale(40, 2)])).toBe('Up to 40 % off making charges');
    expect(strip([sale(50)])).toContain('50 % off making charges');
  });

  it('claims no sale, and no “Discount”, when none is running or the sales could not be read', () => {
    expect(saleEyebrow([])).toBeNull();
    expect(saleEyebrow(null)).toBeNull();
    for (const sales of [[], null]) {
      const html = strip(sales);
      expect(html).not.toMatch(/Discount|% off/);
      expect(html).not.toContain('section-eyebrow');
    }
  });
});
