import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCouponFormSchema,
  AdminCouponListQuerySchema,
  AdminCouponPageSchema,
  AdminCouponPatchSchema,
  AdminCouponSchema,
  AdminIdParamsSchema,
  ErrorSchema,
  formBody,
  MessageSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf } from '../audit/service.ts';
import { createCouponDesk } from './desk.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const staff = { access: 'staff', permission: 'catalogue' } as const;

/**
 * The back office's coupons (permission 'catalogue'): list, read, create, change, deactivate, delete an unused
 * one. Codes are stored upper case and unique; amounts typed in rupees, stored in paise.
 */
export const couponsAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const coupons = createCouponDesk(deps.database.db);

  api.get(
    '/admin/coupons',
    {
      config: staff,
      schema: {
        summary: 'Coupons, searched (code, description), filtered by status and sorted',
        querystring: AdminCouponListQuerySchema,
        response: { 200: AdminCouponPageSchema, ...errors },
      },
    },
    (req) => coupons.list(req.query),
  );

  api.get(
    '/admin/coupons/:id',
    {
      config: staff,
      schema: { summary: 'One coupon, with how many orders used it', params: AdminIdParamsSchema, response: { 200: AdminCouponSchema, ...errors } },
    },
    (req) => coupons.get(req.params.id),
  );

  api.post(
    '/admin/coupons',
    { config: staff, schema: { summary: 'Adds a coupon', body: formBody(AdminCouponFormSchema), response: { 201: AdminCouponSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await coupons.create(actorOf(req), req.body)),
  );

  api.patch(
    '/admin/coupons/:id',
    {
      config: staff,
      schema: {
        summary: "Changes any of a coupon's fields (named as in POST); the rest stay, and the whole is checked again",
        params: AdminIdParamsSchema,
        body: formBody(AdminCouponPatchSchema),
        response: { 200: AdminCouponSchema, ...errors },
      },
    },
    (req) => coupons.update(actorOf(req), req.params.id, req.body),
  );

  api.post(
    '/admin/coupons/:id/deactivate',
    {
      config: staff,
      schema: { summary: 'Takes a coupon out of use (used or not)', params: AdminIdParamsSchema, response: { 200: AdminCouponSchema, ...errors } },
    },
    (req) => coupons.deactivate(actorOf(req), req.params.id),
  );

  api.delete(
    '/admin/coupons/:id',
    {
      config: staff,
      schema: {
        summary: 'Deletes a coupon no order has used (409 IN_USE otherwise: deactivate it)',
        params: AdminIdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (req) => {
      await coupons.remove(actorOf(req), req.params.id);
      return { message: 'The coupon is deleted.' };
    },
  );
};
