import { describe, expect, it } from 'vitest';
import { diffEntries, showValue } from './audit-diff.ts';

describe('the audit log’s diff', () => {
  it('lists only what changed, nested fields by dotted name', () => {
    expect(
      diffEntries({ name: 'Asha', role: 'orders', price: { making: 10, gst: 3 } }, { name: 'Asha', role: 'catalogue', price: { making: 12, gst: 3 } }),
    ).toEqual([
      { key: 'role', kind: 'changed', before: 'orders', after: 'catalogue' },
      { key: 'price.making', kind: 'changed', before: 10, after: 12 },
    ]);
  });
  it('shows a creation as fields set and a removal as fields gone', () => {
    expect(diffEntries(null, { name: 'Ring', stock: 3 })).toEqual([
      { key: 'name', kind: 'added', after: 'Ring' },
      { key: 'stock', kind: 'added', after: 3 },
    ]);
    expect(diffEntries({ name: 'Ring' }, null)).toEqual([{ key: 'name', kind: 'removed', before: 'Ring' }]);
    expect(diffEntries({ a: 1 }, { a: 1, b: 2 })).toEqual([{ key: 'b', kind: 'added', after: 2 }]);
    expect(diffEntries(null, null)).toEqual([]);
    expect(diffEntries(1, 2)).toEqual([{ key: '(value)', kind: 'changed', before: 1, after: 2 }]);
  });
  it('reads values as a person would', () => {
    expect(showValue(null)).toBe('(empty)');
    expect(showValue(['a', 'b'])).toBe('["a","b"]');
    expect(showValue(true)).toBe('true');
  });
});
