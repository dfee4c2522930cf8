import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorSchema, StoreSettingsSchema } from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { DomainError } from '../../domain-error.ts';
import { sendKept } from '../../plugins/read-cache.ts';
import { createSettingsRepository } from './repository.ts';

/** GET /api/settings: the public store settings every page's shell shows (help line, e-mails, return window …). */
export const settingsModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = createSettingsRepository(deps.database.db);

  api.get(
    '/settings',
    {
      schema: {
        summary:
          "The store's public settings: shipping fee, return window, delivery days, pay-on-delivery limit, contact details, BIS registration, exchange and buy-back percents",
        response: { 200: StoreSettingsSchema, 503: ErrorSchema },
      },
    },
    async (_req, reply) => {
      await sendKept(
        deps.readCache,
        reply,
        'settings',
        async () => {
          const row = await settings.get();
          // Thrown, not kept: the answer is the error handler's, and the next request looks again.
          if (!row) throw new DomainError('NO_SETTINGS', 'The store is not set up yet.');
          return {
            status: 200,
            value: {
              storeName: row.storeName,
              helpLine: row.helpLine,
              emailPrimary: row.emailPrimary,
              emailSecondary: row.emailSecondary,
              officeAddress: row.officeAddress,
              returnWindowDays: row.returnWindowDays,
              shippingFeePaise: row.shippingFeePaise,
              deliveryDays: row.deliveryDays,
              sellerLegalName: row.sellerLegalName,
              sellerGstin: row.sellerGstin,
              codLimitPaise: Number(row.codLimitPaise),
              bisRegistration: row.bisRegistration,
              exchangePercent: row.exchangePercent,
              buybackPercent: row.buybackPercent,
              tradeInPercent: row.tradeInPercent,
              rateLockAdvancePercent: row.rateLockAdvancePercent,
              rateLockPeriodsDays: [...row.rateLockPeriodsDays].sort((a, b) => a - b),
              rateLockMaxMg: row.rateLockMaxMg,
              rateLockUnusedAdvance: row.rateLockUnusedAdvance,
            },
          };
        },
        { 'cache-control': 'public, max-age=60' },
      );
    },
  );
};
