import { foldHeader } from '@charla/shared';

/** Words that, alone, ask to stop marketing messages. */
const stopWords = new Set(['baja', 'stop', 'alto', 'unsubscribe', 'darme de baja', 'dar de baja', 'dame de baja', 'denme de baja', 'cancelar suscripcion', 'no mas mensajes']);

/** Sentences that ask to stop, anywhere in the message. */
const stopPhrases = [
  /\bya no (me|nos) (escriban|escribas|manden|mandes|envien|envies)\b/,
  /\bno (me|nos) (escriban|escribas|manden|mandes|envien|envies) (mas )?(mensajes|promociones|publicidad)\b/,
  /\bno (me|nos) (vuelvan|vuelvas) a (escribir|mandar|enviar)\b/,
  /\bdej(en|a) de (escribirme|mandarme|enviarme|escribir|mandar|enviar)\b/,
  /\bno quiero (recibir )?(mas )?(mensajes|promociones|publicidad)\b/,
  /\b(quiero|quisiera) darme de baja\b/,
  /\bstop (sending|messaging)\b/,
  /\b(do not|don't) (message|text|contact) me\b/,
];

/**
 * Whether a customer's message asks not to receive marketing messages anymore: BAJA, STOP
 * (alone), "ya no me escriban", "no me manden más mensajes" and the like; accents, case and
 * punctuation do not matter.
 */
export function asksToOptOut(text: string): boolean {
  const folded = foldHeader(text).replace(/[^\p{L}\p{N}' ]+/gu, ' ').replace(/\s+/g, ' ').trim();
  if (!folded) return false;
  return stopWords.has(folded) || stopPhrases.some((p) => p.test(folded));
}

/** The one confirmation of an opt-out, in the bot's language and tone. */
export function optOutConfirmation(bot: { language: string; tone: string }): string {
  if (bot.language === 'en') return 'Done: we will not send you promotional messages anymore. If you change your mind, write to us anytime.';
  return bot.tone === 'Formal'
    ? 'Listo: ya no le enviaremos mensajes promocionales. Si cambia de opinión, escríbanos cuando guste.'
    : 'Listo: ya no te enviaremos mensajes promocionales. Si cambias de opinión, escríbenos cuando quieras.';
}
