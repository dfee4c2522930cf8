import { MESSAGES, indianStateByName, isPan, pictureInColour, type PlaceOrder, type PlaceOrderAnswer } from '@milli/contracts';
import { COD_LIMIT_CEILING_PAISE, PAN_THRESHOLD_PAISE, payOnDeliveryLimit, type GatewayPayment } from '@milli/contracts/schemas';
import type { PaymentRecord, PaymentService } from '../payments/service.ts';
import { GATEWAY_MINIMUM_PAISE } from '../payments/service.ts';
import { isUniqueViolation, type CartLineOptions, type Db } from '@milli/db';
import type { Order } from '@milli/db/schema';
import {
  formatRupees,
  indianDate,
  metalAccountPlan,
  orderTotals,
  payableOf,
  startOfIndianDate,
  trimRateLockUses,
  weightOfChoice,
  type HeldRateLock,
} from '@milli/pricing';
import { type SessionCustomer } from '../../plugins/session.ts';
import { DomainError } from '../../domain-error.ts';
import { emptyCart, fineGoldLine, priceOptions, priceWithLocks, storedCartLines, type StoredCartLine } from '../cart/service.ts';
import { heldMetalCredits, noMetalError, useMetalCredits } from '../metal-accounts/service.ts';
import { heldRateLocks, useRateLocks } from '../rate-locks/service.ts';
import { lockStock, takeStock, type CatalogService } from '../catalog/service.ts';
import { checkCoupon, redeemCoupon } from '../coupons/service.ts';
import { redeemableBalance, spendBalance } from '../harvest/service.ts';
import { moveStoreCredit, storeCreditBalance } from '../store-credit/service.ts';
import { queueMail } from '../mail/service.ts';
import { brandOf, type SettingsService } from '../settings/service.ts';
import { notifyDesk } from '../staff/service.ts';
import { LAPSED_NOTE, orderPlacedMail, recordForm60, writeOrder, queueOrderMessage } from '../orders/service.ts';
import { checkoutRepository, type CashBuyer } from './repository.ts';
import { keepFromCheckout } from '../addresses/service.ts';
import { storedPhone, type AddressParts } from '../../lib/address-rules.ts';
import { billingParts, form60Record, orderFormProblems, parseCartDataList, shippingParts, withPinStates, type OrderFormProblems } from './validate.ts';

/** A billing form with mistakes: one message per field. */
function orderFormError(fields: OrderFormProblems): DomainError {
  return new DomainError('INVALID_ORDER', Object.values(fields)[0] ?? 'Please check the form.', fields);
}

/**
 * Unpaid orders one customer may have at once: awaiting payment (each holds its pieces until it is paid or
 * lapses) or awaiting the confirmation of pay on delivery (held until staff confirm it or it is cancelled).
 */
export const MAX_UNPAID_ORDERS = 3;
/** Orders that lapsed unpaid in this window count against the same three (re-placing lapsed orders would hold pieces for ever). */
const LAPSE_WINDOW_MS = 24 * 60 * 60_000;

const REPLAYED_CANCELLED = 'The order this checkout placed has been cancelled. Please reload the page to place it again.';
const CART_CHANGED = 'Your cart has changed since you opened checkout. Please review your cart and place the order again.';

const PAYMENT_MESSAGES = {
  awaiting: 'Your order is reserved: please complete the payment to place it.',
  cod: 'Your order has been received. Our team will call you to confirm pay on delivery.',
};

function answerOf(order: Order, replayed: boolean, payment: GatewayPayment | null = null): PlaceOrderAnswer {
  const payable = payableOf(order);
  const status = order.status === 'Awaiting payment' || order.status === 'Awaiting confirmation' ? order.status : 'Placed';
  return {
    message: status === 'Awaiting payment' ? PAYMENT_MESSAGES.awaiting : status === 'Awaiting confirmation' ? PAYMENT_MESSAGES.cod : MESSAGES.orderPlaced,
    orderId: order.id,
    orderNumber: order.orderNumber,
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    shippingPaise: order.shippingPaise,
    taxPaise: order.taxPaise,
    totalPaise: order.totalPaise,
    harvestCreditPaise: order.harvestCreditPaise,
    storeCreditPaise: order.storeCreditPaise,
    rateLockAdvancePaise: order.rateLockAdvancePaise,
    metalAccountMg: order.metalAccountMg,
    metalAccountPaise: order.metalAccountPaise,
    couponCode: order.couponCode,
    replayed,
    status,
    paymentMethod: order.paymentMethod,
    payNowPaise: order.paymentMethod === 'online' ? payable : 0,
    payOnDeliveryPaise: order.paymentMethod === 'cod' ? payable : 0,
    payBy: order.payBy ? order.payBy.toISOString() : null,
    payment,
  };
}

type CartRow = StoredCartLine;

/** An address of the form as order_addresses keeps it: the state's own spelling and GST code in India. */
function orderAddressOf(input: PlaceOrder, parts: AddressParts & { landmark: string }) {
  const dialCode = input.countryCode.replace(/^\+/, '');
  const state = indianStateByName(parts.state);
  return {
    firstName: parts.firstName,
    lastName: parts.lastName,
    country: input.country,
    address: parts.address,
    landmark: parts.landmark || null,
    city: parts.city,
    state: state?.name ?? (parts.state || null),
    stateCode: input.country === 'India' ? (state?.code ?? null) : null,
    pincode: parts.pincode,
    countryCode: dialCode,
    phone: storedPhone(parts.phone, dialCode),
  };
}

/**
 * The buyer as s.269ST's cash limit knows them (issue 38): the account, its e-mail, and the phones on the order
 * (billing, and delivery when given), normalised as order_addresses keeps them. Checkout needs an account (spec §2), so
 * a person who opens a second account with the same phone or delivers to the same phone is still the same buyer.
 */
function cashBuyerOf(customer: SessionCustomer, input: PlaceOrder): CashBuyer {
  const dialCode = input.countryCode.replace(/^\+/, '');
  const phones = [storedPhone(input.phoneNumber, dialCode)];
  if (input.shipToDifferent && input.shippingPhoneNumber) phones.push(storedPhone(input.shippingPhoneNumber, dialCode));
  return {
    customerId: customer.id,
    email: customer.email.trim().toLowerCase(),
    phones: [...new Set(phones)].filter(Boolean).map((phone) => ({ countryCode: dialCode, phone })),
  };
}

/** The other modules' services (built once by the composition root), read on the order's transaction. */
export interface CheckoutServiceDeps {
  catalog: Pick<CatalogService, 'detail'>;
  settings: Pick<SettingsService, 'get'>;
  /** Online payments: each order awaiting payment starts one, opened at the gateway after commit. */
  payments: PaymentService;
  /**
   * Called after the commit of an order that took the last of a piece: this instance's read cache forgets at once
   * (other instances hear the database's notification). Orders that leave pieces in stock change only counts, which
   * kept answers may show a little late (migration 0016).
   */
  soldOut?: () => void;
}

/**
 * POST /api/orders/placeOrders: one transaction of named steps. The server cart is the source of truth,
 * every price is computed here, and any refusal rolls everything back, so nothing is ever half-written.
 */
export function createCheckoutService(
  db: Db,
  { catalog, settings: storeSettings, payments, soldOut }: CheckoutServiceDeps,
  now: () => Date = () => new Date(),
) {
  const steps = {
    /** The customer's server cart; the page's cartDataList may only name what is in it. */
    async loadCart(tx: Db, customerId: number, shown: Map<number, number>) {
      const lines = await storedCartLines(tx, customerId);
      if (lines.length === 0) throw new DomainError('CART_EMPTY', 'Your cart is empty. Add a piece before placing an order.');
      const inCart = new Map<number, number>();
      for (const l of lines) inCart.set(l.productId, (inCart.get(l.productId) ?? 0) + l.quantity);
      for (const [productId, quantity] of shown) {
        if (!inCart.has(productId) || (quantity > 0 && inCart.get(productId) !== quantity)) throw new DomainError('CART_CHANGED', CART_CHANGED);
      }
      return lines;
    },

    /**
     * Today's price of every line with its choices, by the product page's function; the client's numbers are never read.
     * Issue 42: the shopper's live rate locks (read under their row locks) cover the metal they can, as the cart showed.
     */
    async priceLines(tx: Db, lines: CartRow[], locks: readonly HeldRateLock[] = []) {
      const chosen = [];
      for (const line of lines) {
        const product = await catalog.detail(line.productId, tx);
        if (!product) throw new DomainError('PRODUCT_UNAVAILABLE', `${line.name} is no longer sold. Please remove it from your cart.`);
        // The line's choices checked again against what the piece is made in today, and completed with its defaults.
        const { options } = priceOptions(product, line.options as CartLineOptions);
        chosen.push({ line, product, options, quantity: line.quantity });
      }
      const { priced, plan } = priceWithLocks(chosen, locks);
      return { priced: priced.map((p) => ({ ...p, unitPricePaise: p.breakup.totalPaise })), plan };
    },

    /**
     * Locks the rows (product-id order), then checks and takes the stock line by line; a short line undoes all.
     * Whether it took the last of any piece, and each piece's coloured-stone weight (read with the lock).
     */
    async takeStock(tx: Db, lines: { line: CartRow; quantity: number }[]): Promise<{ tookTheLast: boolean; stoneWeights: Map<number, number> }> {
      const need = new Map<number, number>();
      for (const l of lines) need.set(l.line.productId, (need.get(l.line.productId) ?? 0) + l.quantity);
      const locked = new Map((await lockStock(tx, [...need.keys()])).map((p) => [p.id, p]));
      for (const l of lines) {
        const product = locked.get(l.line.productId);
        const wanted = need.get(l.line.productId)!;
        if (!product || product.stock < wanted) {
          const left = product?.stock ?? 0;
          throw new DomainError(
            'OUT_OF_STOCK',
            left > 0
              ? `Sorry, only ${left} of ${l.line.name} ${left === 1 ? 'is' : 'are'} left. Please lower the quantity in your cart.`
              : `Sorry, ${l.line.name} is out of stock. Please remove it from your cart.`,
          );
        }
        if (!(await takeStock(tx, l.line.productId, l.quantity))) throw new DomainError('OUT_OF_STOCK', `Sorry, ${l.line.name} is out of stock.`);
        product.stock -= l.quantity;
        need.set(l.line.productId, wanted - l.quantity);
      }
      return {
        tookTheLast: [...locked.values()].some((p) => p.stock <= 0),
        stoneWeights: new Map([...locked.values()].map((p) => [p.id, p.stoneWeightCents])),
      };
    },

    /**
     * Issue 38, s.269ST of the Income-tax Act: no cash of Rs. 2 lakh or more from one person in a day. Pay on delivery
     * is cash at the door, so this buyer's pay-on-delivery orders of today (the Indian day) and this one must come to
     * less. Counted under the buyer's locks (lockCashBuyer), so two orders at once cannot both pass.
     */
    async checkCashDay(tx: Db, buyer: CashBuyer, payablePaise: number, at: Date) {
      const repo = checkoutRepository(tx);
      await repo.lockCashBuyer(buyer);
      const from = startOfIndianDate(indianDate(at));
      const already = await repo.cashOnDeliveryBetween(buyer, from, new Date(from.getTime() + 24 * 60 * 60_000));
      if (already + payablePaise < COD_LIMIT_CEILING_PAISE) return;
      const message =
        `Pay on delivery is paid in cash, and the law (s.269ST of the Income-tax Act) does not let us take ${formatRupees(COD_LIMIT_CEILING_PAISE, { decimals: false })} or more in cash from one buyer in a day. ` +
        `Your pay-on-delivery orders today already come to ${formatRupees(already)}, and this one is ${formatRupees(payablePaise)}. Please pay online for this order.`;
      throw new DomainError('CASH_DAY_LIMIT', message, { paymentMethod: message });
    },
  };

  async function place(customer: SessionCustomer, given: PlaceOrder): Promise<{ order: Order; payment: PaymentRecord | null; replayed: boolean }> {
    const input = withPinStates(given);
    const problems = orderFormProblems(input);
    if (Object.keys(problems).length > 0) throw orderFormError(problems);
    const shown = parseCartDataList(input.cartDataList);
    if (!shown) throw new DomainError('INVALID_REQUEST', 'cartDataList must be a JSON list of { productId, quantity }.');
    const key = input.idempotencyKey || null;
    let tookTheLast = false;

    const placed = await db.transaction(async (tx) => {
      const repo = checkoutRepository(tx);
      const at = now();

      // Step 0: one checkout at a time per customer; a key already used answers its first order.
      await repo.lockCart(customer.id);
      if (key) {
        const first = await repo.orderByKey(customer.id, key);
        if (first) return { order: first, payment: await payments.forOrder(first.id, tx), replayed: true };
      }

      // Step 0b: unpaid orders hold pieces; one account may hold only a few at once, so nobody can keep a
      // product off the shelf by placing orders and never paying, online or on delivery (counted under the cart
      // lock above).
      const held = await repo.unpaidAndLapsed(customer.id, LAPSED_NOTE, new Date(now().getTime() - LAPSE_WINDOW_MS));
      if (held.unpaid >= MAX_UNPAID_ORDERS) {
        throw new DomainError(
          'TOO_MANY_UNPAID_ORDERS',
          `You have ${MAX_UNPAID_ORDERS} orders waiting for payment or confirmation. Please pay or cancel one of them (My Account → Orders), or wait for our call, before placing another.`,
        );
      }
      // Nor by letting orders lapse and placing them again: after three lapses in a day, the next waits a day.
      if (held.lapsed >= MAX_UNPAID_ORDERS) {
        throw new DomainError(
          'TOO_MANY_UNPAID_ORDERS',
          `${MAX_UNPAID_ORDERS} of your orders lapsed unpaid in the last day, so new orders are paused for your account until tomorrow. Please call us on the help line to order meanwhile.`,
        );
      }

      // Steps 1-2: the server cart, priced today, with the shopper's live rate locks (their rows locked to commit).
      const cart = await steps.loadCart(tx, customer.id, shown);
      const locks = await heldRateLocks(tx, customer.id, at);
      const { priced, plan: lockPlan } = await steps.priceLines(tx, cart, locks);
      const settings = await storeSettings.get(tx);
      if (!settings) throw new DomainError('NO_SETTINGS', 'The store is not set up yet.');
      const subtotalPaise = orderTotals({ lines: priced, shippingFeePaise: 0 }).subtotalPaise;

      // Issue 42: fine gold from the metal account, when asked for, pays the gold pieces' metal (up to each piece's fine
      // gold) by the cart's function; the credits' rows are locked to commit (after the rate locks', before the customer's).
      const metal = input.useMetalAccount ? await heldMetalCredits(tx, customer.id, at) : null;
      if (metal && metal.balanceMg === 0) throw await noMetalError(tx, customer.id, at);
      const metalPlan = metal
        ? metalAccountPlan(
            priced.map((p) => fineGoldLine(p.product, p.options, p.quantity, p.breakup.metalPaise)),
            metal.balanceMg,
          )
        : null;

      // Step 3: the coupon (its row locked until commit, so its last use goes to one order only).
      const coupon = input.couponCode ? await checkCoupon(tx, input.couponCode, subtotalPaise, customer.id, at, { lock: true }) : null;

      // Step 4: totals with the shipping setting, by the function the cart and checkout screens use; a
      // matured Milli Harvest balance pays what it can when the shopper asked for it.
      const harvestBalancePaise = input.useHarvest ? await redeemableBalance(tx, customer.id, at) : 0;
      // Store credit too, when asked for, after the Harvest balance: read under the customer's row lock, held to
      // commit, so two checkouts at once cannot both spend the same credit.
      const storeCreditPaise = input.useStoreCredit ? await storeCreditBalance(tx, customer.id, { lock: true }) : 0;
      const totalsWith = (balancePaise: number, creditPaise: number, advancePaise: number = lockPlan.advancePaise) =>
        orderTotals({
          lines: priced,
          shippingFeePaise: settings.shippingFeePaise,
          discountPaise: coupon?.discountPaise ?? 0,
          gstPercent: settings.gstPercent,
          harvestBalancePaise: balancePaise,
          storeCreditBalancePaise: creditPaise,
          rateLockAdvancePaise: advancePaise,
          metalAccountPaise: metalPlan?.paise ?? 0,
        });
      let totals = totalsWith(harvestBalancePaise, storeCreditPaise);
      // The gateway takes nothing under Rs. 1: balances that would leave less than that to pay online are used
      // up to a rupee short, and the rupee is paid online (else the order could never be paid, and would lapse).
      // The store credit gives way first, then the Harvest balance.
      if (input.paymentMethod !== 'cod' && totals.payablePaise > 0 && totals.payablePaise < GATEWAY_MINIMUM_PAISE) {
        const short = GATEWAY_MINIMUM_PAISE - totals.payablePaise;
        const credit = Math.max(0, totals.storeCreditPaise - short);
        const harvest = Math.max(0, totals.harvestCreditPaise - Math.max(0, short - totals.storeCreditPaise));
        totals = totalsWith(harvest, credit);
        // Issue 42: a rate lock's advance gives way last; what it does not pay stays on the lock.
        if (totals.payablePaise > 0 && totals.payablePaise < GATEWAY_MINIMUM_PAISE)
          totals = totalsWith(harvest, credit, Math.max(0, totals.rateLockAdvancePaise - (GATEWAY_MINIMUM_PAISE - totals.payablePaise)));
      }
      // The advance each lock gives, as the totals applied it (never more than the order's total).
      const lockUses = trimRateLockUses(lockPlan.uses, totals.rateLockAdvancePaise);
      // The gold pays only the metal it covers: a discount can never make it settle less than its grams' worth.
      if (metalPlan && totals.metalAccountPaise < metalPlan.paise)
        throw new DomainError(
          'METAL_ACCOUNT_CHANGED',
          'The gold in your metal account would pay more than this order’s total after its discount. Please place the order without it, or remove the coupon.',
        );

      // Step 5: how it is paid. Online (the default) holds the pieces for the payment; pay on delivery only
      // below the store's limit and never at Rs. 2 lakh or more (s.269ST); PAN from Rs. 2 lakh (Rule 114B).
      const payable = totals.payablePaise;
      const method = input.paymentMethod === 'cod' && payable > 0 ? 'cod' : 'online';
      const codLimit = payOnDeliveryLimit(settings.codLimitPaise);
      if (method === 'cod' && payable >= codLimit) {
        const message = `Pay on delivery is for orders under ${formatRupees(codLimit)}. Please pay online.`;
        throw new DomainError('COD_NOT_AVAILABLE', message, { paymentMethod: message });
      }
      // Issue 38: and never Rs. 2 lakh or more from one buyer in one Indian day, added up over their orders (s.269ST
      // counts a person's cash in a day, not an order's), under a lock on each way the buyer is known.
      if (method === 'cod') await steps.checkCashDay(tx, cashBuyerOf(customer, input), payable, at);
      const pan = input.pan ? input.pan.toUpperCase() : '';
      const needsPan = totals.totalPaise >= PAN_THRESHOLD_PAISE;
      // Issue 38: a buyer without a PAN gives the Form 60 declaration instead (Rule 114B); its fields were checked with the form.
      const form60 = needsPan && input.form60 && !pan ? form60Record(input) : null;
      if (needsPan && !isPan(pan) && !form60) {
        const message = pan
          ? 'Please enter a valid PAN (e.g. ABCPE1234F).'
          : 'An order of Rs. 2 lakh or more needs your PAN (income-tax rules for jewellery), or, if you have no PAN, a Form 60 declaration.';
        throw new DomainError('PAN_REQUIRED', message, { pan: message });
      }
      if (pan && !isPan(pan)) throw orderFormError({ pan: 'Please enter a valid PAN (e.g. ABCPE1234F).' });
      const status = payable === 0 ? 'Placed' : method === 'cod' ? 'Awaiting confirmation' : 'Awaiting payment';

      // Step 6: stock, under row locks.
      const taken = await steps.takeStock(tx, priced);
      tookTheLast = taken.tookTheLast;

      // Step 7: the order, its lines (a snapshot), both addresses and its first status.
      const billing = orderAddressOf(input, billingParts(input));
      const shipping = input.shipToDifferent ? orderAddressOf(input, shippingParts(input)) : billing;
      const order = await writeOrder(
        tx,
        {
          invoicePrefix: settings.invoicePrefix,
          customerId: customer.id,
          status,
          paymentMethod: method,
          payBy: status === 'Awaiting payment' ? new Date(at.getTime() + settings.paymentHoldMinutes * 60_000) : null,
          pan: pan || null,
          subtotalPaise: totals.subtotalPaise,
          discountPaise: totals.discountPaise,
          shippingPaise: totals.shippingPaise,
          taxPaise: totals.gstPaise,
          totalPaise: totals.totalPaise,
          harvestCreditPaise: totals.harvestCreditPaise,
          storeCreditPaise: totals.storeCreditPaise,
          rateLockAdvancePaise: totals.rateLockAdvancePaise,
          metalAccountMg: metalPlan?.usedMg ?? 0,
          metalAccountPaise: totals.metalAccountPaise,
          couponCode: coupon?.coupon.code ?? null,
          idempotencyKey: key,
          companyName: input.companyName || null,
          companyEmail: input.companyEmail ? input.companyEmail.toLowerCase() : null,
          companyGstin: input.gstin ? input.gstin.toUpperCase() : null,
          placedAt: at,
        },
        priced.map((p) => {
          const card = p.product.pricing;
          const weighed = card.metalWeightMg !== null;
          const { computed: _computed, ratePaisePerGram, lockedWeightMg, lockedRatePaisePerGram, ...breakup } = p.breakup;
          return {
            productId: p.line.productId,
            productName: p.product.product_name,
            sku: p.product.product_sku,
            // The picture of the piece in the colour bought, where there is one per colour.
            image: pictureInColour(p.product.product_parent_image, p.options.colour),
            categoryName: p.product.product_category,
            options: p.options,
            unitPricePaise: p.unitPricePaise,
            quantity: p.quantity,
            lineTotalPaise: p.unitPricePaise * p.quantity,
            // The chosen length's own weight (issue 38): the invoice, the packing check and a refund read it here.
            metalWeightMg: weightOfChoice(card, p.options.size),
            purity: weighed ? (p.options.purity ?? card.defaultPurity) : null,
            metalColour: p.options.colour ?? null,
            diamondQuality: p.options.diamondQuality ?? null,
            sizeKind: p.options.sizeKind ?? null,
            size: p.options.size ?? null,
            ratePaisePerGram,
            rateDate: weighed ? card.ratesDate : null,
            // Issue 39: how the making was charged, so a weight difference at packing moves it with the metal.
            makingPercentHundredths: weighed ? (card.makingPercentHundredths ?? null) : null,
            makingPaisePerGram: weighed ? (card.makingPaisePerGram ?? null) : null,
            // Issue 42: the metal a rate lock covered, at the lower rate; ratePaisePerGram stays the day's.
            lockedWeightMg: lockedRatePaisePerGram === null ? null : lockedWeightMg,
            lockedRatePaisePerGram,
            priceBreakup: breakup,
            // The sale the piece was bought on, for the invoice: its price before is unit + discount.
            saleId: p.breakup.saleDiscountPaise > 0 ? (card.sale?.id ?? null) : null,
            saleName: p.breakup.saleDiscountPaise > 0 ? (card.sale?.name ?? null) : null,
            saleMakingPercent: p.breakup.saleDiscountPaise > 0 ? (card.sale?.makingDiscountPercent ?? null) : null,
            saleDiscountPaise: p.breakup.saleDiscountPaise,
            metal: card.metal,
            diamondWeightCents: card.diamondWeightCents,
            stoneWeightCents: taken.stoneWeights.get(p.line.productId) ?? 0,
            hsnCode: '7113',
            countryOfOrigin: p.product.product_country_of_origin,
            // Issue 38: each hallmarked piece carries its own HUID, recorded when it is packed; the line keeps only
            // that it was sold hallmarked (contracts hallmark.ts), so packing asks a HUID and the invoice prints one.
            huid: null,
            hallmarked: p.product.product_hallmarked,
          };
        }),
        billing,
        shipping,
        'Order placed by the customer',
      );
      if (form60) await recordForm60(tx, order.id, { ...form60, amountPaise: totals.totalPaise, declaredAt: at });
      // Issue 42: the grams and advance of the rate locks, taken in statements that check what is left.
      if (lockUses.length > 0) await useRateLocks(tx, customer.id, order.id, lockUses, at);
      // Issue 42: the metal account's fine gold, soonest to expire first, in statements that check what is left.
      if (metal && metalPlan && metalPlan.usedMg > 0)
        await useMetalCredits(tx, customer.id, order.id, metal.credits, metalPlan.usedMg, totals.metalAccountPaise, at);
      if (totals.harvestCreditPaise > 0) await spendBalance(tx, customer.id, totals.harvestCreditPaise, order.id, at);
      if (totals.storeCreditPaise > 0)
        await moveStoreCredit(tx, {
          customerId: customer.id,
          amountPaise: -totals.storeCreditPaise,
          kind: 'spent',
          note: `Spent on order ${order.orderNumber}.`,
          orderId: order.id,
          at,
        });
      if (coupon) await redeemCoupon(tx, { couponId: coupon.coupon.id, customerId: customer.id, orderId: order.id, discountPaise: totals.discountPaise });
      // The addresses the shopper asked to keep, in the address book (Indian addresses only: the book is for India).
      if (input.saveAddress && billing.stateCode) {
        const { stateCode: _b, ...kept } = billing;
        await keepFromCheckout(tx, customer.id, { ...kept, state: billing.state! });
        if (shipping !== billing) {
          const { stateCode: _s, ...delivery } = shipping;
          await keepFromCheckout(tx, customer.id, { ...delivery, state: shipping.state! });
        }
      }

      // Step 8: an online payment for what is left to pay, opened at the gateway after commit.
      const payment =
        status === 'Awaiting payment'
          ? await payments.start(tx, { customerId: customer.id, purpose: 'order', key: `order:${order.id}`, amountPaise: payable, orderId: order.id })
          : null;

      // Step 9: the cart is empty; the placed mail waits in the outbox (sent after commit) only for an order
      // placed now: one awaiting its payment gets it when the payment settles, one to be paid on delivery when
      // staff confirm it (orders' advance), so nobody is told "placed" twice or before it is.
      await emptyCart(tx, customer.id);
      // The orders desk hears of an order it must act on: placed now, or to be paid on delivery and awaiting its
      // confirmation (one awaiting an online payment is told of when the payment settles).
      if (status !== 'Awaiting payment') await notifyDesk(tx, brandOf(settings), 'orders', `New order ${order.orderNumber}`);
      if (status === 'Placed') await queueOrderMessage(tx, order, 'order_placed', { order: order.orderNumber, amount: formatRupees(order.totalPaise) });
      if (status === 'Placed')
        await queueMail(
          tx,
          orderPlacedMail(settings, customer.email, {
            orderNumber: order.orderNumber,
            firstName: input.firstName,
            lines: priced.map((p) => ({ name: p.product.product_name, quantity: p.quantity, lineTotalPaise: p.unitPricePaise * p.quantity })),
            totals,
            couponCode: order.couponCode,
            deliveryDays: settings.deliveryDays,
          }),
        );
      return { order, payment, replayed: false };
    });
    if (tookTheLast) soldOut?.();
    return placed;
  }

  /** The gateway order for an order awaiting payment; a gateway that cannot be reached leaves the order held (pay again from the order). */
  async function opened(order: Order, payment: PaymentRecord | null): Promise<GatewayPayment | null> {
    if (order.status !== 'Awaiting payment' || !payment || payment.status !== 'created') return null;
    try {
      // The order's number is its gateway order's receipt, as the order's payment handler would read it.
      return await payments.open(payment, order.orderNumber);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'GATEWAY_UNAVAILABLE') return null;
      throw error;
    }
  }

  return {
    steps,
    async placeOrder(customer: SessionCustomer, input: PlaceOrder): Promise<PlaceOrderAnswer> {
      let placed;
      try {
        placed = await place(customer, input);
      } catch (error) {
        // Two requests with one key that both passed the check: the unique index let one through; answer it.
        if (input.idempotencyKey && isUniqueViolation(error)) {
          const first = await checkoutRepository(db).orderByKey(customer.id, input.idempotencyKey);
          if (first) placed = { order: first, payment: await payments.forOrder(first.id), replayed: true };
        }
        if (!placed) throw error;
      }
      // The key's order was cancelled since (it lapsed, or the shopper cancelled it): never answered as placed.
      if (placed.replayed && placed.order.status === 'Cancelled') throw new DomainError('ORDER_CANCELLED', REPLAYED_CANCELLED);
      return answerOf(placed.order, placed.replayed, await opened(placed.order, placed.payment));
    },
  };
}
