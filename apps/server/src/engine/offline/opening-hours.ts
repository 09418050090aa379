import { weekdays, type SchedulingItem } from '@charla/shared';

type Language = 'es' | 'en';

const names: Record<Language, Record<(typeof weekdays)[number], string>> = {
  es: { monday: 'lunes', tuesday: 'martes', wednesday: 'miércoles', thursday: 'jueves', friday: 'viernes', saturday: 'sábado', sunday: 'domingo' },
  en: { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' },
};

const clock = (hhmm: string) => hhmm.replace(/^0(\d)/, '$1');

/**
 * The opening hours of the bot's settings as a sentence, consecutive days with the same hours
 * together: "Atendemos de lunes a viernes de 9:00 a 18:00 y el sábado de 9:00 a 14:00." Nothing
 * when no day has hours.
 */
export function openingHoursSentence(hours: SchedulingItem['hours'] | undefined, language: Language): string | undefined {
  if (!hours) return undefined;
  const groups: { from: (typeof weekdays)[number]; to: (typeof weekdays)[number]; ranges: string }[] = [];
  for (const day of weekdays) {
    const list = hours[day] ?? [];
    if (!list.length) continue;
    const ranges = list
      .map((r) => (language === 'en' ? `${clock(r.start)} to ${clock(r.end)}` : `de ${clock(r.start)} a ${clock(r.end)}`))
      .join(language === 'en' ? ' and ' : ' y ');
    const last = groups.at(-1);
    if (last && last.ranges === ranges && weekdays.indexOf(last.to) === weekdays.indexOf(day) - 1) last.to = day;
    else groups.push({ from: day, to: day, ranges });
  }
  if (!groups.length) return undefined;
  const n = names[language];
  const parts = groups.map((g) => {
    const pair = weekdays.indexOf(g.to) - weekdays.indexOf(g.from) === 1;
    if (language === 'en') {
      if (g.from === g.to) return `on ${n[g.from]} from ${g.ranges}`;
      return `${n[g.from]} ${pair ? 'and' : 'to'} ${n[g.to]} from ${g.ranges}`;
    }
    if (g.from === g.to) return `el ${n[g.from]} ${g.ranges}`;
    return pair ? `el ${n[g.from]} y el ${n[g.to]} ${g.ranges}` : `de ${n[g.from]} a ${n[g.to]} ${g.ranges}`;
  });
  const joined = parts.length > 1 ? `${parts.slice(0, -1).join(', ')}${language === 'en' ? ' and ' : ' y '}${parts.at(-1)}` : parts[0];
  return language === 'en' ? `We are open ${joined}.` : `Atendemos ${joined}.`;
}
