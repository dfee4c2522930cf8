import type { Db } from '@milli/db';
import { createSettingsRepository } from './repository.ts';

/**
 * The store's settings as other modules read them (decision 027: a module calls another's service, never its
 * repository). `db` may be a transaction, so a read can belong to the caller's transaction.
 */
export function createSettingsService(db: Db) {
  const repo = createSettingsRepository(db);
  return {
    /** Every setting, or null before the store is set up. */
    get: () => repo.get(),
    /** The GST rate the store charges (the catalogue prices sale cards with it), or null before setup. */
    gstPercent: () => repo.gstPercent(),
    /** What every mail's frame prints (modules/mail/templates.ts Brand), with a fallback before setup. */
    brand: () => repo.brand(),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
