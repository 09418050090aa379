import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type WeekdayKey = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** bot.json of a dataset: the bot as the wizard and personalization would set it. */
export interface DatasetBot {
  bot_name: string;
  company: string;
  url_company: string;
  speciality: string;
  purpose: 'sales' | 'appointments' | 'customer_service';
  business_description: string;
  tone: 'Formal' | 'Semiformal' | 'Informal';
  personality: 'Persuasivo' | 'Amigable' | 'Comprensible';
  identity: 'Humano' | 'Inteligencia Artificial';
  response_length: 'short' | 'normal' | 'long';
  language: 'es' | 'en';
  timezone: string;
  scheduling: { slot_minutes: number } & Partial<Record<WeekdayKey, [string, string][]>>;
  /** The personalization's hand-off switch (default true): with false, no reply may promise a person. */
  handoff?: boolean;
}

export interface EvalCase {
  id: string;
  type: 'answer' | 'fallback' | 'handoff' | 'booking';
  turns: string[];
  now?: string;
  expect?: string[][];
  expect_not?: string[][];
  expect_contact?: { name?: string; email?: string; phone?: string };
  expect_appointment?: { start: string; name: string };
}

export interface Dataset {
  name: string;
  dir: string;
  bot: DatasetBot;
  /** Absolute paths of the knowledge files. */
  knowledge: string[];
  cases: EvalCase[];
}

export function loadDataset(dir: string): Dataset {
  const abs = path.resolve(dir);
  const knowledgeDir = path.join(abs, 'knowledge');
  let knowledge: string[] = [];
  try {
    knowledge = readdirSync(knowledgeDir).sort().map((f) => path.join(knowledgeDir, f));
  } catch {
    knowledge = [];
  }
  const cases = readFileSync(path.join(abs, 'cases.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalCase);
  return { name: path.basename(abs), dir: abs, bot: JSON.parse(readFileSync(path.join(abs, 'bot.json'), 'utf8')) as DatasetBot, knowledge, cases };
}

/** The matching form of the evaluation: lower case, no accents, one space, no thousands separators. */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\d)[,.](?=\d{3}(?!\d))/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A group matches when the text holds any one of its alternatives. */
export function matchesGroup(text: string, group: string[]): boolean {
  const t = normalizeForMatch(text);
  return group.some((alt) => t.includes(normalizeForMatch(alt)));
}

export const matchesAll = (text: string, groups: string[][] = []) => groups.every((g) => matchesGroup(text, g));
export const matchesAny = (text: string, groups: string[][] = []) => groups.some((g) => matchesGroup(text, g));
