/** One piece of the /wishlist table, money in paise. */
export interface WishlistItem {
  productId: number;
  name: string;
  image: string;
  pricePaise: number;
  inStock: boolean;
}

/** What the /wishlist action answers a heart, a remove icon or an Add to Cart button. */
export interface WishlistActionResult {
  intent: 'add' | 'remove' | 'add-to-cart';
  ok: boolean;
  message: string;
  productId: number | null;
}
