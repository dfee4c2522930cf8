import type Sharp from 'sharp';
import { DomainError } from '../domain-error.ts';
import { imageJob } from '../lazy-sharp.ts';

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

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * True for a PNG whose compressed pixel data (its IDAT chunks) is larger than the pixels its header
 * declares could ever need. libspng inflates the whole stream, surplus included, so a 64 × 64 header
 * over 10 MB of deflated zeros makes the decoder inflate some 10 GB: a decompression bomb with an
 * innocent size. Deflate never grows data by more than about an eighth (fixed Huffman codes of 9 bits),
 * so anything beyond a quarter more than the raw rows, plus slack for block headers, is not a picture.
 */
export function pngDataOverrun(bytes: Buffer): boolean {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitsPerPixel = bytes[24]! * (PNG_CHANNELS[bytes[25]!] ?? 4);
  const interlaced = bytes[28] === 1;
  // Rows with their filter byte; Adam7 adds at most one filter byte per row of each of its seven passes.
  const raw = height * (1 + Math.ceil((width * bitsPerPixel) / 8)) + (interlaced ? 7 * height : 0);
  const allowed = raw * 1.25 + 64 * 1024;
  let data = 0;
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') data += length;
    if (data > allowed) return true;
    at += 12 + length;
  }
  return false;
}

/**
 * Reads an upload by its bytes (never its name or declared type), refuses what is not a raster picture
 * we can read, and re-encodes it: turned upright per EXIF, metadata stripped, at most 2000 px on the
 * long side, as WebP, plus a 320 px thumbnail. Whatever the file carried besides pixels is gone.
 */
export async function processImage(bytes: Buffer, label: string): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRefused(`${label} is larger than 10 MB. Please send a smaller picture.`);
  // In turn with every other picture of the process (IMAGE_JOBS at once), so a burst of uploads waits
  // instead of decoding them all together.
  return imageJob((sharp) => reencode(sharp, bytes, label));
}

async function reencode(sharp: typeof Sharp, bytes: Buffer, label: string): Promise<ProcessedImage> {
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
    throw new ImageRefused(
      `${label} is not an image we can read (${format === 'svg' ? 'SVG drawings are not accepted' : 'unsupported format'}). Please send a JPEG, PNG, WebP, GIF or HEIF picture.`,
    );
  }
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new ImageRefused(`${label} has too many pixels (at most 40 megapixels). Please send a smaller picture.`);
  }
  if (format === 'png' && pngDataOverrun(bytes)) {
    throw new ImageRefused(`${label} is not an image we can read: it holds far more data than its pixels need. Please send the picture again.`);
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

/**
 * Reads a form's pictures in turn with processImage, labelled "Photo 1", "Photo 2"… More than `max` files is
 * TOO_MANY_FILES; every refused picture is said at once, as INVALID_REQUEST on the form's `field`.
 */
export async function processImages(files: Buffer[], max: number, names: { label: string; plural: string; field: string }): Promise<ProcessedImage[]> {
  if (files.length > max) throw new DomainError('TOO_MANY_FILES', `Please send at most ${max} ${names.plural}.`);
  const out: ProcessedImage[] = [];
  const refused: string[] = [];
  for (const [i, bytes] of files.entries()) {
    try {
      out.push(await processImage(bytes, `${names.label} ${i + 1}`));
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      refused.push(error.message);
    }
  }
  if (refused.length) throw new DomainError('INVALID_REQUEST', refused.join(' '), { [names.field]: refused.join(' ') });
  return out;
}
