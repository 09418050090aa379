import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startLocalS3, type LocalS3 } from '../test/s3-server.ts';
import { createFileStorage } from './create-storage.ts';
import { folderStorage } from './folder-storage.ts';
import { s3Storage } from './s3-storage.ts';
import { StorageError, type FileStorage } from './storage.ts';

let s3: LocalS3;
const dataDir = mkdtempSync(path.join(tmpdir(), 'charla-storage-'));

beforeAll(async () => {
  s3 = await startLocalS3();
}, 30_000);
afterAll(() => s3?.close());

const implementations: [string, () => Promise<FileStorage>][] = [
  ['the data folder', async () => folderStorage(dataDir)],
  ['an S3 bucket', () => s3Storage({ bucket: s3.bucket, endpoint: s3.url, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } })],
];

async function readAll(body: NodeJS.ReadableStream): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.from(chunk as Buffer));
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

describe.each(implementations)('file storage in %s', (_name, make) => {
  let storage: FileStorage;
  const key = (ext: string) => `media/${randomBytes(4).toString('hex')}/${randomBytes(6).toString('hex')}.${ext}`;
  beforeAll(async () => {
    storage = await make();
    await storage.check();
  });
  afterAll(() => storage?.close());

  it('keeps a file and gives it back whole, with its type and size', async () => {
    const k = key('png');
    const bytes = randomBytes(3000);
    await storage.put(k, bytes, { contentType: 'image/png' });
    expect(await storage.exists(k)).toBe(true);
    expect(await storage.info(k)).toEqual({ contentType: 'image/png', size: 3000 });
    expect(Buffer.compare((await storage.get(k))!, bytes)).toBe(0);
    const stream = await storage.stream(k);
    expect(stream).toMatchObject({ contentType: 'image/png', size: 3000 });
    expect(Buffer.compare((await readAll(stream!.body)).bytes, bytes)).toBe(0);
  });

  it('names the type by the extension when none is given, and keeps an empty file', async () => {
    const pdf = key('pdf');
    await storage.put(pdf, Buffer.from('%PDF-1.4\n'));
    expect((await storage.info(pdf))?.contentType).toBe('application/pdf');
    const empty = key('bin');
    await storage.put(empty, new Uint8Array(0));
    expect(await storage.info(empty)).toEqual({ contentType: 'application/octet-stream', size: 0 });
    expect((await storage.get(empty))?.length).toBe(0);
  });

  it('streams a big file in pieces rather than one buffer', async () => {
    const k = key('mp4');
    const bytes = randomBytes(6 * 1024 * 1024);
    await storage.put(k, bytes, { contentType: 'video/mp4' });
    const stream = await storage.stream(k);
    expect(stream?.size).toBe(bytes.length);
    const read = await readAll(stream!.body);
    expect(read.chunks).toBeGreaterThan(1);
    expect(Buffer.compare(read.bytes, bytes)).toBe(0);
  });

  it('replaces a file put again under its key', async () => {
    const k = key('csv');
    await storage.put(k, Buffer.from('a;b\n1;2\n'), { contentType: 'text/csv' });
    await storage.put(k, Buffer.from('c\n3\n'), { contentType: 'text/csv' });
    expect((await storage.get(k))?.toString()).toBe('c\n3\n');
    expect((await storage.info(k))?.size).toBe(4);
  });

  it('answers a missing file as missing, and deleting one twice is no error', async () => {
    const k = key('jpg');
    expect(await storage.get(k)).toBeUndefined();
    expect(await storage.stream(k)).toBeUndefined();
    expect(await storage.info(k)).toBeUndefined();
    expect(await storage.exists(k)).toBe(false);
    await storage.put(k, randomBytes(10), { contentType: 'image/jpeg' });
    await storage.delete(k);
    await storage.delete(k);
    expect(await storage.exists(k)).toBe(false);
    expect(await storage.get(k)).toBeUndefined();
  });

  it('refuses a key that could leave its place', async () => {
    for (const bad of ['../app-secret', 'media/../../app-secret', '/etc/passwd', 'media//x.png', 'media/./x.png', '', 'media/x y.png', 'media\\x.png']) {
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow(StorageError);
      await expect(storage.get(bad), bad).rejects.toThrow(StorageError);
      await expect(storage.stream(bad), bad).rejects.toThrow(StorageError);
      await expect(storage.delete(bad), bad).rejects.toThrow(StorageError);
    }
    expect(existsSync(path.join(dataDir, 'app-secret'))).toBe(false);
  });
});

describe('choosing and checking the store', () => {
  it('keeps files in DATA_DIR/files by default and in the bucket when S3_BUCKET is set', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'charla-storage-'));
    const folder = await createFileStorage(loadConfig({ DATA_DIR: dir }));
    expect(folder.kind).toBe('folder');
    await folder.put('partners/p1/logo-1.png', Buffer.from('png'));
    expect(readdirSync(path.join(dir, 'files', 'partners', 'p1'))).toEqual(['logo-1.png']);

    const bucket = await createFileStorage(loadConfig({ DATA_DIR: dir, ...s3.env }));
    expect(bucket.kind).toBe('s3');
    await bucket.check();
    await bucket.put('partners/p1/logo-2.png', Buffer.from('png'));
    expect(await bucket.exists('partners/p1/logo-2.png')).toBe(true);
    expect(existsSync(path.join(dir, 'files', 'partners', 'p1', 'logo-2.png'))).toBe(false);
    bucket.close();
  });

  it('says which setting is wrong when the bucket is missing or the store cannot be reached', async () => {
    const missing = await s3Storage({ bucket: 'no-such-bucket', endpoint: s3.url, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
    await expect(missing.check()).rejects.toThrow(/S3_BUCKET="no-such-bucket": there is no such bucket/);
    missing.close();
    // A port nothing listens on: the address is closed at once.
    const closed = await s3Storage({ bucket: s3.bucket, endpoint: 'http://127.0.0.1:1', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
    await expect(closed.check()).rejects.toThrow(/S3_URL="http:\/\/127.0.0.1:1": the store cannot be reached/);
    closed.close();
  }, 30_000);
});
