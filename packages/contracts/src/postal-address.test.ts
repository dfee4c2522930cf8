import { describe, expect, it } from 'vitest';
import { streetLine } from './postal-address.ts';

describe('streetLine: an address never shows its city twice (issue 40)', () => {
  it('leaves out a last part that is the city the next line gives, whatever its case or a PIN after it', () => {
    expect(streetLine('12 Temple Street, Mylapore, Chennai', 'Chennai')).toBe('12 Temple Street, Mylapore');
    expect(streetLine('12 Temple Street, Mylapore, chennai - 600004,', 'Chennai')).toBe('12 Temple Street, Mylapore');
    expect(streetLine('Shop 4, Silver Arch, 22 Linking Road, Bandra West, Mumbai', 'Mumbai')).toBe('Shop 4, Silver Arch, 22 Linking Road, Bandra West');
  });
  it('keeps an address that does not end with the city, or is only one part', () => {
    expect(streetLine('12 Temple Street, Mylapore', 'Chennai')).toBe('12 Temple Street, Mylapore');
    expect(streetLine('E-12, South Extension Part II, New Delhi', 'Delhi')).toBe('E-12, South Extension Part II, New Delhi');
    expect(streetLine('Chennai', 'Chennai')).toBe('Chennai');
    expect(streetLine('4 Chennai Road, Tambaram', 'Chennai')).toBe('4 Chennai Road, Tambaram');
  });
});
