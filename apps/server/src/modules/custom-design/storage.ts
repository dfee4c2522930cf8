import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What the store names its own uploads: custom/{request id}/{32 hex}[-thumb].webp. Nothing else is ever served. */
export const UPLOAD_PATH = /^custom\/\d{1,10}\/[0-9a-f]{32}(?:-thumb)?\.webp$/;
export const UPLOADS_URL_PREFIX = '/media/uploads/';

export interface UploadStore {
  /** Writes the picture pair of one request; returns their stored paths (relative to the root). */
  writePair(requestId: number, main: Buffer, thumb: Buffer): Promise<{ path: string; thumbPath: string }>;
  removeRequest(requestId: number): Promise<void>;
  /** The bytes of a path the store wrote, or null (any other path, or a missing file). */
  read(relative: string): Promise<Buffer | null>;
}

/**
 * Uploads live under DATA_DIR/uploads; with DATA_DIR=memory (tests) under a temporary folder made on
 * first use, so apps that never receive an upload leave nothing behind.
 */
export function createUploadStore(dataDir: string): UploadStore {
  let rootDir: string | null = null;
  const root = () => {
    rootDir ??= dataDir === 'memory' ? mkdtempSync(path.join(os.tmpdir(), 'milli-uploads-')) : path.join(dataDir, 'uploads');
    mkdirSync(rootDir, { recursive: true });
    return rootDir;
  };
  const requestDir = (id: number) => path.join(root(), 'custom', String(id));
  return {
    async writePair(requestId, main, thumb) {
      const name = randomBytes(16).toString('hex');
      const dir = requestDir(requestId);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${name}.webp`), main, { flag: 'wx' });
      await writeFile(path.join(dir, `${name}-thumb.webp`), thumb, { flag: 'wx' });
      return { path: `custom/${requestId}/${name}.webp`, thumbPath: `custom/${requestId}/${name}-thumb.webp` };
    },
    async removeRequest(requestId) {
      await rm(requestDir(requestId), { recursive: true, force: true });
    },
    async read(relative) {
      if (!UPLOAD_PATH.test(relative)) return null;
      const base = root();
      const full = path.resolve(base, relative);
      if (!full.startsWith(base + path.sep)) return null;
      try {
        return await readFile(full);
      } catch {
        return null;
      }
    },
  };
}

export const uploadUrl = (relative: string) => `${UPLOADS_URL_PREFIX}${relative}`;
