import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real built server (started by e2e/global-setup.ts on a free port with a
 * throw-away database), in Debian's Chromium: Playwright never downloads a browser here.
 * Run from the repo root with `npm run test:e2e` (builds first).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CI = !!process.env.CI;

/** Specs whose checks are the same at any width. */
const VIEWPORT_FREE = [
  '**/edge.spec.ts',
  '**/page-cache.spec.ts',
  '**/shared-pages-attack.spec.ts',
  '**/razorpay-mode.spec.ts',
  '**/admin-import.spec.ts',
  '**/admin-shell.spec.ts',
  '**/admin-jobs.spec.ts',
  // Back-office journeys that photograph their own widths (1024 and 1440 px, the back office's sizes) and have no
  // storefront step whose layout depends on the width: a second run at 375 px checked nothing new (CI under 20 min).
  '**/admin-coupons-stores.spec.ts',
  '**/admin-staff.spec.ts',
  '**/admin-customers.spec.ts',
];

/**
 * Specs that change the store's rates, which every price on every page follows: they run alone, after both
 * widths' projects have finished, one at a time, so no other test sees a price change between two of its pages.
 */
const RATE_SETTERS = ['**/admin-rates.spec.ts', '**/buyback.spec.ts', '**/gold-rate.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  // A 2-core machine: the server and two browsers already share it.
  workers: 2,
  // Generous: a loaded 2-core machine can take seconds per page; a healthy run is far below.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: '../../playwright-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    // baseURL comes from the server that global setup started (see e2e/fixtures.ts).
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'mobile-375',
      use: { viewport: { width: 375, height: 812 }, hasTouch: true },
      // What a page's width does not change, run once (desktop-1440): the server's edge, the page cache and its
      // attack, the Razorpay wiring (a second server of its own; payments.spec.ts pays at 375 px), the CSV import,
      // the back office's shell (its own test looks at 375 px), its Jobs screen (a second server of its own, with a
      // mail server that refuses everything), and the desk journeys that set their own widths.
      testIgnore: [...VIEWPORT_FREE, ...RATE_SETTERS],
    },
    { name: 'desktop-1440', use: { viewport: { width: 1440, height: 900 } }, testIgnore: RATE_SETTERS },
    {
      name: 'rates-last',
      use: { viewport: { width: 1440, height: 900 } },
      testMatch: RATE_SETTERS,
      dependencies: ['mobile-375', 'desktop-1440'],
      // One at a time: each sets rates the others read.
      workers: 1,
    },
  ],
});
