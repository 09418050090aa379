import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../client.ts';

/**
 * A migrations folder holding every migration before `tag`, to write rows as they stood before
 * it; `complete()` adds the rest, so migrating again runs it on those rows.
 */
export function migrationsUpTo(tag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'charla-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  const write = (entries: { tag: string }[]) => {
    for (const e of entries) copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  };
  write(journal.entries.slice(0, cut));
  return { dir, complete: () => write(journal.entries), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
