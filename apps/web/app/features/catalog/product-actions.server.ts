import type { ErrorCode, ProductDetail } from '@milli/contracts';
import { resolveChoice, type LineChoice } from '@milli/pricing';
import { SizerRequestSchema } from '@milli/contracts/schemas';
import { ApiError, apiFailure, type ApiClient } from '../../lib/api.ts';
import { MAX_LINE_QUANTITY, cartSetCookie, readCartCookie } from '../../lib/cart-cookie.ts';
import { storeCookie, type CookieSite } from '../../lib/cookies.ts';
import { issueFieldErrors } from '../../lib/field-errors.ts';
import { loadSessionUser } from '../../lib/session.ts';
import type { SizerResult } from './sizer-dialog.tsx';
import { inStock } from './product-seo.ts';

export interface AddToCartResult {
  intent: 'add-to-cart';
  ok: boolean;
  message: string;
  /** Why the line was refused, where the API or the choice check said (the form marks the field it is about). */
  code?: ErrorCode;
}

/**
 * After a successful Add to Cart the page is loaded again (POST, redirect, GET), so every loader, the
 * header's cart count included, reads the new cart. This one-request cookie carries the 'added' note
 * across the redirect; the product page's loader reads it and clears it. Its name begins `milli_notice_`: the one
 * kind of cookie a shared page's render receives (decision 032), so that page is rendered once more with the note.
 */
export const ADDED_COOKIE = 'milli_notice_added';
const addedCookie = storeCookie(ADDED_COOKIE, { maxAgeS: 120, httpOnly: true });

export function addedSetCookie(productId: number, quantity: number, site: CookieSite): string {
  return addedCookie.set(`${productId}-${quantity}`, site);
}

export function addedClearCookie(site: CookieSite): string {
  return addedCookie.clear(site);
}

/** The quantity just added to this product, from the one-request cookie, or null. */
export function readAdded(cookieHeader: string | null, productId: number): number | null {
  const value = addedCookie.read(cookieHeader);
  const match = value ? /^(\d+)-(\d+)$/.exec(value) : null;
  if (!match || Number(match[1]) !== productId) return null;
  return Number(match[2]);
}

const ADD_FAILED = 'We could not add this piece to your cart just now. Please try again.';

/**
 * The piece's choices from the product form, judged with the pricing package's resolveChoice (the function the
 * server judges them with): what the shopper picked, the piece's defaults for the rest, or the reason it cannot
 * be sold so (a size not chosen, a karat the piece is not made in). Only choices the piece offers are read.
 */
export function chosenOptions(product: ProductDetail, form: FormData): ReturnType<typeof resolveChoice> {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const { pricing } = product;
  const purity = Number(text('purity'));
  const asked: LineChoice = {
    purity: pricing.metal === 'gold' && text('purity') !== '' && Number.isSafeInteger(purity) ? purity : undefined,
    colour: pricing.colours.length > 0 && text('colour') !== '' ? text('colour') : undefined,
    diamondQuality: pricing.diamondQualities.length > 0 && text('diamondQuality') !== '' ? text('diamondQuality') : undefined,
    size: text('size') !== '' ? text('size').slice(0, 12) : undefined,
  };
  return resolveChoice(pricing, asked);
}

/** The choices as POST /api/cart/add names them. */
function cartFields(choice: LineChoice): Record<string, string> {
  const fields: Record<string, string> = {};
  if (choice.purity !== undefined) fields.purity = String(choice.purity);
  if (choice.colour !== undefined) fields.colour = choice.colour;
  if (choice.diamondQuality !== undefined) fields.diamond_quality = choice.diamondQuality;
  if (choice.size !== undefined) fields.size = choice.size;
  return fields;
}

/**
 * Add to Cart (spec §4): a logged-in shopper's line goes to POST /api/cart/add (multipart
 * cart_product_id, cart_quantity, cart_user_id and the choices; the server checks the id is the session's
 * own, judges the choices and prices the line); a guest's is added to the cartItems cookie with the same
 * choices. Quantity is at least 1; a piece that comes in sizes needs one.
 */
export async function addToCart(
  api: ApiClient,
  request: Request,
  productId: number,
  form: FormData,
): Promise<{ result: AddToCartResult; setCookies: string[]; status: number }> {
  const fail = (message: string, status = 400, code: ErrorCode | null = null) => ({
    result: { intent: 'add-to-cart' as const, ok: false, message, ...(code ? { code } : {}) },
    setCookies: [],
    status,
  });
  const quantity = Math.floor(Number(form.get('quantity') ?? 1));
  if (!Number.isFinite(quantity) || quantity < 1) return fail('Please choose a quantity of at least 1.');
  if (quantity > MAX_LINE_QUANTITY) return fail(`At most ${MAX_LINE_QUANTITY} of one piece can be ordered online.`);

  let product: ProductDetail;
  try {
    product = (await api.get(`/api/product/find-by-id/${productId}`)).data;
  } catch (error) {
    const { message, status, code } = apiFailure(error, ADD_FAILED);
    return fail(message, status, code);
  }
  if (!inStock(product)) return fail('Sorry, this piece is out of stock.', 409, 'OUT_OF_STOCK');
  const chosen = chosenOptions(product, form);
  if (!chosen.ok) return fail(chosen.message, 400, chosen.code);

  const user = await loadSessionUser(api);
  if (user) {
    const body = new FormData();
    body.set('cart_product_id', String(productId));
    body.set('cart_quantity', String(quantity));
    body.set('cart_user_id', String(user.userId));
    for (const [name, value] of Object.entries(cartFields(chosen.choice))) body.set(name, value);
    try {
      await api.post('/api/cart/add', body);
    } catch (error) {
      // The API's refusal (409 'Only 3 of this piece in stock', 422 a choice it does not offer) is the
      // person's message on the product page, with its own status.
      const { message, status, code } = apiFailure(error, ADD_FAILED);
      return fail(message, status, code);
    }
    return {
      result: { intent: 'add-to-cart', ok: true, message: `${product.product_name} is in your cart.` },
      setCookies: [addedSetCookie(productId, quantity, request)],
      status: 200,
    };
  }

  // parseCartItems (inside cartSetCookie) adds this line to one of the same piece and choices.
  const items = [...readCartCookie(request.headers.get('cookie')), { productId, quantity, ...chosen.choice }];
  return {
    result: { intent: 'add-to-cart', ok: true, message: `${product.product_name} is in your cart.` },
    setCookies: [cartSetCookie(items, request), addedSetCookie(productId, quantity, request)],
    status: 200,
  };
}

const PINCODE = /^[1-9][0-9]{5}$/;
const SIZER_API_FIELDS = ['name', 'phone', 'email', 'address'] as const;

/**
 * The 'Get Free Sizer' form: checked with the API's own schema (the same messages the API would give),
 * the pincode appended to the address as the API keeps it, then POST /api/sizer-requests.
 */
export async function requestSizer(api: ApiClient, productId: number, form: FormData): Promise<{ result: SizerResult; status: number }> {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const pincode = text('pincode');
  const address = text('address');
  const body = {
    name: text('name'),
    phone: text('phone'),
    email: text('email'),
    address: address && pincode && !address.includes(pincode) ? `${address}, ${pincode}` : address,
    productId,
  };
  const parsed = SizerRequestSchema.safeParse(body);
  const fieldErrors: NonNullable<SizerResult['fieldErrors']> = parsed.success ? {} : issueFieldErrors(parsed.error.issues, SIZER_API_FIELDS);
  if (!PINCODE.test(pincode)) fieldErrors.pincode = 'Please enter a valid 6-digit pincode.';
  if (Object.keys(fieldErrors).length > 0) {
    return { result: { intent: 'sizer', ok: false, message: 'Please check the highlighted fields.', fieldErrors }, status: 400 };
  }
  try {
    const answer = await api.post('/api/sizer-requests', body);
    const message =
      answer && typeof answer === 'object' && typeof answer.message === 'string' && answer.message
        ? answer.message
        : 'Thank you! Your free sizer is on its way.';
    return { result: { intent: 'sizer', ok: true, message }, status: 200 };
  } catch (error) {
    const message =
      error instanceof ApiError && error.status !== 404 && !/^Request failed/.test(error.message)
        ? error.message
        : 'We could not send your request just now. Please try again in a moment.';
    // A refused request (bad field, too many tries) keeps its status; a missing or failing service is ours: 503.
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404;
    return { result: { intent: 'sizer', ok: false, message }, status: refused ? (error as ApiError).status : 503 };
  }
}
