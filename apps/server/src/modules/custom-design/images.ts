import sharp from 'sharp';

/** At most 10 MB per file (the multipart limit says the same) and 40 megapixels once decoded. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Long side of the stored picture and of its thumbnail. */
export const STORED_LONG_SIDE = 2000;
export const THUMB_LONG_SIDE = 320;

/**
 * Raster formats a phone or a scanner produces. SVG is refused (it can carry script), as are the formats
 * libvips reads but no customer sends (TIFF, RAW, PDF…).
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export interface ProcessedImage {
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

export class ImageRefused extends Error {}

/**
 * Reads an upload by its bytes (never its name or declared type), refuses what is not a raster picture
 * we can read, and re-encodes it: turned upright per EXIF, metadata stripped, at most 2000 px on the
 * long side, as WebP, plus a 320 px thumbnail. Whatever the file carried besides pixels is gone.
 */
export async function processImage(bytes: Buffer, label: string): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRefused(`${label} is larger than 10 MB. Please send a smaller picture.`);
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false } as const;
  let format: string | undefined;
  let pixels = 0;
  try {
    // The header alone (no pixels decoded yet), so a bomb is measured before it can explode.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new ImageRefused(`${label} is not an image we can read. Please send a JPEG, PNG, WebP, GIF or HEIF picture.`);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageRefused(`${label} is not an image we can read (${format === 'svg' ? 'SVG drawings are not accepted' : 'unsupported format'}). Please send a JPEG, PNG, WebP, GIF or HEIF picture.`);
  }
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new ImageRefused(`${label} has too many pixels (at most 40 megapixels). Please send a smaller picture.`);
  }
  try {
    const upright = sharp(bytes, options).rotate();
    const main = await upright
      .clone()
      .resize({ width: STORED_LONG_SIDE, height: STORED_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await upright
      .clone()
      .resize({ width: THUMB_LONG_SIDE, height: THUMB_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { main: main.data, thumb, width: main.info.width, height: main.info.height };
  } catch {
    // A header that reads but pixels that do not (a truncated or corrupt file).
    throw new ImageRefused(`${label} is not an image we can read: the file seems damaged. Please send it again.`);
  }
}
