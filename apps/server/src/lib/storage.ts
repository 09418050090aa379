import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Uploaded files under DATA_DIR/files, addressed by a key such as "<botId>/<documentId>.pdf". */
export function fileStorage(dataDir: string) {
  const root = path.resolve(dataDir, 'files');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('bad storage key');
    return full;
  };
  return {
    async put(key: string, bytes: Uint8Array): Promise<void> {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, bytes);
    },
    get: (key: string): Promise<Buffer> => readFile(resolve(key)),
    remove: (key: string): Promise<void> => rm(resolve(key), { force: true }),
  };
}

export type FileStorage = ReturnType<typeof fileStorage>;
