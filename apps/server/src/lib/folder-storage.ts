import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, contentTypeOfKey, StorageError, type FileStorage } from './storage.ts';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR';

/**
 * Files under DATA_DIR/files, one file per key. A file's type is the one its extension names.
 * A file is written beside its place and renamed into it, so a reader never sees half of one.
 */
export function folderStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'files');
  const resolve = (key: string) => {
    const full = path.resolve(root, checkKey(key));
    if (!full.startsWith(root + path.sep)) throw new StorageError(`bad storage key: ${JSON.stringify(key)}`);
    return full;
  };

  const storage: FileStorage = {
    kind: 'folder',

    async put(key, bytes) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      const partial = `${full}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, full);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },

    async get(key) {
      const handle = await open(resolve(key), 'r').catch((err: unknown) => {
        if (missing(err)) return undefined;
        throw err;
      });
      if (!handle) return undefined;
      try {
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },

    async stream(key) {
      // Opened first, then measured: a file removed in between is still read whole.
      const handle = await open(resolve(key), 'r').catch((err: unknown) => {
        if (missing(err)) return undefined;
        throw err;
      });
      if (!handle) return undefined;
      try {
        const { size, isFile } = await handle.stat().then((s) => ({ size: s.size, isFile: s.isFile() }));
        if (!isFile) {
          await handle.close();
          return undefined;
        }
        return { body: handle.createReadStream({ autoClose: true }), size, contentType: contentTypeOfKey(key) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async info(key) {
      const s = await stat(resolve(key)).catch((err: unknown) => {
        if (missing(err)) return undefined;
        throw err;
      });
      return s?.isFile() ? { size: s.size, contentType: contentTypeOfKey(key) } : undefined;
    },

    async exists(key) {
      return (await storage.info(key)) !== undefined;
    },

    async delete(key) {
      await rm(resolve(key), { force: true });
    },

    async check() {
      try {
        await mkdir(root, { recursive: true });
      } catch (err) {
        throw new StorageError(`DATA_DIR: files cannot be kept in ${root} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      }
    },

    close() {},
  };
  return storage;
}
