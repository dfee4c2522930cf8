/**
 * What the store asks of a courier partner (issue 39, decision 050): one parcel's order, its AWB, the pickup, the label,
 * the tracking, and a return's reverse pickup. Shiprocket is the one implementation (shiprocket.ts); the tests speak to
 * it through a local server that keeps Shiprocket's paths and answers (simulator.ts).
 */

/** A person and address as the courier needs them: where a parcel is collected or delivered. */
export interface CourierParty {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

export interface CourierItem {
  name: string;
  sku: string;
  units: number;
  /** Rupees as the provider takes them, from whole paise (two decimals). */
  sellingPricePaise: number;
}

export interface CourierParcel {
  /** The store's own reference: the order number, or the return's reference. */
  reference: string;
  /** India's calendar day, YYYY-MM-DD. */
  date: string;
  items: CourierItem[];
  subtotalPaise: number;
  /** Cash the courier collects (pay on delivery), else 0: the parcel is prepaid. */
  codPaise: number;
  /** The parcel's weight in grams and its box in centimetres. */
  weightG: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface CourierShipmentRequest extends CourierParcel {
  /** The buyer, at the shipping address. */
  deliverTo: CourierParty;
  billing: CourierParty;
}

export interface CourierReturnRequest extends CourierParcel {
  /** The customer, where the courier collects the returned pieces. */
  collectFrom: CourierParty;
  /** The store, where they are brought. */
  deliverTo: CourierParty;
}

export interface ProviderOrder {
  providerOrderId: string;
  shipmentId: string;
}

export interface ProviderAwb {
  awb: string;
  courierName: string;
  /** The day the courier says it collects, YYYY-MM-DD, when it says. */
  pickupDate: string | null;
}

/**
 * Why a call failed. `unavailable`: unreachable, too slow, or a 5xx (the call may still have happened);
 * `refused`: the provider read the request and said no (a PIN it does not serve, a missing field), with its words;
 * `unauthorized`: the store's login was refused.
 */
export class CourierError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused' | 'unauthorized',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}

export interface CourierProvider {
  readonly name: 'shiprocket';
  createShipment(request: CourierShipmentRequest): Promise<ProviderOrder>;
  createReturn(request: CourierReturnRequest): Promise<ProviderOrder>;
  assignAwb(shipmentId: string, options?: { isReturn?: boolean }): Promise<ProviderAwb>;
  requestPickup(shipmentId: string): Promise<{ pickupDate: string | null }>;
  label(shipmentId: string): Promise<{ labelUrl: string }>;
  /** The courier's latest word on a parcel. */
  track(awb: string): Promise<{ status: string; statusId: number | null }>;
  /** Is this the `x-api-key` the provider was told to send with its webhooks? Compared in constant time. */
  webhookTokenValid(token: string | undefined): boolean;
}
