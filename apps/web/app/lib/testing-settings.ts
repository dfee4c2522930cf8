import type { StoreSettings } from '@milli/contracts';

/** A store's settings for the web's unit tests: each test overrides only what it reads. */
export const TEST_SETTINGS: StoreSettings = {
  storeName: 'Milli',
  helpLine: '+91 44 4000 1234',
  emailPrimary: 'care@milli.example',
  emailSecondary: '',
  officeAddress: '118 Cathedral Road, Chennai 600086',
  returnWindowDays: 7,
  shippingFeePaise: 14_900,
  deliveryDays: 4,
  sellerLegalName: 'Milli Jewels Private Limited',
  sellerGstin: '33AAKCM4821Q1Z1',
  codLimitPaise: 50_000_00,
  bisRegistration: '',
  exchangePercent: 100,
  buybackPercent: 95,
  tradeInPercent: 95,
  rateLockAdvancePercent: 10,
  rateLockPeriodsDays: [30, 90, 180],
  rateLockMaxMg: 50_000,
  rateLockUnusedAdvance: 'refund',
};
