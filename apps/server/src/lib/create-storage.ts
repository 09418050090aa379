import type { Config } from '../config.ts';
import { folderStorage } from './folder-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

/** The store the settings name: an S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export async function createFileStorage(config: Config): Promise<FileStorage> {
  if (!config.S3_BUCKET) return folderStorage(config.DATA_DIR);
  return s3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_URL,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
}
