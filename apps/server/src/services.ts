/**
 * The services the modules share, built once (issue 36): app.ts calls buildServices once and hands the result to every
 * module as `ModuleDeps.services`. A module calls another's service through it instead of building its own copy; a
 * method that must belong to the caller's transaction takes it as `tx`. The functions one module is handed by another
 * that it may not import (the importer would make a cycle: returns asks orders for the order, custom design asks
 * orders for its balance order) are composed here too.
 */
import type { MarketingChannel } from '@milli/contracts';
import type { Database } from '@milli/db';
import type { ReadCache } from './plugins/read-cache.ts';
import { createCartService } from './modules/cart/service.ts';
import { mayMarket } from './modules/customers/service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { requestFollowsOrder } from './modules/custom-design/service.ts';
import type { DesignRequests, OrderReturnsOf } from './modules/orders/service.ts';
import { returnsOfOrder } from './modules/returns/service.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createWishlistService } from './modules/wishlist/service.ts';
import { fireRateAlerts } from './modules/rate-alerts/service.ts';

export interface ServicesDeps {
  database: Database;
  /** What every visitor sees alike (decision 017): the catalogue keeps its search vocabulary and the cart its pieces' pages in it. */
  readCache: ReadCache;
}

export function buildServices({ database, readCache }: ServicesDeps) {
  const { db, read } = database;
  const settings = createSettingsService(db);
  // The shop's catalogue reads go to the read replica when there is one (issue 37); its writes, and reads through a tx, to the primary.
  const catalog = createCatalogService(db, settings, undefined, readCache, read);
  const cart = createCartService(db, catalog, undefined, readCache);
  const wishlist = createWishlistService(db, catalog);
  /** The returns module's view of an order's returns and its return window, for the order's page (the orders module's). */
  const returns: { ofOrder: OrderReturnsOf } = { ofOrder: returnsOfOrder };
  /** The custom-design module's side of a made-to-order piece's order: its request follows the order (the orders module's). */
  const designRequests: DesignRequests = { followOrder: requestFollowsOrder };
  /**
   * The customers' marketing consents (issue 38, decision 044): any sender of marketing (none yet) asks
   * `mayMarket(customerId, channel)` for each recipient at the time of sending, and sends nothing on false.
   */
  const consents = { mayMarket: (customerId: number, channel: MarketingChannel) => mayMarket(db, customerId, channel) };
  /**
   * The rate alerts a rate set by staff crosses (issue 42), told in the rates desk's transaction: the catalogue's rates
   * desk calls it, and may not import the rate-alerts module, which reads the day's rates from the catalogue.
   */
  const rateAlerts = { fire: fireRateAlerts };
  return { settings, catalog, cart, wishlist, returns, designRequests, consents, rateAlerts };
}

/** Every shared service, as the modules find them on `ModuleDeps.services`. */
export type Services = ReturnType<typeof buildServices>;
