/**
 * The store's vocabulary of expected failures (decision 027). Every refusal a client can receive carries one
 * of these codes; the server's error handler alone decides each code's HTTP status, and the web app handles
 * the codes its forms can meet. Browser-safe: constants and types only.
 */
export const ERROR_CODES = [
  // The request itself
  'INVALID_REQUEST',
  'BAD_URL',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_MULTIPART',
  'BAD_MULTIPART',
  'PAYLOAD_TOO_LARGE',
  'FILE_TOO_LARGE',
  'TOO_MANY_FILES',
  'TOO_MANY_FIELDS',
  'UNUSABLE_TEXT',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  // Who is asking
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CROSS_ORIGIN',
  'RATE_LIMITED',
  // Accounts
  'BAD_CREDENTIALS',
  'TAKEN',
  'EMAIL_TAKEN',
  'COMMON_PASSWORD',
  'OTP_INVALID',
  'RESET_EXPIRED',
  'UNDO_INVALID',
  // Catalogue and choices
  'PRODUCT_NOT_FOUND',
  'PRODUCT_UNAVAILABLE',
  'OPTION_NOT_OFFERED',
  'SIZE_REQUIRED',
  'NO_RATE',
  // Cart, wish list and coupons
  'CART_EMPTY',
  'CART_CHANGED',
  'CART_LINE_NOT_FOUND',
  'OUT_OF_STOCK',
  'NOT_ENOUGH_STOCK',
  'WISHLIST_FULL',
  'WISHLIST_ITEM_NOT_FOUND',
  'COUPON_UNKNOWN',
  'COUPON_INACTIVE',
  'COUPON_NOT_YET_VALID',
  'COUPON_EXPIRED',
  'COUPON_MIN_ORDER',
  'COUPON_USED_UP',
  'COUPON_ALREADY_USED',
  // Orders
  'INVALID_ORDER',
  'ORDER_NOT_FOUND',
  'ORDER_ALREADY_CANCELLED',
  'ORDER_NOT_CANCELLABLE',
  'ORDER_CANCELLED',
  'ORDER_DELIVERED',
  'ORDER_STATUS_NOT_NEXT',
  'NO_SETTINGS',
  // Payments
  'INVALID_CARD',
  'INVALID_AMOUNT',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_SETTLED',
  'PAYMENT_FAILED',
  'PAYMENT_DECLINED',
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_CONFLICT',
  'GATEWAY_UNAVAILABLE',
  'PAYMENT_NOT_FOUND',
  'PAYMENT_SIGNATURE_INVALID',
  'PAYMENT_NOT_CAPTURED',
  'PAYMENT_MISMATCH',
  'PAYMENT_LAPSED',
  'ORDER_NOT_PAYABLE',
  'COD_NOT_AVAILABLE',
  'CASH_DAY_LIMIT',
  'PAN_REQUIRED',
  'WEBHOOK_SIGNATURE_INVALID',
  'ADDRESS_NOT_FOUND',
  'ADDRESS_BOOK_FULL',
  'TOO_MANY_UNPAID_ORDERS',
  // Milli Harvest
  'PLAN_NOT_FOUND',
  'PLAN_EXISTS',
  'PLAN_CLOSED',
  'PLAN_AT_MATURITY',
  'INSTALMENT_NOT_FOUND',
  'ALREADY_PAID',
  'FREE_INSTALMENT',
  'OUT_OF_ORDER',
  'HARVEST_BALANCE_SHORT',
  'HARVEST_EXPIRED',
  // Custom design and trade partners
  'NO_DESIGN_TO_REJECT',
  'NO_DESIGN_TO_APPROVE',
  'APPLICATION_UNDER_REVIEW',
  // After the sale (issue 20): returns, exchange and buy-back, store credit, reviews, appointments, certificates
  'RETURN_NOT_FOUND',
  'RETURN_WINDOW_CLOSED',
  'RETURN_NOT_DELIVERED',
  'RETURN_TOO_MANY',
  'RETURN_STEP_NOT_ALLOWED',
  'EXCHANGE_NOT_FOUND',
  'EXCHANGE_NOT_ALLOWED',
  'STORE_CREDIT_SHORT',
  'REVIEW_NOT_BUYER',
  'APPOINTMENT_NOT_FOUND',
  'SLOT_FULL',
  'SLOT_UNAVAILABLE',
  'APPOINTMENT_NOT_CANCELLABLE',
  'APPOINTMENT_NOT_CONFIRMABLE',
  'TOO_MANY_APPOINTMENTS',
  'UPLOADS_FULL',
  'CERTIFICATE_NOT_FOUND',
  'RETURN_NOT_RETURNABLE',
  // The courier provider (issue 39)
  'COURIER_NOT_CONFIGURED',
  'COURIER_UNAVAILABLE',
  'COURIER_REFUSED',
  'COURIER_BOOKING_UNDER_WAY',
  'COURIER_TOKEN_INVALID',
  // Messages on SMS and WhatsApp (issue 41)
  'MESSAGE_WEBHOOK_REFUSED',
  'MESSAGE_VERIFY_REFUSED',
  'MESSAGE_OPT_OUT_INVALID',
  // Complaints (issue 38)
  'COMPLAINT_NOT_FOUND',
  'ORDER_NOT_MATCHED',
  'COMPLAINT_STEP_NOT_ALLOWED',
  // The shopper's rights over their data (issue 38)
  'ERASURE_BLOCKED',
  'ERASURE_CODE_INVALID',
  'ALREADY_ERASED',
  'CUSTOMER_NOT_FOUND',
  'NOMINEE_NOT_FOUND',
  // The back office (issue 17)
  'STAFF_SIGN_IN_REQUIRED',
  'PERMISSION_DENIED',
  'TOTP_REQUIRED',
  'TOTP_INVALID',
  'TWO_FACTOR_SETUP_REQUIRED',
  'STAFF_NOT_FOUND',
  'LAST_OWNER',
  'TOKEN_NOT_FOUND',
  // Invitations to the back office (issue 39): a link that no longer works says why.
  'INVITATION_INVALID',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'INVITATION_REVOKED',
  'OWNER_GRANTS_OWNER',
  'CONFLICT',
  'SKU_TAKEN',
  'IN_USE',
  'IMPORT_INVALID',
  'UNSUPPORTED_IMAGE',
  'UNSUPPORTED_VIDEO',
  // A 360° turn's frames (issue 40): too few to turn, too many, one or all of them too large, or not one shape.
  'SPIN_TOO_FEW_FRAMES',
  'SPIN_TOO_MANY_FRAMES',
  'SPIN_FRAME_TOO_LARGE',
  'SPIN_TOO_LARGE',
  'SPIN_FRAMES_MISMATCHED',
  // Rate locks (issue 42)
  'RATE_LOCK_NOT_FOUND',
  'PURITY_NOT_SOLD',
  'INVALID_PERIOD',
  'RATE_LOCK_OVER_CAP',
  'RATE_LOCK_TOO_SMALL',
  'TOO_MANY_PENDING_RATE_LOCKS',
  'RATE_LOCK_SETTLED',
  'RATE_LOCK_CHANGED',
  // The metal account (issue 42)
  'METAL_GRAMS_SHORT',
  'METAL_CREDIT_EXPIRED',
  'METAL_ACCOUNT_CHANGED',
  'INVALID_PURITY',
  'ASSAY_TOO_HEAVY',
  // Ours, never the client's
  'INTERNAL',
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** An expected failure as a value: what a service returns outside a transaction (STYLE.md, Vendure's error results). */
export interface Failure<C extends ErrorCode = ErrorCode> {
  ok: false;
  code: C;
  message: string;
  /** One message per form field, where the failure is about fields. */
  fields?: Record<string, string>;
}

export function failure<C extends ErrorCode>(code: C, message: string, fields?: Record<string, string>): Failure<C> {
  return fields ? { ok: false, code, message, fields } : { ok: false, code, message };
}
