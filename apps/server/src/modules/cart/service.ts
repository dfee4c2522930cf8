import type { CartAdd, CartLine, ProductDetail } from '@milli/contracts/schemas';
import { pictureInColour } from '@milli/contracts';
import type { CartLineOptions, Db } from '@milli/db';
import {
  priceChoice,
  rateLockPlan,
  resolveChoice,
  indianDate,
  pieceFineMg,
  weightOfChoice,
  type FineGoldLine,
  type HeldRateLock,
  type LockableLine,
  type RateLockShare,
} from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import type { ReadCache } from '../../plugins/read-cache.ts';
import type { CatalogService } from '../catalog/service.ts';
import { cartRepository } from './repository.ts';
import { liveRateLocks } from '../rate-locks/service.ts';

const MAX_PER_LINE = 99;

/**
 * The choices a line is sold as (what the shopper picked, completed with the piece's defaults) and today's
 * price for them, with the product page's functions: the cart prices lines with it when they are added and
 * shown, checkout when the order is placed. A choice the piece is not made in, or a missing size, is a 400.
 */
export function priceOptions(product: ProductDetail, asked: CartLineOptions, lock: RateLockShare | null = null) {
  const card = product.pricing;
  const resolved = resolveChoice(card, { ...asked, size: asked.size === undefined ? undefined : String(asked.size) });
  if (!resolved.ok) throw new DomainError(resolved.code, resolved.message);
  const options = resolved.choice as CartLineOptions;
  const breakup = priceChoice(card, { purity: options.purity, diamondQuality: options.diamondQuality, size: options.size, lock });
  if (!breakup) throw new DomainError('NO_RATE', 'Today’s rate for this choice is not published yet. Please try another.');
  return { ...breakup, options };
}

/** A line as a rate lock sees it (issue 42): its metal, its purity as sold, one piece's metal weight, how many. */
export function lockableLine(product: ProductDetail, options: CartLineOptions, quantity: number): LockableLine {
  const card = product.pricing;
  const weightMg = weightOfChoice(card, options.size === undefined ? undefined : String(options.size));
  return { metal: card.metal, purity: weightMg === null ? null : (options.purity ?? card.defaultPurity), weightMg, quantity };
}

/**
 * A priced line as the metal account sees it (issue 42): one piece's fine gold (gold by weight only) and its metal as
 * charged today; the cart shows it and checkout plans the account's grams with it (metalAccountPlan).
 */
export function fineGoldLine(product: ProductDetail, options: CartLineOptions, quantity: number, metalPaisePerPiece: number): FineGoldLine {
  const line = lockableLine(product, options, quantity);
  return { fineMgPerPiece: pieceFineMg(line.metal, line.purity, line.weightMg), metalPaisePerPiece, quantity };
}

/**
 * Lines priced with the shopper's live rate locks (issue 42): each line's choices and price without a lock, then
 * rateLockPlan over them, then the lines a lock covers priced again with their share, by the one price function. The
 * cart shows, and checkout charges, exactly this.
 */
export function priceWithLocks<L extends { product: ProductDetail; options: CartLineOptions; quantity: number }>(
  lines: readonly L[],
  locks: readonly HeldRateLock[],
) {
  const plan = rateLockPlan(
    lines.map((l) => lockableLine(l.product, l.options, l.quantity)),
    locks,
  );
  const priced = lines.map((l, i) => {
    const share = plan.shares[i] ?? null;
    const { options, ...breakup } = priceOptions(l.product, l.options, share);
    return { ...l, options, breakup, share };
  });
  return { priced, plan };
}

/**
 * What the cart needs of the catalogue's service (given by the composition root): what a piece is and costs today,
 * read through the transaction given when the answer must hold until it commits.
 */
export type CartCatalog = Pick<CatalogService, 'detail'>;

/** The customer's stored cart lines as they are (cart repository rows); `db` may be the order's transaction. */
export function storedCartLines(db: Db, customerId: number) {
  return cartRepository(db).lines(customerId);
}
export type StoredCartLine = Awaited<ReturnType<typeof storedCartLines>>[number];

/** Empties the customer's cart, inside the transaction of the order that bought it. */
export function emptyCart(tx: Db, customerId: number): Promise<void> {
  return cartRepository(tx).empty(customerId);
}

const notFound = () => new DomainError('PRODUCT_NOT_FOUND', 'This product does not exist.');
const soldOut = () => new DomainError('OUT_OF_STOCK', 'Sorry, this piece is out of stock.');

export function createCartService(db: Db, catalog: CartCatalog, now: () => Date = () => new Date(), readCache?: ReadCache) {
  const repo = cartRepository(db);
  /** The product as its page shows it today; from the read cache when there is one (never inside a transaction). */
  const productToday = (id: number) => {
    const load = () => catalog.detail(id);
    return readCache ? readCache.get(`detail:${id}:${indianDate(now())}`, load, () => 4096) : load();
  };

  /**
   * The price of a line, computed on the server from today's rates with the product page's function
   * (DECISIONS §6): nothing the client says about money is used.
   */
  async function priceLine(tx: Db | null, productId: number, options: CartLineOptions) {
    const product = tx ? await catalog.detail(productId, tx) : await productToday(productId);
    if (!product) throw notFound();
    // From the cache, stock is only a hint: addWithinStock checks the stock of the moment.
    if (tx && product.product_stock <= 0) throw soldOut();
    const breakup = priceOptions(product, options);
    return {
      product,
      options: breakup.options,
      unitPricePaise: breakup.totalPaise,
      ratePaisePerGram: breakup.ratePaisePerGram,
      rateDate: product.pricing.ratesDate,
      saleId: breakup.saleDiscountPaise > 0 ? (product.pricing.sale?.id ?? null) : null,
      saleDiscountPaise: breakup.saleDiscountPaise,
    };
  }

  /** A guest's line added inside the login transaction: everything read through that transaction. */
  async function addItem(tx: Db, customerId: number, productId: number, quantity: number, options: CartLineOptions) {
    const priced = await priceLine(tx, productId, options);
    const inCart = (await cartRepository(tx).lines(customerId)).filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0);
    if (inCart + quantity > priced.product.product_stock) {
      throw new DomainError('NOT_ENOUGH_STOCK', `Only ${priced.product.product_stock} of this piece in stock.`);
    }
    return cartRepository(tx).addLine(customerId, {
      productId,
      quantity: Math.min(quantity, MAX_PER_LINE),
      options: priced.options,
      unitPricePaise: priced.unitPricePaise,
      ratePaisePerGram: priced.ratePaisePerGram,
      rateDate: priced.rateDate,
      saleId: priced.saleId,
      saleDiscountPaise: priced.saleDiscountPaise,
    });
  }

  return {
    async add(customerId: number, input: CartAdd) {
      const options: CartLineOptions = {
        ...(input.purity !== undefined ? { purity: input.purity } : {}),
        ...(input.size !== undefined ? { size: input.size } : {}),
        ...(input.colour !== undefined ? { colour: input.colour } : {}),
        ...(input.diamond_quality !== undefined ? { diamondQuality: input.diamond_quality } : {}),
      };
      // Priced from the read cache, then one statement checks the pieces already in the cart against the stock and
      // adds the line. The stock shown here is checked again, under lock, when the order is placed.
      const priced = await priceLine(null, input.cart_product_id, options);
      const line = {
        productId: input.cart_product_id,
        quantity: Math.min(input.cart_quantity, MAX_PER_LINE),
        options: priced.options,
        unitPricePaise: priced.unitPricePaise,
        ratePaisePerGram: priced.ratePaisePerGram,
        rateDate: priced.rateDate,
        saleId: priced.saleId,
        saleDiscountPaise: priced.saleDiscountPaise,
      };
      const result = await repo.addWithinStock(customerId, line, input.cart_quantity);
      if (!result.added) {
        if (result.stock === null) throw notFound();
        if (result.stock <= 0) throw soldOut();
        throw new DomainError('NOT_ENOUGH_STOCK', `Only ${result.stock} of this piece in stock.`);
      }
      return { message: 'Added to cart', cartId: result.lineId, cartCount: result.count };
    },

    /**
     * The guest cart at login, each line with the choices the guest made: quantities add up; pieces gone or sold
     * out, or choices the piece is no longer made in, are skipped, never fail the login.
     */
    async mergeGuest(tx: Db, customerId: number, items: { productId: number; quantity: number; options?: CartLineOptions }[]) {
      for (const item of items) {
        try {
          await addItem(tx, customerId, item.productId, item.quantity, item.options ?? {});
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
        }
      }
    },

    /**
     * The lines at today's price (what checkout will charge), with the price frozen when each was added:
     * when the two differ (the gold rate moved) the cart shows the new price with a note.
     */
    async lines(customerId: number): Promise<CartLine[]> {
      const [rows, locks] = await Promise.all([repo.lines(customerId), liveRateLocks(db, customerId, now())]);
      const details = new Map(await Promise.all([...new Set(rows.map((r) => r.productId))].map(async (id) => [id, await productToday(id)] as const)));
      // Issue 42: the lines the shopper's live rate locks cover, planned as checkout plans them (lines it cannot price are left out).
      const lockable = rows.flatMap((r) => {
        const product = details.get(r.productId);
        if (!product || locks.length === 0) return [];
        try {
          return [{ cartId: r.cartId, product, options: priceOptions(product, r.options).options, quantity: r.quantity }];
        } catch (error) {
          if (error instanceof DomainError) return [];
          throw error;
        }
      });
      const withLocks = new Map(priceWithLocks(lockable, locks).priced.map((p, i) => [lockable[i]!.cartId, p] as const));
      return rows.map((r) => {
        const product = details.get(r.productId);
        let today = r.unitPricePaise;
        let sale: { beforePaise: number; percentOff: number } | null = null;
        let rateLock: CartLine['rate_lock'] = null;
        let fine: FineGoldLine | null = null;
        try {
          if (product) {
            const locked = withLocks.get(r.cartId);
            const plain = locked ? null : priceOptions(product, r.options);
            const breakup = locked?.breakup ?? plain!;
            today = breakup.totalPaise;
            fine = fineGoldLine(product, locked?.options ?? plain!.options, r.quantity, breakup.metalPaise);
            if (breakup.saleDiscountPaise > 0) sale = { beforePaise: breakup.beforePaise, percentOff: breakup.salePercentOff };
            if (locked?.share && breakup.lockedRatePaisePerGram !== null && breakup.ratePaisePerGram !== null)
              rateLock = {
                lockedWeightMg: breakup.lockedWeightMg,
                lockedRatePaisePerGram: breakup.lockedRatePaisePerGram,
                dayRatePaisePerGram: breakup.ratePaisePerGram,
                advancePaise: locked.share.advancePaise,
              };
          }
        } catch (error) {
          // No rate today for this choice: the frozen price stands, and checkout will say why it cannot charge it.
          if (!(error instanceof DomainError)) throw error;
        }
        return {
          cartId: r.cartId,
          product_id: r.productId,
          productId: r.productId,
          quantity: r.quantity,
          product_name: r.name,
          // The piece in the gold colour chosen, where it is drawn in each.
          product_parent_image: pictureInColour(r.image, r.options.colour),
          product_price: today / 100,
          product_price_paise: today,
          product_offer_price: today / 100,
          added_price_paise: r.unitPricePaise,
          product_price_before_paise: sale?.beforePaise ?? null,
          product_discount_percent: sale?.percentOff ?? null,
          product_stock: r.stock,
          product_stock_status: r.stock > 0 ? 'In Stock' : 'Out of Stock',
          options: { ...r.options, ...(r.options.size !== undefined ? { size: String(r.options.size) } : {}) },
          rate_lock: rateLock,
          fine_gold_mg: fine?.fineMgPerPiece ?? null,
          metal_paise: fine && fine.fineMgPerPiece !== null ? fine.metalPaisePerPiece : null,
        };
      });
    },

    /** New quantities (0 removes the line); more of a piece than is in stock is refused, naming it. */
    async update(customerId: number, changes: { cartId: number; quantity: number }[]) {
      await db.transaction(async (tx) => {
        const t = cartRepository(tx);
        const current = await t.lines(customerId);
        const wanted = new Map(current.map((l) => [l.cartId, l.quantity]));
        for (const c of changes) if (wanted.has(c.cartId)) wanted.set(c.cartId, c.quantity);
        const perProduct = new Map<number, number>();
        for (const l of current) perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + wanted.get(l.cartId)!);
        for (const l of current) {
          const grew = changes.some((c) => c.cartId === l.cartId && c.quantity > l.quantity);
          if (grew && perProduct.get(l.productId)! > l.stock) {
            throw new DomainError('NOT_ENOUGH_STOCK', l.stock > 0 ? `Only ${l.stock} of ${l.name} in stock.` : `Sorry, ${l.name} is out of stock.`);
          }
        }
        for (const c of changes) await t.setQuantity(customerId, c.cartId, c.quantity);
      });
      return { message: 'Cart updated', cartCount: await repo.count(customerId) };
    },

    async remove(customerId: number, id: number) {
      const removed = (await repo.deleteLine(customerId, id)) || (await repo.deleteProduct(customerId, id));
      if (!removed) throw new DomainError('CART_LINE_NOT_FOUND', 'This item is no longer in your cart.');
      return { message: 'Removed from cart', cartCount: await repo.count(customerId) };
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
