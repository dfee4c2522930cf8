import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCustomPieceSchema,
  AdminCustomRequestDetailSchema,
  AdminCustomRequestListQuerySchema,
  AdminCustomRequestPageSchema,
  AdminCustomStatusSchema,
  AdminCustomStatusAnswerSchema,
  AdminIdParamsSchema,
  CadQuoteSchema,
  CadSheetCreatedSchema,
  CadSheetFieldsSchema,
  CustomDesignErrorSchema,
  CustomPieceSchema,
  ErrorSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { uploadGuards } from '../../lib/upload-limits.ts';
import { actorOf } from '../audit/service.ts';
import { MAX_IMAGE_BYTES } from '../../lib/images.ts';
import { createDesignDesk, MAX_RENDERS } from './desk.ts';

const errors = { 400: CustomDesignErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema };
const staff = { access: 'staff', permission: 'design' } as const;

/** Six renders of 10 MB and the sheet's fields; who may send them is settled by the staff plugin before the body is read. */
const uploads = uploadGuards({
  maxBodyBytes: MAX_RENDERS * MAX_IMAGE_BYTES + 1024 * 1024,
  tooLarge: 'A render is larger than 10 MB. Please send smaller pictures (at most 10 MB each).',
  tooManyFiles: `Please send at most ${MAX_RENDERS} renders.`,
  notMultipart: 'Please send the design sheet as multipart/form-data.',
});

/** Every file part of the body, in the order sent (the field is `render`; one sent alone arrives as a Buffer). */
function rendersOf(body: Record<string, unknown>): Buffer[] {
  const out: Buffer[] = [];
  for (const value of Object.values(body)) {
    if (Buffer.isBuffer(value)) out.push(value);
    else if (Array.isArray(value)) for (const v of value) if (Buffer.isBuffer(v)) out.push(v);
  }
  return out;
}

/** The design desk (issue 19, permission 'design'): custom requests, CAD sheets, Making and the made piece. */
export const customDesignAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = createDesignDesk(deps.database.db, deps.files, { settings: deps.services.settings, mailQueued: () => deps.mailer.kick() });

  api.get(
    '/admin/custom-requests',
    {
      config: staff,
      schema: {
        summary: 'Custom design requests, Requested and Rejected first (or one status)',
        querystring: AdminCustomRequestListQuerySchema,
        response: { 200: AdminCustomRequestPageSchema, ...errors },
      },
    },
    (req) => desk.list(req.query),
  );

  api.get(
    '/admin/custom-requests/:id',
    {
      config: staff,
      schema: {
        summary: 'A request as the customer sent it, its design versions with renders, payments, the made piece and its order',
        params: AdminIdParamsSchema,
        response: { 200: AdminCustomRequestDetailSchema, ...errors },
      },
    },
    (req) => desk.detail(req.params.id),
  );

  api.get(
    '/admin/custom-requests/:id/quote',
    {
      config: staff,
      schema: {
        summary: "A sheet's price breakup at today's rates (metal, making, diamonds, stones, GST, total) and its advance",
        params: AdminIdParamsSchema,
        querystring: CadSheetFieldsSchema,
        response: { 200: CadQuoteSchema, ...errors },
      },
    },
    (req) => desk.quote(req.params.id, req.query),
  );

  api.post(
    '/admin/custom-requests/:id/designs',
    {
      config: { ...staff, multipartOptions: { limits: { files: MAX_RENDERS, fileSize: MAX_IMAGE_BYTES } } },
      schema: {
        summary:
          "Shares a CAD sheet (1-6 `render` images and the sheet attributes; the total must match the breakup at today's rates); the request becomes Design Shared",
        params: AdminIdParamsSchema,
        body: z.preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'Please send the design sheet as a multipart form.' })),
        response: { 201: CadSheetCreatedSchema, ...errors },
      },
      onRequest: uploads.onRequest,
      errorHandler: uploads.errorHandler,
    },
    async (req, reply) => reply.status(201).send(await desk.share(actorOf(req), req.params.id, req.body, rendersOf(req.body))),
  );

  api.post(
    '/admin/custom-requests/:id/status',
    {
      config: staff,
      schema: {
        summary: 'Approved (advance paid) → Making',
        params: AdminIdParamsSchema,
        body: formBody(AdminCustomStatusSchema),
        response: { 200: AdminCustomStatusAnswerSchema, ...errors },
      },
    },
    (req) => desk.setStatus(actorOf(req), req.params.id, req.body.status, req.body.note),
  );

  api.post(
    '/admin/custom-requests/:id/piece',
    {
      config: staff,
      schema: {
        summary: "Records the made piece's HUID and weights; the final total and the balance are mailed to the customer",
        params: AdminIdParamsSchema,
        body: formBody(AdminCustomPieceSchema),
        response: { 200: CustomPieceSchema, ...errors },
      },
    },
    (req) => desk.recordPiece(actorOf(req), req.params.id, req.body),
  );
};
