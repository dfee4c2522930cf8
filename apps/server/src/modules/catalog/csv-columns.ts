import { CSV_LIST_SEPARATOR, PRODUCT_FORM_FIELDS, type ProductForm } from '@milli/contracts/schemas';
import { BOM, csvLines } from './csv.ts';

/**
 * The CSV's columns are the product form's fields, in the form's order, SKU first (contracts/admin-products.ts):
 * the form's own schema reads every cell as a person types it (rupees, grams, carats, yes/no, lists).
 */
export const COLUMNS: readonly (keyof ProductForm)[] = PRODUCT_FORM_FIELDS;

/** The columns a file must have: what a new product cannot do without. The others may be left out (kept on update). */
export const REQUIRED_COLUMNS: readonly (keyof ProductForm)[] = ['sku', 'name', 'category', 'material'];

/** One form value as the cell a person reads and types: lists separated by '|', yes/no, numbers as written. */
export function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(String).join(CSV_LIST_SEPARATOR);
  return String(value);
}

/** A product's row of the file. */
export function rowOf(form: ProductForm): string[] {
  return COLUMNS.map((column) => cellOf(form[column]));
}

/** Three believable pieces of the demo catalogue's vocabulary: a weighed gold bangle, a diamond ring and a chain weighed by length. */
const EXAMPLES: ProductForm[] = [
  {
    sku: 'MG-BG-9001',
    name: 'Kangan Meenakari Bangle',
    slug: null,
    description: 'Hand-painted meenakari on 22 kt gold.',
    category: 'Bangles',
    tags: ['Meenakari', 'Kada'],
    stones: [],
    material: 'Gold',
    metal: 'gold',
    purity: 22,
    purities: [18, 22],
    metalColour: 'Yellow Gold',
    metalColours: ['Yellow Gold'],
    metalWeightG: 18.5,
    fixedPrice: null,
    makingChargeKind: 'percent',
    makingCharge: 12.5,
    diamondWeightCt: null,
    diamondCount: null,
    diamondQuality: null,
    diamondQualities: [],
    stoneValue: null,
    stoneWeightCt: null,
    colour: null,
    sizeKind: 'bangle',
    sizes: ['2.4', '2.6', '2.8'],
    sizeWeightsG: [],
    hallmarked: true,
    countryOfOrigin: 'India',
    stock: 5,
    occasion: 'Festive',
    giftOccasions: ['Wedding'],
    giftRecipients: ['Wife', 'Mom'],
    gender: 'Women',
    featuredRank: null,
    active: true,
  },
  {
    sku: 'MD-RG-9002',
    name: 'Tara Solitaire Ring',
    slug: null,
    description: 'A single brilliant in an 18 kt white gold setting.',
    category: 'Rings',
    tags: ['Solitaire'],
    stones: [],
    material: 'Diamond',
    metal: 'gold',
    purity: 18,
    purities: [14, 18],
    metalColour: 'White Gold',
    metalColours: ['White Gold', 'Yellow Gold'],
    metalWeightG: 3.25,
    fixedPrice: null,
    makingChargeKind: 'per_gram',
    makingCharge: 650,
    diamondWeightCt: 0.5,
    diamondCount: 1,
    diamondQuality: 'VVS-GH',
    diamondQualities: ['SI-GH', 'VVS-GH'],
    stoneValue: null,
    stoneWeightCt: null,
    colour: null,
    sizeKind: 'ring',
    sizes: ['10', '12', '14'],
    sizeWeightsG: [],
    hallmarked: true,
    countryOfOrigin: 'India',
    stock: 3,
    occasion: 'Anniversary',
    giftOccasions: ['Anniversary'],
    giftRecipients: ['Wife'],
    gender: 'Women',
    featuredRank: null,
    active: true,
  },
  {
    sku: 'MG-CH-9003',
    name: 'Rassi Rope Chain',
    slug: null,
    description: 'A hollow rope chain in 22 kt gold; each length weighs its own.',
    category: 'Chains',
    tags: [],
    stones: [],
    material: 'Gold',
    metal: 'gold',
    purity: 22,
    purities: [18, 22],
    metalColour: 'Yellow Gold',
    metalColours: ['Yellow Gold'],
    metalWeightG: 6.4,
    fixedPrice: null,
    makingChargeKind: 'per_gram',
    makingCharge: 480,
    diamondWeightCt: null,
    diamondCount: null,
    diamondQuality: null,
    diamondQualities: [],
    stoneValue: null,
    stoneWeightCt: null,
    colour: null,
    sizeKind: 'length',
    sizes: ['16', '18', '20'],
    sizeWeightsG: [6.4, 7.2, 8],
    hallmarked: true,
    countryOfOrigin: 'India',
    stock: 4,
    occasion: 'Daily',
    giftOccasions: [],
    giftRecipients: [],
    gender: 'Unisex',
    featuredRank: null,
    active: true,
  },
];

/** The template: UTF-8 with a byte order mark (so Excel reads it as UTF-8), the header and three example rows. */
export function csvTemplate(): string {
  return BOM + csvLines([[...COLUMNS], ...EXAMPLES.map(rowOf)]);
}
