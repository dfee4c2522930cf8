/**
 * Product photos (issue 17): read by their bytes, never their name or declared type; JPEG, PNG, WebP and AVIF
 * only (no SVG, which can carry script); at most 15 MB and 40 megapixels; turned upright per EXIF with every
 * piece of metadata dropped, and stored at the storefront's widths as AVIF and WebP.
 */
import { randomBytes } from 'node:crypto';
import type Sharp from 'sharp';
import { type CATALOGUE_IMAGE_FORMATS, CATALOGUE_IMAGE_WIDTHS } from '@milli/contracts';
import { imageJob } from '../../lazy-sharp.ts';
import { pngDataOverrun } from '../../lib/images.ts';

export const MAX_PRODUCT_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_PRODUCT_IMAGE_PIXELS = 40_000_000;
/** A photo smaller than this on its short side would look blurred on the product page. */
export const MIN_PRODUCT_IMAGE_SIDE = 200;
/** Files per upload. */
export const MAX_PRODUCT_IMAGES_PER_UPLOAD = 10;

export class ImageRefused extends Error {}

export interface Rendition {
  width: number;
  format: (typeof CATALOGUE_IMAGE_FORMATS)[number];
  body: Buffer;
}

export interface ProcessedProductImage {
  /** Size of the largest rendition, for the width and height attributes. */
  width: number;
  height: number;
  renditions: Rendition[];
}

/** A fresh name for an upload's files: 16 hex characters. */
export function imageName(): string {
  return randomBytes(8).toString('hex');
}

/** The renditions to store: the storefront's widths in both formats, unless a slot needs fewer (a turn's frames). */
export interface RenditionPlan {
  widths: readonly number[];
  formats: readonly (typeof CATALOGUE_IMAGE_FORMATS)[number][];
}
const EVERY_RENDITION: RenditionPlan = { widths: CATALOGUE_IMAGE_WIDTHS, formats: ['webp', 'avif'] };

export function processProductImage(bytes: Buffer, label: string, plan: RenditionPlan = EVERY_RENDITION): Promise<ProcessedProductImage> {
  if (bytes.length > MAX_PRODUCT_IMAGE_BYTES) return Promise.reject(new ImageRefused(`${label} is larger than 15 MB. Please send a smaller picture.`));
  return imageJob((sharp) => reencode(sharp, bytes, label, plan));
}

const PLEASE = 'Please send a JPEG, PNG, WebP or AVIF photo.';

async function reencode(sharp: typeof Sharp, bytes: Buffer, label: string, plan: RenditionPlan): Promise<ProcessedProductImage> {
  let meta: Awaited<ReturnType<ReturnType<typeof Sharp>['metadata']>>;
  try {
    // The header alone: a bomb is measured before a pixel of it is decoded.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(`${label} is not a picture we can read. ${PLEASE}`);
  }
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;
  if (!format || !['jpeg', 'png', 'webp', 'avif'].includes(format)) {
    throw new ImageRefused(
      `${label} is ${format === 'svg' ? 'an SVG drawing, which is not accepted' : `not a photo we accept (${format ?? 'unknown format'})`}. ${PLEASE}`,
    );
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > MAX_PRODUCT_IMAGE_PIXELS) throw new ImageRefused(`${label} has too many pixels (at most 40 megapixels). Please send a smaller picture.`);
  if (Math.min(width, height) < MIN_PRODUCT_IMAGE_SIDE)
    throw new ImageRefused(`${label} is too small (${width} × ${height}): photos are at least ${MIN_PRODUCT_IMAGE_SIDE} pixels on each side.`);
  if (format === 'png' && pngDataOverrun(bytes)) throw new ImageRefused(`${label} holds far more data than its pixels need. ${PLEASE}`);
  if ((meta.pages ?? 1) > 1) throw new ImageRefused(`${label} is animated. ${PLEASE}`);
  try {
    // Decoded once, turned upright, metadata dropped (sharp keeps none unless asked).
    const upright = sharp(bytes, { limitInputPixels: MAX_PRODUCT_IMAGE_PIXELS, failOn: 'error', animated: false }).rotate();
    const renditions: Rendition[] = [];
    let largest = { width: 0, height: 0 };
    for (const w of plan.widths) {
      const resized = upright.clone().resize({ width: w, height: w, fit: 'inside' });
      for (const format of plan.formats) {
        const out = await (format === 'webp' ? resized.clone().webp({ quality: 80 }) : resized.clone().avif({ quality: 55, effort: 2 })).toBuffer({
          resolveWithObject: true,
        });
        renditions.push({ width: w, format, body: out.data });
        largest = { width: out.info.width, height: out.info.height };
      }
    }
    return { ...largest, renditions };
  } catch {
    throw new ImageRefused(`${label} could not be read to the end: the file seems damaged. Please send it again.`);
  }
}
