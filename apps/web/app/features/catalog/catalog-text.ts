import { PRICE_BANDS, andList, type ProductSummary } from '@milli/contracts';
import { formatRupees, rupeesToPaise } from '@milli/pricing';
import { OPEN_PRICE_MAX } from '../../components/layout/nav-links.ts';
import type { ChoiceKey, FilterKey, ListingFilter } from './listing-url.ts';

/** Queries say 'Fingerring'; the screen always says 'Rings' (spec §9). */
export function screenCategory(name: string): string {
  return name === 'Fingerring' ? 'Rings' : name;
}

/** A product's price in paise: the API's paise field, or its rupees for an older answer. */
export function productPaise(product: Pick<ProductSummary, 'product_price' | 'product_price_paise'>): number {
  return Number.isSafeInteger(product.product_price_paise) ? product.product_price_paise : rupeesToPaise(product.product_price);
}

/** A price route's open upper end (or any absurdly high limit) means 'no upper limit'. */
export function isOpenMax(maxPrice: number | undefined): boolean {
  return maxPrice === undefined || maxPrice >= OPEN_PRICE_MAX;
}

/** The index of the spec's price band that a filter's range is, or -1. */
export function priceBandIndex(filter: ListingFilter): number {
  if (filter.minPrice === undefined && filter.maxPrice === undefined) return -1;
  return PRICE_BANDS.findIndex(
    (band) => band.min === (filter.minPrice ?? 0) && (band.max === null ? isOpenMax(filter.maxPrice) : band.max === filter.maxPrice),
  );
}

const rupees = (r: number) => formatRupees(rupeesToPaise(r), { decimals: false });

/** The price range as a person reads it: the band's own label when it is one. */
export function priceRangeLabel(filter: ListingFilter): string {
  const band = priceBandIndex(filter);
  if (band >= 0) return PRICE_BANDS[band]!.label;
  const { minPrice, maxPrice } = filter;
  if (minPrice !== undefined && !isOpenMax(maxPrice)) return `${rupees(minPrice)} – ${rupees(maxPrice!)}`;
  if (minPrice !== undefined) return `From ${rupees(minPrice)}`;
  return `Up to ${rupees(maxPrice!)}`;
}

export interface ActiveFilter {
  /** The keys removed together when the chip is removed (a price range is one chip). */
  keys: FilterKey[];
  /** A group's one value the chip removes (a group of several has a chip for each). */
  choice?: { key: ChoiceKey; value: string };
  label: string;
}

const NAMES: Partial<Record<FilterKey, string>> = {
  material: 'Material',
  category: 'Category',
  tag: 'Style',
  stone: 'Metal & stone',
  colour: 'Colour',
  occasion: 'Gifts',
  recipient: 'Gifts for',
};

/** The chosen filters, each as one removable chip. */
export function activeFilters(filter: ListingFilter): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  for (const key of ['material', 'category', 'tag', 'stone', 'colour'] as const) {
    for (const value of filter[key] ?? []) {
      chips.push({ keys: [key], choice: { key, value }, label: `${NAMES[key]}: ${key === 'category' ? screenCategory(value) : value}` });
    }
  }
  for (const key of ['occasion', 'recipient'] as const) {
    const value = filter[key];
    if (value !== undefined) chips.push({ keys: [key], label: `${NAMES[key]}: ${value}` });
  }
  if (filter.minPrice !== undefined || filter.maxPrice !== undefined) {
    chips.push({ keys: ['minPrice', 'maxPrice'], label: `Price: ${priceRangeLabel(filter)}` });
  }
  if (filter.q !== undefined) chips.push({ keys: ['q'], label: `Search: “${filter.q}”` });
  return chips;
}

/** The banner's heading: what is being shown, in a few words. */
export function listingHeading(filter: ListingFilter): string {
  // 'Gold and Silver Rings and Earrings': a group's values joined as a person says them.
  const parts = [filter.material ? andList(filter.material) : undefined, filter.category ? andList(filter.category.map(screenCategory)) : undefined].filter(
    (p): p is string => p !== undefined,
  );
  // The header's gifting collections: 'Birthday Gifts', 'Gifts for Mom'.
  if (filter.occasion) parts.push(`${filter.occasion} Gifts`);
  if (filter.recipient) parts.push(`${parts.length === 0 ? 'Gifts' : ''} for ${filter.recipient}`.trim());
  if (parts.length === 0) return 'All Jewellery';
  return parts.join(' ');
}
