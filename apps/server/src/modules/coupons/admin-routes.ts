import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCouponFormSchema,
  AdminCouponListQuerySchema,
  AdminCouponPageSchema,
  AdminCouponPatchSchema,
  AdminCouponSchema,
  AdminIdParamsSchema,
  AdminOfferStripFormSchema,
  AdminOfferStripListSchema,
  AdminOfferStripMessageSchema,
  AdminOfferStripPatchSchema,
  ErrorSchema,
  formBody,
  MessageSchema,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { actorOf } from '../audit/service.ts';
import { createCouponDesk } from './desk.ts';
import { createOfferStrip } from './offer-strip.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const staff = { access: 'staff', permission: 'catalogue' } as const;

/**
 * The back office's coupons (permission 'catalogue'): list, read, create, change, deactivate, delete an unused
 * one. Codes are stored upper case and unique; amounts typed in rupees, stored in paise. And the home page's offers
 * strip that advertises them (issue 40). A write here changes what the strip shows: this instance's read cache
 * forgets at once (the database's notification tells the others).
 */
export const couponsAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const coupons = createCouponDesk(deps.database.db);
  const strip = createOfferStrip(deps.database.db);
  forgetAfterWrites(app, deps.readCache);

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

  api.get(
    '/admin/offer-strip',
    {
      config: staff,
      schema: { summary: "The offers strip's messages in order, each with whether it shows now", response: { 200: AdminOfferStripListSchema, ...errors } },
    },
    () => strip.list(),
  );

  api.get(
    '/admin/offer-strip/:id',
    { config: staff, schema: { summary: 'One strip message', params: AdminIdParamsSchema, response: { 200: AdminOfferStripMessageSchema, ...errors } } },
    (req) => strip.get(req.params.id),
  );

  api.post(
    '/admin/offer-strip',
    {
      config: staff,
      schema: {
        summary: 'Adds a strip message (at most five; a coupon it names must be live, a link must be a path of this store)',
        body: formBody(AdminOfferStripFormSchema),
        response: { 201: AdminOfferStripMessageSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await strip.create(actorOf(req), req.body)),
  );

  api.patch(
    '/admin/offer-strip/:id',
    {
      config: staff,
      schema: {
        summary: "Changes any of a strip message's fields (named as in POST); the rest stay, and the whole is checked again",
        params: AdminIdParamsSchema,
        body: formBody(AdminOfferStripPatchSchema),
        response: { 200: AdminOfferStripMessageSchema, ...errors },
      },
    },
    (req) => strip.update(actorOf(req), req.params.id, req.body),
  );

  api.delete(
    '/admin/offer-strip/:id',
    {
      config: staff,
      schema: { summary: 'Deletes a strip message', params: AdminIdParamsSchema, response: { 200: MessageSchema, ...errors } },
    },
    async (req) => {
      await strip.remove(actorOf(req), req.params.id);
      return { message: 'The strip message is deleted.' };
    },
  );
};
