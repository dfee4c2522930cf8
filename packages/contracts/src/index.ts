/**
 * The browser-safe entry: constants, messages and types only (no zod at run time, so it costs the
 * storefront bundle nothing). Schemas live in '@milli/contracts/schemas' for the server and forms.
 */
export * from './constants.ts';
export * from './messages.ts';
export * from './india.ts';
export * from './postal-address.ts';
export * from './indian-states.ts';
export type * from './schemas.ts';
export * from './wishlist-ids.ts';
export * from './guest-cart.ts';
export * from './demo-instruments.ts';
export * from './errors.ts';
export * from './staff.ts';
export * from './complaint-rules.ts';
export * from './privacy-rules.ts';
export * from './phone-sign-in.ts';
export * from './text-messages.ts';
export * from './catalogue-images.ts';
export * from './product-media.ts';
export * from './admin-shop-values.ts';
export * from './paid-before.ts';
export * from './and-list.ts';
export * from './hallmark.ts';
export * from './rate-lock-rules.ts';
export type * from './api.ts';
