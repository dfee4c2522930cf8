import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import { checkKey, StoreKeyError, type FileStore } from './storage.ts';

/** The most keys one DeleteObjects call takes (S3's own limit). */
const DELETE_BATCH = 1000;

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them (DeleteObjects): many S3-compatible services do not know the
    // SDK's newer default ones, and the store's files are whole buffers sent in one request anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Every key under `prefix`, a page (at most 1,000) at a time. The first version of the listing call, paged by
 * the last key seen (Marker): every S3-compatible service has it, where some (s3rver among them) fail on the
 * second version's continuation tokens.
 */
export async function* listKeys(client: S3Client, Bucket: string, prefix: string, pageSize = DELETE_BATCH): AsyncGenerator<string[]> {
  let marker: string | undefined;
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket, Prefix: prefix, Marker: marker, MaxKeys: pageSize }));
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    if (keys.length > 0) yield keys;
    if (!page.IsTruncated || keys.length === 0) return;
    marker = page.NextMarker ?? keys[keys.length - 1];
  }
}

/**
 * Files in an S3-compatible bucket, under the same keys the local store uses as paths, so one store's files
 * move to a bucket by copying (cli/files-to-s3.ts). Keys are checked here as in the local store: the bucket
 * only ever holds names the store made. What the bucket holds is never trusted more than a disk: uploads are
 * sniffed, sized and re-encoded before they reach put().
 */
export function createS3FileStore(config: S3Config, client: S3Client = createS3Client(config)): FileStore & { client: S3Client; close(): void } {
  const Bucket = config.bucket;
  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof StoreKeyError || isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 whether or not the key existed, as rm --force does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async deletePrefix(prefix) {
      const folder = `${checkKey(prefix.replace(/\/+$/, ''))}/`;
      for await (const page of listKeys(client, Bucket, folder)) {
        const done = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: page.map((Key) => ({ Key })), Quiet: true } }));
        if (done.Errors && done.Errors.length > 0) {
          const first = done.Errors[0]!;
          throw new Error(
            `the bucket refused to delete ${done.Errors.length} file(s) under ${folder}, e.g. ${first.Key}: ${first.Code} ${first.Message ?? ''}`.trim(),
          );
        }
      }
    },
    close() {
      client.destroy();
    },
  };
}
