/** Business constants of the specification (section 9), shared by server and browser. */
export const MATERIALS = ['Gold', 'Diamond', 'Platinum', 'Silver'] as const;
export type Material = (typeof MATERIALS)[number];

export const CATEGORIES = ['Bangles', 'Bracelets', 'Chains', 'Earrings', 'Necklaces', 'Nose Pins', 'Pendants', 'Rings', 'Daily Wears'] as const;

/** The screen says Rings; queries say Fingerring (spec section 9). */
export function categoryQueryName(category: string): string {
  return category === 'Rings' ? 'Fingerring' : category;
}

/** Price bands in rupees; `max` null means no upper limit. Route suffixes price1…price6 follow the order. */
export const PRICE_BANDS = [
  { label: 'Under 10K', min: 0, max: 10_000 },
  { label: '10K - 20K', min: 10_000, max: 20_000 },
  { label: '20K - 30K', min: 20_000, max: 30_000 },
  { label: '30K - 50K', min: 30_000, max: 50_000 },
  { label: '50K - 75K', min: 50_000, max: 75_000 },
  { label: '75K - 1 Lakh', min: 75_000, max: 100_000 },
  { label: 'Above 1 Lakh', min: 100_000, max: null },
] as const;

export const STONE_AND_METAL_FILTERS = ['Gem Stone', 'Navaratna', 'Pearl', 'Yellow Gold', 'Rose Gold', 'White Gold'] as const;
export const METAL_COLOURS = ['Yellow Gold', 'Rose Gold', 'White Gold'] as const;
export const COLOUR_FILTERS = ['Red', 'Green', 'Brown', 'Grey', 'Orange'] as const;

/** Sort values (DECISIONS §1): price high-to-low gets its own value instead of sharing 8. */
export const SORT_OPTIONS = [
  { value: 0, label: 'Default Sorting' },
  { value: 1, label: 'Sort By Popularity' },
  { value: 2, label: 'Sort By Latest' },
  { value: 4, label: 'Sort By Rating' },
  { value: 8, label: 'Sort By Price: Low to High' },
  { value: 16, label: 'Sort By Price: High to Low' },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

export const GOLD_QUALITIES = [14, 18, 22, 24] as const;
export const CUSTOM_GOLD_QUALITIES = [14, 18, 22] as const;
export const DIAMOND_QUALITIES = ['SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF'] as const;
export const SIZE_OPTIONS = Array.from({ length: 30 }, (_, i) => i + 1);

/**
 * What a piece's size means (DECISIONS §7): rings take the spec's sizes 1-30 and the ring sizer, bangles
 * a bangle size, chains a length in inches. Pieces without a size kind have no size.
 */
export const SIZE_KINDS = ['ring', 'bangle', 'length'] as const;
export type SizeKind = (typeof SIZE_KINDS)[number];
export const SIZE_LABELS: Record<SizeKind, { label: string; unit: string }> = {
  ring: { label: 'Size', unit: '' },
  bangle: { label: 'Bangle size', unit: '' },
  length: { label: 'Chain length', unit: ' in' },
};

/** 'Size 12', 'Bangle size 2.6', 'Chain length 18 in'. */
export function sizeText(kind: SizeKind | undefined | null, size: string | number): string {
  const { label, unit } = SIZE_LABELS[kind ?? 'ring'] ?? SIZE_LABELS.ring;
  return `${label} ${size}${unit}`;
}

const METAL_TITLES: Record<string, string> = { gold: 'Gold', silver: 'Silver', platinum: 'Platinum' };

/**
 * A metal and its purity as staff and customers read them: 'Gold 22 kt', 'Silver 925', 'Platinum 950' (issue 39).
 * Karats (kt) are gold's measure only; silver and platinum are named by their fineness in parts per thousand.
 */
export function metalText(metal: string | null | undefined, purity: number | null | undefined): string {
  if (!metal) return '';
  const name = METAL_TITLES[metal] ?? metal.charAt(0).toUpperCase() + metal.slice(1);
  if (!purity) return name;
  return metal === 'gold' ? `${name} ${purity} kt` : `${name} ${purity}`;
}

/** A line's choices as the cart, checkout and order show them: '14 kt · Rose Gold · Diamonds VVS-GH · Size 12'. */
export function choicesText(options: { purity?: number; colour?: string; diamondQuality?: string; size?: string | number; sizeKind?: SizeKind }): string {
  return [
    // Only gold is chosen by purity (in karats); a stray 925 or 950 is never shown as karats (issue 39).
    options.purity && (GOLD_QUALITIES as readonly number[]).includes(options.purity) ? `${options.purity} kt` : '',
    options.colour ?? '',
    options.diamondQuality ? `Diamonds ${options.diamondQuality}` : '',
    options.size !== undefined && options.size !== '' ? sizeText(options.sizeKind, options.size) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The picture of a piece in a metal colour: the demo drawings exist per colour (/media/art/{kind}/{metal}/{n}.svg, and
 * each view and spin frame of it, {n}-side.svg, {n}-spin-07.svg,
 * packages/db/src/art.ts), so a drawing of the piece's own gold is redrawn in the chosen one; any other
 * picture (a photograph) stays as it is.
 */
export function pictureInColour(image: string, colour: string | null | undefined): string {
  const metal = colour === 'Rose Gold' ? 'rose-gold' : colour === 'White Gold' ? 'white-gold' : colour === 'Yellow Gold' ? 'yellow-gold' : null;
  if (!metal) return image;
  const m = /^(\/media\/art\/[a-z-]+\/)(yellow-gold|rose-gold|white-gold)(\/[0-9]+(?:-(?:side|worn|closeup|spin-[0-9]{2}))?\.svg)$/.exec(image);
  return m ? `${m[1]}${metal}${m[3]}` : image;
}

export const BANNER_AUTOPLAY_MS = 5000;
export const STICKY_HEADER_AFTER_PX = 110;
export const BACK_TO_TOP_AFTER_PX = 300;
export const ABOUT_SLIDER = {
  slides: 6,
  scroll: 1,
  autoplayMs: 4000,
  breakpoints: [
    [992, 4],
    [768, 3],
    [576, 2],
  ],
} as const;
export const CONFETTI_TWEEN_MS = 1000;
export const PAGINATION_WINDOW = 2;
export const PAGE_SIZE = 12;
/** Reviews on one page of a product's reviews. */
export const REVIEWS_PAGE_SIZE = 5;
/** Gifting collections of the header and mobile menu (DECISIONS §7), as the listing filters them. */
export const GIFT_OCCASION_NAMES = ['Birthday', 'Wedding', 'Anniversary', 'Self', 'Personalized'] as const;
export const GIFT_RECIPIENT_NAMES = ['Kids', 'Sister', 'Wife', 'Mom', 'Friends'] as const;

export const STORE_CITIES = ['Mumbai', 'Delhi', 'Bangalore', 'Chennai', 'Pune', 'Kolkata'] as const;

export const HARVEST = { instalments: 10, freeInstalment: 11, firstInstalmentDiscountPercent: 50, sampleAmount: 1000 } as const;
export const CAD_ADVANCE_PERCENT = 30;
export const DEFAULT_COUNTRY = { name: 'India', iso2: 'IN', dialCode: '91' } as const;

export const ORDER_STEPS = ['Order Placed', 'Order Picked', 'Out for Delivery', 'Delivered'] as const;

/** Issue 39: the most tax invoices one batch PDF joins (a hundred orders, a few hundred A4 pages: what a desk prints at once). */
export const INVOICE_BATCH_MAX = 100;
