/**
 * An S3-compatible server for tests: s3rver on 127.0.0.1 and a free port, its files in a temporary folder,
 * with one empty bucket. s3rver checks no signatures, so any credentials do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from './config.ts';

export interface TestBucket {
  /** What S3_* would say for this bucket (path style, as a self-hosted service is reached). */
  s3: S3Config;
  /** The same as environment variables, for child processes and loadConfig. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestBucket(bucket = 'milli-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'milli-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    s3: {
      bucket,
      endpoint,
      region: env.S3_REGION,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
      forcePathStyle: true,
    },
    env,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
