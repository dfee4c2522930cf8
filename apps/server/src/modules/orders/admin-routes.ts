import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { INVOICE_BATCH_MAX, rolesCan } from '@milli/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAdjustmentDecisionSchema,
  AdminAdjustmentWaiveSchema,
  AdminInvoiceBatchQuerySchema,
  AdminOrderAdjustmentParamsSchema,
  AdminOrderCancelSchema,
  AdminOrderDetailSchema,
  AdminOrderCsvQuerySchema,
  AdminOrderListQuerySchema,
  AdminOrdersBulkAnswerSchema,
  AdminOrdersBulkSchema,
  AdminOrderPageSchema,
  AdminOrderPiecesSchema,
  CERTIFICATE_MAX_BYTES,
  CreditNoteParamsSchema,
  ErrorSchema,
  formBody,
  OrderNumberParamsSchema,
  OrderPieceSchema,
  OrderStatusAnswerSchema,
  OrderStatusChangeSchema,
  PieceParamsSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { actorOf } from '../audit/service.ts';
import { createCertificates, sendCertificate } from './certificates.ts';
import { createOrdersDesk } from './desk.ts';
import { createOrderPrints } from './print.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const uploadErrors = { ...errors, 413: ErrorSchema, 415: ErrorSchema };
const staff = { access: 'staff', permission: 'orders' } as const;
/** Money the store moves or forgoes on a weight difference is the accounts desk's to decide (issue 35). */
const accounts = { access: 'staff', permission: 'accounts' } as const;

const certificateUploads = uploadGuards({
  maxBodyBytes: CERTIFICATE_MAX_BYTES + 64 * 1024,
  tooLarge: 'A certificate file is at most 5 MB.',
  tooManyFiles: 'Please send one certificate file.',
  notMultipart: 'Please send the certificate as multipart/form-data (file, lab, number).',
});

const sendPdf = (reply: FastifyReply, doc: { pdf: Uint8Array; fileName: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${doc.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(doc.pdf));

/**
 * The orders desk (issue 19, permission 'orders'; docs/back-office.md, "Orders desk"): the queues and search, one
 * order's page with its timeline, packing (HUIDs and real weights), the steps to dispatch and delivery, waiving a
 * weight difference, cancelling with a refund and a credit note, the invoice and credit notes as PDFs, and each packed
 * piece's diamond certificate (issue 20).
 */
export const ordersAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = createOrdersDesk({
    db: deps.database.db,
    settings: deps.services.settings,
    payments: deps.payments,
    designRequests: deps.services.designRequests,
    mailQueued: () => deps.mailer.kick(),
  });
  const prints = createOrderPrints({ db: deps.database.db, settings: deps.services.settings });
  const certificates = createCertificates(deps.database.db, deps.files, { settings: deps.services.settings, mailQueued: () => deps.mailer.kick() });
  // Cancelling puts pieces back on sale.
  forgetAfterWrites(app, deps.readCache);

  api.get(
    '/admin/orders',
    {
      config: staff,
      schema: {
        summary: 'Orders by status queue, searched by order number, customer name or e-mail, phone or PIN; with each queue’s count',
        querystring: AdminOrderListQuerySchema,
        response: { 200: AdminOrderPageSchema, ...errors },
      },
    },
    (req) => desk.list(req.query),
  );

  api.get(
    '/admin/orders.csv',
    {
      config: staff,
      schema: {
        summary: 'The orders list as CSV: the same search, queue and filters (from, to, method) as the list, every matching order',
        description:
          'UTF-8 with a byte order mark; one row an order: number, placed (India time), status, customer, e-mail, phone, city, PIN, pieces, total in rupees, payment, AWB, made to order. A cell starting with = + - @ is written with a leading apostrophe, so a spreadsheet never runs it. At most 10,000 rows (the answer says `X-Truncated: true` beyond).',
        querystring: AdminOrderCsvQuerySchema,
      },
    },
    async (req, reply) => {
      const csv = await desk.csv(req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-truncated', String(csv.truncated))
        .send(csv.text);
    },
  );

  api.post(
    '/admin/orders/bulk-status',
    {
      config: staff,
      schema: {
        summary: 'Moves many orders one step at once (Picked, or Out for Delivery with the courier and each order’s AWB), each by the single-order step',
        description:
          'At most 200 orders. Each order is moved as POST /admin/orders/{orderNumber}/status moves it (its rules, audit entry and mail), in its own transaction: an order refused leaves the others moved. The answer says per order what happened and sums it up in `message`.',
        body: AdminOrdersBulkSchema,
        response: { 200: AdminOrdersBulkAnswerSchema, ...errors },
      },
    },
    (req) => desk.bulkAdvance(actorOf(req), req.body),
  );

  api.get(
    '/admin/orders/:orderNumber',
    {
      config: staff,
      schema: {
        summary: 'One order: lines, pieces, weight differences, payment, shipment, what may happen next, and its timeline',
        params: OrderNumberParamsSchema,
        response: { 200: AdminOrderDetailSchema, ...errors },
      },
    },
    (req) => desk.detail(req.params.orderNumber),
  );

  api.post(
    '/admin/orders/:orderNumber/status',
    {
      // Only staff of the orders desk learn what a status change must look like: the staff plugin checks before the body.
      config: staff,
      schema: {
        summary:
          'The next step: Placed (pay on delivery confirmed), Picked, Out for Delivery (the dispatch: courier and AWB; refused while pieces are unrecorded or a charge is unpaid), Delivered',
        params: OrderNumberParamsSchema,
        body: formBody(OrderStatusChangeSchema),
        response: { 200: OrderStatusAnswerSchema, ...errors },
      },
    },
    (req) => desk.advance(actorOf(req), req.params.orderNumber, req.body),
  );

  api.post(
    '/admin/orders/:orderNumber/pieces',
    {
      config: staff,
      schema: {
        summary:
          'Packing: each piece’s HUID and net and gross weights (replaces what was recorded); a weight difference beyond the tolerance is proposed for the accounts desk to approve',
        params: OrderNumberParamsSchema,
        body: AdminOrderPiecesSchema,
        response: { 200: AdminOrderDetailSchema, ...errors },
      },
    },
    (req) => desk.pack(actorOf(req), req.params.orderNumber, req.body),
  );

  for (const decision of ['approve', 'reject'] as const) {
    api.post(
      `/admin/orders/:orderNumber/adjustments/:id/${decision}`,
      {
        config: accounts,
        schema: {
          summary:
            decision === 'approve'
              ? 'Approves a proposed weight difference: a refund is sent, a charge is put to the customer to pay'
              : 'Rejects a proposed weight difference: nothing moves, and the pieces are weighed again before dispatch',
          params: AdminOrderAdjustmentParamsSchema,
          body: formBody(AdminAdjustmentDecisionSchema),
          response: { 200: AdminOrderDetailSchema, ...errors },
        },
      },
      (req) => desk.decideAdjustment(actorOf(req), req.params.orderNumber, req.params.id, { decision, note: req.body?.note }),
    );
  }

  api.post(
    '/admin/orders/:orderNumber/adjustments/:id/waive',
    {
      config: accounts,
      schema: {
        summary: 'The store absorbs an open weight-difference charge',
        params: AdminOrderAdjustmentParamsSchema,
        body: formBody(AdminAdjustmentWaiveSchema),
        response: { 200: AdminOrderDetailSchema, ...errors },
      },
    },
    (req) => desk.waive(actorOf(req), req.params.orderNumber, req.params.id, req.body?.note),
  );

  api.post(
    '/admin/orders/:orderNumber/cancel',
    {
      config: staff,
      schema: {
        summary: 'Cancels an order not delivered: stock back, payment refunded, pieces released, a credit note once invoiced',
        params: OrderNumberParamsSchema,
        body: formBody(AdminOrderCancelSchema),
        response: { 200: OrderStatusAnswerSchema, ...errors },
      },
    },
    // A refund of an order already with the courier is the accounts desk's to give (issue 35, the attack's finding 3).
    (req) =>
      desk.cancel(actorOf(req), req.params.orderNumber, req.body.reason, { mayRefundShipped: req.staff !== null && rolesCan(req.staff.roles, 'accounts') }),
  );

  api.get(
    '/admin/orders/:orderNumber/invoice.pdf',
    { config: staff, schema: { summary: 'The tax invoice (issued at dispatch)', params: OrderNumberParamsSchema } },
    async (req, reply) => sendPdf(reply, await desk.invoice(req.params.orderNumber)),
  );

  api.get(
    '/admin/orders/:orderNumber/credit-notes/:id.pdf',
    { config: staff, schema: { summary: 'A credit note of the order', params: CreditNoteParamsSchema } },
    async (req, reply) => sendPdf(reply, await desk.creditNote(req.params.orderNumber, req.params.id)),
  );

  // Printing (issue 39, decision 051): the packing slip and label on the paper they are printed on, a tag a piece, and
  // many orders' invoices in one file. The orders desk packs and dispatches, so the orders permission prints.
  for (const [file, summary, render] of [
    ['packing-slip.pdf', 'The packing slip (A4): each piece with its HUID, weights and a box to tick; no prices', prints.packingSlip],
    ['label.pdf', 'The shipping label (4 x 6 in): from, to, order number, courier and AWB when booked, weight, cash to collect', prints.label],
    ['tags.pdf', 'Jewellery tags (barbell tag stock, 2.2 x 0.5 in), one a packed piece: name, purity, weights, HUID as a QR code', prints.tags],
  ] as const) {
    api.get(
      `/admin/orders/:orderNumber/${file}`,
      { config: staff, schema: { summary, params: OrderNumberParamsSchema, response: errors } },
      async (req, reply) => sendPdf(reply, await render(req.params.orderNumber)),
    );
  }

  api.get(
    '/admin/invoices/batch.pdf',
    {
      config: staff,
      schema: {
        summary: `The tax invoices of many orders in one A4 PDF: \`ids\` (order numbers, at most ${INVOICE_BATCH_MAX}) or \`from\` and \`to\` (dates of dispatch); a cover page lists what was included and what was skipped and why`,
        querystring: AdminInvoiceBatchQuerySchema,
        response: errors,
      },
    },
    async (req, reply) => sendPdf(reply, await prints.invoices(req.query)),
  );

  api.post(
    '/admin/orders/:orderNumber/pieces/:pieceId/certificate',
    {
      config: { ...staff, multipartOptions: { limits: { files: 1, fileSize: CERTIFICATE_MAX_BYTES } } },
      schema: {
        summary:
          "Stores a piece's diamond certificate: `file` (PDF, JPEG or PNG, at most 5 MB, checked by its bytes), `lab` (IGI, GIA, SGL, HRD…), `number`; replaces an earlier one; 409 for a piece without diamonds",
        params: PieceParamsSchema,
        body: z.preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'Please send the certificate as a multipart form.' })),
        response: { 200: OrderPieceSchema, ...uploadErrors },
      },
      onRequest: certificateUploads.onRequest,
      errorHandler: certificateUploads.errorHandler,
    },
    (req) => certificates.upload(actorOf(req), req.params.orderNumber, req.params.pieceId, req.body, Buffer.isBuffer(req.body.file) ? req.body.file : null),
  );

  api.get(
    '/admin/orders/:orderNumber/pieces/:pieceId/certificate',
    { config: staff, schema: { summary: "A piece's diamond certificate file, as a download", params: PieceParamsSchema, response: uploadErrors } },
    async (req, reply) => sendCertificate(reply, await certificates.deskDownload(req.params.orderNumber, req.params.pieceId)),
  );
};
