import { describe, expect, it } from 'vitest';
import { ApiError, onCode, refusalCode } from './api.ts';

type CartCode = 'OUT_OF_STOCK' | 'NOT_ENOUGH_STOCK';

describe('error codes', () => {
  it('reads a refusal’s code only when the vocabulary knows it', () => {
    expect(refusalCode({ message: 'Sorry, this piece is out of stock.', code: 'OUT_OF_STOCK' })).toBe('OUT_OF_STOCK');
    expect(refusalCode({ message: 'x', code: 'SOLD_OUT' })).toBeNull();
    expect(refusalCode('Bad Gateway')).toBeNull();
    expect(new ApiError(409, 'Only 3 of this piece in stock.', { code: 'NOT_ENOUGH_STOCK' }).code).toBe('NOT_ENOUGH_STOCK');
  });

  it('runs the screen’s reaction for a code it names, and the default for any other', () => {
    const handlers = { OUT_OF_STOCK: () => 'gone', NOT_ENOUGH_STOCK: () => 'fewer' };
    expect(onCode<CartCode, string>('NOT_ENOUGH_STOCK', handlers, () => 'message')).toBe('fewer');
    expect(onCode<CartCode, string>('RATE_LIMITED', handlers, () => 'message')).toBe('message');
    expect(onCode<CartCode, string>(null, handlers, () => 'message')).toBe('message');
  });

  it('does not compile a reaction table that misses a code, or names one outside the vocabulary', () => {
    // @ts-expect-error NOT_ENOUGH_STOCK has no reaction
    onCode<CartCode, string>('OUT_OF_STOCK', { OUT_OF_STOCK: () => 'gone' }, () => 'message');
    // @ts-expect-error SOLD_OUT is not an ErrorCode
    onCode<CartCode | 'SOLD_OUT', string>(
      'OUT_OF_STOCK',
      { OUT_OF_STOCK: () => 'gone', NOT_ENOUGH_STOCK: () => 'fewer', SOLD_OUT: () => 'x' },
      () => 'message',
    );
    // @ts-expect-error a code the vocabulary lacks cannot even be asked about
    onCode<CartCode, string>('SOLD_OUT', { OUT_OF_STOCK: () => 'gone', NOT_ENOUGH_STOCK: () => 'fewer' }, () => 'message');
    expect(true).toBe(true);
  });
});
