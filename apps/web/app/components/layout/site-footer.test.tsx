import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, createRoutesStub } from 'react-router';
import type { StoreSettings } from '@milli/contracts';
import { FALLBACK_SHELL_DATA } from './shell-data.ts';
import { PreFooter } from './pre-footer.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TEST_SETTINGS } from '../../lib/testing-settings.ts';

const SETTINGS: StoreSettings = {
  ...TEST_SETTINGS,
  officeAddress: 'Chennai',
  returnWindowDays: 15,
  shippingFeePaise: 299,
  deliveryDays: 15,
  bisRegistration: 'HM/C-5190012345',
};
const footer = (settings: StoreSettings | null) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SiteFooter data={{ ...FALLBACK_SHELL_DATA, settings }} />
    </MemoryRouter>,
  ).replace(/<[^>]+>/g, ' ');

/** Issue 38: the footer names the jeweller's BIS registration once the store has one, and claims none before. */
describe('the footer', () => {
  it('shows the BIS registration number from the settings', () => {
    expect(footer(SETTINGS)).toContain('BIS registered jeweller, registration HM/C-5190012345');
  });

  it('claims no registration while none is set, or while the settings cannot be read, and no certified diamonds', () => {
    for (const settings of [{ ...SETTINGS, bisRegistration: '' }, null]) {
      const text = footer(settings);
      expect(text).not.toMatch(/BIS registered|HM\/C/);
      expect(text).toContain('Hallmarked gold');
      expect(text).not.toMatch(/Certified diamonds/);
    }
  });

  it('the pre-footer states the exchange and buy-back percents from the settings, and promises no certified diamonds', () => {
    const Stub = createRoutesStub([{ path: '/', Component: () => <PreFooter settings={{ ...SETTINGS, exchangePercent: 98, buybackPercent: 90 }} /> }]);
    const html = renderToStaticMarkup(<Stub initialEntries={['/']} />).replace(/<[^>]+>/g, ' ');
    expect(html).toContain('98 % of the metal’s value in exchange, 90 % bought back, at today’s rate');
    expect(html).toContain('BIS hallmark and HUID on every gold piece');
    expect(html).not.toMatch(/certified diamonds/i);
  });
});
