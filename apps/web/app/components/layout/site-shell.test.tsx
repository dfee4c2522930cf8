// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { EMPTY_MINI_CART } from '../../lib/cart-cookie.ts';
import { FALLBACK_SHELL_DATA, useShellData, useStoreShell, type ShellData } from './shell-data.ts';
import { SiteShell } from './site-shell.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A shared page's shell as the server sends it: neutral until the browser has the visitor's summary (decision 032). */
const neutral: ShellData = {
  ...FALLBACK_SHELL_DATA,
  settings: {
    storeName: 'Milli',
    helpLine: '',
    emailPrimary: '',
    emailSecondary: '',
    officeAddress: '',
    returnWindowDays: 15,
    shippingFeePaise: 299,
    deliveryDays: 15,
    sellerLegalName: '',
    sellerGstin: '',
    codLimitPaise: 5_000_000,
    bisRegistration: '',
    exchangePercent: 100,
    buybackPercent: 95,
    tradeInPercent: 95,
    rateLockAdvancePercent: 10,
    rateLockPeriodsDays: [30, 90, 180],
    rateLockMaxMg: 50_000,
    rateLockUnusedAdvance: 'refund',
  },
  personalKnown: false,
};

describe('the site shell (decision 035)', () => {
  it("renders again only what is personal when the visitor's summary arrives, never the page of store data", async () => {
    const summary = { user: { userId: 7, userName: 'Asha' }, cart: { ...EMPTY_MINI_CART, count: 2 }, wishlistIds: [3, 5] };
    const fetched = vi.fn(async () => new Response(JSON.stringify(summary), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetched);
    const renders = { store: 0, personal: 0 };
    function StorePart() {
      renders.store++;
      return <p>Returns within {useStoreShell().settings?.returnWindowDays} days</p>;
    }
    function PersonalPart() {
      renders.personal++;
      const { personalKnown, wishlistIds } = useShellData();
      return <p data-testid="hearts">{personalKnown ? `${wishlistIds.length} hearts` : 'unknown'}</p>;
    }
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <SiteShell data={neutral}>
            <StorePart />
            <PersonalPart />
          </SiteShell>
        ),
      },
    ]);
    const { container, getByTestId } = render(<Stub initialEntries={['/']} />);
    await waitFor(() => expect(getByTestId('hearts').textContent).toBe('2 hearts'));
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(container.querySelector('header')?.getAttribute('data-personal')).toBe('known');
    expect(container.textContent).toContain('Returns within 15 days');
    // The store's part was rendered once; the personal part once neutral, once with the summary.
    expect(renders.store).toBe(1);
    expect(renders.personal).toBe(2);
  });

  it('leaves out what shows the store settings when the API could not give them, never making them up', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    const Stub = createRoutesStub([{ path: '/', Component: () => <SiteShell data={{ ...neutral, settings: null }}>page</SiteShell> }]);
    const { container } = render(<Stub initialEntries={['/']} />);
    const text = container.textContent ?? '';
    expect(text).toContain('Hallmarked gold');
    expect(text).toContain('Lifetime exchange & buy-back');
    // Issue 38: no certificate promised for every diamond, and no percent made up without the settings.
    expect(text).not.toMatch(/certified diamonds|\d+ % of the metal/i);
    expect(text).not.toMatch(/money-back|Delivery in|Free shipping|Insured, flat/i);
    expect(text).toContain('Our contact details will be back shortly');
  });
});
