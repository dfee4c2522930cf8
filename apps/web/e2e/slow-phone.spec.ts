/**
 * A slow phone parses a long page in slices and may paint between them. Nothing it has painted may move as the
 * rest is parsed or as the page hydrates: the head's render-blocking `expect` link holds the first paint until the
 * page's main part is parsed (root.tsx), and what changes at hydration keeps its room (the listing's Sort button
 * is off screen from the first paint where scripts run). Each page is loaded with the CPU slowed four times, as a
 * guest and as a logged-in shopper whose header, counts and plan arrive after the page.
 */
import type { Page } from '@playwright/test';
import { expect, expectPersonalKnown, logInNewShopper, shiftsOf, test, waitForHydration, watchShifts } from './fixtures.ts';

/** A guest's look round: home, a listing with its filters, a piece, the savings plan (its hero beside a form). */
const GUEST_PAGES = ['/', '/alljewellery/productfilter/%7B%22category%22%3A%22Bangles%22%7D', '/product-detail/3', '/milli-harvest'];
/** A shopper's: the shared pages their header, counts and hearts arrive on. */
const SHOPPER_PAGES = ['/alljewellery', '/manufacturer', '/trade-in'];

/** Loads the page on a CPU slowed `rate` times and answers the layout shifts seen from its first paint on. */
async function shiftsOnSlowCpu(page: Page, path: string, rate = 4): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(path);
    await waitForHydration(page);
    await expectPersonalKnown(page);
    return (await shiftsOf(page)).map((shift) => `${path}: ${shift}`);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

test('a guest on a slow phone: nothing painted moves while the page is parsed and hydrated', async ({ page }) => {
  test.setTimeout(120_000);
  await watchShifts(page);
  const moved: string[] = [];
  for (const path of GUEST_PAGES) moved.push(...(await shiftsOnSlowCpu(page, path)));
  expect(moved).toEqual([]);
});

test('a logged-in shopper on a slow phone: nothing painted moves as the page and their own parts arrive', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await logInNewShopper(page, testInfo, 'slowcpu');
  await watchShifts(page);
  const moved: string[] = [];
  for (const path of SHOPPER_PAGES) moved.push(...(await shiftsOnSlowCpu(page, path)));
  expect(moved).toEqual([]);
});
