/**
 * `npm run files:to-s3`: copies every file under DATA_DIR/uploads into the bucket S3_* names, under the same keys
 * (the path below uploads/, with '/'), so a store that kept its files on disk can move to a bucket
 * (docs/operations.md, "Files in a bucket"). Safe to run again: a file the bucket already holds with the same
 * bytes (same MD5 as its ETag) is left alone. Nothing on disk is changed or removed. `--dry-run` only counts.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import { ConfigError, loadConfig, type S3Config } from '../config.ts';
import { STORE_KEY } from '../lib/storage.ts';
import { createS3FileStore, listKeys } from '../lib/storage-s3.ts';
import { runCliWhenMain } from './run-cli.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};
const PARALLEL = 4;

export interface CopyCounts {
  /** Files under uploads/. */
  found: number;
  copied: number;
  /** Already in the bucket with the same bytes. */
  unchanged: number;
  /** Names the store never writes (editor backups, dot files …): left on disk, reported. */
  skipped: string[];
  failed: { key: string; error: string }[];
}

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** ETag → MD5 for the bucket's files that were put in one piece (a multipart ETag has a '-' and never matches). */
async function bucketHashes(client: S3Client, bucket: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  let marker: string | undefined;
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Marker: marker, MaxKeys: 1000 }));
    const contents = page.Contents ?? [];
    for (const o of contents) if (o.Key && o.ETag) hashes.set(o.Key, o.ETag.replaceAll('"', '').toLowerCase());
    if (!page.IsTruncated || contents.length === 0) break;
    marker = page.NextMarker ?? contents[contents.length - 1]!.Key;
  }
  return hashes;
}

export async function copyUploadsToBucket(dataDir: string, s3: S3Config, opts: { dryRun?: boolean; log?: (line: string) => void } = {}): Promise<CopyCounts> {
  const log = opts.log ?? (() => {});
  const root = path.join(dataDir, 'uploads');
  const store = createS3FileStore(s3);
  const counts: CopyCounts = { found: 0, copied: 0, unchanged: 0, skipped: [], failed: [] };
  try {
    const inBucket = await bucketHashes(store.client, s3.bucket);
    const queue: { key: string; file: string }[] = [];
    for await (const file of walk(root)) {
      counts.found += 1;
      const key = path.relative(root, file).split(path.sep).join('/');
      if (key.length > 300 || !STORE_KEY.test(key)) counts.skipped.push(key);
      else queue.push({ key, file });
    }
    const copyOne = async ({ key, file }: { key: string; file: string }) => {
      try {
        const body = await readFile(file);
        if (inBucket.get(key) === createHash('md5').update(body).digest('hex')) {
          counts.unchanged += 1;
          return;
        }
        if (!opts.dryRun) await store.put(key, body, CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream');
        counts.copied += 1;
        if ((counts.copied + counts.unchanged) % 500 === 0) log(`… ${counts.copied + counts.unchanged} of ${queue.length}`);
      } catch (error) {
        counts.failed.push({ key, error: (error as Error).message });
      }
    };
    for (let i = 0; i < queue.length; i += PARALLEL) await Promise.all(queue.slice(i, i + PARALLEL).map(copyOne));
    return counts;
  } finally {
    store.close();
  }
}

/** The same keys are in the bucket: used by tests and by the command's last check. */
export async function countBucketKeys(s3: S3Config, prefix = ''): Promise<number> {
  const store = createS3FileStore(s3);
  try {
    let n = 0;
    for await (const page of listKeys(store.client, s3.bucket, prefix)) n += page.length;
    return n;
  } finally {
    store.close();
  }
}

async function main(argv: string[]) {
  const dryRun = argv.includes('--dry-run');
  const unknown = argv.filter((a) => a !== '--dry-run');
  if (unknown.length > 0) {
    console.error(`files:to-s3: unknown argument ${unknown.join(' ')} (only --dry-run is understood)`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`files:to-s3: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (!config.s3) {
    console.error(
      'files:to-s3: S3_BUCKET is not set: set S3_BUCKET, S3_REGION and the other S3_* variables to the bucket the files should go to (docs/operations.md)',
    );
    return 2;
  }
  const root = path.join(config.dataDir, 'uploads');
  console.log(
    `${dryRun ? 'Counting (dry run)' : 'Copying'} files under ${root} to the bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''} …`,
  );
  const counts = await copyUploadsToBucket(config.dataDir, config.s3, { dryRun, log: (line) => console.log(line) });
  console.log(
    `${counts.found} file(s) found; ${counts.copied} ${dryRun ? 'to copy' : 'copied'}; ${counts.unchanged} already in the bucket; ${counts.skipped.length} skipped; ${counts.failed.length} failed.`,
  );
  for (const key of counts.skipped) console.log(`  skipped (not a name the store writes): ${key}`);
  for (const { key, error } of counts.failed) console.error(`  failed: ${key}: ${error}`);
  return counts.failed.length > 0 ? 1 : 0;
}

runCliWhenMain(import.meta.url, 'files:to-s3', main);
