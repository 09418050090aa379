#!/usr/bin/env node
/**
 * Builds the Spanish kinds lexicon (`apps/server/src/engine/offline/kinds-es.json`, rows of
 * `[noun, [kinds…]]`): for every Spanish noun, the broader kinds it belongs to ("perro" → "animal", "lavadora" →
 * "electrodoméstico"), so that a customer naming a thing finds what the business writes about
 * its kind ("No transportamos animales").
 *
 * Made from two maintained resources, never typed in:
 *   - Princeton WordNet 3.0 (Debian's `wordnet-base`): English nouns, their senses by frequency
 *     and each sense's hypernyms;
 *   - Apertium's English–Spanish bilingual dictionary (Debian's `apertium-eng-spa`), read with
 *     `lt-proc` (Debian's `lttoolbox`): the Spanish word for each English noun and back.
 *
 * A Spanish noun is translated to English, its most frequent sense is taken, and the kinds above
 * it (at most `LEVELS` up, never the top of the hierarchy: "entity", "object", "artifact"…) are
 * translated back. Only kinds whose Spanish word translates back to the same English sense are
 * kept, so a word of another sense is not taken for the kind.
 *
 *   apt-get install -y wordnet-base apertium-eng-spa lttoolbox
 *   node scripts/build-lexicon.mjs [--wordnet /usr/share/wordnet] [--apertium /usr/share/apertium/apertium-eng-spa] [--lt-proc lt-proc]
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    wordnet: { type: 'string', default: '/usr/share/wordnet' },
    apertium: { type: 'string', default: '/usr/share/apertium/apertium-eng-spa' },
    'lt-proc': { type: 'string', default: 'lt-proc' },
    out: { type: 'string', default: path.join(root, 'apps/server/src/engine/offline/kinds-es.json') },
  },
});

/** How many levels above a sense its kinds are looked for. */
const LEVELS = 8;
/** A kind of more nouns than this says too little of any of them ("organismo", "instrumentación"). */
const MAX_INSTANCES = 400;
/** Kinds this close to the top of the hierarchy say nothing ("entity" is 0, "object" 2, "artifact" 4). */
const MIN_DEPTH = 5;

/** WordNet's nouns: synsets by offset (words, hypernyms) and each word's senses by frequency. */
function readWordNet(dir) {
  const synsets = new Map();
  for (const line of readFileSync(path.join(dir, 'data.noun'), 'latin1').split('\n')) {
    if (!/^\d{8} /.test(line)) continue;
    const parts = line.split(' ');
    const offset = parts[0];
    const count = parseInt(parts[3], 16);
    const words = [];
    for (let i = 0; i < count; i++) words.push(parts[4 + i * 2].replace(/\(.*\)$/, '').toLowerCase());
    let at = 4 + count * 2;
    const pointers = Number(parts[at++]);
    const hypernyms = [];
    for (let i = 0; i < pointers; i++, at += 4) if (parts[at] === '@' || parts[at] === '@i') hypernyms.push(parts[at + 1]);
    synsets.set(offset, { words, hypernyms });
  }
  const senses = new Map();
  for (const line of readFileSync(path.join(dir, 'index.noun'), 'latin1').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const parts = line.trim().split(' ');
    const count = Number(parts[2]);
    senses.set(parts[0], parts.slice(parts.length - count));
  }
  return { synsets, senses };
}

/** Translates `^word<tags>$` units with lt-proc's bilingual mode; one result list per unit. */
function translate(units, dictionary) {
  return new Promise((resolve, reject) => {
    const child = spawn(args['lt-proc'], ['-b', dictionary], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lt-proc exited with ${code}`));
      const lines = output.split('\n');
      resolve(
        units.map((_, i) => {
          const line = lines[i] ?? '';
          const inner = /^\^(.*)\$$/.exec(line.trim())?.[1] ?? '';
          return inner
            .split('/')
            .slice(1)
            .filter((t) => !t.startsWith('@'))
            .map((t) => ({ word: t.replace(/<.*$/, ''), tags: t.match(/<[^>]+>/g) ?? [] }));
        }),
      );
    });
    child.stdin.end(units.map((u) => `^${u}$`).join('\n') + '\n');
  });
}

const { synsets, senses } = readWordNet(args.wordnet);

/** Depth of a synset below "entity" (its shortest path). */
const depths = new Map();
function depthOf(offset, seen = new Set()) {
  if (depths.has(offset)) return depths.get(offset);
  const synset = synsets.get(offset);
  if (!synset || synset.hypernyms.length === 0 || seen.has(offset)) return 0;
  seen.add(offset);
  const depth = 1 + Math.min(...synset.hypernyms.map((h) => depthOf(h, seen)));
  depths.set(offset, depth);
  return depth;
}

// English nouns → Spanish nouns (with gender), and the Spanish nouns back to English.
const english = [...senses.keys()];
const toSpanish = await translate(
  english.map((w) => `${w.replaceAll('_', ' ')}<n>`),
  path.join(args.apertium, 'eng-spa.autobil.bin'),
);
const spanishGender = new Map();
for (const results of toSpanish) {
  for (const r of results) {
    const gender = r.tags.find((t) => t === '<m>' || t === '<f>' || t === '<mf>' || t === '<GD>');
    if (r.word && !/[\s\d]/.test(r.word) && !spanishGender.has(r.word)) spanishGender.set(r.word, gender === '<f>' ? '<f>' : gender === '<mf>' ? '<mf>' : '<m>');
  }
}
const spanish = [...spanishGender.keys()];
const toEnglish = await translate(
  spanish.map((w) => `${w}<n>${spanishGender.get(w)}<sg>`),
  path.join(args.apertium, 'spa-eng.autobil.bin'),
);
/** A Spanish noun's English words, its first translation first. */
const englishOf = new Map(spanish.map((w, i) => [w, toEnglish[i].map((r) => r.word.toLowerCase().replaceAll(' ', '_'))]));
/** The English nouns whose Spanish word is this one. */
const spanishOf = new Map();
english.forEach((w, i) => {
  for (const r of toSpanish[i]) {
    if (!spanishGender.has(r.word)) continue;
    if (!spanishOf.has(w)) spanishOf.set(w, []);
    spanishOf.get(w).push(r.word);
  }
});

const kinds = {};
for (const word of spanish) {
  const first = englishOf.get(word)?.[0];
  const sense = first && senses.get(first)?.[0];
  if (!sense) continue;
  const found = new Set();
  let level = [sense];
  for (let step = 0; step < LEVELS && level.length > 0; step++) {
    level = level.flatMap((o) => synsets.get(o)?.hypernyms ?? []);
    for (const offset of level) {
      if (depthOf(offset) < MIN_DEPTH) continue;
      for (const en of synsets.get(offset).words) {
        for (const es of spanishOf.get(en) ?? []) {
          // The kind's Spanish word must mean that kind: this is the most frequent sense of its
          // first English word ("historia" is a story long before a storey), or the second when
          // that word heads the kind's synset ("appliance"; "wear" is not the head of clothing).
          const back = englishOf.get(es)?.[0];
          const rank = back ? (senses.get(back) ?? []).indexOf(offset) : -1;
          if (es === word || !(rank === 0 || (rank === 1 && synsets.get(offset).words[0] === back))) continue;
          found.add(es);
        }
      }
    }
  }
  if (found.size > 0) kinds[word] = [...found];
}

const instances = new Map();
for (const list of Object.values(kinds)) for (const kind of list) instances.set(kind, (instances.get(kind) ?? 0) + 1);
for (const [word, list] of Object.entries(kinds)) {
  const kept = list.filter((kind) => instances.get(kind) <= MAX_INSTANCES);
  if (kept.length > 0) kinds[word] = kept;
  else delete kinds[word];
}
// The engine compares words without accents (ñ → n): a noun that then reads as another ("año",
// "ano") is left out rather than given the other's kinds.
const plain = (w) => w.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
const plainCount = new Map();
for (const w of spanish) plainCount.set(plain(w), (plainCount.get(plain(w)) ?? 0) + 1);
for (const word of Object.keys(kinds)) if (plainCount.get(plain(word)) > 1) delete kinds[word];
const rows = Object.entries(kinds).sort(([a], [b]) => a.localeCompare(b, 'es'));
writeFileSync(args.out, `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`);
console.log(`${rows.length} Spanish nouns with their kinds → ${path.relative(root, args.out)}`);
