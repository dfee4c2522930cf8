import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminIdParamsSchema,
  AdminPartnerDetailSchema,
  AdminPartnerListQuerySchema,
  AdminPartnerPageSchema,
  AdminPartnerReviewSchema,
  ErrorSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf } from '../audit/service.ts';
import { createPartnersDesk } from './desk.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const staff = { access: 'staff', permission: 'partners' } as const;

/** The trade-partner desk (issue 19, permission 'partners'): applications, their KYC checks and duplicates, the review. */
export const tradePartnersAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const partners = createPartnersDesk({
    db: deps.database.db,
    settings: deps.services.settings,
    mailQueued: () => deps.mailer.kick(),
  });

  api.get(
    '/admin/trade-partners',
    {
      config: staff,
      schema: {
        summary:
          'Trade partner applications, searched (company, name, e-mail, phone, GSTIN, PAN), filtered by status, sorted; each with the other applications sharing its PAN, GSTIN, e-mail or phone',
        querystring: AdminPartnerListQuerySchema,
        response: { 200: AdminPartnerPageSchema, ...errors },
      },
    },
    (req) => partners.list(req.query),
  );

  api.get(
    '/admin/trade-partners/:id',
    {
      config: staff,
      schema: {
        summary: 'One application: every field of its form, its owners and contacts, the KYC checks and its duplicates',
        params: AdminIdParamsSchema,
        response: { 200: AdminPartnerDetailSchema, ...errors },
      },
    },
    (req) => partners.get(req.params.id),
  );

  api.post(
    '/admin/trade-partners/:id/review',
    {
      config: staff,
      schema: {
        summary:
          'Reviews an application: under_review, approve or reject (a note is required to reject); a decision mails the applicant with the note; a decided application answers 409',
        params: AdminIdParamsSchema,
        body: formBody(AdminPartnerReviewSchema),
        response: { 200: AdminPartnerDetailSchema, ...errors },
      },
    },
    (req) => partners.review(actorOf(req), req.params.id, req.body),
  );
};
