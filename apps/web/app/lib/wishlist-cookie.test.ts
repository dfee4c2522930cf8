import { describe, expect, it } from 'vitest';
import { MAX_WISHLIST_ITEMS, parseSharedWishlistIds, parseWishlistIds } from '@milli/contracts';
import { readWishlistCookie, wishlistSetCookie, withWished, withoutWished } from './wishlist-cookie.ts';

const encoded = (v: unknown) => encodeURIComponent(JSON.stringify(v));

describe('guest wish-list cookie', () => {
  it('reads the URI-encoded id list from a Cookie header among other cookies', () => {
    expect(readWishlistCookie(`cartItems=${encoded([{ productId: 1, quantity: 1 }])}; wishlistItems=${encoded([12, 40, 7])}; x=1`)).toEqual([12, 40, 7]);
    expect(readWishlistCookie('other=1')).toEqual([]);
    expect(readWishlistCookie(null)).toEqual([]);
  });

  it('treats garbage and wrong shapes as empty, and keeps only whole positive ids once each', () => {
    expect(parseWishlistIds('%7Bnot json')).toEqual([]);
    expect(parseWishlistIds(encoded({ 0: 1 }))).toEqual([]);
    expect(parseWishlistIds(encoded([3, '4', -1, 0, 1.5, 'x', null, { id: 2 }, 3, 2_147_483_648, ' 9 ']))).toEqual([3, 4, 9]);
    expect(parseWishlistIds('[5,6]')).toEqual([5, 6]);
    expect(parseWishlistIds('x'.repeat(20_001))).toEqual([]);
  });

  it(`caps the list at ${MAX_WISHLIST_ITEMS} ids`, () => {
    const many = Array.from({ length: 150 }, (_, i) => i + 1);
    expect(parseWishlistIds(encoded(many))).toHaveLength(MAX_WISHLIST_ITEMS);
    expect(withWished(many.slice(0, MAX_WISHLIST_ITEMS), 999)).toBeNull();
    expect(withWished(many.slice(0, MAX_WISHLIST_ITEMS), 1)).toHaveLength(MAX_WISHLIST_ITEMS);
  });

  it('adds newest first without duplicates, removes, and round-trips through Set-Cookie', () => {
    expect(withWished([4, 5], 9)).toEqual([9, 4, 5]);
    expect(withWished([4, 5], 5)).toEqual([4, 5]);
    expect(withoutWished([4, 5], 4)).toEqual([5]);
    const cookie = wishlistSetCookie([9, 4, 5], 'http://shop.test/wishlist');
    expect(cookie).toMatch(/^wishlistItems=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(readWishlistCookie(cookie.split(';')[0])).toEqual([9, 4, 5]);
    expect(wishlistSetCookie([], 'http://shop.test/wishlist')).toContain('Max-Age=0');
    expect(wishlistSetCookie([1], 'https://shop.test/wishlist')).toMatch(/; Secure$/);
  });
});

describe('shared wish-list link', () => {
  it('accepts comma-separated ids, capped, and refuses anything else', () => {
    expect(parseSharedWishlistIds('12,40, 7,12')).toEqual([12, 40, 7]);
    expect(parseSharedWishlistIds(Array.from({ length: 150 }, (_, i) => i + 1).join(','))).toHaveLength(MAX_WISHLIST_ITEMS);
    for (const bad of ['', 'abc', '1;2', '1,,2', '<script>', '0', '-1', '1'.repeat(11), 'x'.repeat(3000)]) {
      expect(parseSharedWishlistIds(bad), bad).toBeNull();
    }
    expect(parseSharedWishlistIds(null)).toBeNull();
  });
});
