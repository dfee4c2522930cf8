import type { Db } from '@milli/db';
import type { StoreSettings } from '@milli/db/schema';
import { DomainError } from '../../domain-error.ts';
import { createSettingsRepository } from './repository.ts';

/** What a mail's frame needs of the settings a caller has already read. */
export function brandOf(s: StoreSettings) {
  return { storeName: s.storeName, helpLine: s.helpLine, emailPrimary: s.emailPrimary };
}

/**
 * The store's settings as other modules read them (decision 027: a module calls another's service, never its
 * repository). Built once, by the composition root (services.ts); each read takes the caller's transaction as `tx`
 * when it must belong to it (on the embedded database, a read outside a transaction that is open would wait for it).
 */
export function createSettingsService(db: Db) {
  const repo = createSettingsRepository(db);
  const on = (tx?: Db) => (tx ? createSettingsRepository(tx) : repo);
  return {
    /** Every setting, or null before the store is set up. */
    get: (tx?: Db) => on(tx).get(),
    /** Every setting; before the store is set up, a 4xx that says so (for the calls that cannot work without them). */
    async require(tx?: Db): Promise<StoreSettings> {
      const row = await on(tx).get();
      if (!row) throw new DomainError('NO_SETTINGS', 'The store is not set up yet. Please try again later.');
      return row;
    },
    /** The GST rate the store charges (the catalogue prices sale cards with it), or null before setup. */
    gstPercent: (tx?: Db) => on(tx).gstPercent(),
    /** What every mail's frame prints (lib/mail-layout.ts Brand), with a fallback before setup. */
    brand: (tx?: Db) => on(tx).brand(),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
