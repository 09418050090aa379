const EN = new Set(
  'the you your do does is are what how much can could have has hello hi please price prices want book appointment i my where when open thanks thank would like need about any there'.split(' '),
);
const ES = new Set(
  'el la los las que de en por para quiero tienen cuanto cuesta hola gracias donde como es y un una me mi con hay buenas buenos quisiera necesito precio cita usted ustedes'.split(' '),
);

/** The language to answer in: the bot's, unless the message is clearly in the other one. */
export function replyLanguage(message: string, botLanguage: 'es' | 'en'): 'es' | 'en' {
  const words = message
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter(Boolean);
  const en = words.filter((w) => EN.has(w)).length;
  const es = words.filter((w) => ES.has(w)).length;
  if (botLanguage === 'es') return en >= 2 && en > es * 2 ? 'en' : 'es';
  return es >= 2 && es > en * 2 ? 'es' : 'en';
}
