/** The closed lists of the product form, browser-safe (the contracts' zod module stays out of the bundle). */
import {
  COLOUR_FILTERS,
  DIAMOND_QUALITIES,
  GIFT_OCCASION_NAMES,
  GIFT_RECIPIENT_NAMES,
  GOLD_QUALITIES,
  MATERIALS,
  METAL_COLOURS,
  SIZE_KINDS,
} from '@milli/contracts';

const opts = (list: readonly (string | number)[]) => list.map((v) => ({ value: String(v), label: String(v) }));

export const MATERIAL_OPTIONS = opts(MATERIALS);
export const METAL_OPTIONS = [
  { value: 'gold', label: 'Gold' },
  { value: 'platinum', label: 'Platinum (950)' },
  { value: 'silver', label: 'Silver (925)' },
];
export const PURITY_OPTIONS = [
  ...GOLD_QUALITIES.map((p) => ({ value: String(p), label: `${p} kt` })),
  { value: '950', label: '950 (platinum)' },
  { value: '925', label: '925 (silver)' },
];
export const GOLD_PURITIES = GOLD_QUALITIES;
export const METAL_COLOUR_OPTIONS = opts(METAL_COLOURS);
export const METAL_COLOUR_LIST = METAL_COLOURS;
export const DIAMOND_QUALITY_OPTIONS = opts(DIAMOND_QUALITIES);
export const DIAMOND_QUALITY_LIST = DIAMOND_QUALITIES;
export const COLOUR_OPTIONS = opts(COLOUR_FILTERS);
export const SIZE_KIND_OPTIONS = SIZE_KINDS.map((k) => ({
  value: k,
  label: k === 'ring' ? 'Ring size' : k === 'bangle' ? 'Bangle size' : 'Chain length (inches)',
}));
export const GENDER_OPTIONS = opts(['Women', 'Men', 'Kids', 'Unisex']);
export const GIFT_OCCASION_LIST = GIFT_OCCASION_NAMES;
export const GIFT_RECIPIENT_LIST = GIFT_RECIPIENT_NAMES;
export const MAKING_KIND_OPTIONS = [
  { value: 'fixed', label: 'A sum per piece (₹)' },
  { value: 'percent', label: 'A percent of the metal’s value (%)' },
  { value: 'per_gram', label: 'An amount per gram (₹/g)' },
];
export const STATUS_OPTIONS = [
  { value: 'active', label: 'In the shop' },
  { value: 'archived', label: 'Archived' },
];
export const STOCK_OPTIONS = [
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
];
