import {
  CUSTOM_DESIGN_FIELD_LABELS,
  CUSTOM_IMAGE_FIELDS,
  CustomDesignFormSchema,
  type CustomDesignField,
  type CustomBalance,
  type CustomRequestRow,
  type CustomRequestView,
} from '@milli/contracts/schemas';
import { payableOf } from '@milli/pricing';
import { payBalance } from './balance.ts';
import { shipmentOf } from '../orders/service.ts';
import { approvedSheet, balanceOrderOf, versionsOf } from './sheet.ts';
import { failure, MESSAGES, type Failure } from '@milli/contracts';
import type { Db } from '@milli/db';
import { queueMail } from '../mail/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { notifyDesk } from '../staff/service.ts';
import { type SessionCustomer } from '../../plugins/session.ts';
import { DomainError } from '../../domain-error.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { lockCustomer } from '../accounts/service.ts';
import { ImageRefused, processImage, type ProcessedImage } from '../../lib/images.ts';
import type { PaymentPurposeHandler, PaymentService } from '../payments/service.ts';
import { GATEWAY_MINIMUM_PAISE } from '../payments/service.ts';
import { designApprovedMail, designRejectedMail, newRequestCustomerMail, newRequestStoreMail } from './mail.ts';
import { customDesignRepository } from './repository.ts';
import { requestNumber, requestTitle } from './describe.ts';
import { uploadUrl, type UploadStore } from './storage.ts';

/** A request's printed number (CUS-000042), as the orders desk names the request a made piece came from. */
export { requestNumber };

/**
 * A made-to-order piece's request follows its balance order (Picked, Out for Delivery, Delivered, Cancelled), in
 * the order's transaction; `updatedAt` marks the request changed too (the customer's cancel does). For the orders
 * module, which is handed it by the composition root (services.ts: `services.designRequests.followOrder`; this module
 * imports orders, so orders may not import it back), so that only this module writes custom_design_requests.
 */
export async function requestFollowsOrder(
  tx: Db,
  requestId: number,
  status: 'Picked' | 'Out for Delivery' | 'Delivered' | 'Cancelled',
  opts: { updatedAt?: Date } = {},
): Promise<void> {
  await customDesignRepository(tx).followOrder(requestId, status, opts);
}

export type SubmitResult = { ok: true; message: string; requestId: number } | Failure<'INVALID_REQUEST'>;

const HOUR_MS = 60 * 60_000;
/**
 * Issue 35: one account's custom design requests. Tries an hour are counted before a picture is decoded, requests a day inside the request's own transaction, and what all of a customer's pictures take in
 * storage is bounded, counted under the customer's row lock so requests sent at once cannot each see room.
 */
export const CUSTOM_DESIGN_LIMITS = {
  triesHour: {
    name: 'custom-design-tries',
    max: 10,
    windowMs: HOUR_MS,
    message: 'You have sent many custom design requests in the last hour. Please try again later.',
  },
  requestsDay: {
    name: 'custom-design-day',
    max: 5,
    windowMs: 24 * HOUR_MS,
    message: 'You can send at most 5 custom design requests a day. Our designers will get back to you on the ones you sent.',
  },
  /** Stored pictures (re-encoded, thumbnails included) across all of one customer's requests. */
  storedBytes: 50 * 1024 * 1024,
} as const;

type Row = Awaited<ReturnType<ReturnType<typeof customDesignRepository>['listForCustomer']>>[number];

const NO_DESIGN_TO_APPROVE = 'There is no design waiting for your approval on this request.';

/**
 * What a design's paid advance settles (DECISIONS §2): the shared sheet and its request become Approved, with a
 * mail to the customer, in the payment's transaction. A sheet rejected or replaced by a newer version meanwhile
 * cannot take it: the advance goes back in full.
 */
export function cadAdvanceHandler(settings: Pick<SettingsService, 'brand'>): PaymentPurposeHandler {
  return {
    async receipt(_tx, payment) {
      return `cad-${payment.cadDesignId}`;
    },
    async settle(tx, payment, at) {
      const repo = customDesignRepository(tx);
      const found = await repo.lockDesign(payment.cadDesignId ?? 0);
      if (!found || found.request.customerId !== payment.customerId) return { ok: false, reason: 'The design this advance was for no longer exists.' };
      const { sheet, request, customer } = found;
      if (sheet.status === 'Superseded')
        return { ok: false, reason: `Version ${sheet.version} of the design was replaced by a newer one before the advance arrived.` };
      if (sheet.status === 'Rejected') return { ok: false, reason: `Version ${sheet.version} of the design was rejected before the advance arrived.` };
      if (sheet.status !== 'Shared' || request.status !== 'Design Shared') return { ok: false, reason: 'This design was no longer waiting for approval.' };
      if (!(await repo.approveDesign(request.id, sheet.id, at))) return { ok: false, reason: 'This design was no longer waiting for approval.' };
      if (customer) {
        const brand = await settings.brand(tx);
        await queueMail(tx, designApprovedMail(brand, request, sheet.version, sheet.advancePaise, sheet.totalAmountPaise, customer.email, customer.username));
      }
      return { ok: true };
    },
  };
}

export function createCustomDesignService(
  db: Db,
  store: UploadStore,
  settings: SettingsService,
  opts: { mailQueued?: () => void; payments?: PaymentService; limiter?: Pick<RateLimiter, 'take'> } = {},
) {
  const repo = customDesignRepository(db);

  /** The store's category by screen or query name ('Rings' or 'Fingerring'), any case. */
  async function canonicalCategory(raw: string): Promise<string | null> {
    const wanted = raw.toLowerCase();
    const found = (await repo.categoryNames()).find((c) => c.name.toLowerCase() === wanted || c.queryName.toLowerCase() === wanted);
    return found?.name ?? null;
  }

  /** Each filled slot's picture, checked and re-encoded; refusals name the slot. */
  async function readImages(body: Record<string, unknown>, fields: Partial<Record<CustomDesignField, string>>) {
    const images: { slot: number; image: ProcessedImage }[] = [];
    for (const [i, name] of CUSTOM_IMAGE_FIELDS.entries()) {
      const value = body[name];
      const label = CUSTOM_DESIGN_FIELD_LABELS[name];
      if (value === undefined || value === null || value === '' || (Buffer.isBuffer(value) && value.length === 0)) continue;
      if (!Buffer.isBuffer(value)) {
        fields[name] = Array.isArray(value) ? `${label}: please send one file per image slot.` : `${label} must be an image file.`;
        continue;
      }
      try {
        images.push({ slot: i + 1, image: await processImage(value, label) });
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        fields[name] = error.message;
      }
    }
    return images;
  }

  function toRow(r: Row, image: string | null): CustomRequestRow {
    return { id: r.id, number: requestNumber(r.id), title: requestTitle(r), date: r.createdAt.toISOString(), status: r.status, image };
  }

  return {
    /** POST /api/admin/cutom-jewelry/new-request: check everything, then store the request, its pictures and two mails at once. */
    async submit(customer: SessionCustomer, body: Record<string, unknown>): Promise<SubmitResult> {
      // The account's tries are counted before a picture is decoded, the costly part (issue 35).
      if (opts.limiter) await opts.limiter.take(CUSTOM_DESIGN_LIMITS.triesHour, String(customer.id));
      const fields: Partial<Record<CustomDesignField, string>> = {};
      const parsed = CustomDesignFormSchema.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const name = String(issue.path[0] ?? 'addRemarks') as CustomDesignField;
          fields[name] ??= issue.message;
        }
      }
      let category: string | null = null;
      if (parsed.success) {
        category = await canonicalCategory(parsed.data.category);
        if (!category) fields.custCategory = 'Category must be one of the store’s categories (for example Rings, Earrings or Pendants).';
      }
      const images = await readImages(body, fields);
      if (images.length === 0 && !CUSTOM_IMAGE_FIELDS.some((n) => fields[n])) {
        fields.custImgOne = 'Please add at least one image of your idea (a sketch or a photograph).';
      }
      if (!parsed.success || !category || Object.keys(fields).length > 0) {
        return failure('INVALID_REQUEST', [...new Set(Object.values(fields))].join(' '), fields);
      }

      const values = { ...parsed.data, category, customerId: customer.id, status: 'Requested' as const };
      const brand = await settings.brand();
      let requestId: number | null = null;
      try {
        await db.transaction(async (tx) => {
          const txRepo = customDesignRepository(tx);
          // The customer's row first: their requests sent at once count each other's pictures, one after another.
          await lockCustomer(tx, customer.id);
          if (opts.limiter) await opts.limiter.take(CUSTOM_DESIGN_LIMITS.requestsDay, String(customer.id), tx);
          const adding = images.reduce((n, { image }) => n + image.main.length + image.thumb.length, 0);
          if ((await txRepo.storedBytesOf(customer.id)) + adding > CUSTOM_DESIGN_LIMITS.storedBytes) {
            throw new DomainError(
              'UPLOADS_FULL',
              `Your custom design pictures would take more than the ${CUSTOM_DESIGN_LIMITS.storedBytes / 1024 / 1024} MB we keep for each customer. Please send fewer or smaller pictures, or call us.`,
            );
          }
          const created = await txRepo.insertRequest(values);
          requestId = created.id;
          const rows = [];
          for (const { slot, image } of images) {
            const stored = await store.writePair(created.id, image.main, image.thumb);
            rows.push({ requestId: created.id, slot, ...stored, width: image.width, height: image.height, bytes: image.main.length + image.thumb.length });
          }
          await txRepo.insertImages(rows);
          if (brand.emailPrimary) await queueMail(tx, newRequestStoreMail(brand, created, customer, rows.length));
          await queueMail(tx, newRequestCustomerMail(brand, created, customer.email, customer.username));
          await notifyDesk(tx, brand, 'customRequests', `Custom design request ${requestNumber(created.id)}`);
        });
      } catch (error) {
        // Nothing half-written: pictures of a request that was never stored are removed.
        if (requestId !== null) await store.removeRequest(requestId).catch(() => {});
        throw error;
      }
      opts.mailQueued?.();
      return { ok: true, message: MESSAGES.customRequestSuccess, requestId: requestId! };
    },

    /** The Customized Orders list: the session customer's requests, newest first, each with its first thumbnail. */
    async list(customerId: number): Promise<CustomRequestRow[]> {
      const rows = await repo.listForCustomer(customerId);
      const images = await repo.imagesOf(rows.map((r) => r.id));
      return rows.map((r) => {
        const first = images.find((i) => i.requestId === r.id);
        return toRow(r, first ? uploadUrl(first.thumbPath ?? first.path) : null);
      });
    },

    async detail(customerId: number, id: number): Promise<CustomRequestView> {
      const r = await repo.findForCustomer(id, customerId);
      if (!r) throw new DomainError('NOT_FOUND', 'We could not find this custom design request.');
      const images = await repo.imagesOf([r.id]);
      const design = await repo.latestDesign(r.id);
      const first = images[0];
      const versions = await versionsOf(db, r.id);
      const order = await balanceOrderOf(db, r.id);
      const approved = r.madeAt ? await approvedSheet(db, r.id) : null;
      const advancePaise = approved?.advancePaise ?? 0;
      return {
        versions,
        piece:
          r.netWeightMg !== null && r.grossWeightMg !== null && r.finalTotalPaise !== null && r.madeAt
            ? {
                huid: r.huid,
                netWeightMg: r.netWeightMg,
                grossWeightMg: r.grossWeightMg,
                finalTotalPaise: r.finalTotalPaise,
                advancePaise,
                balancePaise: r.finalTotalPaise - advancePaise,
                madeAt: r.madeAt.toISOString(),
              }
            : null,
        order: order ? { orderNumber: order.orderNumber, status: order.status, payablePaise: payableOf(order), shipment: shipmentOf(order) } : null,
        request: {
          ...toRow(r, first ? uploadUrl(first.thumbPath ?? first.path) : null),
          metalType: r.metalType,
          goldQuality: r.goldQuality,
          goldColour: r.goldColour,
          metalWeightMg: r.metalWeightMg,
          category: r.category,
          diamond: r.diamond,
          diamondQuality: r.diamondQuality,
          diamondCount: r.diamondCount,
          diamondWeightCents: r.diamondWeightCents,
          stone: r.stone,
          stoneType: r.stoneType,
          stoneCount: r.stoneCount,
          stoneWeightCents: r.stoneWeightCents,
          remarks: r.remarks,
          rejectReason: r.rejectReason,
          images: images.map((i) => ({ slot: i.slot, url: uploadUrl(i.path), thumbUrl: uploadUrl(i.thumbPath ?? i.path), width: i.width, height: i.height })),
        },
        design: design
          ? {
              id: design.id,
              version: design.version,
              metal: design.metal,
              category: design.category,
              metalWeightMg: design.metalWeightMg,
              metalQuality: design.metalQuality,
              colour: design.colour,
              diamondQuality: design.diamondQuality,
              diamondWeightCents: design.diamondWeightCents,
              stone: design.stone,
              stoneWeightCents: design.stoneWeightCents,
              totalAmountPaise: design.totalAmountPaise,
              advancePercent: design.advancePercent,
              advancePaise: design.advancePaise,
              image: design.imagePath ? uploadUrl(design.imagePath) : null,
              status: design.status,
              sharedAt: design.sharedAt.toISOString(),
            }
          : null,
      };
    },

    /** Reject (DECISIONS §2): the shared design is refused with a reason and the request goes back to the design team. */
    async reject(customer: SessionCustomer, id: number, reason: string) {
      const r = await repo.findForCustomer(id, customer.id);
      if (!r) throw new DomainError('NOT_FOUND', 'We could not find this custom design request.');
      const design = await repo.latestDesign(r.id);
      if (!design || design.status !== 'Shared' || r.status !== 'Design Shared') {
        throw new DomainError('NO_DESIGN_TO_REJECT', 'There is no design waiting for your answer on this request.');
      }
      const brand = await settings.brand();
      const done = await db.transaction(async (tx) => {
        const ok = await customDesignRepository(tx).rejectDesign(r.id, customer.id, design.id, reason, new Date());
        if (ok && brand.emailPrimary) await queueMail(tx, designRejectedMail(brand, r, design.version, reason, customer));
        return ok;
      });
      if (!done) throw new DomainError('NO_DESIGN_TO_REJECT', 'There is no design waiting for your answer on this request.');
      opts.mailQueued?.();
      return { message: 'Thank you. Your design goes back to our design team, who will share a new version within 48 hours.' };
    },

    /**
     * Approve & pay (DECISIONS §2): the latest shared sheet's advance (its 30 %) through the gateway. Answers the
     * gateway order to pay in the checkout; the payment's settling (verify, webhook) approves the design. Asking
     * again before paying answers the same payment.
     */
    async approve(customer: SessionCustomer, id: number) {
      const payments = opts.payments;
      if (!payments) throw new Error('the custom design service was made without payments');
      const r = await repo.findForCustomer(id, customer.id);
      if (!r) throw new DomainError('NOT_FOUND', 'We could not find this custom design request.');
      const design = await repo.latestDesign(r.id);
      if (!design || design.status !== 'Shared' || r.status !== 'Design Shared') throw new DomainError('NO_DESIGN_TO_APPROVE', NO_DESIGN_TO_APPROVE);
      if (design.advancePaise < GATEWAY_MINIMUM_PAISE)
        throw new DomainError('NO_DESIGN_TO_APPROVE', 'This design has no advance to pay. Please call us to approve it.');
      const payment = await db.transaction((tx) =>
        payments.start(tx, {
          customerId: customer.id,
          purpose: 'cad_advance',
          key: `cad:${design.id}`,
          cadDesignId: design.id,
          amountPaise: design.advancePaise,
        }),
      );
      const block = await payments.open(payment);
      return { message: `Pay the ${design.advancePercent} % advance to approve version ${design.version} of your design.`, payment: block };
    },

    /** The made piece's balance: one order for it, and its payment (balance.ts). */
    async balance(customer: SessionCustomer, id: number, body: CustomBalance) {
      const payments = opts.payments;
      if (!payments) throw new Error('the custom design service was made without payments');
      return payBalance(db, payments, settings, customer, id, body);
    },

    /** Who may see a stored picture (null: nobody, it is not the store's). */
    ownerOfPath: (relative: string) => repo.ownerOfPath(relative),
  };
}

export type CustomDesignService = ReturnType<typeof createCustomDesignService>;
