import { describe, expect, it } from 'vitest';
import { shareLinks, sharedWishlistUrl } from './share-links.ts';

describe('wish-list sharing', () => {
  it('shares a read-only link of the ids, capped', () => {
    expect(sharedWishlistUrl('https://shop.test', [12, 40, 7])).toBe('https://shop.test/wishlist?items=12,40,7');
    const many = Array.from({ length: 120 }, (_, i) => i + 1);
    expect(sharedWishlistUrl('https://shop.test', many).split('=')[1]!.split(',')).toHaveLength(100);
  });

  it('gives four networks the link, URI-encoded, and only Pinterest a picture', () => {
    const url = 'https://shop.test/wishlist?items=1,2';
    const links = shareLinks(url, 'My Milli wish list & more', 'https://shop.test/media/a.svg');
    expect(links.map((l) => l.network)).toEqual(['WhatsApp', 'Facebook', 'X', 'Pinterest']);
    for (const link of links) {
      const parsed = new URL(link.href);
      expect(parsed.protocol).toBe('https:');
      expect([...parsed.searchParams.values()].join(' ')).toContain(url);
      expect(link.href).not.toContain('&more');
    }
    expect(new URL(links[3]!.href).searchParams.get('media')).toBe('https://shop.test/media/a.svg');
    expect(new URL(shareLinks(url, 'x', null)[3]!.href).searchParams.has('media')).toBe(false);
  });
});
