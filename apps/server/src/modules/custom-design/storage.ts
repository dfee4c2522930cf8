import { randomBytes } from 'node:crypto';
import type { FileStore } from '../../lib/storage.ts';

/** What the store names its own uploads: custom/{request id}/{32 hex}[-thumb].webp. Nothing else is ever served. */
export const UPLOAD_PATH = /^custom\/\d{1,10}\/[0-9a-f]{32}(?:-thumb)?\.webp$/;
export const UPLOADS_URL_PREFIX = '/media/uploads/';

export interface UploadStore {
  /** Writes the picture pair of one request; returns their stored keys ('custom/12/ab…cd.webp'). */
  writePair(requestId: number, main: Buffer, thumb: Buffer): Promise<{ path: string; thumbPath: string }>;
  removeRequest(requestId: number): Promise<void>;
  /** The bytes of a key the store wrote, or null (any other key, or a missing file). */
  read(relative: string): Promise<Buffer | null>;
}

/**
 * Customers' pictures for custom designs, in the app's FileStore (DATA_DIR/uploads or the bucket) under
 * custom/{request id}/. The pictures arrive here already sniffed, sized and re-encoded to WebP (images.ts);
 * they are never public: /media/uploads serves them to their owner and the design desk only (routes.ts).
 */
export function createUploadStore(files: FileStore): UploadStore {
  return {
    async writePair(requestId, main, thumb) {
      const name = randomBytes(16).toString('hex');
      const path = `custom/${requestId}/${name}.webp`;
      const thumbPath = `custom/${requestId}/${name}-thumb.webp`;
      await files.put(path, main, 'image/webp');
      await files.put(thumbPath, thumb, 'image/webp');
      return { path, thumbPath };
    },
    async removeRequest(requestId) {
      await files.deletePrefix(`custom/${requestId}/`);
    },
    async read(relative) {
      if (!UPLOAD_PATH.test(relative)) return null;
      return files.get(relative);
    },
  };
}

export const uploadUrl = (relative: string) => `${UPLOADS_URL_PREFIX}${relative}`;
