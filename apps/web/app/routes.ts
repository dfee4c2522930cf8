import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** The specification's route table (exact match); unknown paths fall to the 404 screen. */
const priceRoutes = ['jewellery-by-price', ...[1, 2, 3, 4, 5, 6].map((n) => `jewellery-by-price${n}`)].map((base) =>
  route(`${base}/:min/:max`, 'routes/listing.tsx', { id: `listing-${base}` }),
);

/**
 * The back office (issue 17), under the admin layout (routes/admin/layout.tsx: the signed-in member, the shell,
 * noindex, no storefront shell). Each area appends its screens to this block, one line each, route modules in
 * routes/admin/ and their code in features/admin-<area>/. The sign-in page (/admin/login) is outside the
 * layout, in the table below, since it has no member yet.
 */
const adminScreens = [
  index('routes/admin/dashboard.tsx'),
  // Any other /admin address: the back office's own 404, behind its sign-in.
  route('*', 'routes/admin/not-found.tsx', { id: 'admin-not-found' }),
  // ── Admin screens: append below (keep one route a line) ──
  route('staff', 'routes/admin/staff.tsx'),
  route('security', 'routes/admin/security.tsx'),
  route('audit', 'routes/admin/audit.tsx'),
  route('jobs', 'routes/admin/jobs.tsx'),
  route('rates', 'routes/admin/rates.tsx'),
  route('settings', 'routes/admin/settings.tsx'),
  route('settings/messages', 'routes/admin/message-templates.tsx'),
  route('products', 'routes/admin/products.tsx'),
  route('products/new', 'routes/admin/product-edit.tsx', { id: 'admin-product-new' }),
  route('products/:id', 'routes/admin/product-edit.tsx', { id: 'admin-product-edit' }),
  route('taxonomy', 'routes/admin/taxonomy.tsx'),
  route('import', 'routes/admin/import.tsx'),
  route('coupons', 'routes/admin/coupons.tsx'),
  route('coupons/:id', 'routes/admin/coupon-edit.tsx'),
  route('offer-strip', 'routes/admin/offer-strip.tsx'),
  route('offer-strip/:id', 'routes/admin/offer-strip-edit.tsx'),
  route('stores', 'routes/admin/stores.tsx'),
  route('stores/:id', 'routes/admin/store-edit.tsx'),
  route('trade-partners', 'routes/admin/trade-partners.tsx'),
  route('trade-partners/:id', 'routes/admin/trade-partner.tsx'),
  // Issue 39: the header's search box answers here, across every desk the member may see.
  route('search', 'routes/admin/search.tsx'),
  route('orders', 'routes/admin/orders.tsx'),
  route('orders/:orderNumber', 'routes/admin/order.tsx'),
  route('exchanges', 'routes/admin/exchanges.tsx'),
  route('exchanges/:id', 'routes/admin/exchange.tsx'),
  route('returns', 'routes/admin/returns.tsx'),
  route('returns/:id', 'routes/admin/return.tsx'),
  route('refunds-due', 'routes/admin/refunds-due.tsx'),
  route('sizer-requests', 'routes/admin/sizer-requests.tsx'),
  route('custom-requests', 'routes/admin/custom-requests.tsx'),
  route('custom-requests/:id', 'routes/admin/custom-request.tsx'),
  route('harvest', 'routes/admin/harvest.tsx'),
  route('harvest/:id', 'routes/admin/harvest-plan.tsx'),
  route('rate-locks', 'routes/admin/rate-locks.tsx'),
  route('metal-accounts', 'routes/admin/metal-accounts.tsx'),
  route('reviews', 'routes/admin/reviews.tsx'),
  route('appointments', 'routes/admin/appointments.tsx'),
  route('complaints', 'routes/admin/complaints.tsx'),
  route('complaints/:ticketNumber', 'routes/admin/complaint.tsx'),
  route('customers', 'routes/admin/customers.tsx'),
  route('customers/:id', 'routes/admin/customer.tsx'),
];

export default [
  index('routes/home.tsx'),
  route('about-us', 'routes/about.tsx'),
  route('account', 'routes/account.tsx'),
  // Issue 38: My privacy (download my data, consents, a nominee, erasure), its download, and the page after an erasure.
  route('account/privacy', 'routes/account-privacy.tsx'),
  // Issue 41: SMS and WhatsApp preferences, and where a message's opt-out link leads.
  route('account/messages', 'routes/account-messages.tsx'),
  route('messages/stop', 'routes/messages-stop.tsx'),
  route('account/privacy/download', 'routes/account-privacy-download.ts'),
  route('account/erased', 'routes/account-erased.tsx'),
  route('active-orders', 'routes/order-list.tsx', { id: 'orders-active' }),
  route('completed-orders', 'routes/order-list.tsx', { id: 'orders-completed' }),
  route('custom-orders', 'routes/custom-orders.tsx'),
  route('cancelled-orders', 'routes/order-list.tsx', { id: 'orders-cancelled' }),
  route('order-details', 'routes/order-details.tsx'),
  route('cad-design', 'routes/cad-design.tsx'),
  route('cart', 'routes/cart.tsx'),
  // Issue 42: the day's rates in public, and the pages a rate alert's mailed links open (a button posts the token).
  route('gold-rate', 'routes/gold-rate.tsx'),
  route('rate-alerts/confirm', 'routes/rate-alert-link.tsx', { id: 'rate-alert-confirm' }),
  route('rate-alerts/stop', 'routes/rate-alert-link.tsx', { id: 'rate-alert-stop' }),
  route('checkout', 'routes/checkout.tsx'),
  // Issue 18: the payment step of an order awaiting payment (Razorpay Checkout, or the demo gateway's).
  route('checkout/pay/:orderNumber', 'routes/checkout-pay.tsx'),
  route('custom-design', 'routes/custom-design.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('otp', 'routes/otp.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  // Not in the spec's table: where the mail to an account's old address leads after an e-mail change (decision 020).
  route('undo-email-change', 'routes/undo-email-change.tsx'),
  route('legal', 'routes/legal.tsx'),
  // DECISIONS §7: the other legal pages an Indian seller must show (features/legal/policies.tsx).
  route('terms-and-conditions', 'routes/terms.tsx'),
  route('shipping-policy', 'routes/shipping-policy.tsx'),
  route('returns-and-refunds', 'routes/returns-and-refunds.tsx'),
  route('cancellation-policy', 'routes/cancellation-policy.tsx'),
  route('login', 'routes/login.tsx'),
  // Issue 41: signing in or up with a mobile number and a code sent to it, then a new account's name (decision 058).
  route('login/mobile', 'routes/login-mobile.tsx'),
  route('login/mobile/name', 'routes/login-mobile-name.tsx'),
  route('register', 'routes/register.tsx'),
  route('milli-harvest', 'routes/milli-harvest.tsx'),
  // Issue 21: /milli-harvest is shared (decision 032); the customer's own plan, its schedule and its payment form
  // without JavaScript are rendered for them here, and the shared page's browser asks /milli-harvest/mine for the rest.
  route('milli-harvest/plan', 'routes/milli-harvest-plan.tsx'),
  route('milli-harvest/mine', 'routes/harvest-mine.ts'),
  // Decision 032: a shared page's personal parts (greeting, cart, hearts), fetched by the browser; served at this
  // address by the web plugin, beside the API.
  route('manufacturer', 'routes/manufacturer.tsx'),
  route('new-manufacturer', 'routes/new-manufacturer.tsx'),
  route('product-detail/:id', 'routes/product-detail.tsx'),
  // Issue 21: a buyer's own review of a piece, rendered for them (the product page is shared, decision 032).
  route('review/:productId', 'routes/review.tsx'),
  ...priceRoutes,
  route('alljewellery', 'routes/listing.tsx', { id: 'listing-all' }),
  route('alljewellery/:page', 'routes/listing.tsx', { id: 'listing-all-page' }),
  route('alljewellery/productfilter/:filterType', 'routes/listing.tsx', { id: 'listing-filter' }),
  route('shop-detail/:id?', 'routes/shop-detail.tsx'),
  route('store', 'routes/store.tsx'),
  // Issue 20: appointments (store visits, video calls), the guest's manage link, the old gold trade-in estimator.
  route('book-appointment', 'routes/book-appointment.tsx'),
  route('appointment', 'routes/appointment.tsx'),
  route('trade-in', 'routes/trade-in.tsx'),
  // Issue 42: lock today's rate by paying an advance (the gold-rate page, the product page and My Account link here).
  route('rate-lock', 'routes/rate-lock.tsx'),
  // Issue 38: complaints with ticket numbers; a guest's ticket by the link in its mail; the shopper's in My Account.
  route('help', 'routes/help.tsx'),
  route('help/ticket', 'routes/help-ticket.tsx'),
  route('account/complaints/:ticketNumber', 'routes/account-complaint.tsx'),
  route('thank-you', 'routes/thank-you.tsx'),
  route('wishlist', 'routes/wishlist.tsx'),
  route('error', 'routes/error.tsx'),
  // The back office: its sign-in page is outside the layout (it has no member yet).
  route('admin/login', 'routes/admin/login.tsx'),
  route('admin/invitation', 'routes/admin/invitation.tsx'),
  route('admin', 'routes/admin/layout.tsx', adminScreens),
  route('sitemap.xml', 'routes/sitemap.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
