import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the store keeps files (product pictures, customers' uploads): one interface, so several server instances
 * can share a bucket (issue 17). Keys are relative paths the store made itself ('products/12/ab12…-640.webp'),
 * never a client's words; implementations refuse any other shape.
 */
export interface FileStore {
  /** 'local' (DATA_DIR/uploads) or 's3'. */
  readonly kind: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Removes every file under a folder-like prefix ('custom/12/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** Lets go of connections (the bucket's client) when the app closes. */
  close?(): void;
}

/** Keys are lower-case letters, digits, '-', '_' and '.', in '/'-separated parts; no part starts with a dot. */
export const STORE_KEY = /^(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*$/;

export class StoreKeyError extends Error {}

export function checkKey(key: string): string {
  if (key.length > 300 || !STORE_KEY.test(key)) throw new StoreKeyError(`not a key the store writes: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files under DATA_DIR/uploads; with DATA_DIR=memory (tests) under a temporary folder made on first use, so apps
 * that never store a file leave nothing behind.
 */
export function createLocalFileStore(dataDir: string): FileStore {
  let rootDir: string | null = null;
  const root = () => (rootDir ??= dataDir === 'memory' ? mkdtempSync(path.join(os.tmpdir(), 'milli-uploads-')) : path.join(dataDir, 'uploads'));
  const full = (key: string) => {
    const base = root();
    const file = path.resolve(base, checkKey(key));
    if (!file.startsWith(base + path.sep)) throw new StoreKeyError(`outside the store: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch (error) {
        if (error instanceof StoreKeyError) return null;
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    async deletePrefix(prefix) {
      const trimmed = prefix.replace(/\/+$/, '');
      await rm(full(trimmed), { recursive: true, force: true });
    },
  };
}
