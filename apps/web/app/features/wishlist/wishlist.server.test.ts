import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../../lib/api.ts';
import { changeWishlist, loadProductsByIds } from './wishlist.server.ts';

const product = (id: number, stock = 'In Stock') => ({
  product_id: id,
  product_name: `Piece ${id}`,
  product_category: 'Rings',
  product_material: 'Gold',
  product_price: 100.5,
  product_price_paise: 10_050,
  product_sku: `S${id}`,
  product_tags: '',
  product_parent_image: `/media/${id}.svg`,
  product_stock_status: stock,
  product_rating: 4,
  product_on_sale: false,
  product_price_before_paise: null,
  product_discount_percent: null,
});

function fakeApi(post: (path: string, body?: unknown) => unknown) {
  const seen: string[] = [];
  const api: ApiClient = {
    get: () => Promise.reject(new Error('unused')),
    post: async <T>(path: string, body?: unknown) => {
      seen.push(path);
      return post(path, body) as T;
    },
    raw: () => Promise.reject(new Error('unused')),
  };
  return { api, seen };
}

const guestRequest = (cookie = '') => new Request('http://shop.test/wishlist', { method: 'POST', headers: cookie ? { cookie } : {} });

describe('wish-list actions', () => {
  it('adds a known piece to the guest cookie, newest first, and refuses an unknown one', async () => {
    const { api } = fakeApi((path) => (path.endsWith('cartList=9') ? [product(9)] : []));
    const added = await changeWishlist(api, null, guestRequest(`wishlistItems=${encodeURIComponent('[4]')}`), 'add', 9);
    expect(added.result).toEqual({ intent: 'add', ok: true, message: 'Added to your wish list', productId: 9 });
    expect(decodeURIComponent(added.setCookies[0]!)).toMatch(/^wishlistItems=\[9,4\]; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const unknown = await changeWishlist(api, null, guestRequest(), 'add', 5);
    expect(unknown).toMatchObject({ status: 404, setCookies: [], result: { ok: false, message: 'This product does not exist.' } });
  });

  it('removes from the guest cookie without asking the API, clearing it when empty', async () => {
    const { api, seen } = fakeApi(() => []);
    const removed = await changeWishlist(api, null, guestRequest(`wishlistItems=${encodeURIComponent('[4]')}`), 'remove', 4);
    expect(removed.result.ok).toBe(true);
    expect(removed.setCookies[0]).toContain('Max-Age=0');
    expect(seen).toEqual([]);
  });

  it("calls the customer's API, and treats removing a piece already gone as done", async () => {
    const { api, seen } = fakeApi((path) => {
      if (path.startsWith('/api/wishlist/delete/')) throw new ApiError(404, 'This piece is not in your wish list.', null);
      return { message: 'Added to your wish list', wishlistCount: 1 };
    });
    const user = { userId: 7, userName: 'asha' };
    expect((await changeWishlist(api, user, guestRequest(), 'add', 3)).result.ok).toBe(true);
    expect((await changeWishlist(api, user, guestRequest(), 'remove', 3)).result.ok).toBe(true);
    expect(seen).toEqual(['/api/wishlist/add', '/api/wishlist/delete/3/7']);
  });

  it('prices pieces by id in the given order, dropping unknown ones', async () => {
    const { api } = fakeApi(() => [product(2, 'Out of Stock'), product(1)]);
    const items = await loadProductsByIds(api, [1, 9, 2]);
    expect(items.map((i) => [i.productId, i.pricePaise, i.inStock])).toEqual([
      [1, 10_050, true],
      [2, 10_050, false],
    ]);
  });
});
