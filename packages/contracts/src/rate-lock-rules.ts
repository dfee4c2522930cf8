/**
 * Issue 42, browser-safe: the page a shopper locks a rate on. The gold-rate page, the product page and My Account link
 * to it; the server allows the gateway's checkout script there (plugins/security.ts).
 */
export const RATE_LOCK_PATH = '/rate-lock';
