import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, migrationsFolder } from '../db/client.ts';

/**
 * An empty embedded database with every migration applied, as a dump of its data folder. Creating a
 * PGlite cluster takes about five seconds and the migrations one more; opening a dump takes about
 * one. It is made once and kept in the system's temporary folder under a hash of the migrations and
 * of PGlite's version, so every test file (and every later run) opens its databases from it.
 */
let snapshot: Promise<Uint8Array<ArrayBuffer>> | undefined;

export function migratedSnapshot(): Promise<Uint8Array<ArrayBuffer>> {
  snapshot ??= readOrMake().catch((err: unknown) => {
    snapshot = undefined;
    throw err;
  });
  return snapshot;
}

async function readOrMake(): Promise<Uint8Array<ArrayBuffer>> {
  const file = path.join(tmpdir(), `charla-pglite-${contentKey()}.tar`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return new Uint8Array(kept.buffer, kept.byteOffset, kept.byteLength);
  const database = await createDatabase({});
  try {
    await database.migrate();
    const tar = await database.pglite!.snapshot();
    // Written aside, then renamed: another test file reading at the same moment sees all of it or nothing.
    const part = `${file}.${randomBytes(6).toString('hex')}`;
    await writeFile(part, tar);
    await rename(part, file);
    return tar;
  } finally {
    await database.close();
  }
}

/**
 * The same database as a data folder on disk (`DATA_DIR`'s `pg`), for a server started in a child
 * process: copied into its `DATA_DIR`, it starts without creating a cluster. Made once per content,
 * like the snapshot.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = path.join(tmpdir(), `charla-pglite-${contentKey()}`);
  if (existsSync(path.join(dir, 'pg'))) return dir;
  const part = `${dir}.${randomBytes(6).toString('hex')}`;
  const database = await createDatabase({ dataDir: part, snapshot: await migratedSnapshot() });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // Another process may have made it meanwhile: theirs is the same, and this one goes.
  await rename(part, dir).catch(() => rm(part, { recursive: true, force: true }));
  return dir;
}

let key: string | undefined;

/** Read once per process: every server the browser suite starts asks for the folder. */
function contentKey(): string {
  key ??= hashContent();
  return key;
}

function hashContent(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version (its package.json is not among its exports: found above its entry). */
function pgliteVersion(): string {
  for (let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === '@electric-sql/pglite') return manifest.version ?? '';
  }
  return '';
}
