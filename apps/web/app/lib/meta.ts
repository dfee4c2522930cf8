/**
 * Page titles: every page's title starts with the store's name (spec §2), so a shopper with many tabs
 * open can still find us. Routes call `pageTitle('Cart')` in their `meta` export.
 */
export const STORE_NAME = 'Milli';

/** The home page (and any route without its own meta) is titled with what the store is. */
export const HOME_TITLE = `${STORE_NAME} | Online Jewellery Store`;

export const STORE_DESCRIPTION =
  'Milli: certified gold, diamond, platinum and silver jewellery online, with a 15-day money-back promise, lifetime exchange and free custom design.';

/** 'Milli | Cart'. An empty name gives the home title. */
export function pageTitle(name: string, storeName: string = STORE_NAME): string {
  const trimmed = name.trim();
  return trimmed ? `${storeName} | ${trimmed}` : HOME_TITLE;
}
