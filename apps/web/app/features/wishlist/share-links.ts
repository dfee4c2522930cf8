import { MAX_WISHLIST_ITEMS } from '@milli/contracts';

/** A network's share address for a link: opened in a new tab, nothing is sent until the person confirms there. */
export interface ShareLink {
  network: 'WhatsApp' | 'Facebook' | 'X' | 'Pinterest';
  href: string;
}

/** The read-only view of these pieces, which anyone with the link can open: /wishlist?items=12,40,7. */
export function sharedWishlistUrl(origin: string, productIds: readonly number[]): string {
  return `${origin}/wishlist?items=${productIds.slice(0, MAX_WISHLIST_ITEMS).join(',')}`;
}

/**
 * The four share buttons of 'Share Your Wishlist'. Each network's own public share address takes the
 * link (and a line of text, or a picture for Pinterest); everything is URI-encoded.
 */
export function shareLinks(url: string, text: string, imageUrl: string | null): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { network: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'X', href: `https://x.com/intent/tweet?text=${t}&url=${u}` },
    {
      network: 'Pinterest',
      href: `https://www.pinterest.com/pin/create/button/?url=${u}&description=${t}${imageUrl ? `&media=${encodeURIComponent(imageUrl)}` : ''}`,
    },
  ];
}
