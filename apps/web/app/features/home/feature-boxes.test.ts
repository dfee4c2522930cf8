import { describe, expect, it } from 'vitest';
import type { StoreSettings } from '@milli/contracts';
import { featureList } from './feature-boxes.tsx';

const SETTINGS = { returnWindowDays: 30, shippingFeePaise: 0, deliveryDays: 7, exchangePercent: 100, buybackPercent: 95, tradeInPercent: 92 } as StoreSettings;
const textOf = (settings: StoreSettings | null, title: string) => featureList(settings).find((f) => f.title === title)?.text ?? '';

describe('the home page’s promises', () => {
  it('state the store’s own return window and delivery, and leave both out when the settings could not be read', () => {
    const titles = featureList(SETTINGS).map((f) => f.title);
    expect(titles).toHaveLength(9);
    expect(titles).toContain('30 Days Money Back');
    expect(titles).toContain('Free Shipping');
    const without = featureList(null).map((f) => f.title);
    expect(without).toHaveLength(7);
    expect(without.join(' ')).not.toMatch(/Money Back|Shipping/);
  });

  // Issue 38: each box says what the code does.
  it('call Milli Harvest what it is, a savings plan with its 365-day limit, not financing', () => {
    const titles = featureList(SETTINGS).map((f) => f.title);
    expect(titles).toContain('Gold Savings Plan');
    expect(titles.join(' ')).not.toMatch(/financ/i);
    expect(textOf(SETTINGS, 'Gold Savings Plan')).toMatch(/ten monthly instalments.*eleventh.*365 days/);
  });

  it('state buy-back and trade-in at the store’s percentages of the day’s rate, never at the full rate', () => {
    expect(textOf(SETTINGS, 'Buy Back')).toContain('95 % of its metal’s value at that day’s rate');
    expect(textOf({ ...SETTINGS, buybackPercent: 90 }, 'Buy Back')).toContain('90 %');
    expect(textOf(SETTINGS, 'Exchange the Old')).toContain('92 % of the day’s rate');
    // Without the settings, no number is made up.
    expect(textOf(null, 'Buy Back')).not.toMatch(/\d+ %/);
    expect(textOf(null, 'Exchange the Old')).not.toMatch(/\d+ %/);
  });

  it('promise no certificate for every diamond (one comes only where the store uploaded it) and nothing “for life” it cannot value', () => {
    const all = featureList(SETTINGS)
      .map((f) => f.text)
      .join(' ');
    expect(all).not.toMatch(/every diamond comes with/i);
    expect(textOf(SETTINGS, 'Authenticity')).toMatch(/Where a diamond has a lab certificate/);
    expect(all).not.toMatch(/credit it at the day’s rate|at the metal’s value on that day/);
  });
});
