/** Checkout's form: the spec's billing fields (§3 order placement payload) and the terms message (DECISIONS §2). */
export const TERMS_MESSAGE = 'Please tick the box to accept the terms and conditions: we can only place your order once you have.';

export const BILLING_FIELDS = [
  'firstName',
  'lastName',
  'country',
  'address',
  'landmark',
  'city',
  'state',
  'countryCode',
  'phoneNumber',
  'pincode',
  'companyName',
  'companyEmail',
  'gstin',
  'pan',
  'paymentMethod',
  // Issue 38: the Form 60 declaration of a buyer without a PAN (its checkboxes are flags below).
  'form60Name',
  'form60Address',
  'form60Aadhaar',
  'form60NoAadhaarReason',
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

/** The delivery address, sent only when "Deliver to a different address" is ticked. */
export const SHIPPING_FIELDS = [
  'shippingFirstName',
  'shippingLastName',
  'shippingAddress',
  'shippingLandmark',
  'shippingCity',
  'shippingState',
  'shippingPincode',
  'shippingPhoneNumber',
] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

export type CheckoutField = BillingField | ShippingField | 'form60Declaration';
/** The form's checkboxes, kept as 'on' when ticked. */
export type CheckoutFlag =
  'corporate' | 'useHarvest' | 'useStoreCredit' | 'useMetalAccount' | 'shipToDifferent' | 'saveAddress' | 'form60' | 'form60Declaration';

export interface CheckoutResult {
  message: string;
  fields: Partial<Record<CheckoutField | 'terms', string>>;
  values: Partial<Record<CheckoutField | CheckoutFlag, string>>;
}

/** An address the form starts from: a saved one (the default, or the one picked), or the profile's name and mobile. */
export interface CheckoutPrefill {
  /** The saved address's id, or null. */
  addressId: number | null;
  firstName: string;
  lastName: string;
  address: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
  phoneNumber: string;
}
