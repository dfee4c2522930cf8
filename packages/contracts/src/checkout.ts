import { z } from 'zod';
import { ErrorCodeSchema } from './error-schema.ts';
import { GatewayPaymentSchema } from './payments.ts';

export const ORDER_PAYMENT_METHOD_VALUES = ['online', 'cod'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHOD_VALUES)[number];
/** An order of this much or more needs the buyer's PAN (Rule 114B), and can never be paid in cash (s.269ST). */
export const PAN_THRESHOLD_PAISE = 2_00_000_00;
const flag = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()).optional();
const field = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max, `must be at most ${max} characters`));

/** POST /api/coupons/apply: the cart's Apply. The server prices the cart itself (the session's, or the guest list). */
export const CouponApplySchema = z.object({
  code: z.string({ error: 'Please enter a coupon code.' }).trim().min(1, 'Please enter a coupon code.').max(40, 'Coupon codes are at most 40 characters.'),
  /** A guest's cart (the cartItems cookie's list) when nobody is logged in. */
  cartItems: z.string().max(20_000).optional(),
});
export type CouponApply = z.infer<typeof CouponApplySchema>;

/** POST /api/coupons/offers: the visitor's cart (a guest's cartItems list; a customer's is the session's). */
export const CouponOffersRequestSchema = z.object({ cartItems: z.string().max(20_000).optional() });
export type CouponOffersRequest = z.infer<typeof CouponOffersRequestSchema>;

/**
 * One coupon the shopper can use now (issue 40's "View offers"): active and in its dates, not used up, not used as
 * often as it allows by this customer. `usable` when the cart reaches its minimum (then `discountPaise`), else the
 * `shortfallPaise` still to add.
 */
export const CouponOfferSchema = z.object({
  code: z.string(),
  description: z.string(),
  usable: z.boolean(),
  discountPaise: z.number().int(),
  shortfallPaise: z.number().int(),
  message: z.string(),
});
export type CouponOffer = z.infer<typeof CouponOfferSchema>;
export const CouponOffersSchema = z.object({ subtotalPaise: z.number().int(), data: z.array(CouponOfferSchema) });
export type CouponOffers = z.infer<typeof CouponOffersSchema>;

/**
 * The home page's offers strip (issue 40): the messages showing now, in order. A message that advertises a coupon
 * is here only while the coupon is live (on, in its dates, uses left), with its code so one tap applies it.
 */
export const OfferStripSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), text: z.string(), linkPath: z.string().nullable(), couponCode: z.string().nullable() })),
});
export type OfferStrip = z.infer<typeof OfferStripSchema>;

/** A coupon that applies: what it takes off, and the rule so a screen can recompute as quantities change. */
export const CouponAnswerSchema = z.object({
  message: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  maxDiscountPaise: z.number().int().nullable(),
  minOrderPaise: z.number().int(),
  subtotalPaise: z.number().int(),
  discountPaise: z.number().int(),
  shippingPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type CouponAnswer = z.infer<typeof CouponAnswerSchema>;

/** Why a coupon does not apply (the code of a 4xx answer of /api/coupons/apply and of placeOrders). */
export const COUPON_REFUSALS = [
  'COUPON_UNKNOWN',
  'COUPON_INACTIVE',
  'COUPON_EXPIRED',
  'COUPON_NOT_YET_VALID',
  'COUPON_MIN_ORDER',
  'COUPON_USED_UP',
  'COUPON_ALREADY_USED',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/**
 * POST /api/orders/placeOrders (form data, spec §3's order placement fields, plus couponCode and
 * idempotencyKey). Only shapes here; the rules (PIN, phone, GSTIN) are the server's, so every message
 * comes from one place. Nothing about money is taken from the client.
 */
export const PlaceOrderSchema = z.object({
  firstName: field(60),
  lastName: field(60),
  country: field(80),
  address: field(300),
  city: field(80),
  countryCode: field(6),
  phoneNumber: field(20),
  pincode: field(12),
  companyName: field(120),
  companyEmail: field(254),
  gstin: field(20),
  /** JSON list of { productId, quantity }: what the checkout page showed. */
  cartDataList: field(20_000),
  userId: z.union([z.string(), z.number()]).optional(),
  couponCode: field(40),
  idempotencyKey: field(100),
  /** 'true' / 'on' / '1': pay what it can of the order from the customer's matured Milli Harvest balance. */
  useHarvest: flag,
  /** 'true' / 'on' / '1': pay what is left (after the Harvest balance) from the customer's store credit. */
  useStoreCredit: flag,
  /** Issue 42, 'true' / 'on' / '1': pay for the gold pieces' metal with the fine gold in the shopper's metal account. */
  useMetalAccount: flag,
  /** 'online' (the default: through the gateway before the order is Placed) or 'cod' (pay on delivery, below a limit). */
  paymentMethod: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 'online' : v),
    z.enum(ORDER_PAYMENT_METHOD_VALUES, { error: 'paymentMethod must be online or cod.' }),
  ),
  /** Required for an order of Rs. 2 lakh or more (Rule 114B), unless a Form 60 declaration is given; printed on the invoice. */
  pan: field(10),
  /**
   * Issue 38: 'true' / 'on': the buyer has no PAN and gives the Form 60 declaration instead (Rule 114B), with the
   * fields below. Only the last four digits of the Aadhaar number are kept.
   */
  form60: flag,
  /** The declarant's full name and address, as Form 60 asks. */
  form60Name: field(120),
  form60Address: field(300),
  /** The Aadhaar number (12 digits, spaces allowed), or else form60NoAadhaarReason. */
  form60Aadhaar: field(20),
  /** Why no Aadhaar number is given: none issued, or a PAN applied for (with its acknowledgement number). */
  form60NoAadhaarReason: field(200),
  /** 'true' / 'on': the declarant confirms that they have no PAN and that what they give is true. */
  form60Declaration: flag,
  /**
   * The billing address's state (from the list of Indian states and union territories) and a landmark. In India a
   * state left empty is the PIN's (as shippingState for the delivery PIN); one given must agree with the PIN.
   */
  state: field(80),
  landmark: field(120),
  /** Deliver somewhere else than the billing address: the shipping fields below then count. */
  shipToDifferent: flag,
  shippingFirstName: field(60),
  shippingLastName: field(60),
  shippingAddress: field(300),
  shippingLandmark: field(120),
  shippingCity: field(80),
  shippingState: field(80),
  shippingPincode: field(12),
  shippingPhoneNumber: field(20),
  /** Keep the billing (and delivery) address in the customer's address book. */
  saveAddress: flag,
});
export type PlaceOrder = z.infer<typeof PlaceOrderSchema>;
export type PlaceOrderField =
  | 'firstName'
  | 'lastName'
  | 'country'
  | 'address'
  | 'city'
  | 'countryCode'
  | 'phoneNumber'
  | 'pincode'
  | 'companyName'
  | 'companyEmail'
  | 'gstin'
  | 'idempotencyKey'
  | 'paymentMethod'
  | 'pan'
  | 'form60Name'
  | 'form60Address'
  | 'form60Aadhaar'
  | 'form60NoAadhaarReason'
  | 'form60Declaration'
  | 'state'
  | 'landmark'
  | 'shippingFirstName'
  | 'shippingLastName'
  | 'shippingAddress'
  | 'shippingLandmark'
  | 'shippingCity'
  | 'shippingState'
  | 'shippingPincode'
  | 'shippingPhoneNumber';

export const PlaceOrderAnswerSchema = z.object({
  message: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  subtotalPaise: z.number().int(),
  discountPaise: z.number().int(),
  shippingPaise: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
  /** Paid from the Milli Harvest balance; the shopper pays totalPaise less this. */
  harvestCreditPaise: z.number().int(),
  /** Paid from the customer's store credit (issue 20). */
  storeCreditPaise: z.number().int(),
  /** Issue 42: paid by the advance of the shopper's rate locks the order's metal used. */
  rateLockAdvancePaise: z.number().int(),
  /** Issue 42: fine gold from the metal account that paid for the metal, and what it settled. */
  metalAccountMg: z.number().int(),
  metalAccountPaise: z.number().int(),
  couponCode: z.string().nullable(),
  /** True when this key had already placed the order: the first order is answered again. */
  replayed: z.boolean(),
  /** Awaiting payment, Awaiting confirmation (pay on delivery) or Placed (nothing left to pay). */
  status: z.enum(['Awaiting payment', 'Awaiting confirmation', 'Placed']),
  paymentMethod: z.enum(ORDER_PAYMENT_METHOD_VALUES),
  /** Charged now through the gateway, and due in cash on delivery. */
  payNowPaise: z.number().int(),
  payOnDeliveryPaise: z.number().int(),
  /** Until when the order holds its pieces for the payment (ISO), when it awaits one. */
  payBy: z.string().nullable(),
  /** Open the gateway's checkout with this; null when nothing is paid online now (or the gateway could not be reached: pay again from the order). */
  payment: GatewayPaymentSchema.nullable(),
});
export type PlaceOrderAnswer = z.infer<typeof PlaceOrderAnswerSchema>;

/** A refused order: one message for the alert, and per-field messages when the form was at fault. */
export const PlaceOrderErrorSchema = z.object({
  message: z.string(),
  code: ErrorCodeSchema,
  fields: z.record(z.string(), z.string()).optional(),
});
export type PlaceOrderError = z.infer<typeof PlaceOrderErrorSchema>;
