import { describe, expect, it } from 'vitest';
import { ERASED_ON_ERASURE, RETAINED_ON_ERASURE } from '@milli/contracts';
import { ofThem } from './customer-view.ts';

describe('the customer desk', () => {
  it('says the erasure lists of the customer, not to them', () => {
    for (const item of [...ERASED_ON_ERASURE, ...RETAINED_ON_ERASURE]) expect(ofThem(item.text), item.key).not.toMatch(/\byou(r)?\b/);
    expect(ofThem('our copies of the mails we sent you')).toBe('our copies of the mails we sent them');
    expect(ofThem('the record of the consents you gave and withdrew')).toBe('the record of the consents they gave and withdrew');
    expect(ofThem('your nominee')).toBe('their nominee');
  });
});
