import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminIdParamsSchema,
  AdminReviewHideSchema,
  AdminReviewListQuerySchema,
  AdminReviewPageSchema,
  AdminReviewSchema,
  ErrorSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { actorOf } from '../audit/service.ts';
import { createReviewsService } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
/** Reviews sit on the product pages the catalogue team keeps (docs/back-office.md, "Reviews"). */
const staff = { access: 'staff', permission: 'catalogue' } as const;

/** The review desk (issue 19): list, hide with a reason, restore. */
export const reviewsAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = createReviewsService(deps.database.db, deps.files);
  // A hidden or restored review changes the product's page, its stars and count: the cached pages go.
  forgetAfterWrites(app, deps.readCache);

  api.get(
    '/admin/reviews',
    {
      config: staff,
      schema: {
        summary: 'Reviews: searched (product, title, text, customer), filtered by hidden (yes, no), newest first',
        querystring: AdminReviewListQuerySchema,
        response: { 200: AdminReviewPageSchema, ...errors },
      },
    },
    (req) => desk.list(req.query),
  );
  api.post(
    '/admin/reviews/:id/hide',
    {
      config: staff,
      schema: {
        summary: 'Hides a review with a reason: kept, neither shown nor counted',
        params: AdminIdParamsSchema,
        body: formBody(AdminReviewHideSchema),
        response: { 200: AdminReviewSchema, ...errors },
      },
    },
    (req) => desk.hide(actorOf(req), req.params.id, req.body),
  );
  api.post(
    '/admin/reviews/:id/restore',
    { config: staff, schema: { summary: 'Shows a hidden review again', params: AdminIdParamsSchema, response: { 200: AdminReviewSchema, ...errors } } },
    (req) => desk.restore(actorOf(req), req.params.id),
  );
};
