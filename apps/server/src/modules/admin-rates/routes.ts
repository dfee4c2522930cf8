import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorSchema, RatesAnswerSchema, RatesQuerySchema, RatesUpdateAnswerSchema, RatesUpdateSchema, formBody } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { forgetAfterWrites } from '../../plugins/read-cache.ts';
import { actorOf } from '../audit/service.ts';
import { createRatesService, DEFAULT_HISTORY_DAYS } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema };

/**
 * The day's rates in the back office (issue 17), permission 'catalogue'. A session cookie or an API token
 * (`Authorization: Bearer …`) works, so a daily rates feed can PUT them.
 */
export const adminRatesModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  forgetAfterWrites(app, deps.readCache);
  const rates = createRatesService(deps.database.db);

  api.get(
    '/admin/rates',
    {
      config: { access: 'staff', permission: 'catalogue' },
      schema: {
        summary: "Today's rates, the rates in force, yesterday's, their history and a few typical pieces",
        querystring: RatesQuerySchema,
        response: { 200: RatesAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return rates.overview(req.query.days ?? DEFAULT_HISTORY_DAYS);
    },
  );

  api.put(
    '/admin/rates',
    {
      config: { access: 'staff', permission: 'catalogue' },
      schema: {
        summary: "Set today's rates",
        description:
          'Body `{ "rates": [{ "metal": "gold", "purity": 22, "paisePerGram": 1250500 }, { "metal": "diamond", "quality": "SI-IJ", "paisePerCarat": 6500000 }], "confirm": false }`. ' +
          'Metals: gold 14/18/22/24, platinum 950, silver 925 (paise per gram); diamond grades SI-IJ, SI-GH, VVS-GH, VVS-EF (paise per carat). ' +
          'Only the listed rates change. A rate more than 20 % away from the rate in force (and from yesterday’s) answers 409 CONFLICT naming it, unless confirm is true. ' +
          'Every weighed product is repriced in the same transaction, and every cached answer and page is dropped.',
        body: formBody(RatesUpdateSchema),
        response: { 200: RatesUpdateAnswerSchema, ...errors },
      },
    },
    async (req) => rates.update(actorOf(req), req.body),
  );
};
