import type { Config } from '../config.ts';
import { createLocalFileStore, type FileStore } from './storage.ts';

/**
 * The app's FileStore as configured: an S3-compatible bucket when S3_BUCKET is set (config.ts refuses a half-set
 * S3_*), else DATA_DIR/uploads. The AWS SDK is loaded only when a bucket is used.
 */
export async function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return createLocalFileStore(config.dataDir);
  const { createS3FileStore } = await import('./storage-s3.ts');
  return createS3FileStore(config.s3);
}
