/**
 * The catalogue desk (issue 17): the product list, form, duplicate, archive and bulk changes, the pictures, the
 * taxonomy and the day's rates. Every write runs in one transaction with its audit entries.
 */
import { artMetalFor, artPath, artVariant, COLLECTION_ART, productSearchText, type Db, type schema } from '@milli/db';
import {
  toAdminPage,
  ProductPatchSchema,
  fieldProblemsOf,
  mergeProductChange,
  RATE_JUMP_LIMIT,
  PURITY_ORDER,
  rateBandOf,
  RATE_KEYS,
  RATE_LABELS,
  RATE_MAX_PAISE,
  isRateKey,
  type AdminListPage,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductRow,
  type PriceCard,
  type ProductImage,
  type ProductVideo,
  type RateEntry,
  type RateKey,
  type RateRow,
  type RatesAnswer,
  type RateSample,
  type RatesUpdate,
  type RatesUpdateAnswer,
  type Taxonomy,
} from '@milli/contracts/schemas';
import {
  CATALOGUE_IMAGE_WIDTHS,
  CATALOGUE_MAIN_WIDTH,
  CATALOGUE_MEDIA_PREFIX,
  MAX_PRODUCT_VIDEO_BYTES,
  PRODUCT_VIEWS,
  type ProductView,
} from '@milli/contracts';
import { formatRupees, indianDate } from '@milli/pricing';
import type { FileStore } from '../../lib/storage.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { formOf, loadProductLookups, readProducts, readProductsBySku, saveProducts } from './product-write.ts';
import { createCatalogRepository, type DatedRate, type ImageRow } from './repository.ts';
import type { CatalogService } from './service.ts';
import { imageName, ImageRefused, processProductImage, type ProcessedProductImage } from './images.ts';
import { checkVideo, VideoRefused } from './video.ts';
import { spinOut } from './spin.ts';

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function imageOut(r: ImageRow): ProductImage {
  return {
    id: r.id,
    position: r.position,
    path: r.path,
    alt: r.alt,
    width: r.width,
    height: r.height,
    variants: r.variants,
    view: (PRODUCT_VIEWS as readonly (string | null)[]).includes(r.view) ? (r.view as ProductView) : null,
  };
}

function videoOut(v: schema.ProductVideo | null): ProductVideo | null {
  if (!v) return null;
  return { path: v.path, contentType: v.contentType === 'video/webm' ? 'video/webm' : 'video/mp4', bytes: v.bytes, posterPath: v.posterPath };
}

/** Every stored file of a film: the film and each rendition of its poster. */
function videoKeys(v: schema.ProductVideo): string[] {
  const keys = [keyOf(v.path)];
  const poster = v.posterPath ? /^(.*)-[0-9]+\.webp$/.exec(v.posterPath) : null;
  if (poster) for (const w of CATALOGUE_IMAGE_WIDTHS) for (const f of ['avif', 'webp']) keys.push(keyOf(`${poster[1]}-${w}.${f}`));
  return keys.filter((k): k is string => k !== null);
}

/** The key in the file store of a path under /media/catalogue/. */
const keyOf = (path: string) => (path.startsWith(CATALOGUE_MEDIA_PREFIX) ? path.slice(CATALOGUE_MEDIA_PREFIX.length) : null);

/**
 * `catalog` is the composition root's catalogue service: it reprices the products the desk writes, and brings a piece's
 * shown price up to the sales it joins or leaves, in their transaction.
 */
export function createCatalogDesk(db: Db, files: FileStore, catalog: Pick<CatalogService, 'reprice' | 'applySales'>) {
  const list = createCatalogRepository(db);

  async function detail(id: number, tx: Db = db): Promise<AdminProduct> {
    const [stored] = await readProducts(tx, [id]);
    if (!stored) throw new DomainError('NOT_FOUND', 'There is no such product.');
    const repo = createCatalogRepository(tx);
    const images = await repo.images(id);
    const sales = await repo.salesFor(id, indianDate(new Date()));
    const r = stored.row;
    return {
      id: r.id,
      form: formOf(stored),
      image: r.image,
      listPricePaise: r.listPricePaise,
      listPriceDate: r.listPriceDate,
      makingChargePaise: r.makingChargePaise,
      updatedAt: r.updatedAt.toISOString(),
      images: images.map(imageOut),
      video: videoOut(await repo.video(id)),
      spin: spinOut(await repo.spin(id)),
      sales: sales.map((s) => ({ ...s, member: Boolean(s.member) })),
    };
  }

  /** The product's main picture follows its first upload; without uploads, its drawing. */
  async function syncMainImage(tx: Db, productId: number): Promise<string> {
    const repo = createCatalogRepository(tx);
    const [first] = await repo.images(productId);
    const product = await repo.productForImages(productId);
    if (!product) throw new DomainError('NOT_FOUND', 'There is no such product.');
    let image = first?.path;
    if (!image) {
      if (!product.image.startsWith(CATALOGUE_MEDIA_PREFIX)) return product.image;
      const ref = COLLECTION_ART[product.category] ?? { kind: 'ring' as const, metal: 'yellow-gold' as const, variant: artVariant('diamond', 0) };
      image = artPath(ref.kind, artMetalFor(product.metal, product.metalColour), ref.variant);
    }
    if (image !== product.image) await repo.setMainImage(productId, image);
    return image;
  }

  /**
   * A duplicate gets photos of its own: every rendition copied to the copy's folder under a new name, so removing a
   * photo from one product never takes the other's files with it.
   */
  async function copyPhotos(tx: Db, fromId: number, toId: number): Promise<void> {
    const repo = createCatalogRepository(tx);
    const originals = await repo.images(fromId);
    if (originals.length === 0) return;
    const keyOf = (url: string) => url.slice(CATALOGUE_MEDIA_PREFIX.length);
    const rows: schema.NewProductImage[] = [];
    for (const original of originals) {
      const from = `${CATALOGUE_MEDIA_PREFIX}products/${fromId}/`;
      const to = `${CATALOGUE_MEDIA_PREFIX}products/${toId}/${imageName()}`;
      // '/media/catalogue/products/12/ab12…-640.webp' → '/media/catalogue/products/13/cd34…-640.webp'
      const moved = (url: string) => (url.startsWith(from) ? to + url.slice(from.length).replace(/^[^-]+/, '') : url);
      for (const v of original.variants) {
        const body = await files.get(keyOf(v.path));
        if (body) await files.put(keyOf(moved(v.path)), body, v.format === 'avif' ? 'image/avif' : 'image/webp');
      }
      rows.push({
        productId: toId,
        position: original.position,
        path: moved(original.path),
        thumbPath: original.thumbPath === null ? null : moved(original.thumbPath),
        alt: original.alt,
        width: original.width,
        height: original.height,
        variants: original.variants.map((v) => ({ ...v, path: moved(v.path) })),
      });
    }
    await repo.addImages(rows);
    await syncMainImage(tx, toId);
  }

  return {
    detail,

    async priceCard(now = new Date()): Promise<PriceCard> {
      const day = indianDate(now);
      const card = await list.priceCard(day);
      return {
        day,
        gstPercent: card.gstPercent ?? 3,
        metal: Object.fromEntries(card.metal.map((r) => [`${r.metal}:${r.purity}`, Number(r.paise)])),
        diamond: Object.fromEntries(card.diamond.map((r) => [r.quality, Number(r.paise)])),
      };
    },

    async list(query: AdminProductListQuery): Promise<AdminListPage<AdminProductRow>> {
      const low = await list.lowStockThreshold();
      const { rows, total } = await list.listProducts(query, low);
      return toAdminPage(
        rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
        total,
        query,
      );
    },

    async create(actor: AuditActor, body: Record<string, unknown>): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        const sku = typeof body.sku === 'string' ? body.sku.trim().toUpperCase() : '';
        if (sku && (await readProductsBySkuExists(tx, sku))) {
          throw new DomainError('SKU_TAKEN', `SKU ${sku} is another product's.`, { sku: `SKU ${sku} is another product's: choose another.` });
        }
        const result = await saveProducts(tx, [body], { actor, catalog });
        return detail(result.rows[0]!.id, tx);
      });
    },

    /** Any subset of the form's fields, merged with the stored product and checked whole. */
    async patch(actor: AuditActor, id: number, body: Record<string, unknown>): Promise<AdminProduct> {
      const parsed = ProductPatchSchema.safeParse(body);
      if (!parsed.success) {
        const fields = fieldProblemsOf(parsed.error) as Record<string, string>;
        throw new DomainError('INVALID_REQUEST', Object.values(fields)[0] ?? 'Please check the form.', fields);
      }
      return db.transaction(async (tx) => {
        const [stored] = await readProducts(tx, [id]);
        if (!stored) throw new DomainError('NOT_FOUND', 'There is no such product.');
        const given = Object.fromEntries(Object.entries(body).filter(([k]) => k in parsed.data));
        const values = mergeProductChange(formOf(stored), given);
        // A new metal brings its own default purity unless one was given.
        if ('metal' in given || 'material' in given) {
          if (!('purity' in given)) values.purity = null;
          if (!('metal' in given)) values.metal = null;
        }
        await saveProducts(tx, [{ id, values }], { actor, catalog });
        return detail(id, tx);
      });
    },

    async duplicate(actor: AuditActor, id: number, wanted: { sku?: string | undefined; name?: string | undefined }): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        const [stored] = await readProducts(tx, [id]);
        if (!stored) throw new DomainError('NOT_FOUND', 'There is no such product.');
        let sku = wanted.sku;
        if (sku) {
          if (await readProductsBySkuExists(tx, sku))
            throw new DomainError('SKU_TAKEN', `SKU ${sku} is another product's.`, { sku: `SKU ${sku} is another product's: choose another.` });
        } else {
          const base = stored.row.sku.slice(0, 34);
          for (let n = 1; ; n += 1) {
            const candidate = `${base}-C${n}`;
            if (!(await readProductsBySkuExists(tx, candidate))) {
              sku = candidate;
              break;
            }
          }
        }
        const form = formOf(stored);
        const result = await saveProducts(
          tx,
          [{ ...form, sku, name: wanted.name ?? `${form.name} (copy)`.slice(0, 120), slug: null, active: false, featuredRank: null }],
          {
            actor,
            action: { create: 'product.duplicate', update: 'product.duplicate' },
            catalog,
          },
        );
        const copyId = result.rows[0]!.id;
        await copyPhotos(tx, id, copyId);
        return detail(copyId, tx);
      });
    },

    async setActive(actor: AuditActor, id: number, active: boolean): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        if ((await repo.existingIds([id])).length === 0) throw new DomainError('NOT_FOUND', 'There is no such product.');
        const changed = await repo.setActive([id], active);
        if (changed.length > 0)
          await recordAudit(tx, actor, {
            action: active ? 'product.restore' : 'product.archive',
            entity: 'product',
            entityId: id,
            before: { active: !active },
            after: { active },
          });
        return detail(id, tx);
      });
    },

    async bulk(
      actor: AuditActor,
      input: { ids: number[]; action: 'archive' | 'restore' | 'set-stock' | 'add-tag' | 'remove-tag'; value?: string | undefined },
    ) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const ids = await repo.existingIds([...new Set(input.ids)]);
        if (ids.length === 0) throw new DomainError('NOT_FOUND', 'None of those products exists.');
        if (input.action === 'archive' || input.action === 'restore') {
          const active = input.action === 'restore';
          const changed = await repo.setActive(ids, active);
          await recordAudit(
            tx,
            actor,
            ...changed.map((c) => ({ action: `product.${input.action}`, entity: 'product', entityId: c.id, before: { active: !active }, after: { active } })),
          );
          return { changed: changed.length, message: `${changed.length} product${changed.length === 1 ? '' : 's'} ${active ? 'restored' : 'archived'}.` };
        }
        if (input.action === 'set-stock') {
          const stock = Number(input.value);
          if (input.value === undefined || !Number.isInteger(stock) || stock < 0 || stock > 1_000_000) {
            throw new DomainError('INVALID_REQUEST', 'Stock must be a whole number from 0.', { value: 'Stock must be a whole number from 0.' });
          }
          const before = await readProducts(tx, ids);
          await repo.setStock(ids, stock);
          await recordAudit(
            tx,
            actor,
            ...before.map((b) => ({ action: 'product.stock', entity: 'product', entityId: b.row.id, before: { stock: b.row.stock }, after: { stock } })),
          );
          return { changed: ids.length, message: `Stock set to ${stock} on ${ids.length} product${ids.length === 1 ? '' : 's'}.` };
        }
        const tag = input.value?.trim();
        if (!tag) throw new DomainError('INVALID_REQUEST', 'Name the tag.', { value: 'Name the tag.' });
        const stored = await readProducts(tx, ids);
        const rows = stored
          .map((s) => {
            const form = formOf(s);
            const has = form.tags.some((t) => t.toLowerCase() === tag.toLowerCase());
            if (input.action === 'add-tag' ? has : !has) return null;
            return {
              id: s.row.id,
              values: { ...form, tags: input.action === 'add-tag' ? [...form.tags, tag] : form.tags.filter((t) => t.toLowerCase() !== tag.toLowerCase()) },
            };
          })
          .filter((r): r is NonNullable<typeof r> => r !== null);
        if (rows.length > 0) {
          try {
            await saveProducts(tx, rows, { actor, action: { create: 'product.update', update: `product.${input.action}` }, catalog });
          } catch (error) {
            if (error instanceof DomainError && error.fields && Object.keys(error.fields).some((k) => k.endsWith('tags'))) {
              throw new DomainError('INVALID_REQUEST', `Not every chosen product's category has the tag "${tag}".`, {
                value: `Not every chosen product's category has the tag "${tag}".`,
              });
            }
            throw error;
          }
        }
        return {
          changed: rows.length,
          message: `Tag "${tag}" ${input.action === 'add-tag' ? 'added to' : 'removed from'} ${rows.length} product${rows.length === 1 ? '' : 's'}.`,
        };
      });
    },

    /** Joins the product to these sales (not over yet) and takes it out of the others not over. */
    async setSales(actor: AuditActor, id: number, saleIds: number[]): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        if ((await repo.existingIds([id])).length === 0) throw new DomainError('NOT_FOUND', 'There is no such product.');
        const open = await repo.salesFor(id, indianDate(new Date()));
        const known = new Set(open.map((s) => s.id));
        const unknown = saleIds.filter((s) => !known.has(s));
        if (unknown.length > 0)
          throw new DomainError('INVALID_REQUEST', 'Only sales that are not over can be chosen.', { saleIds: 'Only sales that are not over can be chosen.' });
        const wanted = new Set(saleIds);
        const add = open.filter((s) => wanted.has(s.id) && !s.member).map((s) => s.id);
        const remove = open.filter((s) => !wanted.has(s.id) && s.member).map((s) => s.id);
        await repo.setSales(id, add, remove);
        // The price the listings filter and sort by follows at once (issue 38).
        await catalog.applySales([id], tx);
        if (add.length + remove.length > 0) {
          await recordAudit(tx, actor, {
            action: 'product.sales',
            entity: 'product',
            entityId: id,
            before: open.filter((s) => s.member).map((s) => s.name),
            after: open.filter((s) => wanted.has(s.id)).map((s) => s.name),
          });
        }
        return detail(id, tx);
      });
    },

    // Pictures

    async addImages(
      actor: AuditActor,
      productId: number,
      uploads: { bytes: Buffer; alt?: string; view?: ProductView | null }[],
    ): Promise<{ data: ProductImage[]; image: string }> {
      if (!(await list.productForImages(productId))) throw new DomainError('NOT_FOUND', 'There is no such product.');
      if (uploads.length === 0) throw new DomainError('INVALID_REQUEST', 'Choose at least one photo.', { images: 'Choose at least one photo.' });
      const processed: ProcessedProductImage[] = [];
      for (const [i, u] of uploads.entries()) {
        try {
          processed.push(await processProductImage(u.bytes, uploads.length === 1 ? 'The photo' : `Photo ${i + 1}`));
        } catch (error) {
          if (error instanceof ImageRefused) throw new DomainError('UNSUPPORTED_IMAGE', error.message, { images: error.message });
          throw error;
        }
      }
      // Files first (a failed write leaves only unreferenced files), then the rows in one transaction.
      const stored: { name: string; p: ProcessedProductImage; alt: string; view: ProductView | null }[] = [];
      for (const [i, p] of processed.entries()) {
        const name = imageName();
        for (const r of p.renditions) {
          await files.put(`products/${productId}/${name}-${r.width}.${r.format}`, r.body, r.format === 'avif' ? 'image/avif' : 'image/webp');
        }
        stored.push({ name, p, alt: uploads[i]!.alt?.trim().slice(0, 200) ?? '', view: uploads[i]!.view ?? null });
      }
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const existing = await repo.images(productId);
        let position = existing.reduce((max, r) => Math.max(max, r.position), -1) + 1;
        const url = (name: string, width: number, format: string) => `${CATALOGUE_MEDIA_PREFIX}products/${productId}/${name}-${width}.${format}`;
        const added = await repo.addImages(
          stored.map(({ name, p, alt, view }) => ({
            productId,
            view,
            position: position++,
            path: url(name, CATALOGUE_MAIN_WIDTH, 'webp'),
            thumbPath: url(name, 240, 'webp'),
            alt,
            width: p.width,
            height: p.height,
            variants: p.renditions.map((r) => ({ width: r.width, format: r.format, path: url(name, r.width, r.format) })),
          })),
        );
        const image = await syncMainImage(tx, productId);
        await recordAudit(
          tx,
          actor,
          ...added.map((a) => ({
            action: 'product.image.add',
            entity: 'product',
            entityId: productId,
            before: null,
            after: { imageId: a.id, path: a.path, alt: a.alt, view: a.view },
          })),
        );
        return { data: (await repo.images(productId)).map(imageOut), image };
      });
    },

    async changeImage(
      actor: AuditActor,
      productId: number,
      imageId: number,
      change: { alt?: string | undefined; position?: number | undefined; view?: ProductView | null | undefined },
    ) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const images = await repo.images(productId);
        const found = images.find((i) => i.id === imageId);
        if (!found) throw new DomainError('NOT_FOUND', 'There is no such picture.');
        if (change.position !== undefined) {
          const order = images.filter((i) => i.id !== imageId);
          order.splice(Math.min(change.position, order.length), 0, found);
          for (const [i, img] of order.entries()) if (img.position !== i) await repo.updateImage(img.id, { position: i });
        }
        if (change.alt !== undefined) await repo.updateImage(imageId, { alt: change.alt });
        if (change.view !== undefined) await repo.updateImage(imageId, { view: change.view });
        const image = await syncMainImage(tx, productId);
        await recordAudit(tx, actor, {
          action: 'product.image.update',
          entity: 'product',
          entityId: productId,
          before: { imageId, alt: found.alt, position: found.position, view: found.view },
          after: { imageId, ...change },
        });
        return { data: (await repo.images(productId)).map(imageOut), image };
      });
    },

    async orderImages(actor: AuditActor, productId: number, ids: number[]) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const images = await repo.images(productId);
        const known = new Set(images.map((i) => i.id));
        if (ids.length !== images.length || ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length) {
          throw new DomainError('INVALID_REQUEST', 'Give every picture of the product once, in the new order.', {
            ids: 'Give every picture of the product once, in the new order.',
          });
        }
        for (const [i, id] of ids.entries()) await repo.updateImage(id, { position: i });
        const image = await syncMainImage(tx, productId);
        await recordAudit(tx, actor, { action: 'product.image.order', entity: 'product', entityId: productId, before: images.map((i) => i.id), after: ids });
        return { data: (await repo.images(productId)).map(imageOut), image };
      });
    },

    async deleteImage(actor: AuditActor, productId: number, imageId: number) {
      const result = await db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const found = (await repo.images(productId)).find((i) => i.id === imageId);
        if (!found) throw new DomainError('NOT_FOUND', 'There is no such picture.');
        await repo.deleteImage(imageId);
        const image = await syncMainImage(tx, productId);
        await recordAudit(tx, actor, {
          action: 'product.image.delete',
          entity: 'product',
          entityId: productId,
          before: { imageId, path: found.path, alt: found.alt },
          after: null,
        });
        return { found, data: (await repo.images(productId)).map(imageOut), image };
      });
      // The files go once the row is gone: a page still showing them keeps working until it is reloaded.
      for (const v of result.found.variants) {
        const key = keyOf(v.path);
        if (key) await files.delete(key).catch(() => undefined);
      }
      return { data: result.data, image: result.image };
    },

    // The film (issue 40)

    /**
     * Sets the product's film (replacing any before it): checked by its container, kept as sent, with an uploaded
     * poster re-encoded like any photo, or none (the storefront then shows the first view).
     */
    async setVideo(actor: AuditActor, productId: number, upload: { video: Buffer | null; poster: Buffer | null }): Promise<{ data: ProductVideo | null }> {
      if (!(await list.productForImages(productId))) throw new DomainError('NOT_FOUND', 'There is no such product.');
      const { video, poster } = upload;
      if (!video) throw new DomainError('INVALID_REQUEST', 'Choose a film (MP4 or WebM).', { video: 'Choose a film (MP4 or WebM).' });
      if (video.length > MAX_PRODUCT_VIDEO_BYTES) {
        throw new DomainError('FILE_TOO_LARGE', `The film is larger than ${MAX_PRODUCT_VIDEO_BYTES / 1024 / 1024} MB. Please send a shorter one.`);
      }
      let contentType: ProductVideo['contentType'];
      try {
        contentType = checkVideo(video);
      } catch (error) {
        if (error instanceof VideoRefused) throw new DomainError('UNSUPPORTED_VIDEO', error.message, { video: error.message });
        throw error;
      }
      let processed: ProcessedProductImage | null = null;
      if (poster) {
        try {
          processed = await processProductImage(poster, 'The poster');
        } catch (error) {
          if (error instanceof ImageRefused) throw new DomainError('UNSUPPORTED_IMAGE', error.message, { poster: error.message });
          throw error;
        }
      }
      // Files first (a failed write leaves only unreferenced files), then the row in one transaction.
      const name = imageName();
      const folder = `products/${productId}`;
      await files.put(`${folder}/${name}.${contentType === 'video/webm' ? 'webm' : 'mp4'}`, video, contentType);
      if (processed) {
        for (const r of processed.renditions) {
          await files.put(`${folder}/${name}-${r.width}.${r.format}`, r.body, r.format === 'avif' ? 'image/avif' : 'image/webp');
        }
      }
      const row = {
        productId,
        path: `${CATALOGUE_MEDIA_PREFIX}${folder}/${name}.${contentType === 'video/webm' ? 'webm' : 'mp4'}`,
        contentType,
        bytes: video.length,
        posterPath: processed ? `${CATALOGUE_MEDIA_PREFIX}${folder}/${name}-${CATALOGUE_MAIN_WIDTH}.webp` : null,
      };
      const before = await db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const old = await repo.video(productId);
        await repo.setVideo(row);
        await recordAudit(tx, actor, {
          action: 'product.video.set',
          entity: 'product',
          entityId: productId,
          before: old && { path: old.path, bytes: old.bytes },
          after: { path: row.path, contentType, bytes: row.bytes, poster: row.posterPath },
        });
        return old;
      });
      if (before) for (const key of videoKeys(before)) await files.delete(key).catch(() => undefined);
      return { data: videoOut({ ...row, createdAt: new Date() }) };
    },

    async deleteVideo(actor: AuditActor, productId: number): Promise<{ data: null }> {
      const removed = await db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const old = await repo.video(productId);
        if (!old) throw new DomainError('NOT_FOUND', 'This product has no film.');
        await repo.deleteVideo(productId);
        await recordAudit(tx, actor, {
          action: 'product.video.delete',
          entity: 'product',
          entityId: productId,
          before: { path: old.path, bytes: old.bytes },
          after: null,
        });
        return old;
      });
      for (const key of videoKeys(removed)) await files.delete(key).catch(() => undefined);
      return { data: null };
    },

    // Taxonomy

    async taxonomy(): Promise<Taxonomy> {
      const [categories, tags, stones, synonyms] = [
        await list.categoriesWithUse(),
        await list.tagsWithUse(),
        await list.stonesWithUse(),
        await list.synonyms(),
      ];
      return {
        categories: categories.map(({ sortOrder: _s, ...c }) => c),
        tags: tags.map(({ sortOrder: _s, ...t }) => t),
        stones: stones.map(({ sortOrder: _s, ...s }) => s),
        synonyms,
      };
    },

    async createCategory(actor: AuditActor, input: { name: string; queryName?: string | undefined }) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const slug = slugify(input.name);
        if (!slug) throw new DomainError('INVALID_REQUEST', 'The name needs letters or digits.', { name: 'The name needs letters or digits.' });
        if ((await repo.categoryByName(input.name)) || (input.queryName && (await repo.categoryByName(input.queryName))) || (await repo.categoryBySlug(slug))) {
          throw new DomainError('CONFLICT', `There is already a category called ${input.name}.`, { name: `There is already a category called ${input.name}.` });
        }
        const row = await repo.insertCategory({
          name: input.name,
          queryName: input.queryName ?? input.name,
          slug,
          sortOrder: await repo.nextSort('categories'),
        });
        await recordAudit(tx, actor, { action: 'category.create', entity: 'category', entityId: row.id, before: null, after: row });
        return { id: row.id, message: `Category ${row.name} added.` };
      });
    },

    async renameCategory(actor: AuditActor, id: number, input: { name: string; queryName?: string | undefined }) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const before = await repo.category(id);
        if (!before) throw new DomainError('NOT_FOUND', 'There is no such category.');
        const slug = slugify(input.name);
        if (!slug) throw new DomainError('INVALID_REQUEST', 'The name needs letters or digits.', { name: 'The name needs letters or digits.' });
        if ((await repo.categoryByName(input.name, id)) || (await repo.categoryBySlug(slug, id))) {
          throw new DomainError('CONFLICT', `There is already a category called ${input.name}.`, { name: `There is already a category called ${input.name}.` });
        }
        const queryName = input.queryName ?? (before.queryName === before.name ? input.name : before.queryName);
        const after = await repo.updateCategory(id, { name: input.name, queryName, slug });
        await rewriteSearchTexts(tx, await repo.productIdsUsing('category', id));
        await recordAudit(tx, actor, { action: 'category.rename', entity: 'category', entityId: id, before, after });
        return { id, message: `Category renamed to ${after.name}.` };
      });
    },

    async deleteCategory(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const before = await repo.category(id);
        if (!before) throw new DomainError('NOT_FOUND', 'There is no such category.');
        const using = await repo.productIdsUsing('category', id);
        if (using.length > 0)
          throw new DomainError('IN_USE', `${before.name} has ${using.length} product${using.length === 1 ? '' : 's'}: move or remove them first.`);
        await repo.deleteCategory(id);
        await recordAudit(tx, actor, { action: 'category.delete', entity: 'category', entityId: id, before, after: null });
        return { id, message: `Category ${before.name} removed.` };
      });
    },

    async createTag(actor: AuditActor, input: { name: string; category: string }) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const lookups = await loadProductLookups(tx);
        const category = lookups.categories.get(input.category.toLowerCase());
        if (!category)
          throw new DomainError('INVALID_REQUEST', `There is no category called ${input.category}.`, {
            category: `There is no category called ${input.category}.`,
          });
        if (await repo.tagByName(category.id, input.name)) {
          throw new DomainError('CONFLICT', `${category.name} already has the tag ${input.name}.`, {
            name: `${category.name} already has the tag ${input.name}.`,
          });
        }
        const slug = slugify(input.name);
        if (!slug) throw new DomainError('INVALID_REQUEST', 'The name needs letters or digits.', { name: 'The name needs letters or digits.' });
        const row = await repo.insertTag({ categoryId: category.id, name: input.name, slug, sortOrder: await repo.nextSort('tags', category.id) });
        await recordAudit(tx, actor, { action: 'tag.create', entity: 'tag', entityId: row.id, before: null, after: { ...row, category: category.name } });
        return { id: row.id, message: `Tag ${row.name} added to ${category.name}.` };
      });
    },

    async renameTag(actor: AuditActor, id: number, input: { name: string }) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const before = await repo.tag(id);
        if (!before) throw new DomainError('NOT_FOUND', 'There is no such tag.');
        if (await repo.tagByName(before.categoryId, input.name, id))
          throw new DomainError('CONFLICT', `That category already has the tag ${input.name}.`, { name: `That category already has the tag ${input.name}.` });
        const slug = slugify(input.name);
        if (!slug) throw new DomainError('INVALID_REQUEST', 'The name needs letters or digits.', { name: 'The name needs letters or digits.' });
        const after = await repo.updateTag(id, { name: input.name, slug });
        await rewriteSearchTexts(tx, await repo.productIdsUsing('tag', id));
        await recordAudit(tx, actor, { action: 'tag.rename', entity: 'tag', entityId: id, before, after });
        return { id, message: `Tag renamed to ${after.name}.` };
      });
    },

    async deleteTag(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const before = await repo.tag(id);
        if (!before) throw new DomainError('NOT_FOUND', 'There is no such tag.');
        const using = await repo.productIdsUsing('tag', id);
        if (using.length > 0)
          throw new DomainError(
            'IN_USE',
            `${using.length} product${using.length === 1 ? ' has' : 's have'} the tag ${before.name}: remove it from them first (bulk action "remove tag").`,
          );
        await repo.deleteTag(id);
        await recordAudit(tx, actor, { action: 'tag.delete', entity: 'tag', entityId: id, before, after: null });
        return { id, message: `Tag ${before.name} removed.` };
      });
    },

    async createStone(actor: AuditActor, input: { name: string }) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const slug = slugify(input.name);
        if (!slug) throw new DomainError('INVALID_REQUEST', 'The name needs letters or digits.', { name: 'The name needs letters or digits.' });
        if (await repo.stoneByName(input.name, slug))
          throw new DomainError('CONFLICT', `There is already a stone called ${input.name}.`, { name: `There is already a stone called ${input.name}.` });
        const row = await repo.insertStone({ name: input.name, slug, sortOrder: await repo.nextSort('stones') });
        await recordAudit(tx, actor, { action: 'stone.create', entity: 'other_stone', entityId: row.id, before: null, after: row });
        return { id: row.id, message: `Stone ${row.name} added.` };
      });
    },

    async renameStone(actor: AuditActor, id: number, input: { name: string }) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const before = await repo.stone(id);
        if (!before) throw new DomainError('NOT_FOUND', 'There is no such stone.');
        const slug = slugify(input.name);
        if (!slug) throw new DomainError('INVALID_REQUEST', 'The name needs letters or digits.', { name: 'The name needs letters or digits.' });
        if (await repo.stoneByName(input.name, slug, id))
          throw new DomainError('CONFLICT', `There is already a stone called ${input.name}.`, { name: `There is already a stone called ${input.name}.` });
        const after = await repo.updateStone(id, { name: input.name, slug });
        await rewriteSearchTexts(tx, await repo.productIdsUsing('stone', id));
        await recordAudit(tx, actor, { action: 'stone.rename', entity: 'other_stone', entityId: id, before, after });
        return { id, message: `Stone renamed to ${after.name}.` };
      });
    },

    async deleteStone(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const before = await repo.stone(id);
        if (!before) throw new DomainError('NOT_FOUND', 'There is no such stone.');
        const using = await repo.productIdsUsing('stone', id);
        if (using.length > 0)
          throw new DomainError('IN_USE', `${using.length} product${using.length === 1 ? ' is' : 's are'} set with ${before.name}: change them first.`);
        await repo.deleteStone(id);
        await recordAudit(tx, actor, { action: 'stone.delete', entity: 'other_stone', entityId: id, before, after: null });
        return { id, message: `Stone ${before.name} removed.` };
      });
    },

    async createSynonym(actor: AuditActor, terms: string[]) {
      return db.transaction(async (tx) => {
        const row = await createCatalogRepository(tx).insertSynonym(terms);
        await recordAudit(tx, actor, { action: 'synonym.create', entity: 'search_synonym', entityId: row.id, before: null, after: row });
        return { id: row.id, message: `Synonyms ${terms.join(', ')} added.` };
      });
    },

    async updateSynonym(actor: AuditActor, id: number, terms: string[]) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const before = await repo.synonym(id);
        if (!before) throw new DomainError('NOT_FOUND', 'There is no such synonym group.');
        const after = await repo.updateSynonym(id, terms);
        await recordAudit(tx, actor, { action: 'synonym.update', entity: 'search_synonym', entityId: id, before, after });
        return { id, message: 'Synonyms saved.' };
      });
    },

    async deleteSynonym(actor: AuditActor, id: number) {
      return db.transaction(async (tx) => {
        const repo = createCatalogRepository(tx);
        const before = await repo.synonym(id);
        if (!before) throw new DomainError('NOT_FOUND', 'There is no such synonym group.');
        await repo.deleteSynonym(id);
        await recordAudit(tx, actor, { action: 'synonym.delete', entity: 'search_synonym', entityId: id, before, after: null });
        return { id, message: 'Synonym group removed.' };
      });
    },
  };
}

/** Whether a product has the SKU, which the transaction (about to make a product with it) holds from now on. */
async function readProductsBySkuExists(tx: Db, sku: string): Promise<boolean> {
  const key = sku.trim().toUpperCase();
  await createCatalogRepository(tx).holdSku(key);
  return (await readProductsBySku(tx, [key])).length > 0;
}

/** After a rename, the search words of the products that use the name. */
async function rewriteSearchTexts(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const lookups = await loadProductLookups(tx);
  const byId = new Map([...lookups.categories.values()].map((c) => [c.id, c]));
  const stored = await readProducts(tx, ids);
  await createCatalogRepository(tx).setSearchTexts(
    stored.map((s) => {
      const c = byId.get(s.row.categoryId);
      return {
        id: s.row.id,
        searchText: productSearchText({
          category: s.category,
          categoryQueryName: c?.queryName,
          tags: s.tags,
          stones: s.stones,
          metal: s.row.metal,
          metalColour: s.row.metalColour,
          colour: s.row.colour,
          occasion: s.row.occasion,
          gender: s.row.gender,
          purity: s.row.purity,
        }),
      };
    }),
  );
}

export type CatalogDesk = ReturnType<typeof createCatalogDesk>;

// The day's rates

/** How many days of history the rates screen shows unless asked otherwise. */
export const DEFAULT_HISTORY_DAYS = 90;

const GOLD_PURITIES = [14, 18, 22, 24];
const METAL_PURITY: Record<string, number[]> = { gold: GOLD_PURITIES, platinum: [950], silver: [925] };
const QUALITIES = ['SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF'];

/** The calendar day `n` days before an ISO date. */
export function daysBefore(isoDate: string, n: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

interface CheckedRate {
  key: RateKey;
  paise: number;
  index: number;
}

/**
 * Checks each entry of a PUT: a known metal and purity (or diamond grade), a whole number of paise above 0 and
 * within reason, each rate once. Problems are keyed by the entry's field (`rates.2.purity`).
 */
export function checkRateEntries(entries: readonly RateEntry[]): { rates: CheckedRate[]; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const rates: CheckedRate[] = [];
  const seen = new Map<RateKey, number>();
  entries.forEach((entry, i) => {
    const at = `rates.${i}`;
    let key: string;
    let amount: number | undefined;
    let amountField: string;
    if (entry.metal === 'diamond') {
      amountField = `${at}.paisePerCarat`;
      amount = entry.paisePerCarat;
      if (entry.paisePerGram !== undefined || entry.purity !== undefined)
        fields[`${at}.paisePerGram`] = 'A diamond rate is per carat: give quality and paisePerCarat, not purity or paisePerGram.';
      if (!entry.quality || !QUALITIES.includes(entry.quality)) {
        fields[`${at}.quality`] = `Unknown diamond grade${entry.quality ? ` “${entry.quality}”` : ''}: it must be one of ${QUALITIES.join(', ')}.`;
        return;
      }
      key = `diamond:${entry.quality}`;
    } else if (METAL_PURITY[entry.metal]) {
      amountField = `${at}.paisePerGram`;
      amount = entry.paisePerGram;
      const purities = METAL_PURITY[entry.metal]!;
      if (entry.paisePerCarat !== undefined || entry.quality !== undefined)
        fields[`${at}.paisePerCarat`] = 'A metal rate is per gram: give purity and paisePerGram, not quality or paisePerCarat.';
      if (entry.purity === undefined || !purities.includes(entry.purity)) {
        fields[`${at}.purity`] =
          entry.purity === undefined
            ? `Give the purity of ${entry.metal}: ${purities.join(', ')}.`
            : `Unknown purity ${entry.purity} for ${entry.metal}: it must be ${purities.join(', ')}.`;
        return;
      }
      key = `${entry.metal}:${entry.purity}`;
    } else {
      fields[`${at}.metal`] = `Unknown metal “${entry.metal}”: it must be gold, platinum, silver or diamond.`;
      return;
    }
    if (!isRateKey(key)) return;
    const label = RATE_LABELS[key];
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fields[entry.metal === 'diamond' ? `${at}.quality` : `${at}.purity`] = `${label} is given twice (also rates.${earlier}).`;
      return;
    }
    seen.set(key, i);
    if (amount === undefined) fields[amountField] = `Give the rate of ${label} in paise.`;
    else if (!Number.isInteger(amount)) fields[amountField] = `The rate of ${label} must be a whole number of paise.`;
    else if (amount <= 0) fields[amountField] = `The rate of ${label} must be above 0.`;
    else if (amount > RATE_MAX_PAISE) fields[amountField] = `The rate of ${label} is too high: at most ${formatRupees(RATE_MAX_PAISE)}.`;
    else rates.push({ key, paise: amount, index: i });
  });
  return { rates, fields };
}

/**
 * Issue 39: what no confirmation lets through: a rate outside its band (RATE_BANDS), or gold priced out of its purity
 * order once the typed rates join those in force (22 kt above 24 kt). Messages keyed by the field of the rate typed.
 */
export function rateRefusals(
  rates: readonly { key: RateKey; paise: number; index: number }[],
  inForce: ReadonlyMap<string, { paise: number }>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  const fieldOf = (r: { key: RateKey; index: number }) => `rates.${r.index}.${r.key.startsWith('diamond:') ? 'paisePerCarat' : 'paisePerGram'}`;
  for (const r of rates) {
    const band = rateBandOf(r.key);
    const unit = r.key.startsWith('diamond:') ? 'a carat' : 'a gram';
    if (r.paise < band.floorPaise || r.paise > band.ceilingPaise)
      fields[fieldOf(r)] =
        `${RATE_LABELS[r.key]} at ${formatRupees(r.paise)} ${unit} is outside ${formatRupees(band.floorPaise)} to ${formatRupees(band.ceilingPaise)}: check the digits.`;
  }
  const after = new Map<RateKey, number>();
  for (const key of PURITY_ORDER) {
    const typed = rates.find((r) => r.key === key);
    const paise = typed?.paise ?? inForce.get(key)?.paise;
    if (paise !== undefined) after.set(key, paise);
  }
  for (let i = 0; i < PURITY_ORDER.length - 1; i++) {
    for (let j = i + 1; j < PURITY_ORDER.length; j++) {
      const purer = PURITY_ORDER[i]!;
      const lesser = PURITY_ORDER[j]!;
      const a = after.get(purer);
      const b = after.get(lesser);
      if (a === undefined || b === undefined || a >= b) continue;
      const blame = rates.find((r) => r.key === lesser) ?? rates.find((r) => r.key === purer);
      if (blame && !fields[fieldOf(blame)])
        fields[fieldOf(blame)] = `${RATE_LABELS[lesser]} (${formatRupees(b)}) cannot cost more a gram than ${RATE_LABELS[purer]} (${formatRupees(a)}).`;
    }
  }
  return fields;
}

/**
 * Whether a new rate is a jump to confirm: more than RATE_JUMP_LIMIT away from the rate in force, and from
 * yesterday's (so putting right today's confirmed mistake, back near yesterday's rate, needs no confirmation).
 */
export function isJump(paise: number, inForce: number | undefined, yesterday: number | undefined): boolean {
  const far = (from: number | undefined) => from === undefined || Math.abs(paise - from) / from > RATE_JUMP_LIMIT;
  if (inForce === undefined && yesterday === undefined) return false;
  return far(inForce) && far(yesterday);
}

function percentChange(paise: number, from: number): string {
  const pct = ((paise - from) / from) * 100;
  return `${pct > 0 ? '+' : ''}${pct.toFixed(1)} %`;
}

/**
 * The day's rates (issue 17): what the back office's rates screen reads, and today's rates set in one transaction
 * with the catalogue repriced (by `catalog`, the composition root's catalogue service) and the change audited.
 */
export function createRatesDesk(
  db: Db,
  catalog: Pick<CatalogService, 'detail' | 'reprice'>,
  now: () => Date = () => new Date(),
  /** Issue 42: told the metal rates set, in their transaction (the rate alerts they cross); answers how many it told. */
  afterRatesSet?: (tx: Db, rates: { metal: 'gold' | 'platinum' | 'silver'; purity: number; paise: number }[], at: Date) => Promise<number>,
) {
  const repo = createCatalogRepository(db);

  return {
    async overview(days = DEFAULT_HISTORY_DAYS): Promise<RatesAnswer> {
      const today = indianDate(now());
      const yesterday = daysBefore(today, 1);
      const from = daysBefore(today, days - 1);
      const inForce = new Map((await repo.datedRatesOn(today)).map((r) => [r.key, r]));
      const before = new Map((await repo.datedRatesOn(yesterday)).map((r) => [r.key, r]));
      const history = await repo.ratesBetween(from, today);
      const opening = new Map((await repo.datedRatesOn(daysBefore(from, 1))).map((r) => [r.key, r]));
      const rates: RateRow[] = RATE_KEYS.map((key) => {
        const [metal, grade] = key.split(':') as [RateRow['metal'], string];
        const current = inForce.get(key);
        const prior = before.get(key);
        return {
          key,
          label: RATE_LABELS[key],
          metal,
          purity: metal === 'diamond' ? null : Number(grade),
          quality: metal === 'diamond' ? grade : null,
          unit: metal === 'diamond' ? 'carat' : 'gram',
          today: current?.date === today ? current.paise : null,
          inForce: current ? { paise: current.paise, date: current.date } : null,
          yesterday: prior ? { paise: prior.paise, date: prior.date } : null,
        };
      });
      const series = RATE_KEYS.map((key) => ({
        key,
        before: opening.has(key) ? { paise: opening.get(key)!.paise, date: opening.get(key)!.date } : null,
        points: history.filter((r) => r.key === key).map((r) => ({ paise: r.paise, date: r.date })),
      }));
      return {
        today,
        yesterday,
        todayComplete: rates.every((r) => r.today !== null),
        rates,
        history: { days, from, series },
        samples: await samples(),
      };
    },

    /**
     * Sets today's rates (only those given). Refuses bad entries with a message per field, and changes of more
     * than 20 % unless `confirm` (409 CONFLICT naming them). In one transaction: the rows, the catalogue's list
     * prices (reprice) and the audit record; the caller flushes the read cache after the commit.
     */
    async update(actor: AuditActor, body: RatesUpdate): Promise<RatesUpdateAnswer> {
      const { rates, fields } = checkRateEntries(body.rates);
      if (Object.keys(fields).length > 0) throw new DomainError('INVALID_REQUEST', Object.values(fields).join(' '), fields);
      const today = indianDate(now());
      return db.transaction(async (tx) => {
        const txRepo = createCatalogRepository(tx);
        const inForce = new Map((await txRepo.datedRatesOn(today)).map((r) => [r.key, r]));
        const yesterday = new Map((await txRepo.datedRatesOn(daysBefore(today, 1))).map((r) => [r.key, r]));
        // Issue 39: a floor, a ceiling and the purity order, which no confirmation bypasses.
        const bounds = rateRefusals(rates, inForce);
        if (Object.keys(bounds).length > 0) throw new DomainError('INVALID_REQUEST', Object.values(bounds).join(' '), bounds);
        if (!body.confirm) {
          const jumps: Record<string, string> = {};
          for (const rate of rates) {
            const current = inForce.get(rate.key)?.paise;
            if (!isJump(rate.paise, current, yesterday.get(rate.key)?.paise)) continue;
            const from = current ?? yesterday.get(rate.key)!.paise;
            const field = rate.key.startsWith('diamond:') ? 'paisePerCarat' : 'paisePerGram';
            jumps[`rates.${rate.index}.${field}`] =
              `${RATE_LABELS[rate.key]}: ${formatRupees(from)} → ${formatRupees(rate.paise)} (${percentChange(rate.paise, from)}), more than ${RATE_JUMP_LIMIT * 100} % from the rate in force.`;
          }
          if (Object.keys(jumps).length > 0) {
            throw new DomainError(
              'CONFLICT',
              `Please check: ${Object.values(jumps).join(' ')} Send the same rates with "confirm": true if they are right.`,
              jumps,
            );
          }
        }
        const before: Record<string, DatedRate | null> = {};
        const written: Record<string, number> = {};
        for (const rate of rates) {
          before[rate.key] = inForce.get(rate.key) ?? null;
          written[rate.key] = rate.paise;
          const [metal, grade] = rate.key.split(':') as [string, string];
          if (metal === 'diamond') await txRepo.upsertDiamondRate(today, grade as 'SI-IJ', rate.paise);
          else await txRepo.upsertMetalRate(today, metal as 'gold', Number(grade), rate.paise);
        }
        const repriced = await catalog.reprice(undefined, tx);
        const metalSet = rates
          .filter((r) => !r.key.startsWith('diamond:'))
          .map((r) => {
            const [metal, purity] = r.key.split(':') as ['gold' | 'platinum' | 'silver', string];
            return { metal, purity: Number(purity), paise: r.paise };
          });
        const alertsSent = afterRatesSet && metalSet.length > 0 ? await afterRatesSet(tx, metalSet, now()) : 0;
        await recordAudit(tx, actor, {
          action: 'update',
          entity: 'rates',
          entityId: today,
          before: Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v && { paise: v.paise, date: v.date }])),
          after: { ...written, repriced, ...(alertsSent > 0 ? { alertsSent } : {}) },
        });
        return { date: today, written, repriced };
      });
    },
  };

  /** The typical pieces with what their price is made of, priced at the rates in force. */
  async function samples(): Promise<RateSample[]> {
    const out: RateSample[] = [];
    for (const id of await repo.rateSampleProductIds()) {
      // From the primary: staff look at these right after writing the rates.
      const detail = await catalog.detail(id, db);
      if (!detail) continue;
      const key = `${detail.pricing.metal}:${detail.pricing.defaultPurity}`;
      if (!isRateKey(key)) continue;
      out.push({ id, name: detail.product_name, sku: detail.product_sku, key, pricePaise: detail.product_price_paise, pricing: detail.pricing });
    }
    return out;
  }
}
