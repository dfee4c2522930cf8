import { isUniqueViolation, type Db } from '@milli/db';
import type { CustomBalance } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import { indianStateByName } from '@milli/contracts';
import { DomainError } from '../../domain-error.ts';
import type { SessionCustomer } from '../../plugins/session.ts';
import { checkedAddress, createAddressService } from '../addresses/service.ts';
import { recordMadePiece, writeOrder } from '../orders/service.ts';
import { customDesignRepository } from './repository.ts';
import type { PaymentService } from '../payments/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { requestNumber } from './describe.ts';
import { approvedSheet, balanceOrderOf, finalBreakupOf, purityOf } from './sheet.ts';

const notFound = () => new DomainError('NOT_FOUND', 'We could not find this custom design request.');

/** The delivery address of the balance order: a saved one of the customer's, or one typed in (India, checked as the book's). */
async function addressOf(tx: Db, customerId: number, body: CustomBalance) {
  if (body.addressId !== undefined) {
    const saved = (await createAddressService(tx).list(customerId)).find((a) => a.id === body.addressId);
    if (!saved) throw new DomainError('ADDRESS_NOT_FOUND', 'We could not find this address in your address book.');
    return saved;
  }
  return checkedAddress({
    firstName: body.firstName ?? '',
    lastName: body.lastName ?? '',
    address: body.address ?? '',
    landmark: body.landmark ?? '',
    city: body.city ?? '',
    state: body.state ?? '',
    pincode: body.pincode ?? '',
    countryCode: body.countryCode || '91',
    phone: body.phone ?? '',
  });
}

/**
 * The balance of a made piece (issue 19): ONE order for it, Awaiting payment without a time limit (pay_by NULL),
 * carrying the advance already paid, one line for the piece (the approved sheet's metal and weights, the final
 * breakup, HSN 7113, its HUID), the piece as packed (order_pieces), the address, and a payment with purpose
 * 'order' for the total less the advance. Asking again answers the same order. Paying it places the order
 * (the orders module's payment purpose), which then ships through the orders desk.
 */
export async function payBalance(
  db: Db,
  payments: PaymentService,
  store: Pick<SettingsService, 'get'>,
  customer: SessionCustomer,
  requestId: number,
  body: CustomBalance,
) {
  const made = await db.transaction(async (tx) => {
    const repo = customDesignRepository(tx);
    const request = await repo.lockForCustomer(requestId, customer.id);
    if (!request) throw notFound();
    const existing = await balanceOrderOf(tx, requestId);
    if (existing) {
      const payment = await payments.forOrder(existing.id, tx);
      return { order: existing, payment };
    }
    if (request.status !== 'Making' || request.netWeightMg === null || request.grossWeightMg === null || request.finalTotalPaise === null || !request.madeAt) {
      throw new DomainError('CONFLICT', 'Your piece is not made yet: we will write to you with the balance when it is.');
    }
    const sheet = await approvedSheet(tx, requestId);
    if (!sheet) throw new DomainError('CONFLICT', 'This request has no approved design.');
    const settings = await store.get(tx);
    if (!settings) throw new DomainError('INVALID_REQUEST', 'The store is not set up yet.');
    const address = await addressOf(tx, customer.id, body);
    const state = indianStateByName(address.state);
    const orderAddress = {
      firstName: address.firstName,
      lastName: address.lastName,
      country: address.country ?? 'India',
      address: address.address,
      landmark: address.landmark || null,
      city: address.city,
      state: state?.name ?? address.state,
      stateCode: state?.code ?? null,
      pincode: address.pincode,
      countryCode: address.countryCode ?? '91',
      phone: address.phone,
    };
    const final = await finalBreakupOf(tx, sheet, request.netWeightMg, request.finalTotalPaise, request.madeAt, settings.gstPercent);
    const metal = sheet.metal as 'gold' | 'silver' | 'platinum';
    const at = new Date();
    const number = requestNumber(requestId);
    const order = await writeOrder(
      tx,
      {
        invoicePrefix: settings.invoicePrefix,
        customerId: customer.id,
        status: 'Awaiting payment',
        paymentMethod: 'online',
        // A made piece waits for its balance as long as it takes: it never lapses.
        payBy: null,
        customDesignRequestId: requestId,
        advancePaise: sheet.advancePaise,
        subtotalPaise: request.finalTotalPaise,
        shippingPaise: 0,
        taxPaise: final.breakup.gstPaise,
        totalPaise: request.finalTotalPaise,
        idempotencyKey: `custom:${requestId}`,
        placedAt: at,
      },
      [
        {
          productId: null,
          productName: `${sheet.category} (custom design ${number})`,
          sku: number,
          image: sheet.imagePath ? `/media/uploads/${sheet.imagePath}` : '',
          categoryName: sheet.category,
          options: {},
          unitPricePaise: request.finalTotalPaise,
          quantity: 1,
          lineTotalPaise: request.finalTotalPaise,
          metalWeightMg: request.netWeightMg,
          purity: purityOf(metal, sheet.metalQuality),
          metalColour: (['Yellow Gold', 'Rose Gold', 'White Gold'] as const).find((c) => c === sheet.colour) ?? null,
          diamondQuality: (['SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF'] as const).find((q) => q === sheet.diamondQuality) ?? null,
          ratePaisePerGram: final.ratePaisePerGram,
          rateDate: final.rateDate,
          priceBreakup: final.breakup,
          metal,
          diamondWeightCents: sheet.diamondWeightCents ?? 0,
          stoneWeightCents: sheet.stoneWeightCents ?? 0,
          hsnCode: '7113',
          huid: request.huid,
          // The made piece is hallmarked when the desk recorded its HUID (hallmark.ts allowed one for its metal).
          hallmarked: request.huid !== null,
        },
      ],
      orderAddress,
      orderAddress,
      `Balance of custom design ${number}: the advance of ${formatRupees(sheet.advancePaise)} already paid`,
    );
    try {
      await recordMadePiece(tx, order.id, {
        huid: request.huid,
        netWeightMg: request.netWeightMg,
        grossWeightMg: request.grossWeightMg,
        recordedAt: request.madeAt,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('CONFLICT', 'The hallmark of your piece needs checking by our team. Please call us.');
      throw error;
    }
    const payment = await payments.start(tx, {
      customerId: customer.id,
      purpose: 'order',
      key: `order:${order.id}`,
      amountPaise: order.totalPaise - order.advancePaise,
      orderId: order.id,
    });
    return { order, payment };
  });
  const open = made.order.status === 'Awaiting payment' && made.payment && made.payment.status === 'created' ? await payments.open(made.payment) : null;
  return { orderNumber: made.order.orderNumber, status: made.order.status, payment: open };
}
