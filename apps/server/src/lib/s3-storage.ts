import type { Readable } from 'node:stream';
import { checkKey, contentTypeOfKey, StorageError, type FileStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Any S3-compatible endpoint (MinIO, Ceph, R2, Spaces…); unset: AWS S3 in `region`. */
  endpoint?: string;
  region: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (what most compatible stores need). */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, a shared profile, the machine's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

interface S3Failure {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}
const failure = (err: unknown) => err as S3Failure;
/** The object is not there (a missing bucket is a setting to fix, and throws). */
const isMissing = (err: unknown) => ['NoSuchKey', 'NotFound'].includes(failure(err).name ?? '');

/** Why the store cannot be used, naming the setting to look at. */
function explain(err: unknown, opts: S3StorageOptions): string {
  const { name, code, $metadata } = failure(err);
  const status = $metadata?.httpStatusCode;
  const why = name ?? code ?? String(err);
  const where = opts.endpoint ?? `AWS S3 (${opts.region})`;
  if (name === 'NoSuchBucket' || (status === 404 && name === 'NotFound')) return `S3_BUCKET="${opts.bucket}": there is no such bucket at ${where}`;
  if (status === 403 || ['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'CredentialsProviderError'].includes(name ?? '')) {
    return `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: ${where} refused to let them write to bucket "${opts.bucket}" (${why})`;
  }
  if (status === 301 || name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed') return `S3_REGION="${opts.region}": bucket "${opts.bucket}" is in another region (${why})`;
  return `S3_URL${opts.endpoint ? `="${opts.endpoint}"` : ''}: the store cannot be reached (${why})`;
}

/** Files as objects of one bucket of any S3-compatible store, through the official AWS SDK. */
export async function s3Storage(opts: S3StorageOptions): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
    // Checksums only where S3 requires them: compatible stores do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = opts.bucket;

  const storage: FileStorage = {
    kind: 's3',

    async put(key, bytes, put) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentLength: bytes.byteLength, ContentType: put?.contentType ?? contentTypeOfKey(key) }),
      );
    },

    async get(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return got.Body ? Buffer.from(await got.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async stream(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!got.Body) return undefined;
        // On Node the body is the HTTP response itself: it is read as it is sent on.
        return { body: got.Body as Readable, size: got.ContentLength ?? 0, contentType: got.ContentType ?? contentTypeOfKey(key) };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async info(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? contentTypeOfKey(key) };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async exists(key) {
      return (await storage.info(key)) !== undefined;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },

    /** Writes and removes one small object: what Charla does, with the rights it needs (no bucket listing). */
    async check() {
      const key = 'charla-start-check';
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: new Uint8Array(0), ContentType: 'text/plain' }));
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        throw new StorageError(explain(err, opts), { cause: err });
      }
    },

    close() {
      client.destroy();
    },
  };
  return storage;
}
