import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@milli/contracts';
import { fieldMessages, invalidRequestMessage } from '@milli/contracts/schemas';
import { isConcurrencyFailure, isUniqueViolation } from '@milli/db';
import { DomainError } from '../domain-error.ts';

/**
 * The HTTP status of every code of the store's vocabulary (decision 027): decided here and nowhere else.
 * A Record over the whole union, so a new code does not compile until it has its status.
 */
export const STATUS_OF: Record<ErrorCode, number> = {
  INVALID_REQUEST: 400,
  BAD_URL: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_MULTIPART: 415,
  BAD_MULTIPART: 400,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  TOO_MANY_FILES: 413,
  TOO_MANY_FIELDS: 413,
  UNUSABLE_TEXT: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  RATE_LIMITED: 429,
  BAD_CREDENTIALS: 401,
  TAKEN: 400,
  EMAIL_TAKEN: 409,
  COMMON_PASSWORD: 400,
  OTP_INVALID: 400,
  RESET_EXPIRED: 400,
  UNDO_INVALID: 400,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_UNAVAILABLE: 409,
  OPTION_NOT_OFFERED: 400,
  SIZE_REQUIRED: 400,
  NO_RATE: 409,
  CART_EMPTY: 409,
  CART_CHANGED: 409,
  CART_LINE_NOT_FOUND: 404,
  OUT_OF_STOCK: 409,
  NOT_ENOUGH_STOCK: 409,
  WISHLIST_FULL: 409,
  WISHLIST_ITEM_NOT_FOUND: 404,
  COUPON_UNKNOWN: 404,
  COUPON_INACTIVE: 422,
  COUPON_NOT_YET_VALID: 422,
  COUPON_EXPIRED: 422,
  COUPON_MIN_ORDER: 422,
  COUPON_USED_UP: 422,
  COUPON_ALREADY_USED: 422,
  INVALID_ORDER: 400,
  ORDER_NOT_FOUND: 404,
  ORDER_ALREADY_CANCELLED: 409,
  ORDER_NOT_CANCELLABLE: 409,
  ORDER_CANCELLED: 409,
  ORDER_DELIVERED: 409,
  ORDER_STATUS_NOT_NEXT: 409,
  NO_SETTINGS: 503,
  INVALID_CARD: 400,
  INVALID_AMOUNT: 400,
  PAYMENT_IN_PROGRESS: 409,
  PAYMENT_SETTLED: 409,
  PAYMENT_FAILED: 402,
  PAYMENT_DECLINED: 402,
  INSUFFICIENT_FUNDS: 402,
  IDEMPOTENCY_CONFLICT: 409,
  GATEWAY_UNAVAILABLE: 503,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_SIGNATURE_INVALID: 400,
  PAYMENT_NOT_CAPTURED: 409,
  PAYMENT_MISMATCH: 409,
  PAYMENT_LAPSED: 409,
  ORDER_NOT_PAYABLE: 409,
  COD_NOT_AVAILABLE: 422,
  CASH_DAY_LIMIT: 422,
  PAN_REQUIRED: 400,
  WEBHOOK_SIGNATURE_INVALID: 400,
  ADDRESS_NOT_FOUND: 404,
  ADDRESS_BOOK_FULL: 409,
  TOO_MANY_UNPAID_ORDERS: 409,
  PLAN_NOT_FOUND: 404,
  PLAN_EXISTS: 409,
  PLAN_CLOSED: 409,
  PLAN_AT_MATURITY: 409,
  INSTALMENT_NOT_FOUND: 404,
  ALREADY_PAID: 409,
  FREE_INSTALMENT: 409,
  OUT_OF_ORDER: 409,
  HARVEST_BALANCE_SHORT: 409,
  HARVEST_EXPIRED: 409,
  RATE_LOCK_NOT_FOUND: 404,
  PURITY_NOT_SOLD: 400,
  INVALID_PERIOD: 400,
  RATE_LOCK_OVER_CAP: 400,
  RATE_LOCK_TOO_SMALL: 400,
  TOO_MANY_PENDING_RATE_LOCKS: 409,
  RATE_LOCK_SETTLED: 409,
  RATE_LOCK_CHANGED: 409,
  METAL_GRAMS_SHORT: 409,
  METAL_CREDIT_EXPIRED: 409,
  METAL_ACCOUNT_CHANGED: 409,
  INVALID_PURITY: 400,
  ASSAY_TOO_HEAVY: 400,
  NO_DESIGN_TO_REJECT: 409,
  NO_DESIGN_TO_APPROVE: 409,
  APPLICATION_UNDER_REVIEW: 409,
  RETURN_NOT_FOUND: 404,
  RETURN_WINDOW_CLOSED: 409,
  RETURN_NOT_DELIVERED: 409,
  RETURN_TOO_MANY: 409,
  RETURN_STEP_NOT_ALLOWED: 409,
  EXCHANGE_NOT_FOUND: 404,
  EXCHANGE_NOT_ALLOWED: 409,
  STORE_CREDIT_SHORT: 409,
  REVIEW_NOT_BUYER: 403,
  APPOINTMENT_NOT_FOUND: 404,
  SLOT_FULL: 409,
  SLOT_UNAVAILABLE: 409,
  APPOINTMENT_NOT_CANCELLABLE: 409,
  APPOINTMENT_NOT_CONFIRMABLE: 409,
  TOO_MANY_APPOINTMENTS: 409,
  UPLOADS_FULL: 409,
  CERTIFICATE_NOT_FOUND: 404,
  RETURN_NOT_RETURNABLE: 409,
  // Issue 39: no provider configured; the provider unreachable or failing (502: the store is fine, its courier is
  // not); the provider refusing what it was sent (a PIN it does not serve), in its own words; a booking already under
  // way from another click; a tracking webhook without the configured token.
  COURIER_NOT_CONFIGURED: 409,
  COURIER_UNAVAILABLE: 502,
  COURIER_REFUSED: 422,
  COURIER_BOOKING_UNDER_WAY: 409,
  COURIER_TOKEN_INVALID: 401,
  MESSAGE_WEBHOOK_REFUSED: 401,
  MESSAGE_VERIFY_REFUSED: 403,
  MESSAGE_OPT_OUT_INVALID: 400,
  COMPLAINT_NOT_FOUND: 404,
  ORDER_NOT_MATCHED: 400,
  COMPLAINT_STEP_NOT_ALLOWED: 409,
  ERASURE_BLOCKED: 409,
  ERASURE_CODE_INVALID: 400,
  ALREADY_ERASED: 409,
  CUSTOMER_NOT_FOUND: 404,
  NOMINEE_NOT_FOUND: 404,
  STAFF_SIGN_IN_REQUIRED: 401,
  PERMISSION_DENIED: 403,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  STAFF_NOT_FOUND: 404,
  LAST_OWNER: 409,
  INVITATION_INVALID: 404,
  INVITATION_EXPIRED: 410,
  INVITATION_USED: 410,
  INVITATION_REVOKED: 410,
  OWNER_GRANTS_OWNER: 403,
  TOKEN_NOT_FOUND: 404,
  CONFLICT: 409,
  SKU_TAKEN: 409,
  IN_USE: 409,
  IMPORT_INVALID: 422,
  UNSUPPORTED_IMAGE: 415,
  UNSUPPORTED_VIDEO: 415,
  SPIN_TOO_FEW_FRAMES: 422,
  SPIN_TOO_MANY_FRAMES: 413,
  SPIN_FRAME_TOO_LARGE: 413,
  SPIN_TOO_LARGE: 413,
  SPIN_FRAMES_MISMATCHED: 422,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/**
 * One place that turns failures into answers. Anything a client sent wrong is a 4xx with a message a
 * person can read; only the unexpected becomes a 500, logged with its request id and answered without
 * internals.
 */
export function errorsPlugin(app: FastifyInstance) {
  const CONCURRENT_CHANGE = 'Someone else made the same change at the same moment (a name, web address or code is now taken). Please reload and try again.';
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const thrown: unknown = error;
    if (thrown instanceof DomainError) {
      // A route that answers its refusals per field in `message` (the spec's sign-up) does so for the service's too.
      if (thrown.fields && request.routeOptions.config.validationAnswer === 'fields-as-message') {
        return reply.status(STATUS_OF[thrown.code]).send({ message: thrown.fields, code: thrown.code });
      }
      return reply.status(STATUS_OF[thrown.code]).send({ message: thrown.message, code: thrown.code, ...(thrown.fields ? { fields: thrown.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error.validation);
      const message = invalidRequestMessage(fields);
      // The spec's sign-up answers its refusals as one message per field (spec §7): routes that speak that
      // shape say so in their config.
      if (request.routeOptions.config.validationAnswer === 'fields-as-message') return reply.status(400).send({ message: fields, code: 'INVALID_REQUEST' });
      return reply.status(400).send({ message, code: 'INVALID_REQUEST', fields });
    }
    if (isBrokenMultipart(error, request.headers['content-type'])) {
      return reply.status(400).send({ message: 'The form data could not be read: it is cut short or malformed.', code: 'BAD_MULTIPART' });
    }
    // Two requests at the same moment: the database kept its rules (a unique name, a consistent lock order) and
    // refused one of them. That is a conflict with another change, never a failure of the server: 409, not 500.
    if (isUniqueViolation(error) || isConcurrencyFailure(error)) {
      request.log.warn({ err: error }, 'refused by a concurrent change');
      return reply.status(409).send({ message: CONCURRENT_CHANGE, code: 'CONFLICT' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(error), code: frameworkCode(error, status) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL', requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How a refused body is answered: by default `{ message, code, fields }`; 'fields-as-message' puts the per-field messages in `message`. */
    validationAnswer?: 'fields-as-message';
  }
}

/** A refused request's messages, one per field (contracts' fieldMessages, which the web's actions use too). */
export function validationFields(issues: readonly { instancePath?: string; message?: string; params?: unknown }[]): Record<string, string> {
  return fieldMessages(
    issues.map((issue) => ({
      path:
        (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path?.map(String).join('.') ||
        issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
        '',
      message: issue.message ?? 'This value is not valid.',
    })),
  );
}

/**
 * The multipart parser (busboy) throws plain Errors, without a status, when a body ends early or its
 * parts are malformed: that is the client's mistake, not ours.
 */
function isBrokenMultipart(error: FastifyError, contentType: string | undefined): boolean {
  if (error.statusCode !== undefined || !/^multipart\//i.test(contentType ?? '')) return false;
  return /busboy|dicer/i.test(error.stack ?? '') || /multipart|boundary|part header|end of form/i.test(error.message);
}

/** Fastify's and its plugins' own 4xx errors, in the store's vocabulary. */
function frameworkCode(error: FastifyError, status: number): ErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    case 'FST_FILES_LIMIT':
      return 'TOO_MANY_FILES';
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'TOO_MANY_FIELDS';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'INVALID_JSON';
    default:
      if (status === 404) return 'NOT_FOUND';
      if (status === 405) return 'METHOD_NOT_ALLOWED';
      if (status === 413) return 'PAYLOAD_TOO_LARGE';
      if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
      if (status === 429) return 'RATE_LIMITED';
      if (status === 401) return 'UNAUTHENTICATED';
      if (status === 403) return 'FORBIDDEN';
      return 'INVALID_REQUEST';
  }
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    // Busboy's own wording ("reach files limit"): only the custom design form takes pictures, and says so itself.
    case 'FST_FILES_LIMIT':
      return 'This form takes no files.';
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'The form has too many fields.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message || 'Bad request';
  }
}
