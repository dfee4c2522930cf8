/**
 * What the app is built from (AppDeps) and what every API module is registered with (ModuleDeps): the
 * composition root (app.ts) fills them in; modules import only this file, never app.ts (decision 027).
 */
import type { CartLineOptions, Database } from '@milli/db';
import type { Config } from './config.ts';
import type { FileStore } from './lib/storage.ts';
import type { Mailer } from './modules/mail/sender.ts';
import type { OrderReturnsOf } from './modules/orders/service.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';
import type { PaymentService } from './modules/payments/service.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';
import type { ReadCache } from './plugins/read-cache.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The payment gateway; by default the one the configuration names (tests pass their own). */
  gateway?: PaymentGateway;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
}

/** What every API module is registered with: the app's dependencies and its shared services. */
export interface ModuleDeps extends AppDeps {
  limiter: RateLimiter;
  /** What every visitor sees alike, kept until the database announces a change (decision 017). */
  readCache: ReadCache;
  /** Sessions read from the database, kept until one is ended or changed (plugins/session.ts). */
  sessionCache: ReadCache;
  mailer: Mailer;
  /** Where uploaded files are kept: the data folder or an S3-compatible bucket (lib/storage.ts). */
  files: FileStore;
  /** Payments through the gateway; each purchase module registers what its payment settles (issue 18). */
  payments: PaymentService;
  /**
   * Reprices the catalogue inside the caller's transaction (the settings desk, when the GST rate changes): given by
   * the composition root, as the catalogue reads the settings and the settings module may not import it back.
   */
  repriceCatalogue: (tx: Database['db']) => Promise<number>;
  /** Set by the cart module: adds a guest cart to a customer's cart inside the login transaction. */
  mergeGuestCart?: (tx: Database['db'], customerId: number, items: { productId: number; quantity: number; options: CartLineOptions }[]) => Promise<void>;
  /** Set by the wish-list module: adds a guest wish list (product ids) to a customer's inside the login transaction. */
  mergeGuestWishlist?: (tx: Database['db'], customerId: number, productIds: readonly number[]) => Promise<void>;
  /**
   * The returns module's view of an order's returns and its return window, for the order's page (the orders module may
   * not import returns: returns asks it for the order).
   */
  orderReturnsOf: OrderReturnsOf;
}
