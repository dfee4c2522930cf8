import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { StoreSettings } from '@milli/contracts';
import { LegalDocument } from './legal-document.tsx';
import { CANCELLATION, POLICIES, RETURNS, SHIPPING, TERMS, type Policy } from './policies.tsx';
import { TEST_SETTINGS } from '../../lib/testing-settings.ts';

const SETTINGS: StoreSettings = { ...TEST_SETTINGS, bisRegistration: 'HM/C-5190012345' };

/** The page's text as a reader gets it, with these settings. */
function text(policy: Policy, settings: StoreSettings = SETTINGS): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <LegalDocument label={policy.title} lead={policy.lead} updated="today" sections={policy.sections(settings)} />
    </MemoryRouter>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('the legal pages state the store settings, not numbers of their own (DECISIONS §4, §7)', () => {
  it('the return window', () => {
    expect(text(RETURNS)).toContain('7 days to change your mind');
    expect(text(RETURNS)).toContain('within 7 days of its delivery');
    expect(text(CANCELLATION)).toContain('return it within 7 days of delivery');
    expect(text(TERMS)).toContain('within 7 days of delivery');
    expect(`${text(RETURNS)}${text(TERMS)}${text(CANCELLATION)}`).not.toMatch(/\b15 days\b/);
  });

  it('the shipping fee, and "free" only while it is zero', () => {
    expect(text(SHIPPING)).toContain('a flat Rs. 149.00 an order');
    expect(text(SHIPPING)).not.toMatch(/free/i);
    expect(text(SHIPPING, { ...SETTINGS, shippingFeePaise: 0 })).toContain('Delivery is free on every order.');
    expect(text(TERMS, { ...SETTINGS, shippingFeePaise: 0 })).toContain('Delivery is free, as the cart');
    expect(text(TERMS)).toContain('Delivery costs a flat Rs. 149.00 an order, as the cart');
  });

  it('the delivery days', () => {
    expect(text(SHIPPING)).toContain('within 4 days of your order');
    expect(text(TERMS)).toContain('usually within 4 days');
  });

  it('every page names the seller’s Grievance Officer with the store’s contact details', () => {
    for (const policy of POLICIES) {
      const page = text(policy);
      expect(page, policy.title).toContain('The Grievance Officer, Milli');
      expect(page, policy.title).toContain('care@milli.example');
      expect(page, policy.title).toContain('acknowledge every complaint within 48 hours');
    }
    expect(text(TERMS)).toContain('Milli Jewels Private Limited (GSTIN 33AAKCM4821Q1Z1)');
  });
});

// Issue 38: the words follow the code.
describe('the terms and policies say what the store does', () => {
  it('the price: the cart re-prices at the day’s rate, and the order keeps the price of the moment it is placed', () => {
    const terms = text(TERMS);
    expect(terms).not.toMatch(/price in your cart is the one that applied when you added/);
    expect(terms).toContain('Adding a piece to your cart does not fix its price');
    expect(terms).toContain('the cart shows the new price and says so');
    expect(terms).toContain('You pay the price at the moment you place the order');
  });

  it('the BIS rule of compensation: twice the difference in value for the purity shortfall, plus testing charges', () => {
    const returns = text(RETURNS);
    expect(returns).toContain('If a hallmarked piece is short of its purity');
    expect(returns).toContain('Bureau of Indian Standards Rules, 2018 (rule 49)');
    expect(returns).toContain('twice the difference in value for the shortfall in purity, plus the charges of the testing');
    expect(returns).toContain('our BIS registration is HM/C-5190012345');
    expect(text(TERMS)).toContain('registered with the Bureau of Indian Standards (registration HM/C-5190012345)');
  });

  it('no BIS registration is claimed while the store has none set', () => {
    for (const policy of POLICIES)
      expect(text(policy, { ...SETTINGS, bisRegistration: '' }), policy.title).not.toMatch(/registration (is )?HM\/C|registered with the Bureau/);
  });
});
