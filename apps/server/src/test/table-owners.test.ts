import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Each table is written only by the module whose `*.table.ts` defines it (a channel is a module of
// its own); another module asks the owner. This reads the source: Drizzle writes
// (`.insert(table)`, `.update(table)`, `.delete(table)`) and raw SQL (`insert into`, `update … set`,
// `delete from`) of every file under modules/ and channels/ but tests and test support; the demo
// seed writes nothing itself.

const src = join(import.meta.dirname, '..');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test-support' ? [] : filesUnder(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });

/** `modules/crm`, `channels/meta`, `plugins`: the part of the server a file belongs to. */
const moduleOf = (file: string): string => {
  const [top, name] = relative(src, file).split(/[\\/]/);
  return top === 'modules' || top === 'channels' ? `${top}/${name}` : top!;
};

interface Table {
  variable: string;
  name: string;
  owner: string;
  file: string;
}

/** The tables a `*.table.ts` defines: its exported variable, the SQL name and the owning module. */
export const tablesOf = (file: string, source: string): Table[] =>
  [...source.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => ({ variable: m[1]!, name: m[2]!, owner: moduleOf(file), file }));

/** Which tables a file writes: Drizzle builders on imported table variables, and raw SQL by name. */
export function writesOf(source: string, tables: Table[]): Table[] {
  const byFile = new Map(tables.map((t) => [t.file, t]));
  const byVariable = new Map<string, Table>();
  // Local names of imported tables (`import { contacts as c } from '…/conversations.table.ts'`).
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']*\.table\.ts)'/g)) {
    for (const part of m[1]!.split(',')) {
      const [imported, local] = part.replace(/^\s*type\s+/, '').split(/\s+as\s+/).map((s) => s.trim());
      const table = tables.find((t) => t.variable === imported && t.file.endsWith(m[2]!.replace(/^(\.\.?\/)+/, '')));
      if (table) byVariable.set(local ?? imported!, table);
    }
  }
  // A table file writing its own tables.
  for (const t of tables) if (source.includes(`export const ${t.variable} = pgTable(`) && byFile.has(t.file)) byVariable.set(t.variable, t);
  const code = source.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
  const written = new Set<Table>();
  for (const m of code.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = byVariable.get(m[1]!);
    if (table) written.add(table);
  }
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const m of code.matchAll(/\b(?:insert\s+into|delete\s+from)\s+"?(\w+)"?|\bupdate\s+"?(\w+)"?(?:\s+(?:as\s+)?\w+)?\s+set\b/gi)) {
    const table = byName.get((m[1] ?? m[2])!.toLowerCase());
    if (table) written.add(table);
  }
  return [...written];
}

const tableFiles = [...filesUnder(join(src, 'modules')), ...filesUnder(join(src, 'channels')), ...filesUnder(join(src, 'plugins'))].filter((f) => f.endsWith('.table.ts'));
const tables = tableFiles.flatMap((f) => tablesOf(f, readFileSync(f, 'utf8')));
const code = [...filesUnder(join(src, 'modules')), ...filesUnder(join(src, 'channels'))];

describe('one writer per table', () => {
  it('reads every table file', () => {
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['messages', 'contacts', 'conversations', 'appointments', 'chunks', 'channel_sends', 'password_resets', 'subscriptions', 'billing_events', 'invoices']));
  });

  it('finds Drizzle and raw SQL writes, and only of tables', () => {
    const chunks = tables.find((t) => t.name === 'chunks')!;
    const contacts = tables.find((t) => t.name === 'contacts')!;
    const source = [
      "import { chunks as passages } from '../training/training.table.ts';",
      'await tx.delete(passages).where(x);',
      'await service.update(req.user, id, body);',
      'await tx.execute(sql`update contacts c set name = ${name} where c.id = ${id}`);',
    ].join('\n');
    expect(writesOf(source, tables)).toEqual([chunks, contacts]);
  });

  it('each table is written only by the module that defines it', () => {
    const wrong: string[] = [];
    let writes = 0;
    for (const file of code) {
      for (const table of writesOf(readFileSync(file, 'utf8'), tables)) {
        writes++;
        if (table.owner !== moduleOf(file)) wrong.push(`${relative(src, file)} writes ${table.name} (owned by ${table.owner})`);
      }
    }
    expect(writes).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('the demo seed writes no table itself: it goes through the owners\' repositories and services', () => {
    const written = filesUnder(join(src, 'seed')).flatMap((file) => writesOf(readFileSync(file, 'utf8'), tables).map((t) => `${relative(src, file)} writes ${t.name}`));
    expect(written).toEqual([]);
  });
});
