import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_MAX_BYTES, ErrorSchema, OrderPieceSchema, PieceParamsSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import { requireCustomer } from '../../plugins/session.ts';
import { actorOf } from '../audit/service.ts';
import { createCertificatesService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema };
const staff = { access: 'staff', permission: 'orders' } as const;

const uploads = uploadGuards({
  maxBodyBytes: CERTIFICATE_MAX_BYTES + 64 * 1024,
  tooLarge: 'A certificate file is at most 5 MB.',
  tooManyFiles: 'Please send one certificate file.',
  notMultipart: 'Please send the certificate as multipart/form-data (file, lab, number).',
});

/**
 * A certificate is sent as a download, whatever it is: a PDF is never shown inline (where a crafted one could
 * run in the site's origin), and no browser may sniff it into HTML.
 */
function sendFile(reply: FastifyReply, file: { bytes: Buffer; type: string; filename: string }) {
  return reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/** Diamond certificates of delivered pieces (issue 20): the orders desk uploads, the order's owner downloads. */
export const certificatesModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createCertificatesService(deps.database.db, deps.files, { mailQueued: () => deps.mailer.kick() });

  api.post(
    '/admin/orders/:orderNumber/pieces/:pieceId/certificate',
    {
      config: { ...staff, multipartOptions: { limits: { files: 1, fileSize: CERTIFICATE_MAX_BYTES } } },
      schema: {
        summary:
          "Stores a piece's diamond certificate: `file` (PDF, JPEG or PNG, at most 5 MB, checked by its bytes), `lab` (IGI, GIA, SGL, HRD…), `number`; replaces an earlier one",
        params: PieceParamsSchema,
        body: z.preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'Please send the certificate as a multipart form.' })),
        response: { 200: OrderPieceSchema, ...errors },
      },
      onRequest: uploads.onRequest,
      errorHandler: uploads.errorHandler,
    },
    (req) => service.upload(actorOf(req), req.params.orderNumber, req.params.pieceId, req.body, Buffer.isBuffer(req.body.file) ? req.body.file : null),
  );

  api.get(
    '/admin/orders/:orderNumber/pieces/:pieceId/certificate',
    { config: staff, schema: { summary: "A piece's diamond certificate file, as a download", params: PieceParamsSchema, response: errors } },
    async (req, reply) => sendFile(reply, await service.deskDownload(req.params.orderNumber, req.params.pieceId)),
  );

  api.get(
    '/orders/:orderNumber/pieces/:pieceId/certificate',
    {
      config: { access: 'customer' },
      schema: {
        summary: "A piece's diamond certificate from the customer's own order, as a download (404 CERTIFICATE_NOT_FOUND when none)",
        params: PieceParamsSchema,
        response: errors,
      },
    },
    async (req, reply) => sendFile(reply, await service.customerDownload(requireCustomer(req).id, req.params.orderNumber, req.params.pieceId)),
  );
};
