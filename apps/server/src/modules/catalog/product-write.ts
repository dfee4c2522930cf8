/**
 * The product write core of the back office (issue 17): one way to create or change products, used by the
 * product form, PATCH, bulk actions and the CSV import alike.
 *
 * - `validateProductRows(rows, lookups)` checks rows (JSON objects or parsed CSV records, named as the product
 *   form) without writing: every row's field messages, including categories, tags and stones the store does
 *   not have (never created silently) and SKUs given twice.
 * - `checkProductRows(db, rows)` adds what only the database knows (web addresses taken, SKUs of other pieces).
 * - `writeProducts(tx, inputs, { actor })` creates or updates by SKU (or by id, for the form) in batches inside
 *   the caller's transaction, rewrites tags, stones and search words, reprices with the one price function and
 *   records one audit entry per product.
 */
import { z } from 'zod';
import { artMetalFor, artPath, artVariant, COLLECTION_ART, productSearchText, type Db } from '@milli/db';
import { parseProductForm, ProductFieldsSchema, toCents, toMilligrams, type FieldProblems, type ProductForm } from '@milli/contracts/schemas';
import { carriesHuid } from '@milli/contracts';
import { countryByName } from '@milli/contracts/countries';
import { indianDate, paiseToRupees, rupeesToPaise } from '@milli/pricing';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import type { CatalogService } from './service.ts';
import { DomainError } from '../../domain-error.ts';
import { createCatalogRepository, type NewProductRow, type ProductLookups, type StoredProduct } from './repository.ts';

export type { ProductLookups } from './repository.ts';

/** A row that passed: the form, and the ids its names resolved to. */
export interface ResolvedProduct {
  form: ProductForm;
  /** When set, the product to change (its SKU may change too); otherwise create or update by SKU. */
  id?: number;
  categoryId: number;
  categoryName: string;
  categoryQueryName: string;
  tagIds: number[];
  stoneIds: number[];
}

/** One row's problems: its index in the input (0-based), its SKU when readable, and a message per field. */
export interface RowProblem {
  row: number;
  sku: string | null;
  fields: FieldProblems;
}

export interface ValidatedRows {
  valid: ResolvedProduct[];
  problems: RowProblem[];
}

/** Input of validation: a raw row, optionally with the id of the product it changes. */
export type ProductRowInput = Record<string, unknown> | { id: number; values: Record<string, unknown> };

export async function loadProductLookups(db: Db): Promise<ProductLookups> {
  return createCatalogRepository(db).lookups();
}

function isTargeted(input: ProductRowInput): input is { id: number; values: Record<string, unknown> } {
  return typeof (input as { id?: unknown }).id === 'number' && typeof (input as { values?: unknown }).values === 'object';
}

/** Resolves the category, tags and stones of a checked form; adds field messages for unknown names. */
export function resolveNames(
  form: Pick<ProductForm, 'category' | 'tags' | 'stones'>,
  lookups: ProductLookups,
  problems: FieldProblems,
): Omit<ResolvedProduct, 'form' | 'id'> | null {
  const category = lookups.categories.get(form.category.toLowerCase());
  if (!category) {
    problems.category = `There is no category called "${form.category}": add it under taxonomy first.`;
    return null;
  }
  form.category = category.name;
  const tagIds: number[] = [];
  const tagNames: string[] = [];
  const unknownTags: string[] = [];
  for (const name of form.tags) {
    const tag = category.tags.get(name.toLowerCase());
    if (tag) {
      if (!tagIds.includes(tag.id)) {
        tagIds.push(tag.id);
        tagNames.push(tag.name);
      }
    } else unknownTags.push(name);
  }
  if (unknownTags.length > 0) problems.tags = `${category.name} has no tag ${unknownTags.map((t) => `"${t}"`).join(', ')}: add it under taxonomy first.`;
  const stoneIds: number[] = [];
  const stoneNames: string[] = [];
  const unknownStones: string[] = [];
  for (const name of form.stones) {
    const stone = lookups.stones.get(name.toLowerCase());
    if (stone) {
      if (!stoneIds.includes(stone.id)) {
        stoneIds.push(stone.id);
        stoneNames.push(stone.name);
      }
    } else unknownStones.push(name);
  }
  if (unknownStones.length > 0) problems.stones = `There is no stone ${unknownStones.map((s) => `"${s}"`).join(', ')}: add it under taxonomy first.`;
  if (unknownTags.length > 0 || unknownStones.length > 0) return null;
  form.tags = tagNames;
  form.stones = stoneNames;
  return { categoryId: category.id, categoryName: category.name, categoryQueryName: category.queryName, tagIds, stoneIds };
}

/** The named fields alone (category, tags, stones), read from a row whose other fields may be wrong. */
const { category, tags, stones } = ProductFieldsSchema.shape;
const NAME_FIELDS = z
  .object({ category, tags, stones })
  .partial()
  .transform((v) => ({
    category: v.category ?? '',
    tags: v.tags ?? [],
    stones: v.stones ?? [],
  }));

/**
 * Checks rows without writing: each is a whole product form (a POST body, a CSV record) or `{ id, values }`
 * for a change to a stored product whose form is already merged in `values`. Needs no database.
 */
export function validateProductRows(rows: readonly ProductRowInput[], lookups: ProductLookups): ValidatedRows {
  const valid: ResolvedProduct[] = [];
  const problems: RowProblem[] = [];
  const firstRowOfSku = new Map<string, number>();
  rows.forEach((input, index) => {
    const values = isTargeted(input) ? input.values : input;
    const parsed = parseProductForm(values);
    if (!parsed.ok) {
      // Still say which names are unknown, so one pass lists every problem of the row (issue 39).
      const sku = typeof values.sku === 'string' ? values.sku.trim().toUpperCase() : null;
      const fields = { ...parsed.problems };
      const names = NAME_FIELDS.safeParse(values);
      if (names.success && !fields.category) {
        const unknown: FieldProblems = {};
        resolveNames(names.data, lookups, unknown);
        for (const [field, message] of Object.entries(unknown)) fields[field as keyof FieldProblems] ??= message;
      }
      problems.push({ row: index, sku, fields });
      return;
    }
    const fields: FieldProblems = {};
    const form = parsed.form;
    const seen = firstRowOfSku.get(form.sku);
    if (seen !== undefined) fields.sku = `SKU ${form.sku} is also in row ${seen + 1}.`;
    else firstRowOfSku.set(form.sku, index);
    // Issue 38: a country of the list (the back office's select), kept in the list's own spelling.
    const country = countryByName(form.countryOfOrigin);
    if (country) form.countryOfOrigin = country.name;
    else fields.countryOfOrigin = `There is no country called "${form.countryOfOrigin}": choose the country of origin from the list.`;
    const names = resolveNames(form, lookups, fields);
    if (!names || Object.keys(fields).length > 0) {
      problems.push({ row: index, sku: form.sku, fields });
      return;
    }
    valid.push({ form, ...names, ...(isTargeted(input) ? { id: input.id } : {}) });
  });
  return { valid, problems };
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120)
    .replace(/-$/, '');
}

interface Plan {
  /** Slug each valid row is written with. */
  slugs: string[];
  /** The stored product each row changes (by id or SKU), if any. */
  stored: (StoredProduct | undefined)[];
  problems: RowProblem[];
}

/** What only the database knows: the stored pieces the rows change, web addresses and SKUs in use. */
async function plan(db: Db, valid: readonly ResolvedProduct[]): Promise<Plan> {
  const repo = createCatalogRepository(db);
  const byId = new Map((await repo.storedByIds(valid.filter((v) => v.id !== undefined).map((v) => v.id!))).map((s) => [s.row.id, s]));
  const bySku = new Map((await repo.storedBySkus(valid.map((v) => v.form.sku))).map((s) => [s.row.sku, s]));
  const problems: RowProblem[] = [];
  const stored = valid.map((v) => (v.id !== undefined ? byId.get(v.id) : bySku.get(v.form.sku)));

  valid.forEach((v, i) => {
    if (v.id === undefined) return;
    const owner = bySku.get(v.form.sku);
    if (!stored[i]) problems.push({ row: i, sku: v.form.sku, fields: { form: 'This product no longer exists.' } });
    else if (owner && owner.row.id !== v.id) problems.push({ row: i, sku: v.form.sku, fields: { sku: `SKU ${v.form.sku} belongs to ${owner.row.name}.` } });
  });

  const bases = valid.map((v, i) => v.form.slug ?? stored[i]?.row.slug ?? (slugify(v.form.name) || 'piece'));
  const taken = await repo.slugsLike(bases.map((b) => b.replace(/-[0-9]+$/, '')).concat(bases));
  const slugs: string[] = [];
  const usedInBatch = new Set<string>();
  valid.forEach((v, i) => {
    const own = stored[i]?.row.id;
    const base = bases[i]!;
    const free = (slug: string) => !usedInBatch.has(slug) && (taken.get(slug) === undefined || taken.get(slug) === own);
    let slug = base;
    if (!free(slug)) {
      if (v.form.slug !== null && v.form.slug !== stored[i]?.row.slug) {
        problems.push({ row: i, sku: v.form.sku, fields: { slug: `The web address ${v.form.slug} is another product's: change it or leave it empty.` } });
      } else {
        let n = 2;
        while (!free(`${base}-${n}`)) n += 1;
        slug = `${base}-${n}`;
      }
    }
    usedInBatch.add(slug);
    slugs.push(slug);
  });
  return { slugs, stored, problems };
}

/**
 * The dry run: every row's problems, the database's included, without writing. Row numbers are input indexes.
 */
export async function checkProductRows(db: Db, rows: readonly ProductRowInput[], lookups?: ProductLookups): Promise<ValidatedRows> {
  const checked = validateProductRows(rows, lookups ?? (await loadProductLookups(db)));
  const indexOf = validIndexes(rows.length, checked.problems);
  const found = await plan(db, checked.valid);
  const problems = [...checked.problems, ...found.problems.map((p) => ({ ...p, row: indexOf[p.row]! }))].sort((a, b) => a.row - b.row);
  const bad = new Set(found.problems.map((p) => p.row));
  return { valid: checked.valid.filter((_, i) => !bad.has(i)), problems };
}

/** Input index of each valid row, given the rows that had problems. */
function validIndexes(count: number, problems: readonly RowProblem[]): number[] {
  const bad = new Set(problems.map((p) => p.row));
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) if (!bad.has(i)) out.push(i);
  return out;
}

/** The drawing a new piece shows until its photos are uploaded: its category's, in its own metal. */
function placeholderImage(form: ProductForm): string {
  const ref = COLLECTION_ART[form.category] ?? { kind: 'ring' as const, metal: 'yellow-gold' as const, variant: artVariant('diamond', 0) };
  return artPath(ref.kind, artMetalFor(form.metal, form.metalColour), ref.variant);
}

/** The table's row of a form (prices of weighed pieces are filled in by reprice afterwards). */
function rowOf(v: ResolvedProduct, slug: string, stored: StoredProduct | undefined, day: string): NewProductRow {
  const f = v.form;
  const weighed = f.metalWeightG !== null;
  const kind = f.makingChargeKind;
  const making = f.makingCharge ?? 0;
  return {
    sku: f.sku,
    name: f.name,
    slug,
    description: f.description,
    material: f.material,
    metal: f.metal,
    categoryId: v.categoryId,
    metalColour: f.metalColour,
    purity: f.purity,
    metalWeightMg: weighed ? toMilligrams(f.metalWeightG!) : null,
    fixedPricePaise: f.fixedPrice === null ? null : rupeesToPaise(f.fixedPrice),
    // Percent and per-gram making is worked out by reprice; a fixed sum is what was typed.
    makingChargePaise: kind === 'fixed' ? rupeesToPaise(making) : (stored?.row.makingChargePaise ?? 0),
    makingChargeKind: kind,
    // Paise per gram, or hundredths of a percent (12.5 → 1250).
    makingChargeRate: kind === 'fixed' ? null : kind === 'per_gram' ? rupeesToPaise(making) : Math.round(making * 100),
    hallmarked: f.hallmarked,
    diamondWeightCents: toCents(f.diamondWeightCt ?? 0),
    diamondCount: f.diamondCount ?? 0,
    diamondQuality: f.diamondQuality,
    stoneValuePaise: rupeesToPaise(f.stoneValue ?? 0),
    stoneWeightCents: toCents(f.stoneWeightCt ?? 0),
    colour: f.colour,
    purities: f.purities,
    metalColours: f.metalColours,
    diamondQualities: f.diamondQualities,
    sizeKind: f.sizeKind,
    sizes: f.sizes,
    sizeWeightsMg: weighed && f.sizeKind === 'length' ? f.sizeWeightsG.map(toMilligrams) : [],
    countryOfOrigin: f.countryOfOrigin,
    stock: f.stock,
    featuredRank: f.featuredRank,
    image: stored?.row.image ?? placeholderImage(f),
    gender: f.gender,
    occasion: f.occasion,
    giftOccasions: f.giftOccasions,
    giftRecipients: f.giftRecipients,
    listPricePaise: weighed ? (stored?.row.listPricePaise ?? 0) : rupeesToPaise(f.fixedPrice!),
    listPriceDate: weighed ? (stored?.row.listPriceDate ?? day) : day,
    active: f.active,
    searchText: productSearchText({
      category: v.categoryName,
      categoryQueryName: v.categoryQueryName,
      tags: f.tags,
      stones: f.stones,
      metal: f.metal,
      metalColour: f.metalColour,
      colour: f.colour,
      occasion: f.occasion,
      gender: f.gender,
      purity: f.purity,
    }),
  };
}

/** A stored product as the form states it (what GET answers, PATCH merges into and the audit log records). */
export function formOf(s: StoredProduct): ProductForm {
  const r = s.row;
  const kind = r.makingChargeKind;
  return {
    sku: r.sku,
    name: r.name,
    slug: r.slug,
    description: r.description,
    category: s.category,
    tags: s.tags,
    stones: s.stones,
    material: r.material,
    metal: r.metal,
    purity: r.purity,
    purities: r.purities,
    metalColour: r.metalColour,
    metalColours: r.metalColours,
    metalWeightG: r.metalWeightMg === null ? null : r.metalWeightMg / 1000,
    fixedPrice: r.fixedPricePaise === null ? null : paiseToRupees(r.fixedPricePaise),
    makingChargeKind: kind,
    makingCharge:
      kind === 'fixed'
        ? r.fixedPricePaise !== null && r.makingChargePaise === 0
          ? null
          : paiseToRupees(r.makingChargePaise)
        : kind === 'per_gram'
          ? paiseToRupees(r.makingChargeRate ?? 0)
          : (r.makingChargeRate ?? 0) / 100,
    diamondWeightCt: r.diamondWeightCents === 0 ? null : r.diamondWeightCents / 100,
    diamondCount: r.diamondCount === 0 ? null : r.diamondCount,
    diamondQuality: r.diamondQuality,
    diamondQualities: r.diamondQualities,
    stoneValue: r.stoneValuePaise === 0 ? null : paiseToRupees(r.stoneValuePaise),
    stoneWeightCt: r.stoneWeightCents === 0 ? null : r.stoneWeightCents / 100,
    colour: r.colour,
    sizeKind: r.sizeKind,
    sizes: r.sizes,
    sizeWeightsG: r.sizeWeightsMg.map((mg) => mg / 1000),
    hallmarked: carriesHuid(r),
    countryOfOrigin: r.countryOfOrigin,
    stock: r.stock,
    occasion: r.occasion,
    giftOccasions: r.giftOccasions as ProductForm['giftOccasions'],
    giftRecipients: r.giftRecipients as ProductForm['giftRecipients'],
    gender: r.gender,
    featuredRank: r.featuredRank,
    active: r.active,
  };
}

export interface WriteOptions {
  actor: AuditActor;
  /** Audit action per row: 'product.create' / 'product.update' unless given (e.g. 'product.import'). */
  action?: { create: string; update: string };
  /** The catalogue's service (the composition root's one): reprices the weighed pieces written, in the same transaction. */
  catalog: Pick<CatalogService, 'reprice'>;
  now?: () => Date;
}

export interface WriteResult {
  /** Per input row (same order): the product's id and whether it was created. */
  rows: { id: number; sku: string; created: boolean }[];
  created: number;
  updated: number;
}

/**
 * Creates or updates products in the caller's transaction. Rows are valid (from validateProductRows or
 * checkProductRows); what only the database can refuse (a web address or SKU in use) is thrown as
 * DomainError INVALID_REQUEST (one row) or IMPORT_INVALID (several) with the problems, rolling back.
 */
export async function writeProducts(tx: Db, inputs: readonly ResolvedProduct[], options: WriteOptions): Promise<WriteResult> {
  if (inputs.length === 0) return { rows: [], created: 0, updated: 0 };
  const repo = createCatalogRepository(tx);
  const now = options.now ?? (() => new Date());
  const found = await plan(tx, inputs);
  if (found.problems.length > 0) throw problemsError(found.problems, inputs.length);
  const day = indianDate(now());

  // A product changed by id whose SKU changes gets its new SKU first, so the upsert by SKU finds it.
  for (let i = 0; i < inputs.length; i += 1) {
    const s = found.stored[i];
    if (s && s.row.sku !== inputs[i]!.form.sku) await repo.setSku(s.row.id, inputs[i]!.form.sku);
  }
  const rows = inputs.map((v, i) => rowOf(v, found.slugs[i]!, found.stored[i], day));
  const idOfSku = await repo.upsert(rows);
  const ids = inputs.map((v) => idOfSku.get(v.form.sku)!);
  await repo.replaceLinks(
    ids,
    inputs.flatMap((v, i) => v.tagIds.map((tagId) => ({ productId: ids[i]!, tagId }))),
    inputs.flatMap((v, i) => v.stoneIds.map((otherStoneId) => ({ productId: ids[i]!, otherStoneId }))),
  );
  await options.catalog.reprice(
    ids.filter((_, i) => inputs[i]!.form.metalWeightG !== null),
    tx,
  );

  const action = options.action ?? { create: 'product.create', update: 'product.update' };
  const entries = inputs.map((v, i) => {
    const before = found.stored[i] ? formOf(found.stored[i]!) : null;
    return {
      action: before ? action.update : action.create,
      entity: 'product',
      entityId: ids[i]!,
      before,
      after: { ...v.form, slug: found.slugs[i]! },
    };
  });
  for (let i = 0; i < entries.length; i += 1000) await recordAudit(tx, options.actor, ...entries.slice(i, i + 1000));

  const result = inputs.map((v, i) => ({ id: ids[i]!, sku: v.form.sku, created: !found.stored[i] }));
  const created = result.filter((r) => r.created).length;
  return { rows: result, created, updated: result.length - created };
}

/** The problems of a write as one error: field messages of the row for one product, every row's for a batch. */
export function problemsError(problems: readonly RowProblem[], rowCount: number): DomainError {
  if (rowCount === 1 && problems.length === 1) {
    const fields = problems[0]!.fields as Record<string, string>;
    return new DomainError('INVALID_REQUEST', Object.values(fields)[0] ?? 'Please check the form.', fields);
  }
  const fields: Record<string, string> = {};
  for (const p of problems) for (const [field, message] of Object.entries(p.fields)) fields[`rows.${p.row}.${field}`] = message!;
  return new DomainError('IMPORT_INVALID', `${problems.length} row${problems.length === 1 ? ' has' : 's have'} problems: nothing was written.`, fields);
}

/** Reads stored products as forms (for GET, PATCH, duplicate and the CSV export). */
export async function readProducts(db: Db, ids: readonly number[]): Promise<StoredProduct[]> {
  return createCatalogRepository(db).storedByIds(ids);
}

/** Reads stored products by SKU, as forms. */
export async function readProductsBySku(db: Db, skus: readonly string[]): Promise<StoredProduct[]> {
  return createCatalogRepository(db).storedBySkus(skus);
}

/**
 * Validates and writes in one call (the form's POST and PATCH): throws the row's field messages, else writes.
 */
export async function saveProducts(tx: Db, rows: readonly ProductRowInput[], options: WriteOptions): Promise<WriteResult> {
  const checked = validateProductRows(rows, await loadProductLookups(tx));
  if (checked.problems.length > 0) throw problemsError(checked.problems, rows.length);
  return writeProducts(tx, checked.valid, options);
}
