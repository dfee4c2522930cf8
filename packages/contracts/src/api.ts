/**
 * The API's answers, one map: each route as Fastify registers it (method and pattern, `'GET /api/orders/:orderNumber'`)
 * to the schema the route itself declares for its success (200, or 201 where it creates). apps/server/src/api-map.test.ts
 * proves it against the running server: every entry is a registered route declaring this very schema object, and every
 * /api route that declares a JSON success answer is here (the few that are not, and why, are listed there).
 *
 * The web reads it twice. Its API clients take their answer types from it, so a call is typed by its path and a path
 * that is no route does not compile (`ApiAnswer`, `ApiPath`: types only, so the browser's bundle gets no zod from
 * here); and outside production the server side checks each answer against the schema (`answerSchemaOf`).
 */
import type { z } from 'zod';
import {
  AdminMetalAccountSchema,
  AdminMetalAssayAnswerSchema,
  AdminMetalSearchSchema,
  MetalAccountSchema,
  MetalBuyBackAnswerSchema,
  RateAlertCreatedSchema,
  RateAlertListSchema,
  RateAlertSchema,
  RateAlertTokenAnswerSchema,
  RateHistorySchema,
  RatesTodaySchema,
  PhoneAddAnswerSchema,
  PhoneStartAnswerSchema,
  PhoneVerifyAnswerSchema,
  AdminRateLockPageSchema,
  RateLockListSchema,
  RateLockPayAnswerSchema,
  RateLockTermsSchema,
  AddressAnswerSchema,
  AddressListSchema,
  AdminAppointmentCalendarSchema,
  AdminAppointmentDaySchema,
  AdminAppointmentSchema,
  AdminComplaintDetailSchema,
  AdminOrderCourierSchema,
  CourierBookAnswerSchema,
  AdminComplaintPageSchema,
  AdminCouponPageSchema,
  AdminCustomerPageSchema,
  AdminCustomerSchema,
  AdminCouponSchema,
  AdminCustomRequestDetailSchema,
  AdminCustomRequestPageSchema,
  AdminCustomStatusAnswerSchema,
  AdminDashboardSchema,
  AdminFailedJobPageSchema,
  AdminJobActionAnswerSchema,
  AdminJobsOverviewSchema,
  AdminExchangeAnswerSchema,
  AdminExchangeDetailSchema,
  AdminExchangeListSchema,
  AdminExchangesToSettleSchema,
  AdminGoodwillAnswerSchema,
  AdminHarvestPageSchema,
  AdminHarvestPlanSchema,
  AdminOrderDetailSchema,
  AdminOrderPageSchema,
  AdminOrdersBulkAnswerSchema,
  AdminSearchAnswerSchema,
  AdminPartnerDetailSchema,
  AdminPartnerPageSchema,
  AdminPinPositionSchema,
  AdminProductPageSchema,
  AdminProductSchema,
  AdminRefundsDueSchema,
  AdminReturnDetailSchema,
  AdminReturnPageSchema,
  AdminReviewPageSchema,
  AdminReviewSchema,
  AdminSettingsSavedSchema,
  AdminSettingsSchema,
  AdminSizerPageSchema,
  AdminSizerRequestSchema,
  AdminStorePageSchema,
  AdminStoreSchema,
  ApiTokenCreatedSchema,
  ApiTokenListSchema,
  ApiTokenRowSchema,
  AppointmentBookedSchema,
  AppointmentListSchema,
  AppointmentSchema,
  AppointmentSlotsSchema,
  AuditListSchema,
  BuybackQuoteSchema,
  CadApproveAnswerSchema,
  CadQuoteSchema,
  CadSheetCreatedSchema,
  CartAddAnswerSchema,
  CartCountAnswerSchema,
  CartLineListSchema,
  CategoryListSchema,
  ComplaintFiledSchema,
  ComplaintListSchema,
  ComplaintOrderChoicesSchema,
  ComplaintSchema,
  ConsentsSchema,
  CouponAnswerSchema,
  CouponOffersSchema,
  OfferStripSchema,
  AdminOfferStripListSchema,
  AdminOfferStripMessageSchema,
  CustomBalanceAnswerSchema,
  CustomPieceSchema,
  CustomRequestListSchema,
  CustomRequestViewSchema,
  DemoCheckoutAnswerSchema,
  ExchangeAskAnswerSchema,
  HarvestEnrolAnswerSchema,
  HarvestPayAnswerSchema,
  HarvestPlanListSchema,
  HealthLiveSchema,
  HealthReadySchema,
  ImportReportSchema,
  LoginAnswerSchema,
  MeSchema,
  MessageSchema,
  MyReviewStateSchema,
  NomineeAnswerSchema,
  OrderAdjustmentPayAnswerSchema,
  OrderDetailSchema,
  OrderListSchema,
  OrderPayAnswerSchema,
  OrderPieceSchema,
  OrderStatusAnswerSchema,
  OtherStoneListSchema,
  PaymentListSchema,
  PaymentVerifyAnswerSchema,
  PersonalSummarySchema,
  PincodeCheckSchema,
  PlaceOrderAnswerSchema,
  PriceCardSchema,
  PrivacyExportSchema,
  PrivacyOverviewSchema,
  ProductBulkAnswerSchema,
  ProductDetailAnswerSchema,
  ProductFacetsSchema,
  ProductImagesAnswerSchema,
  ProductVideoAnswerSchema,
  ProductSpinAnswerSchema,
  ProductPageSchema,
  ProductReviewsSchema,
  ProductSummaryListSchema,
  RatesAnswerSchema,
  RatesUpdateAnswerSchema,
  RecoveryCodesSchema,
  ReturnCreatedSchema,
  ReturnStepAnswerSchema,
  ReviewWrittenSchema,
  RunningSalesSchema,
  StaffListSchema,
  StaffLoginAnswerSchema,
  StaffMeSchema,
  DeskCountsSchema,
  InvitationAcceptedSchema,
  InvitationSchema,
  StaffRowSchema,
  StoreCreditStatementSchema,
  StoreListSchema,
  StoreSearchSchema,
  StoreSettingsSchema,
  SuggestAnswerSchema,
  TagListSchema,
  TaxonomyItemAnswerSchema,
  TaxonomySchema,
  TradeInEstimateSchema,
  TradePartnerAnswerSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  UndoEmailChangeAnswerSchema,
  UserDetailsSchema,
  VerifyOtpAnswerSchema,
  WishlistCountSchema,
  WishlistIdsSchema,
  WishlistRowListSchema,
  AdminCustomerMessagesSchema,
  MessageOptOutAnswerSchema,
  MessagePreferencesSchema,
  MessageTemplateSchema,
  MessageTemplatesSchema,
} from './schemas.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const API_ANSWERS = {
  // The storefront's calls.
  'GET /api/account/addresses': AddressListSchema,
  'POST /api/account/addresses': AddressAnswerSchema,
  'PATCH /api/account/addresses/:id': AddressAnswerSchema,
  'DELETE /api/account/addresses/:id': MessageSchema,
  'POST /api/account/addresses/:id/default': AddressAnswerSchema,
  'GET /api/account/store-credit': StoreCreditStatementSchema,
  'GET /api/complaints': ComplaintListSchema,
  'POST /api/complaints': ComplaintFiledSchema,
  'GET /api/complaints/orders': ComplaintOrderChoicesSchema,
  'GET /api/complaints/:ticketNumber': ComplaintSchema,
  'POST /api/complaints/:ticketNumber/reply': ComplaintSchema,
  'POST /api/complaints/by-link': ComplaintSchema,
  'POST /api/complaints/by-link/reply': ComplaintSchema,
  'GET /api/account/consents': ConsentsSchema,
  'PUT /api/account/consents': ConsentsSchema,
  'GET /api/account/nominee': NomineeAnswerSchema,
  'PUT /api/account/nominee': NomineeAnswerSchema,
  'DELETE /api/account/nominee': MessageSchema,
  'GET /api/account/privacy': PrivacyOverviewSchema,
  'GET /api/account/privacy/export': PrivacyExportSchema,
  'POST /api/account/privacy/erase': MessageSchema,
  'POST /api/account/privacy/erase/code': MessageSchema,
  'GET /api/appointments': AppointmentListSchema,
  'POST /api/appointments': AppointmentBookedSchema,
  'POST /api/appointments/:id/cancel': AppointmentSchema,
  'GET /api/appointments/manage': AppointmentSchema,
  'POST /api/appointments/manage/cancel': AppointmentSchema,
  'POST /api/appointments/manage/confirm': AppointmentSchema,
  'GET /api/appointments/slots': AppointmentSlotsSchema,
  'POST /api/auth/forgot-password': MessageSchema,
  'POST /api/auth/login': LoginAnswerSchema,
  'POST /api/auth/logout': MessageSchema,
  'GET /api/auth/me': MeSchema,
  'POST /api/auth/phone/name': LoginAnswerSchema,
  'POST /api/auth/phone/start': PhoneStartAnswerSchema,
  'POST /api/auth/phone/verify': PhoneVerifyAnswerSchema,
  'POST /api/auth/register': MessageSchema,
  'POST /api/auth/reset-link': VerifyOtpAnswerSchema,
  'POST /api/auth/reset-password': MessageSchema,
  'POST /api/auth/undo-email-change': UndoEmailChangeAnswerSchema,
  'POST /api/auth/verify-otp': VerifyOtpAnswerSchema,
  'POST /api/cart/add': CartAddAnswerSchema,
  'POST /api/cart/delete/:cartId/:userId': CartCountAnswerSchema,
  'GET /api/cart/find-by-user-id/:userId': CartLineListSchema,
  'POST /api/cart/updateCart': CartCountAnswerSchema,
  'GET /api/category': CategoryListSchema,
  'POST /api/coupons/apply': CouponAnswerSchema,
  'POST /api/coupons/offers': CouponOffersSchema,
  'GET /api/offer-strip': OfferStripSchema,
  'GET /api/custom-design/requests': CustomRequestListSchema,
  'GET /api/custom-design/requests/:id': CustomRequestViewSchema,
  'POST /api/custom-design/requests/:id/approve': CadApproveAnswerSchema,
  'POST /api/custom-design/requests/:id/balance': CustomBalanceAnswerSchema,
  'POST /api/custom-design/requests/:id/reject': MessageSchema,
  'POST /api/harvest/enrol': HarvestEnrolAnswerSchema,
  'POST /api/harvest/instalments/:id/pay': HarvestPayAnswerSchema,
  'GET /api/harvest/plans': HarvestPlanListSchema,
  'GET /api/rate-locks/terms': RateLockTermsSchema,
  'GET /api/rate-locks': RateLockListSchema,
  'POST /api/rate-locks': RateLockPayAnswerSchema,
  'POST /api/rate-locks/:id/pay': RateLockPayAnswerSchema,
  'GET /api/metal-account': MetalAccountSchema,
  'POST /api/metal-account/buy-back': MetalBuyBackAnswerSchema,
  // A load balancer's (issue 37); the web never calls them.
  'GET /api/health/live': HealthLiveSchema,
  'GET /api/health/ready': HealthReadySchema,
  'POST /api/manufacturer/register': TradePartnerAnswerSchema,
  'GET /api/me/summary': PersonalSummarySchema,
  // Messages on SMS and WhatsApp (issue 41).
  'GET /api/messages/opt-out': MessageOptOutAnswerSchema,
  'POST /api/messages/opt-out': MessageOptOutAnswerSchema,
  'GET /api/account/messages': MessagePreferencesSchema,
  'PUT /api/account/messages': MessagePreferencesSchema,
  'GET /api/admin/customers/:id/messages': AdminCustomerMessagesSchema,
  'GET /api/admin/messages/templates': MessageTemplatesSchema,
  'PUT /api/admin/messages/templates/:kind': MessageTemplateSchema,
  'GET /api/orders': OrderListSchema,
  'GET /api/orders/:orderNumber': OrderDetailSchema,
  'POST /api/orders/:orderNumber/adjustments/:id/pay': OrderAdjustmentPayAnswerSchema,
  'GET /api/orders/:orderNumber/buyback-quote': BuybackQuoteSchema,
  'POST /api/orders/:orderNumber/cancel': OrderStatusAnswerSchema,
  'POST /api/orders/:orderNumber/exchange-requests': ExchangeAskAnswerSchema,
  'POST /api/orders/:orderNumber/pay': OrderPayAnswerSchema,
  'POST /api/orders/:orderNumber/returns': ReturnCreatedSchema,
  'POST /api/orders/placeOrders': PlaceOrderAnswerSchema,
  'GET /api/payments': PaymentListSchema,
  // Registered with the demo gateway only (PAYMENT_GATEWAY=demo, the default), whose checkout page calls it.
  'POST /api/payments/demo/checkout': DemoCheckoutAnswerSchema,
  'POST /api/payments/razorpay/verify': PaymentVerifyAnswerSchema,
  'GET /api/product/:id/reviews': ProductReviewsSchema,
  'POST /api/product/:id/reviews': ReviewWrittenSchema,
  'GET /api/product/:id/reviews/mine': MyReviewStateSchema,
  'GET /api/product/facets': ProductFacetsSchema,
  'GET /api/product/find-by-id/:id': ProductDetailAnswerSchema,
  'GET /api/product/get_product_by_price/:min/:max': ProductPageSchema,
  'GET /api/product/get_product_detail': ProductPageSchema,
  'POST /api/product/get_product_detail': ProductSummaryListSchema,
  'GET /api/product/get_product_detail/:page': ProductPageSchema,
  'GET /api/product/productList': ProductPageSchema,
  'GET /api/product/suggest': SuggestAnswerSchema,
  'GET /api/rates/history': RateHistorySchema,
  'GET /api/rates/today': RatesTodaySchema,
  'GET /api/rate-alerts': RateAlertListSchema,
  'POST /api/rate-alerts': RateAlertCreatedSchema,
  'POST /api/rate-alerts/:id/stop': RateAlertSchema,
  'POST /api/rate-alerts/confirm': RateAlertTokenAnswerSchema,
  'POST /api/rate-alerts/stop': RateAlertTokenAnswerSchema,
  'GET /api/sales/running': RunningSalesSchema,
  'GET /api/settings': StoreSettingsSchema,
  'POST /api/sizer-requests': MessageSchema,
  'GET /api/stores': StoreListSchema,
  'GET /api/stores/pincode/:pincode': PincodeCheckSchema,
  'GET /api/stores/search': StoreSearchSchema,
  'GET /api/trade-in/estimate': TradeInEstimateSchema,
  'GET /api/users/user-details/:userId': UserDetailsSchema,
  'PUT /api/users/user-details/:userId': MessageSchema,
  'POST /api/users/phone/start': PhoneStartAnswerSchema,
  'POST /api/users/phone/verify': PhoneAddAnswerSchema,
  'POST /api/wishlist/add': WishlistCountSchema,
  'POST /api/wishlist/delete/:productId/:userId': WishlistCountSchema,
  'GET /api/wishlist/find-by-user-id/:userId': WishlistRowListSchema,
  'GET /api/wishlist/ids/:userId': WishlistIdsSchema,
  // Under /api/admin: the back office's, and three of the storefront's that the spec placed there (the custom design
  // form, the tags and the other stones of the menus).
  'GET /api/admin/appointments': AdminAppointmentCalendarSchema,
  'POST /api/admin/appointments/:id/status': AdminAppointmentSchema,
  'GET /api/admin/appointments/day': AdminAppointmentDaySchema,
  'POST /api/admin/appointments/:id/assign': AdminAppointmentSchema,
  'GET /api/admin/audit': AuditListSchema,
  'POST /api/admin/auth/login': StaffLoginAnswerSchema,
  'POST /api/admin/auth/logout': MessageSchema,
  'GET /api/admin/coupons': AdminCouponPageSchema,
  'POST /api/admin/coupons': AdminCouponSchema,
  'GET /api/admin/coupons/:id': AdminCouponSchema,
  'PATCH /api/admin/coupons/:id': AdminCouponSchema,
  'DELETE /api/admin/coupons/:id': MessageSchema,
  'POST /api/admin/coupons/:id/deactivate': AdminCouponSchema,
  'GET /api/admin/offer-strip': AdminOfferStripListSchema,
  'POST /api/admin/offer-strip': AdminOfferStripMessageSchema,
  'GET /api/admin/offer-strip/:id': AdminOfferStripMessageSchema,
  'PATCH /api/admin/offer-strip/:id': AdminOfferStripMessageSchema,
  'DELETE /api/admin/offer-strip/:id': MessageSchema,
  'GET /api/admin/custom-requests': AdminCustomRequestPageSchema,
  'GET /api/admin/custom-requests/:id': AdminCustomRequestDetailSchema,
  'POST /api/admin/custom-requests/:id/designs': CadSheetCreatedSchema,
  'POST /api/admin/custom-requests/:id/piece': CustomPieceSchema,
  'GET /api/admin/custom-requests/:id/quote': CadQuoteSchema,
  'POST /api/admin/custom-requests/:id/status': AdminCustomStatusAnswerSchema,
  'POST /api/admin/cutom-jewelry/new-request': MessageSchema,
  'GET /api/admin/customers': AdminCustomerPageSchema,
  'GET /api/admin/customers/:id': AdminCustomerSchema,
  'PATCH /api/admin/customers/:id': AdminCustomerSchema,
  'GET /api/admin/customers/:id/export': PrivacyExportSchema,
  'POST /api/admin/customers/:id/erase': AdminCustomerSchema,
  'POST /api/admin/customers/:id/notes': AdminCustomerSchema,
  'GET /api/admin/dashboard': AdminDashboardSchema,
  'GET /api/admin/desk-counts': DeskCountsSchema,
  'GET /api/admin/exchanges': AdminExchangeListSchema,
  'GET /api/admin/exchanges-to-settle': AdminExchangesToSettleSchema,
  'GET /api/admin/exchanges/:id': AdminExchangeDetailSchema,
  'POST /api/admin/exchanges/:id/receive': AdminExchangeAnswerSchema,
  'POST /api/admin/exchanges/:id/refuse': AdminExchangeAnswerSchema,
  'POST /api/admin/exchanges/:id/settle': AdminExchangeAnswerSchema,
  'GET /api/admin/harvest/plans': AdminHarvestPageSchema,
  'GET /api/admin/rate-locks': AdminRateLockPageSchema,
  'GET /api/admin/metal-accounts': AdminMetalSearchSchema,
  'GET /api/admin/metal-accounts/:customerId': AdminMetalAccountSchema,
  'POST /api/admin/metal-accounts/:customerId/credits': AdminMetalAssayAnswerSchema,
  'GET /api/admin/harvest/plans/:id': AdminHarvestPlanSchema,
  'POST /api/admin/harvest/plans/:id/close': AdminHarvestPlanSchema,
  'POST /api/admin/harvest/plans/:id/remind': AdminHarvestPlanSchema,
  'GET /api/admin/complaints': AdminComplaintPageSchema,
  'GET /api/admin/complaints/:ticketNumber': AdminComplaintDetailSchema,
  'POST /api/admin/complaints/:ticketNumber/reply': AdminComplaintDetailSchema,
  'POST /api/admin/complaints/:ticketNumber/note': AdminComplaintDetailSchema,
  'POST /api/admin/complaints/:ticketNumber/status': AdminComplaintDetailSchema,
  'GET /api/admin/jobs': AdminJobsOverviewSchema,
  'GET /api/admin/jobs/failed': AdminFailedJobPageSchema,
  'POST /api/admin/jobs/:queue/:id/retry': AdminJobActionAnswerSchema,
  'POST /api/admin/jobs/:queue/:id/discard': AdminJobActionAnswerSchema,
  'GET /api/admin/me': StaffMeSchema,
  'PATCH /api/admin/me/notifications': MessageSchema,
  'POST /api/admin/invitation': InvitationSchema,
  'POST /api/admin/invitation/accept': InvitationAcceptedSchema,
  'POST /api/admin/me/password': MessageSchema,
  'GET /api/admin/me/tokens': ApiTokenListSchema,
  'POST /api/admin/me/tokens': ApiTokenCreatedSchema,
  'DELETE /api/admin/me/tokens/:id': ApiTokenRowSchema,
  'GET /api/admin/me/two-factor': TwoFactorStatusSchema,
  'POST /api/admin/me/two-factor': TwoFactorSetupSchema,
  'DELETE /api/admin/me/two-factor': MessageSchema,
  'POST /api/admin/me/two-factor/confirm': RecoveryCodesSchema,
  'POST /api/admin/me/two-factor/recovery-codes': RecoveryCodesSchema,
  'GET /api/admin/orders': AdminOrderPageSchema,
  'POST /api/admin/orders/bulk-status': AdminOrdersBulkAnswerSchema,
  'GET /api/admin/search': AdminSearchAnswerSchema,
  'GET /api/admin/orders/:orderNumber': AdminOrderDetailSchema,
  'POST /api/admin/orders/:orderNumber/adjustments/:id/approve': AdminOrderDetailSchema,
  'POST /api/admin/orders/:orderNumber/adjustments/:id/reject': AdminOrderDetailSchema,
  'POST /api/admin/orders/:orderNumber/adjustments/:id/waive': AdminOrderDetailSchema,
  'POST /api/admin/orders/:orderNumber/cancel': OrderStatusAnswerSchema,
  'POST /api/admin/orders/:orderNumber/pieces': AdminOrderDetailSchema,
  'POST /api/admin/orders/:orderNumber/pieces/:pieceId/certificate': OrderPieceSchema,
  'POST /api/admin/orders/:orderNumber/status': OrderStatusAnswerSchema,
  'POST /api/admin/orders/:orderNumber/store-credit': AdminGoodwillAnswerSchema,
  'GET /api/admin/other-stones': OtherStoneListSchema,
  'GET /api/admin/products': AdminProductPageSchema,
  'POST /api/admin/products': AdminProductSchema,
  'GET /api/admin/products/:id': AdminProductSchema,
  'PATCH /api/admin/products/:id': AdminProductSchema,
  'POST /api/admin/products/:id/archive': AdminProductSchema,
  'POST /api/admin/products/:id/duplicate': AdminProductSchema,
  'POST /api/admin/products/:id/images': ProductImagesAnswerSchema,
  'PATCH /api/admin/products/:id/images/:imageId': ProductImagesAnswerSchema,
  'DELETE /api/admin/products/:id/images/:imageId': ProductImagesAnswerSchema,
  'PUT /api/admin/products/:id/images/order': ProductImagesAnswerSchema,
  'POST /api/admin/products/:id/video': ProductVideoAnswerSchema,
  'DELETE /api/admin/products/:id/video': ProductVideoAnswerSchema,
  'POST /api/admin/products/:id/spin': ProductSpinAnswerSchema,
  'DELETE /api/admin/products/:id/spin': ProductSpinAnswerSchema,
  'POST /api/admin/products/:id/restore': AdminProductSchema,
  'PUT /api/admin/products/:id/sales': AdminProductSchema,
  'POST /api/admin/products/bulk': ProductBulkAnswerSchema,
  'POST /api/admin/products/import': ImportReportSchema,
  'GET /api/admin/products/price-card': PriceCardSchema,
  'GET /api/admin/rates': RatesAnswerSchema,
  'PUT /api/admin/rates': RatesUpdateAnswerSchema,
  'GET /api/admin/refunds-due': AdminRefundsDueSchema,
  'GET /api/admin/returns': AdminReturnPageSchema,
  'GET /api/admin/returns/:id': AdminReturnDetailSchema,
  'POST /api/admin/returns/:id/approve': ReturnStepAnswerSchema,
  'POST /api/admin/returns/:id/check': ReturnStepAnswerSchema,
  'POST /api/admin/returns/:id/receive': ReturnStepAnswerSchema,
  'POST /api/admin/returns/:id/refund': ReturnStepAnswerSchema,
  'POST /api/admin/returns/:id/refuse': ReturnStepAnswerSchema,
  'POST /api/admin/returns/:id/schedule-pickup': ReturnStepAnswerSchema,
  'POST /api/admin/returns/:id/reverse-pickup': ReturnStepAnswerSchema,
  'GET /api/admin/orders/:orderNumber/courier': AdminOrderCourierSchema,
  'POST /api/admin/orders/:orderNumber/courier/book': CourierBookAnswerSchema,
  'GET /api/admin/reviews': AdminReviewPageSchema,
  'POST /api/admin/reviews/:id/hide': AdminReviewSchema,
  'POST /api/admin/reviews/:id/restore': AdminReviewSchema,
  'GET /api/admin/settings': AdminSettingsSchema,
  'PATCH /api/admin/settings': AdminSettingsSavedSchema,
  'GET /api/admin/sizer-requests': AdminSizerPageSchema,
  'POST /api/admin/sizer-requests/:id/status': AdminSizerRequestSchema,
  'GET /api/admin/staff': StaffListSchema,
  'POST /api/admin/staff': StaffRowSchema,
  'GET /api/admin/staff/:id': StaffRowSchema,
  'PATCH /api/admin/staff/:id': StaffRowSchema,
  'DELETE /api/admin/staff/:id': StaffRowSchema,
  'POST /api/admin/staff/:id/reset-two-factor': StaffRowSchema,
  'POST /api/admin/staff/:id/invitation': StaffRowSchema,
  'DELETE /api/admin/staff/:id/invitation': StaffRowSchema,
  'GET /api/admin/staff/:id/tokens': ApiTokenListSchema,
  'DELETE /api/admin/staff/:id/tokens/:tokenId': ApiTokenRowSchema,
  'GET /api/admin/stores': AdminStorePageSchema,
  'POST /api/admin/stores': AdminStoreSchema,
  'GET /api/admin/stores/:id': AdminStoreSchema,
  'PATCH /api/admin/stores/:id': AdminStoreSchema,
  'DELETE /api/admin/stores/:id': MessageSchema,
  'GET /api/admin/stores/position/:pincode': AdminPinPositionSchema,
  'GET /api/admin/tags': TagListSchema,
  'GET /api/admin/taxonomy': TaxonomySchema,
  'POST /api/admin/taxonomy/categories': TaxonomyItemAnswerSchema,
  'PATCH /api/admin/taxonomy/categories/:id': TaxonomyItemAnswerSchema,
  'DELETE /api/admin/taxonomy/categories/:id': TaxonomyItemAnswerSchema,
  'POST /api/admin/taxonomy/stones': TaxonomyItemAnswerSchema,
  'PATCH /api/admin/taxonomy/stones/:id': TaxonomyItemAnswerSchema,
  'DELETE /api/admin/taxonomy/stones/:id': TaxonomyItemAnswerSchema,
  'POST /api/admin/taxonomy/synonyms': TaxonomyItemAnswerSchema,
  'PATCH /api/admin/taxonomy/synonyms/:id': TaxonomyItemAnswerSchema,
  'DELETE /api/admin/taxonomy/synonyms/:id': TaxonomyItemAnswerSchema,
  'POST /api/admin/taxonomy/tags': TaxonomyItemAnswerSchema,
  'PATCH /api/admin/taxonomy/tags/:id': TaxonomyItemAnswerSchema,
  'DELETE /api/admin/taxonomy/tags/:id': TaxonomyItemAnswerSchema,
  'GET /api/admin/trade-partners': AdminPartnerPageSchema,
  'GET /api/admin/trade-partners/:id': AdminPartnerDetailSchema,
  'POST /api/admin/trade-partners/:id/review': AdminPartnerDetailSchema,
} as const satisfies Record<`${ApiMethod} /api/${string}`, z.ZodType>;

/** A route of the map: `'GET /api/orders/:orderNumber'`. */
export type ApiRoute = keyof typeof API_ANSWERS;
/** Each route's answer, as the client reads it. */
export type ApiAnswers = { [R in ApiRoute]: z.output<(typeof API_ANSWERS)[R]> };

// Matching a path to its route, in types. A path is what a caller writes, a template literal included:
// `/api/orders/${n}/cancel?x=1` is the segments '', 'api', 'orders', string, 'cancel' once its query is left off. A
// pattern's `:param` takes exactly one segment (never a slash, never an empty one), any other segment only itself;
// where two routes match, the one with the fixed segment at the first place they differ wins, as in Fastify's router.

type Segments<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [S];
type WithoutQuery<P extends string> = P extends `${infer Path}?${string}` ? Path : P;
type IsParam<Segment extends string> = Segment extends `:${string}` ? true : false;
type SegmentMatches<Given extends string, Pattern extends string> =
  IsParam<Pattern> extends true ? (Given extends '' ? false : true) : [Given] extends [Pattern] ? true : false;
type AllMatch<Given extends string[], Pattern extends string[]> = Given extends [infer G extends string, ...infer GRest extends string[]]
  ? Pattern extends [infer Q extends string, ...infer QRest extends string[]]
    ? SegmentMatches<G, Q> extends true
      ? AllMatch<GRest, QRest>
      : false
    : false
  : Pattern extends []
    ? true
    : false;
type PatternOf<R extends ApiRoute> = R extends `${string} ${infer Pattern}` ? Segments<Pattern> : never;
type RoutesOf<M extends ApiMethod> = Extract<ApiRoute, `${M} ${string}`>;
type Matching<M extends ApiMethod, P extends string> = {
  [R in RoutesOf<M>]: AllMatch<Segments<WithoutQuery<P>>, PatternOf<R>> extends true ? R : never;
}[RoutesOf<M>];
/** Whether pattern A wins over pattern B: a fixed segment where B has a parameter, at the first place they differ. */
type Beats<A extends string[], B extends string[]> = A extends [infer A0 extends string, ...infer ARest extends string[]]
  ? B extends [infer B0 extends string, ...infer BRest extends string[]]
    ? IsParam<A0> extends IsParam<B0>
      ? Beats<ARest, BRest>
      : IsParam<B0>
    : false
  : false;
type Beaten<R extends ApiRoute, Among extends ApiRoute> = Among extends ApiRoute ? (Beats<PatternOf<Among>, PatternOf<R>> extends true ? true : never) : never;
type Winners<Candidates extends ApiRoute, All extends ApiRoute = Candidates> = Candidates extends ApiRoute
  ? [Beaten<Candidates, All>] extends [never]
    ? Candidates
    : never
  : never;

/** The route a call of `method path` reaches (never when none does). */
export type ApiRouteOf<M extends ApiMethod, P extends string> = M extends ApiMethod ? (P extends string ? Winners<Matching<M, P>> : never) : never;
/** What `method path` answers on success. */
export type ApiAnswer<M extends ApiMethod, P extends string> = ApiAnswers[ApiRouteOf<M, P>];
/**
 * The path itself when some route of the map answers `method path` (every method of a union must), else a message that
 * no argument matches: a client's parameter typed `ApiPath<M, P>` refuses a path that is not in the map.
 */
export type ApiPath<M extends ApiMethod, P extends string> = true extends (M extends ApiMethod ? ([ApiRouteOf<M, P>] extends [never] ? true : never) : never)
  ? `No ${M} route of the API map answers ${P}`
  : P;

// The same matching at run time, for the server-side check of answers.

interface Compiled {
  route: ApiRoute;
  method: string;
  segments: string[];
}

const COMPILED: readonly Compiled[] = (Object.keys(API_ANSWERS) as ApiRoute[]).map((route) => {
  const [method = '', pattern = ''] = route.split(' ');
  return { route, method, segments: pattern.split('/') };
});

const matches = (segments: readonly string[], given: readonly string[]) =>
  segments.length === given.length && segments.every((s, i) => (s.startsWith(':') ? given[i] !== '' : s === given[i]));

/** Whether pattern a wins over pattern b (a fixed segment where b has a parameter, at the first place they differ). */
function beats(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const aParam = a[i]!.startsWith(':');
    const bParam = b[i]!.startsWith(':');
    if (aParam !== bParam) return bParam;
  }
  return false;
}

/** The route of the map that answers `method path` (its query string left off), or undefined. */
export function apiRouteOf(method: string, path: string): ApiRoute | undefined {
  const given = (path.split('?')[0] ?? path).split('/');
  const upper = method.toUpperCase();
  const candidates = COMPILED.filter((c) => c.method === upper && matches(c.segments, given));
  return candidates.find((c) => !candidates.some((other) => other !== c && beats(other.segments, c.segments)))?.route;
}

/** The schema of the success answer to `method path`, or undefined when the map has no such route. */
export function answerSchemaOf(method: string, path: string): z.ZodType | undefined {
  const route = apiRouteOf(method, path);
  return route ? API_ANSWERS[route] : undefined;
}
