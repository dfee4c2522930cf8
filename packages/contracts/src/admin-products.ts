import { z } from 'zod';
import {
  COLOUR_FILTERS,
  DIAMOND_QUALITIES,
  GIFT_OCCASION_NAMES,
  GIFT_RECIPIENT_NAMES,
  GOLD_QUALITIES,
  MATERIALS,
  METAL_COLOURS,
  SIZE_KINDS,
} from './constants.ts';
import { adminListPage } from './admin-list.ts';
import { PRODUCT_VIDEO_TYPES, PRODUCT_VIEWS } from './product-media.ts';
import { hallmarkRuleOf } from './hallmark.ts';

/**
 * The back office's product form (issue 17): field names a person reads, amounts in rupees, weights in grams and
 * carats. The same names are the JSON of POST/PATCH /api/admin/products and the columns of the product CSV.
 * Every CHECK of the products table is a field message here, so the database never sees a row it would refuse.
 *
 * Values arrive as JSON, as form posts (strings) or as CSV cells (strings): every field accepts its text too
 * ('' is "not given"; lists may be one text separated by commas or '|'; yes/no, true/false, 1/0, on for booleans).
 */

export const PRODUCT_METALS = ['gold', 'platinum', 'silver'] as const;
export const PRODUCT_GENDERS = ['Women', 'Men', 'Kids', 'Unisex'] as const;
export const MAKING_CHARGE_KINDS = ['fixed', 'percent', 'per_gram'] as const;
export type MakingChargeKind = (typeof MAKING_CHARGE_KINDS)[number];
/** Platinum is always 950 and silver 925 (parts per thousand), as in the daily rates. */
export const METAL_PURITIES = { gold: GOLD_QUALITIES as readonly number[], platinum: [950], silver: [925] } as const;
/** The purity a piece of that metal is priced at when the form names none. */
export const DEFAULT_PURITY_OF = { gold: 22, platinum: 950, silver: 925 } as const;
/** The metal a material is made of unless the form says otherwise (diamond pieces are set in gold). */
export const METAL_OF_MATERIAL = { Gold: 'gold', Diamond: 'gold', Platinum: 'platinum', Silver: 'silver' } as const;
/** Issue 38: a piece's country of origin unless the form says otherwise (the store's pieces are made in India). */
export const DEFAULT_COUNTRY_OF_ORIGIN = 'India';

export const PRODUCT_LIMITS = {
  sku: 40,
  name: 120,
  slug: 140,
  description: 5000,
  listItems: 30,
  itemName: 60,
  occasion: 40,
  stock: 1_000_000,
  metalWeightG: 10_000,
  rupees: 10_00_00_000,
  carats: 1000,
  diamondCount: 10_000,
  percent: 100,
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A number given as a number or as text ('1,250.50' and '₹ 1250' read as 1250.5 and 1250). */
function numberFrom(v: unknown): unknown {
  if (blank(v)) return null;
  if (typeof v === 'string') {
    const cleaned = v.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
    const n = Number(cleaned);
    return cleaned !== '' && Number.isFinite(n) ? n : v;
  }
  return v;
}

function decimals(n: number): number {
  const text = String(n);
  if (text.includes('e')) return 10;
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

type AmountRule = { min?: number; max: number; places: number; positive?: boolean; int?: boolean };

/** An optional number (null when not given) between min and max with at most `places` decimals. */
function amount(label: string, opts: AmountRule) {
  return z.preprocess(numberFrom, number(label, opts).nullable());
}

/** A number between min and max with at most `places` decimals. */
function number(label: string, opts: AmountRule) {
  return z
    .number({ error: `${label} must be a number.` })
    .refine((n) => Number.isFinite(n), `${label} must be a number.`)
    .refine(
      (n) => (opts.positive ? n > 0 : n >= (opts.min ?? 0)),
      opts.positive ? `${label} must be more than 0.` : `${label} cannot be below ${opts.min ?? 0}.`,
    )
    .refine((n) => n <= opts.max, `${label} is at most ${opts.max.toLocaleString('en-IN')}.`)
    .refine(
      (n) => decimals(n) <= opts.places,
      opts.int || opts.places === 0 ? `${label} must be a whole number.` : `${label} has at most ${opts.places} decimal places.`,
    );
}

function bool(label: string) {
  return z.preprocess(
    (v) => {
      if (blank(v)) return undefined;
      if (typeof v === 'string') {
        const t = v.trim().toLowerCase();
        if (['true', 'yes', 'y', '1', 'on'].includes(t)) return true;
        if (['false', 'no', 'n', '0', 'off'].includes(t)) return false;
      }
      return v;
    },
    z.boolean({ error: `${label} is yes or no.` }),
  );
}

function listFrom(v: unknown): unknown {
  if (blank(v)) return [];
  if (typeof v === 'string') {
    return v
      .split(/[|,]/)
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (Array.isArray(v)) return v.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '');
  return v;
}

function names(label: string) {
  return z.preprocess(
    listFrom,
    z
      .array(
        z
          .string({ error: `${label} are names.` })
          .max(PRODUCT_LIMITS.itemName, `Each of ${label.toLowerCase()} is at most ${PRODUCT_LIMITS.itemName} characters.`),
        {
          error: `${label} are a list of names.`,
        },
      )
      .max(PRODUCT_LIMITS.listItems, `At most ${PRODUCT_LIMITS.listItems} ${label.toLowerCase()}.`)
      .transform((list) => [...new Set(list)]),
  );
}

/** A value of a closed list, matched without regard to case and given back as the list spells it. */
function choice<const T extends readonly (string | number)[]>(values: T, message: string) {
  return z.preprocess(
    (v) => {
      if (blank(v)) return null;
      const text = String(v).trim().toLowerCase();
      return values.find((x) => String(x).toLowerCase() === text) ?? v;
    },
    z.custom<T[number]>((v) => values.includes(v as never), { message }).nullable(),
  );
}

function choices<const T extends readonly (string | number)[]>(values: T, message: string) {
  return z.preprocess(
    (v) => {
      const list = listFrom(v);
      if (!Array.isArray(list)) return list;
      return list.map((item) => values.find((x) => String(x).toLowerCase() === String(item).trim().toLowerCase()) ?? item);
    },
    z.array(z.custom<T[number]>((v) => values.includes(v as never), { message })).transform((list) => [...new Set(list)]),
  );
}

function text(label: string, max: number) {
  return z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `${label} is text.` })
      .max(max, `${label} is at most ${max} characters.`)
      .nullable(),
  );
}

const listOf = (values: readonly (string | number)[]) => values.join(', ');

/**
 * Each field on its own. PATCH takes any subset of these; a whole form (POST, a CSV row) is checked with
 * ProductFormSchema, which adds the rules between fields.
 */
export const ProductFieldsSchema = z
  .object({
    sku: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z
        .string({ error: 'The SKU is required.' })
        .min(1, 'The SKU is required.')
        .max(PRODUCT_LIMITS.sku, `The SKU is at most ${PRODUCT_LIMITS.sku} characters.`)
        .regex(/^[A-Z0-9][A-Z0-9._/-]*$/, 'The SKU has letters, digits, dots, dashes, slashes and underscores only.'),
    ),
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v),
      z
        .string({ error: 'The name is required.' })
        .min(2, 'The name is at least 2 characters.')
        .max(PRODUCT_LIMITS.name, `The name is at most ${PRODUCT_LIMITS.name} characters.`),
    ),
    slug: z.preprocess(
      (v) => (blank(v) ? null : typeof v === 'string' ? v.trim().toLowerCase() : v),
      z
        .string()
        .max(PRODUCT_LIMITS.slug, `The web address is at most ${PRODUCT_LIMITS.slug} characters.`)
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The web address has lower-case letters, digits and single dashes only (made from the name when left empty).')
        .nullable(),
    ),
    description: z.preprocess(
      (v) => (blank(v) ? '' : v),
      z.string({ error: 'The description is text.' }).max(PRODUCT_LIMITS.description, `The description is at most ${PRODUCT_LIMITS.description} characters.`),
    ),
    category: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: 'Choose a category.' }).min(1, 'Choose a category.')),
    tags: names('Tags'),
    stones: names('Stones'),
    material: choice(MATERIALS, `The material is one of ${listOf(MATERIALS)}.`),
    metal: choice(PRODUCT_METALS, `The metal is one of ${listOf(PRODUCT_METALS)}.`),
    purity: amount('The purity', { max: 999, places: 0, int: true }),
    purities: choices(GOLD_QUALITIES, `Gold is offered in ${listOf(GOLD_QUALITIES)} kt only.`),
    metalColour: choice(METAL_COLOURS, `The metal colour is one of ${listOf(METAL_COLOURS)}.`),
    metalColours: choices(METAL_COLOURS, `Metal colours are ${listOf(METAL_COLOURS)}.`),
    metalWeightG: amount('The metal weight', { max: PRODUCT_LIMITS.metalWeightG, places: 3, positive: true }),
    fixedPrice: amount('The fixed price', { max: PRODUCT_LIMITS.rupees, places: 2, positive: true }),
    makingChargeKind: z.preprocess(
      (v) => (blank(v) ? 'fixed' : typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s-]/g, '_') : v),
      z.enum(MAKING_CHARGE_KINDS, { error: 'Making charges are fixed, percent or per_gram.' }),
    ),
    makingCharge: amount('The making charge', { max: PRODUCT_LIMITS.rupees, places: 2 }),
    diamondWeightCt: amount('The diamond weight', { max: PRODUCT_LIMITS.carats, places: 2 }),
    diamondCount: amount('The number of diamonds', { max: PRODUCT_LIMITS.diamondCount, places: 0, int: true }),
    diamondQuality: choice(DIAMOND_QUALITIES, `The diamond quality is one of ${listOf(DIAMOND_QUALITIES)}.`),
    diamondQualities: choices(DIAMOND_QUALITIES, `Diamond qualities are ${listOf(DIAMOND_QUALITIES)}.`),
    stoneValue: amount('The stone value', { max: PRODUCT_LIMITS.rupees, places: 2 }),
    stoneWeightCt: amount('The stone weight', { max: PRODUCT_LIMITS.carats, places: 2 }),
    colour: choice(COLOUR_FILTERS, `The colour is one of ${listOf(COLOUR_FILTERS)}.`),
    sizeKind: choice(SIZE_KINDS, `The size kind is one of ${listOf(SIZE_KINDS)}.`),
    sizes: z.preprocess(
      listFrom,
      z
        .array(
          z
            .string({ error: 'Sizes are text.' })
            .max(10, 'Each size is at most 10 characters.')
            .regex(/^[0-9]+(?:\.[0-9]+)?$/, 'Each size is a number such as 12, 2.6 or 18.'),
        )
        .max(40, 'At most 40 sizes.')
        .transform((list) => [...new Set(list)]),
    ),
    /**
     * Issue 38: a chain's metal weight at each of its lengths, grams, in the order of `sizes` ('5.58|6.28|6.98' in the
     * CSV); the first is the metal weight. Only for chain lengths: a ring or bangle keeps the one weight.
     */
    sizeWeightsG: z.preprocess(
      listFrom,
      z
        .array(z.preprocess(numberFrom, number('Each length’s weight', { max: PRODUCT_LIMITS.metalWeightG, places: 3, positive: true })), {
          error: 'The weights by length are a list of grams, such as 5.58|6.28|6.98.',
        })
        .max(40, 'At most 40 weights.'),
    ),
    hallmarked: bool('Hallmarked'),
    countryOfOrigin: z.preprocess(
      (v) => (blank(v) ? null : typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v),
      z
        .string({ error: 'The country of origin is a country’s name.' })
        .min(2, 'Choose the country of origin from the list.')
        .max(80, 'Choose the country of origin from the list.')
        .nullable(),
    ),
    stock: z.preprocess(
      (v) => (blank(v) ? 0 : numberFrom(v)),
      z
        .number({ error: 'Stock must be a whole number.' })
        .int('Stock must be a whole number.')
        .min(0, 'Stock cannot be below 0.')
        .max(PRODUCT_LIMITS.stock, `Stock is at most ${PRODUCT_LIMITS.stock.toLocaleString('en-IN')}.`),
    ),
    occasion: text('The occasion', PRODUCT_LIMITS.occasion),
    giftOccasions: choices(GIFT_OCCASION_NAMES, `Gift occasions are ${listOf(GIFT_OCCASION_NAMES)}.`),
    giftRecipients: choices(GIFT_RECIPIENT_NAMES, `Gift recipients are ${listOf(GIFT_RECIPIENT_NAMES)}.`),
    gender: choice(PRODUCT_GENDERS, `Gender is one of ${listOf(PRODUCT_GENDERS)}.`),
    featuredRank: amount('The featured rank', { max: 1_000_000, places: 0, int: true, positive: true }),
    active: bool('Active'),
  })
  .strict();

/** A whole product as the form, the API and the CSV state it; optional fields are filled with their defaults. */
export interface ProductForm {
  sku: string;
  name: string;
  slug: string | null;
  description: string;
  category: string;
  tags: string[];
  stones: string[];
  material: (typeof MATERIALS)[number];
  metal: (typeof PRODUCT_METALS)[number];
  purity: number | null;
  purities: number[];
  metalColour: (typeof METAL_COLOURS)[number] | null;
  metalColours: (typeof METAL_COLOURS)[number][];
  metalWeightG: number | null;
  fixedPrice: number | null;
  makingChargeKind: MakingChargeKind;
  makingCharge: number | null;
  diamondWeightCt: number | null;
  diamondCount: number | null;
  diamondQuality: (typeof DIAMOND_QUALITIES)[number] | null;
  diamondQualities: (typeof DIAMOND_QUALITIES)[number][];
  stoneValue: number | null;
  stoneWeightCt: number | null;
  colour: (typeof COLOUR_FILTERS)[number] | null;
  sizeKind: (typeof SIZE_KINDS)[number] | null;
  sizes: string[];
  /** Issue 38: grams at each chain length, in the order of sizes; empty for anything else (one weight). */
  sizeWeightsG: number[];
  hallmarked: boolean;
  /** Issue 38: where the piece was made (a country from the list; India unless said otherwise). */
  countryOfOrigin: string;
  stock: number;
  occasion: string | null;
  giftOccasions: (typeof GIFT_OCCASION_NAMES)[number][];
  giftRecipients: (typeof GIFT_RECIPIENT_NAMES)[number][];
  gender: (typeof PRODUCT_GENDERS)[number] | null;
  featuredRank: number | null;
  active: boolean;
}

export const PRODUCT_FORM_FIELDS = Object.keys(ProductFieldsSchema.shape) as (keyof ProductForm)[];

/** Field messages keyed by form field. */
export type FieldProblems = Partial<Record<keyof ProductForm | string, string>>;

/** The rules between fields (the table's CHECKs and what the price function needs). Empty when the form is whole. */
export function productFormProblems(f: ProductForm): FieldProblems {
  const p: FieldProblems = {};
  const allowed: readonly number[] = METAL_PURITIES[f.metal];
  if (f.purity !== null && !allowed.includes(f.purity)) {
    p.purity = f.metal === 'gold' ? `Gold purity is ${listOf(GOLD_QUALITIES)} kt.` : `${f.metal === 'platinum' ? 'Platinum' : 'Silver'} is ${allowed[0]} only.`;
  }
  if (f.metal !== 'gold') {
    if (f.purities.length > 0) p.purities = 'Only gold pieces are offered in several purities.';
    if (f.metalColour !== null || f.metalColours.length > 0) p.metalColour = 'Metal colours are for gold pieces.';
  } else if (f.purities.length > 0 && f.purity !== null && !f.purities.includes(f.purity)) {
    p.purities = 'The purities offered include the default purity.';
  }
  if (f.metalColours.length > 0 && f.metalColour !== null && !f.metalColours.includes(f.metalColour))
    p.metalColours = 'The colours offered include the default colour.';
  if (f.metalWeightG === null && f.fixedPrice === null) {
    p.metalWeightG = 'Give the metal weight, or a fixed price for a piece sold without one.';
  } else if (f.metalWeightG !== null && f.fixedPrice !== null) {
    p.fixedPrice = 'A piece is priced by its metal weight or at a fixed price, not both: leave one empty.';
  }
  if (f.makingChargeKind === 'fixed') {
    if (f.fixedPrice !== null && f.makingCharge !== null && f.makingCharge > 0) p.makingCharge = 'A fixed-price piece has no separate making charge.';
  } else {
    if (f.makingCharge === null || f.makingCharge <= 0) {
      p.makingCharge =
        f.makingChargeKind === 'percent' ? 'Give the making charge as a percent above 0.' : 'Give the making charge in rupees per gram, above 0.';
    } else if (f.makingChargeKind === 'percent' && f.makingCharge > PRODUCT_LIMITS.percent) {
      p.makingCharge = 'A making charge in percent is at most 100.';
    }
    if (f.metalWeightG === null) p.makingChargeKind = 'Making charges in percent or per gram need the metal weight.';
  }
  if (f.fixedPrice !== null && ((f.stoneValue ?? 0) > 0 || (f.diamondWeightCt ?? 0) > 0)) {
    p.fixedPrice = 'A fixed price includes the stones and diamonds: leave their value and weight empty, or give a metal weight.';
  }
  const diamonds = (f.diamondWeightCt ?? 0) > 0;
  if (!diamonds) {
    if (f.diamondQuality !== null || f.diamondQualities.length > 0) p.diamondQuality = 'Diamond qualities need a diamond weight.';
    if ((f.diamondCount ?? 0) > 0) p.diamondWeightCt = 'Give the weight of the diamonds.';
  } else if (f.diamondQualities.length > 0 && f.diamondQuality !== null && !f.diamondQualities.includes(f.diamondQuality)) {
    p.diamondQualities = 'The qualities offered include the default quality.';
  }
  // Polki (uncut diamond) is valued per piece as a stone: a Diamond piece has a diamond weight or a stone value.
  if (f.material === 'Diamond' && !diamonds && !((f.stoneValue ?? 0) > 0))
    p.diamondWeightCt = 'A diamond piece needs its diamond weight (polki: its stone value).';
  if (f.sizeKind === null && f.sizes.length > 0) p.sizeKind = 'Say what the sizes are (ring, bangle or length), or leave the sizes empty.';
  if (f.sizeKind !== null && f.sizes.length === 0) p.sizes = 'List the sizes offered, or leave the size kind empty.';
  if (f.sizeKind === 'ring' && f.sizes.some((s) => !/^\d+$/.test(s) || Number(s) < 1 || Number(s) > 30)) p.sizes = 'Ring sizes are whole numbers from 1 to 30.';
  Object.assign(p, lengthWeightProblems(f));
  // Issue 38: each piece's HUID is recorded on its order when it is packed; the product says only whether its pieces
  // are hallmarked, as the BIS rules have it (hallmark.ts).
  const rule = hallmarkRuleOf(f.metal);
  if (rule === 'always' && !f.hallmarked) p.hallmarked = 'Gold jewellery is sold hallmarked (BIS): tick hallmarked.';
  if (rule === 'never' && f.hallmarked) p.hallmarked = 'Platinum is not hallmarked under the BIS HUID scheme: leave hallmarked unticked.';
  return p;
}

/**
 * Issue 38: a chain weighed by length has a weight for every length, the first being its metal weight (what the
 * listing prices); anything else has its one weight and no list.
 */
function lengthWeightProblems(f: ProductForm): FieldProblems {
  const weights = f.sizeWeightsG;
  if (f.sizeKind !== 'length') {
    return weights.length > 0 ? { sizeWeightsG: 'Weights by length are for chains sold in lengths; a ring or bangle has the one metal weight.' } : {};
  }
  if (f.metalWeightG === null) {
    return weights.length > 0 ? { sizeWeightsG: 'A piece sold at a fixed price has no metal weight by length: leave the weights empty.' } : {};
  }
  if (weights.length !== f.sizes.length) {
    return {
      sizeWeightsG:
        weights.length === 0
          ? 'Give the metal weight of each length, in grams, in the order of the lengths.'
          : `Give one weight for each length, in their order: ${f.sizes.length} ${f.sizes.length === 1 ? 'length' : 'lengths'}, ${weights.length} ${weights.length === 1 ? 'weight' : 'weights'}.`,
    };
  }
  if (weights[0] !== f.metalWeightG) {
    return { metalWeightG: `The metal weight is the first length’s (${f.sizes[0]} in: ${weights[0]} g): make them the same, or leave the metal weight empty.` };
  }
  return {};
}

/** Fills what a whole form may leave out: the metal from the material, its default purity, false/empty lists. */
export function completeProductForm(raw: z.output<typeof ProductFieldsSchema> | Partial<z.output<typeof ProductFieldsSchema>>): ProductForm {
  const material = raw.material ?? 'Gold';
  const metal = raw.metal ?? METAL_OF_MATERIAL[material];
  return {
    sku: raw.sku ?? '',
    name: raw.name ?? '',
    slug: raw.slug ?? null,
    description: raw.description ?? '',
    category: raw.category ?? '',
    tags: raw.tags ?? [],
    stones: raw.stones ?? [],
    material,
    metal,
    purity: raw.purity === undefined || raw.purity === null ? DEFAULT_PURITY_OF[metal] : raw.purity,
    purities: raw.purities ?? [],
    metalColour: raw.metalColour ?? null,
    metalColours: raw.metalColours ?? [],
    // A chain weighed by length: its metal weight is its first length's, when not typed.
    metalWeightG: raw.metalWeightG ?? (raw.sizeKind === 'length' && raw.fixedPrice == null ? (raw.sizeWeightsG?.[0] ?? null) : null),
    fixedPrice: raw.fixedPrice ?? null,
    makingChargeKind: raw.makingChargeKind ?? 'fixed',
    makingCharge: raw.makingCharge ?? null,
    diamondWeightCt: raw.diamondWeightCt ?? null,
    diamondCount: raw.diamondCount ?? null,
    diamondQuality: raw.diamondQuality ?? null,
    diamondQualities: raw.diamondQualities ?? [],
    stoneValue: raw.stoneValue ?? null,
    stoneWeightCt: raw.stoneWeightCt ?? null,
    colour: raw.colour ?? null,
    sizeKind: raw.sizeKind ?? null,
    sizes: raw.sizes ?? [],
    sizeWeightsG: raw.sizeWeightsG ?? [],
    hallmarked: raw.hallmarked ?? hallmarkRuleOf(metal) === 'always',
    countryOfOrigin: raw.countryOfOrigin ?? DEFAULT_COUNTRY_OF_ORIGIN,
    stock: raw.stock ?? 0,
    occasion: raw.occasion ?? null,
    giftOccasions: raw.giftOccasions ?? [],
    giftRecipients: raw.giftRecipients ?? [],
    gender: raw.gender ?? null,
    featuredRank: raw.featuredRank ?? null,
    active: raw.active ?? true,
  };
}

/**
 * A change (PATCH, an updating CSV row) laid over the stored form. New weights by length bring the metal weight with
 * them (the first length's) unless the change gives it too, so staff re-weighing a chain type the weights once.
 */
export function mergeProductChange(stored: ProductForm, given: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored, ...given };
  const weights = listFrom(given.sizeWeightsG);
  if (Array.isArray(weights) && weights.length > 0 && !('metalWeightG' in given)) merged.metalWeightG = null;
  return merged;
}

/** The required fields of a whole form (POST, a CSV row). */
const REQUIRED = { sku: 'The SKU is required.', name: 'The name is required.', category: 'Choose a category.', material: 'Choose the material.' } as const;

/**
 * A whole product form: the fields, then the rules between them. Use `parseProductForm` for field messages
 * as a map; the schema itself (for route bodies) reports them as zod issues with the field as path.
 */
export const ProductFormSchema = ProductFieldsSchema.partial()
  .superRefine((raw, ctx) => {
    for (const [field, message] of Object.entries(REQUIRED)) {
      if (raw[field as keyof typeof REQUIRED] === undefined || raw[field as keyof typeof REQUIRED] === null)
        ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .transform((raw, ctx) => {
    const form = completeProductForm(raw);
    for (const [field, message] of Object.entries(productFormProblems(form))) ctx.addIssue({ code: 'custom', path: [field], message: message! });
    return form;
  });

/** PATCH: any subset of the form's fields, each checked alone (the whole is checked once merged with the stored product). */
export const ProductPatchSchema = ProductFieldsSchema.partial();
export type ProductPatch = z.output<typeof ProductPatchSchema>;

/** Field messages of a zod error, first message per field ('form' for what belongs to none). */
export function fieldProblemsOf(error: z.ZodError): FieldProblems {
  const out: FieldProblems = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) out[k] ??= `There is no field called ${k}.`;
      continue;
    }
    out[key] ??= issue.message;
  }
  return out;
}

/** A row checked alone: the whole form, or its field messages. */
export function parseProductForm(input: unknown): { ok: true; form: ProductForm } | { ok: false; problems: FieldProblems } {
  const parsed = ProductFormSchema.safeParse(input);
  return parsed.success ? { ok: true, form: parsed.data } : { ok: false, problems: fieldProblemsOf(parsed.error) };
}

/** Rupees (up to 2 decimals) → paise; grams (3 decimals) → milligrams; carats (2 decimals) → cents; percent (2 decimals) → hundredths. */
export const toMilligrams = (grams: number) => Math.round(grams * 1000);
export const toCents = (carats: number) => Math.round(carats * 100);

// ---------------------------------------------------------------------------------------------
// API answers

export const ProductImageSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  path: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(z.object({ width: z.number().int(), format: z.enum(['avif', 'webp']), path: z.string() })),
  /** What the picture shows (issue 40), or null when not marked. */
  view: z.enum(PRODUCT_VIEWS).nullable(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

/** A product's film as the back office sees it (issue 40). */
export const ProductVideoSchema = z.object({
  path: z.string(),
  contentType: z.enum(PRODUCT_VIDEO_TYPES),
  bytes: z.number().int(),
  /** The uploaded poster, or null: the product's first view stands in. */
  posterPath: z.string().nullable(),
});
export type ProductVideo = z.infer<typeof ProductVideoSchema>;
/** POST and DELETE /api/admin/products/{id}/video: the product's film now (null once removed). */
export const ProductVideoAnswerSchema = z.object({ data: ProductVideoSchema.nullable() });

/** A product's uploaded 360° turn as the back office sees it (issue 40, decision 066): its frames in order. */
export const ProductSpinSchema = z.object({
  /** Each frame's address (its 640 px WebP), in the order the piece turns. */
  frames: z.array(z.string()),
  /** Size of the largest rendition of a frame (they share an aspect). */
  width: z.number().int(),
  height: z.number().int(),
  /** What was uploaded, in bytes (the frames as sent). */
  bytes: z.number().int(),
});
export type ProductSpin = z.infer<typeof ProductSpinSchema>;
/** POST and DELETE /api/admin/products/{id}/spin: the product's uploaded turn now (null once removed). */
export const ProductSpinAnswerSchema = z.object({ data: ProductSpinSchema.nullable() });

const formValues = z.object({
  sku: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  stones: z.array(z.string()),
  material: z.string(),
  metal: z.string(),
  purity: z.number().nullable(),
  purities: z.array(z.number()),
  metalColour: z.string().nullable(),
  metalColours: z.array(z.string()),
  metalWeightG: z.number().nullable(),
  fixedPrice: z.number().nullable(),
  makingChargeKind: z.enum(MAKING_CHARGE_KINDS),
  makingCharge: z.number().nullable(),
  diamondWeightCt: z.number().nullable(),
  diamondCount: z.number().nullable(),
  diamondQuality: z.string().nullable(),
  diamondQualities: z.array(z.string()),
  stoneValue: z.number().nullable(),
  stoneWeightCt: z.number().nullable(),
  colour: z.string().nullable(),
  sizeKind: z.string().nullable(),
  sizes: z.array(z.string()),
  sizeWeightsG: z.array(z.number()),
  hallmarked: z.boolean(),
  countryOfOrigin: z.string(),
  stock: z.number().int(),
  occasion: z.string().nullable(),
  giftOccasions: z.array(z.string()),
  giftRecipients: z.array(z.string()),
  gender: z.string().nullable(),
  featuredRank: z.number().nullable(),
  active: z.boolean(),
});

/** A sale not over yet, and whether the product is in it (sales are their own table; the form only joins or leaves them). */
export const ProductSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  makingDiscountPercent: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  member: z.boolean(),
});
export type ProductSale = z.infer<typeof ProductSaleSchema>;

/** PUT /api/admin/products/:id/sales: the sales (not over) the product is in; the others it leaves. */
export const ProductSalesBodySchema = z.object({
  saleIds: z.preprocess(
    (v) =>
      v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(',').map((s) => Number(s.trim())) : Array.isArray(v) ? v.map(Number) : v,
    z.array(z.number({ error: 'Sales are given by their ids.' }).int().positive(), { error: 'Sales are given by their ids.' }).max(100),
  ),
});

/** GET /api/admin/products/:id: the form's values, the stored price and the pictures. */
export const AdminProductSchema = z.object({
  id: z.number().int(),
  form: formValues,
  image: z.string(),
  listPricePaise: z.number().int(),
  listPriceDate: z.string(),
  makingChargePaise: z.number().int(),
  updatedAt: z.string(),
  images: z.array(ProductImageSchema),
  video: ProductVideoSchema.nullable(),
  /** The turn staff uploaded (issue 40), or null: the piece turns in its drawings if it has any, else not at all. */
  spin: ProductSpinSchema.nullable(),
  sales: z.array(ProductSaleSchema),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

/** A row of GET /api/admin/products. */
export const AdminProductRowSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  material: z.string(),
  image: z.string(),
  listPricePaise: z.number().int(),
  stock: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;
export const AdminProductPageSchema = adminListPage(AdminProductRowSchema);

export const ADMIN_PRODUCT_SORTS = ['name', 'sku', 'price', 'stock', 'updated'] as const;
export const ADMIN_PRODUCT_BULK_ACTIONS = ['archive', 'restore', 'set-stock', 'add-tag', 'remove-tag'] as const;

// ---------------------------------------------------------------------------------------------
// Requests of the product routes besides the form

export const AdminProductListQuerySchema = z.object({
  q: z.string().trim().max(100, 'A search is at most 100 characters.').optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS, { error: `Sort by one of: ${ADMIN_PRODUCT_SORTS.join(', ')}.` }).default('updated'),
  dir: z.enum(['asc', 'desc'], { error: 'The direction is asc or desc.' }).default('desc'),
  page: z.coerce.number({ error: 'The page is a whole number.' }).int('The page is a whole number.').min(1, 'Pages start at 1.').max(100_000).default(1),
  perPage: z.coerce
    .number({ error: 'Rows per page is 25, 50 or 100.' })
    .int()
    .refine((n) => [25, 50, 100].includes(n), 'Rows per page is 25, 50 or 100.')
    .default(25),
  category: z.string().trim().max(60).optional(),
  material: z.string().trim().max(20).optional(),
  status: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(['active', 'archived'], { error: 'Status is active, archived or all.' }).optional(),
  ),
  stock: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(['low', 'out'], { error: 'Stock is low, out or all.' }).optional()),
});
export type AdminProductListQuery = z.output<typeof AdminProductListQuerySchema>;

export const AdminProductIdParamsSchema = z.object({ id: z.coerce.number({ error: 'The product id is a number.' }).int().positive().max(2_147_483_647) });
export const AdminProductImageParamsSchema = AdminProductIdParamsSchema.extend({
  imageId: z.coerce.number({ error: 'The picture id is a number.' }).int().positive().max(2_147_483_647),
});

/** The body of POST and PATCH: the form's fields by name (documented here; each is checked by ProductFieldsSchema). */
export const ProductFormBodySchema = z
  .looseObject(
    Object.fromEntries(Object.keys(ProductFieldsSchema.shape).map((k) => [k, z.unknown().optional()])) as Record<
      keyof ProductForm,
      z.ZodOptional<z.ZodUnknown>
    >,
  )
  .describe(
    'The product form: sku, name, slug, description, category, tags, stones, material, metal, purity, purities, metalColour, metalColours, metalWeightG, fixedPrice, makingChargeKind, makingCharge, diamondWeightCt, diamondCount, diamondQuality, diamondQualities, stoneValue, stoneWeightCt, colour, sizeKind, sizes, sizeWeightsG, hallmarked (gold always, silver when hallmarked, platinum never), countryOfOrigin, stock, occasion, giftOccasions, giftRecipients, gender, featuredRank, active. PATCH takes any subset.',
  );

export const ProductDuplicateSchema = z.object({
  sku: z.preprocess((v) => (blank(v) ? undefined : v), ProductFieldsSchema.shape.sku.optional()),
  name: z.preprocess((v) => (blank(v) ? undefined : v), ProductFieldsSchema.shape.name.optional()),
});

export const ProductBulkSchema = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => Number(s.trim())) : Array.isArray(v) ? v.map(Number) : v),
    z.array(z.number().int().positive(), { error: 'Choose the products.' }).min(1, 'Choose at least one product.').max(5000, 'At most 5,000 products at once.'),
  ),
  action: z.enum(ADMIN_PRODUCT_BULK_ACTIONS, { error: `The action is one of ${ADMIN_PRODUCT_BULK_ACTIONS.join(', ')}.` }),
  value: z.preprocess((v) => (blank(v) ? undefined : typeof v === 'number' ? String(v) : v), z.string().trim().max(60).optional()),
});
export const ProductBulkAnswerSchema = z.object({ changed: z.number().int(), message: z.string() });

export const ImageChangeSchema = z.object({
  alt: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'The description is text.' }).max(200, 'A picture description is at most 200 characters.').optional(),
  ),
  position: z.coerce.number().int().min(0).max(1000).optional(),
  /** What the picture shows; '' (the form's "not marked") clears it. */
  view: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .enum(PRODUCT_VIEWS, { error: `A view is one of ${PRODUCT_VIEWS.join(', ')}.` })
      .nullable()
      .optional(),
  ),
});
export const ImageOrderSchema = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => Number(s.trim())) : v),
    z.array(z.number().int().positive(), { error: 'Give the pictures in their new order.' }).min(1).max(50),
  ),
});
export const ProductImagesAnswerSchema = z.object({ data: z.array(ProductImageSchema), image: z.string() });

// ---------------------------------------------------------------------------------------------
// Taxonomy: categories, tags (per category), other stones, search synonyms

const taxonomyName = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v),
    z
      .string({ error: `The ${label} name is required.` })
      .min(2, `The ${label} name is at least 2 characters.`)
      .max(PRODUCT_LIMITS.itemName, `The ${label} name is at most ${PRODUCT_LIMITS.itemName} characters.`),
  );

export const CategoryBodySchema = z.object({
  name: taxonomyName('category'),
  /** What queries say ('Fingerring' for Rings); the name when not given. */
  queryName: z.preprocess((v) => (blank(v) ? undefined : v), taxonomyName('query').optional()),
});
export const TagBodySchema = z.object({
  name: taxonomyName('tag'),
  category: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: 'Choose the category.' }).min(1, 'Choose the category.')),
});
export const TagRenameSchema = z.object({ name: taxonomyName('tag') });
export const StoneBodySchema = z.object({ name: taxonomyName('stone') });
export const SynonymBodySchema = z.object({
  terms: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[,\n]/)
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean)
        : Array.isArray(v)
          ? v.map((s) => (typeof s === 'string' ? s.trim().toLowerCase() : s)).filter(Boolean)
          : v,
    z
      .array(z.string().max(40, 'Each term is at most 40 characters.'), { error: 'List the terms that mean the same.' })
      .min(2, 'A synonym group has at least two terms.')
      .max(20, 'At most 20 terms in a group.')
      .transform((t) => [...new Set(t)])
      .refine((t) => t.length >= 2, 'A synonym group has at least two different terms.'),
  ),
});
export const TaxonomyIdParamsSchema = z.object({ id: z.coerce.number({ error: 'The id is a number.' }).int().positive().max(2_147_483_647) });

export const TaxonomySchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), queryName: z.string(), slug: z.string(), products: z.number().int() })),
  tags: z.array(
    z.object({ id: z.number().int(), name: z.string(), slug: z.string(), category: z.string(), categoryId: z.number().int(), products: z.number().int() }),
  ),
  stones: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), products: z.number().int() })),
  synonyms: z.array(z.object({ id: z.number().int(), terms: z.array(z.string()) })),
});
export type Taxonomy = z.infer<typeof TaxonomySchema>;
export const TaxonomyItemAnswerSchema = z.object({ id: z.number().int(), message: z.string() });

/** GET /api/admin/products/price-card: today's rates and GST, for the form's live price preview (priceChoice in the browser). */
export const PriceCardSchema = z.object({
  day: z.string(),
  gstPercent: z.number(),
  /** paise per gram keyed 'gold:22', 'platinum:950', 'silver:925'. */
  metal: z.record(z.string(), z.number().int()),
  /** paise per carat keyed by grade. */
  diamond: z.record(z.string(), z.number().int()),
});
export type PriceCard = z.infer<typeof PriceCardSchema>;
