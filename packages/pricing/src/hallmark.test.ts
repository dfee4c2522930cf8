import { describe, expect, it } from 'vitest';
import { purityMark } from './hallmark.ts';

describe('purityMark', () => {
  it('states gold in carat and fineness, as the hallmark does', () => {
    expect(purityMark('gold', 22)).toBe('22K916');
    expect(purityMark('gold', 18)).toBe('18K750');
    expect(purityMark('gold', 14)).toBe('14K585');
    expect(purityMark(null, 9)).toBe('9K375');
  });
  it('states platinum and silver by fineness, and nothing without a purity', () => {
    expect(purityMark('platinum', 950)).toBe('Pt950');
    expect(purityMark('silver', 925)).toBe('925');
    expect(purityMark('gold', null)).toBeNull();
  });
});
