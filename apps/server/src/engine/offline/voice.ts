import type { EngineBot } from '../types.ts';

export type Language = 'es' | 'en';

/** Picks the sentence for the bot's register: tú, usted (Formal tone) or English. */
export function voice(bot: EngineBot, language: Language) {
  const es = language === 'es';
  const formal = bot.tone === 'Formal';
  return {
    es,
    formal,
    language,
    say: (tu: string, usted: string, en: string) => (es ? (formal ? usted : tu) : en),
  };
}

export type Voice = ReturnType<typeof voice>;
