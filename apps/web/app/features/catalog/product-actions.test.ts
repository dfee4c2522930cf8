import { describe, expect, it } from 'vitest';
import type { PricingContext, ProductDetail } from '@milli/contracts';
import { ApiError, apiFailure, type ApiClient } from '../../lib/api.ts';
import { readCartCookie } from '../../lib/cart-cookie.ts';
import { addToCart, addedSetCookie, chosenOptions, readAdded } from './product-actions.server.ts';

const SITE = 'http://shop.test/product-detail/5';
/** The product page's request, without cookies (a guest's empty cart, or a customer's session the fake API answers for). */
const page = () => new Request(SITE, { method: 'POST' });

const product = (pricing: Partial<PricingContext>): ProductDetail =>
  ({
    product_id: 5,
    pricing: {
      metal: 'gold',
      diamondWeightCents: 0,
      defaultPurity: 18,
      defaultDiamondQuality: null,
      defaultColour: 'Yellow Gold',
      purities: [14, 18],
      colours: ['Yellow Gold', 'Rose Gold'],
      diamondQualities: [],
      sizeKind: null,
      sizes: [],
      ...pricing,
    },
  }) as unknown as ProductDetail;

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe('chosenOptions: the choices a line is sold as', () => {
  it('keeps what the shopper picked, and completes the rest with the piece’s defaults', () => {
    expect(chosenOptions(product({}), form({ purity: '14', colour: 'Rose Gold' }))).toEqual({ ok: true, choice: { purity: 14, colour: 'Rose Gold' } });
    expect(chosenOptions(product({}), form({}))).toEqual({ ok: true, choice: { purity: 18, colour: 'Yellow Gold' } });
  });

  it('a platinum diamond piece: only its diamond grade; fields for what it has not are ignored', () =>
    expect(
      chosenOptions(
        product({
          metal: 'platinum',
          diamondWeightCents: 25,
          defaultPurity: 950,
          defaultColour: null,
          purities: [],
          colours: [],
          defaultDiamondQuality: 'SI-IJ',
          diamondQualities: ['SI-IJ', 'VVS-EF'],
        }),
        form({ purity: '18', colour: 'Rose Gold', diamondQuality: 'VVS-EF' }),
      ),
    ).toEqual({ ok: true, choice: { diamondQuality: 'VVS-EF' } }));

  it('refuses a karat or colour the piece is not made in, with the reason', () => {
    expect(chosenOptions(product({}), form({ purity: '24' }))).toEqual({
      ok: false,
      code: 'OPTION_NOT_OFFERED',
      message: 'This piece is made in 14 kt or 18 kt gold, not 24 kt.',
    });
    expect(chosenOptions(product({}), form({ colour: 'White Gold' }))).toMatchObject({ ok: false, message: expect.stringContaining('not White Gold') });
  });

  it('asks for a size where the piece has one, and keeps it with its kind', () => {
    const ring = product({ sizeKind: 'ring', sizes: ['11', '12'] });
    expect(chosenOptions(ring, form({}))).toEqual({ ok: false, code: 'SIZE_REQUIRED', message: 'Please choose a ring size for this piece.' });
    expect(chosenOptions(ring, form({ size: '12' }))).toEqual({ ok: true, choice: { purity: 18, colour: 'Yellow Gold', size: '12', sizeKind: 'ring' } });
    expect(chosenOptions(product({ sizeKind: 'bangle', sizes: ['2.4'] }), form({}))).toMatchObject({ message: 'Please choose a bangle size for this piece.' });
    expect(chosenOptions(product({}), form({ size: '12' }))).toEqual({ ok: false, code: 'OPTION_NOT_OFFERED', message: 'This piece does not come in sizes.' });
  });
});

describe('the one-request “added” note', () => {
  it('is read back for its own product only', () => {
    const cookie = addedSetCookie(5, 3, SITE).split(';')[0]!;
    expect(readAdded(`a=b; ${cookie}`, 5)).toBe(3);
    expect(readAdded(cookie, 6)).toBeNull();
    expect(readAdded('milli_notice_added=junk', 5)).toBeNull();
  });
});

describe('addToCart keeps the choices', () => {
  const ring = {
    product_id: 5,
    product_name: 'Pankh Ring',
    product_stock: 3,
    product_stock_status: 'In Stock',
    product_parent_image: '/media/art/ring/yellow-gold/2.svg',
    pricing: product({ sizeKind: 'ring', sizes: ['11', '12'] }).pricing,
  };
  const api = (user: boolean, posted: FormData[] = []): ApiClient => ({
    get: <T>() => Promise.resolve({ data: ring } as T),
    post: <T>(_path: string, body?: unknown) => {
      posted.push(body as FormData);
      return Promise.resolve({ message: 'Added to cart' } as T);
    },
    raw: () =>
      Promise.resolve(
        user
          ? new Response(JSON.stringify({ userId: 7, userName: 'meera' }), { headers: { 'content-type': 'application/json' } })
          : new Response('', { status: 401 }),
      ),
  });

  it('a logged-in shopper’s line is sent to the cart with every choice', async () => {
    const posted: FormData[] = [];
    const { result } = await addToCart(api(true, posted), page(), 5, form({ quantity: '1', purity: '14', colour: 'Rose Gold', size: '12' }));
    expect(result.ok).toBe(true);
    expect(Object.fromEntries(posted[0]!.entries())).toEqual({
      cart_product_id: '5',
      cart_quantity: '1',
      cart_user_id: '7',
      purity: '14',
      colour: 'Rose Gold',
      size: '12',
    });
  });

  it('a guest’s line goes into the cartItems cookie with every choice', async () => {
    const { result, setCookies } = await addToCart(api(false), page(), 5, form({ quantity: '2', purity: '14', colour: 'Rose Gold', size: '12' }));
    expect(result.ok).toBe(true);
    expect(readCartCookie(setCookies[0]!.split(';')[0]!)).toEqual([
      { productId: 5, quantity: 2, purity: 14, colour: 'Rose Gold', size: '12', sizeKind: 'ring' },
    ]);
  });

  it('refuses a ring without a size, for guests and customers alike, and adds nothing', async () => {
    for (const user of [true, false]) {
      const posted: FormData[] = [];
      const { result, setCookies, status } = await addToCart(api(user, posted), page(), 5, form({ quantity: '1' }));
      expect(result).toMatchObject({ ok: false, code: 'SIZE_REQUIRED', message: 'Please choose a ring size for this piece.' });
      expect(status).toBe(400);
      expect(posted).toEqual([]);
      expect(setCookies).toEqual([]);
    }
  });
});

describe('Add to Cart when the API refuses', () => {
  const piece = { product_id: 5, product_name: 'Lotus Ring', product_stock: 3, product_stock_status: 'In Stock', pricing: product({}).pricing };
  /** An API whose product and session answers are good and whose cart answer is `cart`. */
  const apiWith = (cart: () => never): ApiClient => ({
    get: async <T>() => ({ data: piece }) as T,
    post: async () => cart(),
    raw: async () => new Response(JSON.stringify({ userId: 7, userName: 'asha' }), { headers: { 'content-type': 'application/json' } }),
  });

  it('passes the API’s 409 through to the page as the person’s message, with its status', async () => {
    const api = apiWith(() => {
      throw new ApiError(409, 'Only 3 of this piece in stock', { message: 'Only 3 of this piece in stock', code: 'OUT_OF_STOCK' });
    });
    const { result, status } = await addToCart(api, page(), 5, form({ quantity: '4' }));
    expect(status).toBe(409);
    expect(result).toEqual({ intent: 'add-to-cart', ok: false, code: 'OUT_OF_STOCK', message: 'Only 3 of this piece in stock' });
  });

  it('answers 502 with its own words when the API fails', async () => {
    const api = apiWith(() => {
      throw new ApiError(500, 'Something went wrong on our side.', {});
    });
    const { result, status } = await addToCart(api, page(), 5, form({ quantity: '1' }));
    expect(status).toBe(502);
    expect(result.message).toMatch(/could not add this piece/);
  });
});

describe('apiFailure: one rule for every action', () => {
  it('keeps a 4xx with its message, and makes anything else a 502 with the fallback', () => {
    expect(apiFailure(new ApiError(422, 'Pick a size.', { code: 'SIZE_REQUIRED' }), 'x')).toEqual({
      status: 422,
      message: 'Pick a size.',
      code: 'SIZE_REQUIRED',
    });
    expect(apiFailure(new ApiError(404, 'Request failed (404)', ''), 'x')).toEqual({ status: 404, message: 'x', code: null });
    expect(apiFailure(new ApiError(503, 'down', {}), 'x')).toEqual({ status: 502, message: 'x', code: null });
    expect(apiFailure(new TypeError('fetch failed'), 'x')).toEqual({ status: 502, message: 'x', code: null });
  });
});
