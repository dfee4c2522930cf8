import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore } from '../lib/storage-s3.ts';
import { startTestBucket, type TestBucket } from '../testing-s3.ts';
import { copyUploadsToBucket, countBucketKeys } from './files-to-s3.ts';

let bucket: TestBucket;
let dataDir: string;
const files: Record<string, string> = {
  'custom/3/0123456789abcdef0123456789abcdef.webp': 'main picture',
  'custom/3/0123456789abcdef0123456789abcdef-thumb.webp': 'thumbnail',
  'products/12/ab12-640.webp': 'a bangle',
  'products/12/ab12-1280.avif': 'a bigger bangle',
};

beforeAll(async () => {
  bucket = await startTestBucket('milli-move');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'milli-files-to-s3-'));
  for (const [key, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', key), text);
  }
  writeFileSync(path.join(dataDir, 'uploads', 'products', '12', '.DS_Store'), 'junk');
  writeFileSync(path.join(dataDir, 'uploads', 'Notes Copy.txt'), 'junk');
});
afterAll(async () => {
  await bucket?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('files:to-s3', () => {
  it('counts without writing on a dry run', async () => {
    const counts = await copyUploadsToBucket(dataDir, bucket.s3, { dryRun: true });
    expect(counts).toMatchObject({ found: 6, copied: 4, unchanged: 0, failed: [] });
    expect(await countBucketKeys(bucket.s3)).toBe(0);
  });

  it('copies every file under the same key, skips names the store never writes, and is idempotent', async () => {
    const first = await copyUploadsToBucket(dataDir, bucket.s3);
    expect(first).toMatchObject({ found: 6, copied: 4, unchanged: 0, failed: [] });
    expect(first.skipped.sort()).toEqual(['Notes Copy.txt', 'products/12/.DS_Store']);
    const store = createS3FileStore(bucket.s3);
    try {
      for (const [key, text] of Object.entries(files)) expect((await store.get(key))?.toString(), key).toBe(text);
    } finally {
      store.close();
    }

    const again = await copyUploadsToBucket(dataDir, bucket.s3);
    expect(again).toMatchObject({ found: 6, copied: 0, unchanged: 4, failed: [] });

    // A file changed on disk since (the same name, other bytes) is copied again.
    writeFileSync(path.join(dataDir, 'uploads', 'products/12/ab12-640.webp'), 'a newer bangle');
    expect(await copyUploadsToBucket(dataDir, bucket.s3)).toMatchObject({ copied: 1, unchanged: 3 });
    expect(await countBucketKeys(bucket.s3)).toBe(4);
  });

  it('runs as npm run files:to-s3, printing its counts, and refuses to run without a bucket', async () => {
    const run = promisify(execFile);
    const script = path.resolve(import.meta.dirname, 'files-to-s3.ts');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...bucket.env } });
    expect(stdout).toContain(`files under ${path.join(dataDir, 'uploads')} to the bucket milli-move`);
    expect(stdout).toContain('6 file(s) found; 0 copied; 4 already in the bucket; 2 skipped; 0 failed.');
    const refused = await run(process.execPath, ['--import', 'tsx', script], { env: { PATH: process.env.PATH, DATA_DIR: dataDir } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain('S3_BUCKET is not set');
    const half = await run(process.execPath, ['--import', 'tsx', script], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, S3_BUCKET: 'milli-move' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((half as { stderr: string }).stderr).toContain('S3_REGION is not');
  }, 60_000);
});
