import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ScoredCase } from '@charla/shared/reply-score';

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

/** A case of cases.jsonl: the customer's turns and what is scored (`scoreCase` of `@charla/shared/reply-score`). */
export interface EvalCase extends ScoredCase {
  id: string;
  turns: string[];
  now?: string;
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
