import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** The endpoint, e.g. http://127.0.0.1:41234. */
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings that point the server at this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, keeping its objects in a fresh
 * temporary folder, with one empty bucket.
 */
export async function startLocalS3(bucket = 'charla-files'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'charla-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  // s3rver's one account.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    url,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: { S3_URL: url, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_REGION: 'us-east-1' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
