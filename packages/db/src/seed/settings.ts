import type { NewCoupon, NewStoreSettings } from '../schema.ts';

/** The demo store's settings (one row). Contact details use the reserved .example domain. */
export const DEMO_SETTINGS: NewStoreSettings = {
  id: 1,
  storeName: 'Milli',
  helpLine: '+91 44 4000 1234',
  emailPrimary: 'care@milli.example',
  emailSecondary: 'partners@milli.example',
  officeAddress: 'Milli Jewels Pvt. Ltd., 3rd Floor, 118 Cathedral Road, Gopalapuram, Chennai 600086, Tamil Nadu, India',
  returnWindowDays: 15,
  // Rs. 2.99, the flat fee of the specification's cart (DECISIONS §4).
  shippingFeePaise: 299,
  deliveryDays: 15,
  gstPercent: 3,
  cadAdvancePercent: 30,
  sellerLegalName: 'Milli Jewels Private Limited',
  // A well-formed demo GSTIN (Tamil Nadu, state code 33; the check character is valid).
  sellerGstin: '33AAKCM4821Q1Z1',
  sellerState: 'Tamil Nadu',
  sellerStateCode: '33',
  invoicePrefix: 'MIL',
};

const DAY_MS = 86_400_000;

/** Coupons relative to the seed day: two that work, one that has expired. */
export function demoCoupons(today: Date): NewCoupon[] {
  const at = (days: number) => new Date(today.getTime() + days * DAY_MS);
  return [
    {
      code: 'WELCOME10',
      description: '10% off your first order of Rs. 5,000 or more',
      kind: 'percent',
      value: 10,
      maxDiscountPaise: 5_000_00,
      minOrderPaise: 5_000_00,
      startsAt: at(-90),
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: 1,
      active: true,
      createdAt: at(-90),
    },
    {
      code: 'FLAT500',
      description: 'Rs. 500 off orders of Rs. 10,000 or more',
      kind: 'fixed',
      value: 500_00,
      minOrderPaise: 10_000_00,
      startsAt: at(-30),
      endsAt: null,
      usageLimit: 1000,
      perCustomerLimit: 3,
      active: true,
      createdAt: at(-30),
    },
    {
      code: 'DIWALI15',
      description: '15% off during the Diwali sale (over)',
      kind: 'percent',
      value: 15,
      maxDiscountPaise: 10_000_00,
      minOrderPaise: 20_000_00,
      startsAt: at(-140),
      endsAt: at(-120),
      usageLimit: 500,
      perCustomerLimit: 1,
      active: true,
      createdAt: at(-140),
    },
  ];
}
