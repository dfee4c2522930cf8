/**
 * A 360° turn staff upload (issue 40, decision 066): a sequence of photos of the piece turning, in the order sent.
 * Each frame is read by its bytes like any product photo (images.ts) and stored at the product page's stage widths
 * as WebP; the frames must share one shape, or the piece would jump as it turns. The new frames are written before
 * the row naming them is swapped in, and the old frames' files are removed after, so the shop never shows a turn
 * with missing or mixed frames.
 */
import {
  CATALOGUE_MAIN_WIDTH,
  CATALOGUE_MEDIA_PREFIX,
  CATALOGUE_SPIN_WIDTHS,
  catalogueRendition,
  MAX_SPIN_BYTES,
  MAX_SPIN_FRAME_BYTES,
  MAX_SPIN_FRAMES,
  MIN_SPIN_FRAMES,
} from '@milli/contracts';
import type { ProductSpin } from '@milli/contracts/schemas';
import type { Db, schema } from '@milli/db';
import type { FileStore } from '../../lib/storage.ts';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { createCatalogRepository } from './repository.ts';
import { imageName, ImageRefused, processProductImage, type ProcessedProductImage } from './images.ts';

const MB = 1024 * 1024;
/** Frames whose width-to-height ratios differ by more than this are not one sequence (a rounding pixel is not). */
const ASPECT_TOLERANCE = 0.01;

export const SPIN_RULES = {
  tooFew: `A turn needs at least ${MIN_SPIN_FRAMES} frames: with fewer the piece jumps rather than turns.`,
  tooMany: `Please send at most ${MAX_SPIN_FRAMES} frames (one every 5° is as smooth as a turn can look).`,
  frameTooLarge: `A frame is larger than ${MAX_SPIN_FRAME_BYTES / MB} MB. Please export the frames smaller.`,
  tooLarge: `The frames together are larger than ${MAX_SPIN_BYTES / MB} MB. Please export them smaller.`,
} as const;

export function spinOut(row: Pick<schema.ProductSpin, 'frames' | 'width' | 'height' | 'bytes'> | null): ProductSpin | null {
  return row && { frames: row.frames, width: row.width, height: row.height, bytes: row.bytes };
}

/** Every stored file of a turn: each frame at each of the stage's widths. */
function spinKeys(frames: readonly string[]): string[] {
  return frames.flatMap((frame) => CATALOGUE_SPIN_WIDTHS.map((w) => catalogueRendition(frame, w, 'webp').slice(CATALOGUE_MEDIA_PREFIX.length)));
}

/** The count and sizes a sequence must keep, before a pixel of it is decoded. */
function checkSequence(frames: readonly Buffer[]): void {
  if (frames.length === 0) throw new DomainError('INVALID_REQUEST', 'Choose the frames of the turn.', { frames: 'Choose the frames of the turn.' });
  if (frames.length < MIN_SPIN_FRAMES) {
    const message = `${SPIN_RULES.tooFew} You sent ${frames.length}.`;
    throw new DomainError('SPIN_TOO_FEW_FRAMES', message, { frames: message });
  }
  if (frames.length > MAX_SPIN_FRAMES) throw new DomainError('SPIN_TOO_MANY_FRAMES', SPIN_RULES.tooMany, { frames: SPIN_RULES.tooMany });
  const large = frames.findIndex((f) => f.length > MAX_SPIN_FRAME_BYTES);
  if (large >= 0) {
    const message = `Frame ${large + 1} is larger than ${MAX_SPIN_FRAME_BYTES / MB} MB. Please export the frames smaller.`;
    throw new DomainError('SPIN_FRAME_TOO_LARGE', message, { frames: message });
  }
  if (frames.reduce((sum, f) => sum + f.length, 0) > MAX_SPIN_BYTES)
    throw new DomainError('SPIN_TOO_LARGE', SPIN_RULES.tooLarge, { frames: SPIN_RULES.tooLarge });
}

/** Each frame re-encoded in turn (one of the image slots at a time: a long sequence never holds both). */
async function processFrames(frames: readonly Buffer[]): Promise<ProcessedProductImage[]> {
  const done: ProcessedProductImage[] = [];
  for (const [i, bytes] of frames.entries()) {
    let frame: ProcessedProductImage;
    try {
      frame = await processProductImage(bytes, `Frame ${i + 1}`, { widths: CATALOGUE_SPIN_WIDTHS, formats: ['webp'] });
    } catch (error) {
      if (error instanceof ImageRefused) throw new DomainError('UNSUPPORTED_IMAGE', error.message, { frames: error.message });
      throw error;
    }
    const first = done[0] ?? frame;
    const ratio = frame.width / frame.height;
    const firstRatio = first.width / first.height;
    if (Math.abs(ratio - firstRatio) / firstRatio > ASPECT_TOLERANCE) {
      const message = `Frame ${i + 1} is ${frame.width} × ${frame.height} where frame 1 is ${first.width} × ${first.height}: every frame of a turn has the same shape.`;
      throw new DomainError('SPIN_FRAMES_MISMATCHED', message, { frames: message });
    }
    done.push(frame);
  }
  return done;
}

export function createSpinDesk(db: Db, files: FileStore) {
  const repo = createCatalogRepository(db);
  const remove = async (frames: readonly string[]) => {
    for (const key of spinKeys(frames)) await files.delete(key).catch(() => undefined);
  };

  return {
    /** Sets the product's turn to these frames, in order, replacing any before it. */
    async set(actor: AuditActor, productId: number, frames: readonly Buffer[]): Promise<{ data: ProductSpin | null }> {
      if (!(await repo.productForImages(productId))) throw new DomainError('NOT_FOUND', 'There is no such product.');
      checkSequence(frames);
      const processed = await processFrames(frames);
      // Files first: a failed write leaves no row naming a missing frame (and what it wrote is removed).
      const paths: string[] = [];
      try {
        for (const frame of processed) {
          const name = imageName();
          for (const r of frame.renditions) await files.put(`products/${productId}/${name}-${r.width}.webp`, r.body, 'image/webp');
          paths.push(`${CATALOGUE_MEDIA_PREFIX}products/${productId}/${name}-${CATALOGUE_MAIN_WIDTH}.webp`);
        }
      } catch (error) {
        await remove(paths);
        throw error;
      }
      const [first] = processed;
      const row = { productId, frames: paths, width: first!.width, height: first!.height, bytes: frames.reduce((sum, f) => sum + f.length, 0) };
      const before = await db.transaction(async (tx) => {
        const txRepo = createCatalogRepository(tx);
        const old = await txRepo.spinForChange(productId);
        await txRepo.setSpin(row);
        await recordAudit(tx, actor, {
          action: 'product.spin.set',
          entity: 'product',
          entityId: productId,
          before: old && { frames: old.frames.length, bytes: old.bytes },
          after: { frames: paths.length, bytes: row.bytes, first: paths[0] },
        });
        return old;
      });
      // The old frames go once no row names them: a page still turning them keeps working until it is reloaded.
      if (before) await remove(before.frames);
      return { data: spinOut(row) };
    },

    /** Removes the uploaded turn: the piece turns in its drawings again if it has any, else not at all. */
    async remove(actor: AuditActor, productId: number): Promise<{ data: null }> {
      const removed = await db.transaction(async (tx) => {
        const txRepo = createCatalogRepository(tx);
        const old = await txRepo.spinForChange(productId);
        if (!old) throw new DomainError('NOT_FOUND', 'This product has no uploaded turn.');
        await txRepo.deleteSpin(productId);
        await recordAudit(tx, actor, {
          action: 'product.spin.delete',
          entity: 'product',
          entityId: productId,
          before: { frames: old.frames.length, bytes: old.bytes },
          after: null,
        });
        return old;
      });
      await remove(removed.frames);
      return { data: null };
    },
  };
}
