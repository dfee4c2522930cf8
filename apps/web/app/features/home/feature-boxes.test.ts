import { describe, expect, it } from 'vitest';
import type { StoreSettings } from '@milli/contracts';
import { featureList } from './feature-boxes.tsx';

const SETTINGS = { returnWindowDays: 30, shippingFeePaise: 0, deliveryDays: 7 } as StoreSettings;

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
});
