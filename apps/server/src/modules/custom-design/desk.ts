import type { Db } from '@milli/db';
import {
  CadSheetFormSchema,
  type AdminCustomPiece,
  type AdminCustomRequestDetail,
  type AdminCustomRequestListQuery,
  type AdminCustomRequestPage,
  type AdminCustomRequestRow,
  type CadQuote,
  type CadSheetFields,
} from '@milli/contracts/schemas';
import type { FileStore } from '../../lib/storage.ts';
import { hallmarkRuleOf } from '@milli/contracts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { queueForCustomer } from '../messages/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { requestNumber, requestTitle } from './describe.ts';
import { bindHuids } from '../orders/service.ts';
import { processImages, type ProcessedImage } from '../../lib/images.ts';
import { createUploadStore, uploadUrl } from './storage.ts';
import { approvedSheet, balanceOrderOf, diamondRateToday, finalTotalOf, metalRateToday, purityOf, versionsOf } from './sheet.ts';
import { cadAdvance, cadDefaultMaking, cadDiamondValue, cadMetalValue, cadPrice, cadPriceAddsUp, formatRupees } from '@milli/pricing';
import { designSharedMail, makingMail, pieceMadeMail } from './mail.ts';
import { customDesignRepository } from './repository.ts';

export const MAX_RENDERS = 6;
/** The making the quote suggests when staff give none: this percent of the metal's value (staff may change it). */
export const DEFAULT_MAKING_PERCENT = 12;

const nameOf = (row: { firstName: string; lastName: string; username: string }) => `${row.firstName} ${row.lastName}`.trim() || row.username;

const notFound = () => new DomainError('NOT_FOUND', 'There is no such custom design request.');

/** The design desk (issue 19, permission 'design'): the queue, CAD sheets with renders and a breakup, Making, the made piece. */
export function createDesignDesk(db: Db, files: FileStore, opts: { settings: SettingsService; mailQueued?: () => void }) {
  const store = createUploadStore(files);
  const { settings } = opts;

  const repo = customDesignRepository(db);
  async function lockRequest(tx: Db, id: number) {
    const found = await customDesignRepository(tx).lock(id);
    if (!found) throw notFound();
    return found;
  }

  /** The breakup of a sheet at today's rates: metal × rate, making (given or the default percent), diamonds, stones, GST. */
  async function quoteOf(tx: Db, f: CadSheetFields): Promise<CadQuote> {
    const purity = purityOf(f.metal, f.metalQuality);
    const { ratePaisePerGram, rateDate } = await metalRateToday(tx, f.metal, purity);
    const metalPaise = cadMetalValue(f.metalWeightGrams ?? 0, ratePaisePerGram);
    let diamondPaise = 0;
    if (f.diamondWeightCarats) {
      if (!f.diamondQuality)
        throw new DomainError('INVALID_REQUEST', 'Please give the diamond quality for the diamonds.', {
          diamondQuality: 'Please give the diamond quality for the diamonds.',
        });
      diamondPaise = cadDiamondValue(await diamondRateToday(tx, f.diamondQuality), f.diamondWeightCarats);
    }
    const makingPaise = f.makingPaise ?? cadDefaultMaking(metalPaise, DEFAULT_MAKING_PERCENT);
    const s = await settings.get(tx);
    if (!s) throw new DomainError('INVALID_REQUEST', 'The store is not set up yet.');
    const breakup = cadPrice({ metalPaise, makingPaise, diamondPaise, stonesPaise: f.stoneValuePaise ?? 0 }, s.gstPercent);
    return {
      ...breakup,
      ratePaisePerGram,
      rateDate,
      purity,
      advancePercent: s.cadAdvancePercent,
      advancePaise: cadAdvance(breakup.totalPaise, s.cadAdvancePercent),
    };
  }

  async function readRenders(files: Buffer[]): Promise<ProcessedImage[]> {
    if (files.length === 0)
      throw new DomainError('INVALID_REQUEST', 'Please add at least one render of the design.', { render: 'Please add at least one render of the design.' });
    return processImages(files, MAX_RENDERS, { label: 'Render', plural: 'renders', field: 'render' });
  }

  return {
    async list(query: AdminCustomRequestListQuery): Promise<AdminCustomRequestPage> {
      const { rows, total } = await repo.page(query);
      const ids = rows.map((x) => x.request.id);
      const [images, sheets] = await Promise.all([repo.imagesOf(ids), repo.latestSheets(ids)]);
      const data: AdminCustomRequestRow[] = rows.map(({ request, email, ...who }) => {
        const first = images.find((i) => i.requestId === request.id);
        const latest = sheets.find((s) => s.requestId === request.id);
        return {
          id: request.id,
          number: requestNumber(request.id),
          title: requestTitle(request),
          status: request.status,
          createdAt: request.createdAt.toISOString(),
          customerName: nameOf(who),
          customerEmail: email,
          thumbUrl: first ? uploadUrl(first.thumbPath ?? first.path) : null,
          latestDesign: latest ? { version: latest.version, status: latest.status } : null,
        };
      });
      return { data, page: query.page, perPage: query.perPage, total };
    },

    async detail(id: number): Promise<AdminCustomRequestDetail> {
      const found = await repo.withCustomer(id);
      if (!found) throw notFound();
      const { request, customer } = found;
      const images = await repo.imagesOf([id]);
      const versions = await versionsOf(db, id);
      const order = await balanceOrderOf(db, id);
      const payments = await repo.paymentsOf(
        versions.map((v) => v.id),
        order?.id ?? null,
      );
      const approved = versions.find((v) => v.status === 'Approved');
      return {
        request: {
          id: request.id,
          number: requestNumber(request.id),
          title: requestTitle(request),
          status: request.status,
          createdAt: request.createdAt.toISOString(),
          customerName: nameOf(customer),
          customerEmail: customer.email,
          customerPhone: customer.mobile,
          thumbUrl: images[0] ? uploadUrl(images[0].thumbPath ?? images[0].path) : null,
          latestDesign: versions[0] ? { version: versions[0].version, status: versions[0].status } : null,
          metalType: request.metalType,
          goldQuality: request.goldQuality,
          goldColour: request.goldColour,
          metalWeightMg: request.metalWeightMg,
          category: request.category,
          diamond: request.diamond,
          diamondQuality: request.diamondQuality,
          diamondCount: request.diamondCount,
          diamondWeightCents: request.diamondWeightCents,
          stone: request.stone,
          stoneType: request.stoneType,
          stoneCount: request.stoneCount,
          stoneWeightCents: request.stoneWeightCents,
          remarks: request.remarks,
          rejectReason: request.rejectReason,
          images: images.map((i) => ({ slot: i.slot, url: uploadUrl(i.path), thumbUrl: uploadUrl(i.thumbPath ?? i.path), width: i.width, height: i.height })),
        },
        versions,
        payments: payments.map((x) => ({ id: x.id, purpose: x.purpose, status: x.status, amountPaise: x.amountPaise, createdAt: x.createdAt.toISOString() })),
        piece:
          request.netWeightMg !== null && request.grossWeightMg !== null && request.finalTotalPaise !== null && request.madeAt
            ? {
                huid: request.huid,
                netWeightMg: request.netWeightMg,
                grossWeightMg: request.grossWeightMg,
                finalTotalPaise: request.finalTotalPaise,
                advancePaise: approved?.advancePaise ?? 0,
                balancePaise: request.finalTotalPaise - (approved?.advancePaise ?? 0),
                madeAt: request.madeAt.toISOString(),
              }
            : null,
        order: order ? { orderNumber: order.orderNumber, status: order.status } : null,
      };
    },

    async quote(id: number, fields: CadSheetFields): Promise<CadQuote> {
      if (!(await repo.exists(id))) throw notFound();
      return quoteOf(db, fields);
    },

    /**
     * Shares a sheet: its renders checked and re-encoded, its breakup recomputed from today's rates (with the
     * making and stone values staff gave) and checked against the total they confirmed. A new version after a
     * rejection supersedes the one before. The request becomes Design Shared, the customer is mailed; audited.
     */
    async share(actor: AuditActor, id: number, body: Record<string, unknown>, renderFiles: Buffer[]) {
      const parsed = CadSheetFormSchema.safeParse(body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
        throw new DomainError('INVALID_REQUEST', [...new Set(Object.values(fields))].join(' '), fields);
      }
      const form = parsed.data;
      if (!(await repo.exists(id))) throw notFound();
      const renders = await readRenders(renderFiles);
      const written: string[] = [];
      try {
        const result = await db.transaction(async (tx) => {
          const { request, customer } = await lockRequest(tx, id);
          if (request.status !== 'Requested' && request.status !== 'Rejected') {
            throw new DomainError(
              'CONFLICT',
              `This request is ${request.status}: a new design can be shared only while it is Requested or after the customer rejects one.`,
            );
          }
          const quote = await quoteOf(tx, form);
          const breakup = {
            metalPaise: quote.metalPaise,
            makingPaise: quote.makingPaise,
            diamondPaise: quote.diamondPaise,
            stonesPaise: quote.stonesPaise,
            gstPaise: quote.gstPaise,
            totalPaise: quote.totalPaise,
          };
          if (!cadPriceAddsUp(breakup, form.totalPaise!)) {
            const message = `The total (${formatRupees(form.totalPaise!)}) does not match the breakup at today's rates (${formatRupees(quote.totalPaise)}). Please refresh the quote.`;
            throw new DomainError('INVALID_REQUEST', message, { totalPaise: message });
          }
          const txRepo = customDesignRepository(tx);
          const version = (await txRepo.lastVersion(id)) + 1;
          // The previous version still Shared (none after a rejection, but an old one could be) is history now.
          await txRepo.supersedeShared(id, new Date());
          const sheet = await txRepo.insertSheet({
            requestId: id,
            version,
            metal: form.metal,
            category: form.category,
            metalWeightMg: form.metalWeightGrams!,
            metalQuality: form.metalQuality,
            colour: form.colour,
            diamondQuality: form.diamondQuality,
            diamondWeightCents: form.diamondWeightCarats,
            stone: form.stone,
            stoneWeightCents: form.stoneWeightCarats,
            totalAmountPaise: quote.totalPaise,
            advancePercent: quote.advancePercent,
            advancePaise: quote.advancePaise,
            priceBreakup: breakup,
            ratePaisePerGram: quote.ratePaisePerGram,
            rateDate: quote.rateDate,
            adjustToWeight: form.adjustToWeight,
            note: form.note,
            createdBy: actor.staffId,
            status: 'Shared',
          });
          const rows = [];
          for (const [i, image] of renders.entries()) {
            const stored = await store.writePair(id, image.main, image.thumb);
            written.push(stored.path, stored.thumbPath);
            rows.push({ designId: sheet.id, slot: i + 1, ...stored, width: image.width, height: image.height });
          }
          await txRepo.insertRenders(sheet.id, rows);
          await txRepo.updateRequest(id, { status: 'Design Shared' });
          await recordAudit(tx, actor, {
            action: 'share-design',
            entity: 'custom-request',
            entityId: id,
            before: { status: request.status },
            after: {
              status: 'Design Shared',
              version,
              designId: sheet.id,
              totalPaise: quote.totalPaise,
              advancePaise: quote.advancePaise,
              breakup,
              renders: rows.length,
            },
          });
          const brand = await settings.brand(tx);
          await queueMail(
            tx,
            designSharedMail(brand, id, customer.email, customer.firstName || customer.username, {
              version,
              totalPaise: quote.totalPaise,
              advancePercent: quote.advancePercent,
              advancePaise: quote.advancePaise,
              note: form.note,
            }),
          );
          // Issue 41: the customer hears by SMS/WhatsApp too, on their account's mobile number.
          if (!customer.erasedAt)
            await queueForCustomer(tx, { customerId: customer.id, phone: customer.mobile }, 'cad_ready_for_approval', { request: `#${id}` });
          return { designId: sheet.id, version };
        });
        opts.mailQueued?.();
        return result;
      } catch (error) {
        // Renders of a sheet that was never stored are removed.
        await Promise.all(written.map((p) => files.delete(p).catch(() => {})));
        throw error;
      }
    },

    /** Approved (the advance paid) → Making; the customer is told; audited. */
    async setStatus(actor: AuditActor, id: number, status: 'Making', note?: string) {
      const done = await db.transaction(async (tx) => {
        const { request, customer } = await lockRequest(tx, id);
        if (request.status === status) throw new DomainError('CONFLICT', 'This request is already Making.');
        if (request.status !== 'Approved')
          throw new DomainError('CONFLICT', `This request is ${request.status}: it goes to Making only once its design is approved and the advance paid.`);
        await customDesignRepository(tx).updateRequest(id, { status });
        await recordAudit(tx, actor, {
          action: 'status',
          entity: 'custom-request',
          entityId: id,
          before: { status: request.status },
          after: note ? { status, note } : { status },
        });
        const brand = await settings.brand(tx);
        await queueMail(tx, makingMail(brand, id, customer.email, customer.firstName || customer.username));
        return { id, status };
      });
      opts.mailQueued?.();
      return done;
    },

    /**
     * The made piece: its HUID (unique against unreleased packed pieces and other requests), weights and final
     * total; mails the customer the balance. Recorded while Making and until the balance order exists.
     */
    async recordPiece(actor: AuditActor, id: number, piece: AdminCustomPiece) {
      const s = await settings.get();
      if (!s) throw new DomainError('INVALID_REQUEST', 'The store is not set up yet.');
      const done = await db.transaction(async (tx) => {
        const { request, customer } = await lockRequest(tx, id);
        if (request.status !== 'Making') throw new DomainError('CONFLICT', `This request is ${request.status}: the made piece is recorded while it is Making.`);
        if (await balanceOrderOf(tx, id))
          throw new DomainError('CONFLICT', 'The balance order for this piece already exists: change the piece on the order instead.');
        const sheet = await approvedSheet(tx, id);
        if (!sheet) throw new DomainError('CONFLICT', 'This request has no approved design.');
        // Issue 38: a HUID only where the piece is hallmarked, by the approved design's metal (contracts hallmark.ts).
        const rule = hallmarkRuleOf(sheet.metal);
        if (rule === 'always' && piece.huid === null) {
          const message = 'A gold piece is sold hallmarked: give its HUID.';
          throw new DomainError('INVALID_REQUEST', message, { huid: message });
        }
        if (rule === 'never' && piece.huid !== null) {
          const message = `A ${sheet.metal} piece is not hallmarked under the BIS HUID scheme: leave the HUID empty.`;
          throw new DomainError('INVALID_REQUEST', message, { huid: message });
        }
        if (piece.huid !== null && (await customDesignRepository(tx).huidTaken(piece.huid, id))) {
          const message = `HUID ${piece.huid} is already on another piece. Please check the hallmark.`;
          throw new DomainError('CONFLICT', message, { huid: message });
        }
        // Issue 39: a HUID names one article for ever: bound to this design now, unless another article had it first.
        if (piece.huid !== null) {
          const [elsewhere] = await bindHuids(
            tx,
            [{ huid: piece.huid, article: `design:${id}`, articleName: `Custom design ${requestNumber(id)}` }],
            new Date(),
          );
          if (elsewhere) {
            const message = `HUID ${piece.huid} names another article (${elsewhere.articleName}) for ever: a HUID never moves to another piece.`;
            throw new DomainError('CONFLICT', message, { huid: message });
          }
        }
        const final = await finalTotalOf(tx, sheet, piece.netWeightMg, s.gstPercent);
        if (final.totalPaise < sheet.advancePaise)
          throw new DomainError('CONFLICT', 'The final total is less than the advance paid: please call the customer.');
        const at = new Date();
        await customDesignRepository(tx).updateRequest(id, {
          huid: piece.huid,
          netWeightMg: piece.netWeightMg,
          grossWeightMg: piece.grossWeightMg,
          finalTotalPaise: final.totalPaise,
          madeAt: at,
        });
        await recordAudit(tx, actor, {
          action: 'record-piece',
          entity: 'custom-request',
          entityId: id,
          before: { huid: request.huid, netWeightMg: request.netWeightMg, grossWeightMg: request.grossWeightMg, finalTotalPaise: request.finalTotalPaise },
          after: { ...piece, finalTotalPaise: final.totalPaise, breakup: final.breakup, ratePaisePerGram: final.ratePaisePerGram, rateDate: final.rateDate },
        });
        const brand = await settings.brand(tx);
        await queueMail(
          tx,
          pieceMadeMail(brand, id, customer.email, customer.firstName || customer.username, {
            huid: piece.huid,
            netWeightMg: piece.netWeightMg,
            finalTotalPaise: final.totalPaise,
            advancePaise: sheet.advancePaise,
            adjusted: sheet.adjustToWeight,
          }),
        );
        return {
          huid: piece.huid,
          netWeightMg: piece.netWeightMg,
          grossWeightMg: piece.grossWeightMg,
          finalTotalPaise: final.totalPaise,
          advancePaise: sheet.advancePaise,
          balancePaise: final.totalPaise - sheet.advancePaise,
          madeAt: at.toISOString(),
        };
      });
      opts.mailQueued?.();
      return done;
    },
  };
}
