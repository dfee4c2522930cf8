/**
 * The specification's route table (spec §2) as the browser specs visit it: every route once, with one
 * example for each parameterised route. Shared by routes.spec.ts (shell and navigation) and
 * accessibility.spec.ts (axe-core).
 */
const filter = (value: Record<string, string | number>) => `/alljewellery/productfilter/${encodeURIComponent(JSON.stringify(value))}`;

export const ROUTES: string[] = [
  '/',
  '/about-us',
  '/account',
  '/active-orders',
  '/completed-orders',
  '/custom-orders',
  '/cancelled-orders',
  '/order-details',
  '/cad-design',
  '/cart',
  '/checkout',
  '/custom-design',
  '/forgot-password',
  '/otp',
  '/reset-password',
  '/legal',
  '/terms-and-conditions',
  '/shipping-policy',
  '/returns-and-refunds',
  '/cancellation-policy',
  '/login',
  '/register',
  '/milli-harvest',
  '/manufacturer',
  '/new-manufacturer',
  '/product-detail/1',
  '/jewellery-by-price/0/10000',
  ...[1, 2, 3, 4, 5, 6].map((n) => `/jewellery-by-price${n}/0/10000`),
  '/alljewellery',
  '/allJewellery',
  '/alljewellery/2',
  filter({ category: 'Bangles' }),
  filter({ material: 'Gold', category: 'Fingerring', minPrice: 0, maxPrice: 50000 }),
  '/store',
  // Without an order of the visitor's own, /thank-you goes home (REDIRECTS_HOME); checkout.spec.ts shows it with one.
  '/thank-you',
  '/wishlist',
  // Beyond the spec's table: where the mail to an account's old address leads (decision 020).
  `/undo-email-change?token=${'x'.repeat(43)}`,
  // Issue 20: appointments and the old gold trade-in estimator (the manage page with a link that matches nothing).
  '/book-appointment',
  `/appointment?token=${'x'.repeat(32)}`,
  '/trade-in',
  // Issue 42: the day's rates, their history and the rate-alert form (issue 40: it scrolled sideways on a phone).
  '/gold-rate',
  // Issue 42: the rate lock (terms and today's rates for anyone; the form and the locks once signed in).
  '/rate-lock',
  // Issue 38: complaints (a guest's ticket page without its link says to open the mail's link).
  '/help',
  '/help/ticket',
  // Issue 21: a buyer's own review of a piece and a customer's own Harvest plan (their shared pages cannot know them).
  '/review/1',
  '/milli-harvest/plan',
  // Issue 38: My privacy, and the page an erasure leads to.
  '/account/privacy',
  '/account/erased',
  // Issue 41: signing in or up with a mobile number, and a new account's name (decision 058).
  '/login/mobile',
  '/login/mobile/name',
  // Issue 41: message preferences, and where a message's opt-out link leads (here without its token: it says so).
  '/account/messages',
  '/messages/stop',
];

/** Pages for a logged-in customer: these may send a visitor to /login instead (and only these). */
export const MAY_REQUIRE_LOGIN = new Set([
  '/account',
  '/active-orders',
  '/completed-orders',
  '/custom-orders',
  '/cancelled-orders',
  '/order-details',
  '/cad-design',
  '/checkout',
  '/wishlist',
  '/review/1',
  '/milli-harvest/plan',
  '/account/privacy',
  '/login/mobile/name',
  '/account/messages',
]);

/** Pages that only make sense with something of the visitor's own (an order): without it they go home. */
export const REDIRECTS_HOME = new Set(['/thank-you']);
