import type { EngineBot } from '../../engine/types.ts';

/** Three ways to say it: tú, usted (a formal bot) and English. */
const pick = (bot: EngineBot, tu: string, usted: string, en: string) => (bot.language === 'en' ? en : bot.tone === 'Formal' ? usted : tu);

/** What the customer is told when nobody of the team answered in time and the bot answers again. */
export function idleReturnNotice(bot: EngineBot): string {
  return pick(
    bot,
    'Gracias por esperar. Nuestro equipo está ocupado en este momento, así que te sigo atendiendo yo, el asistente. ¿En qué te puedo ayudar?',
    'Gracias por esperar. Nuestro equipo está ocupado en este momento, así que le sigo atendiendo yo, el asistente. ¿En qué le puedo ayudar?',
    'Thanks for waiting. Our team is busy right now, so I, the assistant, will keep helping you. How can I help?',
  );
}

/** The WhatsApp message to the team's hand-off phone: who asked, why, and where to answer. */
export function handoffNotice(bot: EngineBot, contact: { name: string; phone: string }, reason: string, link: string): string {
  const es = bot.language !== 'en';
  const who = [contact.name.trim(), contact.phone.trim()].filter(Boolean).join(' · ') || (es ? 'Un cliente' : 'A customer');
  const why =
    reason === 'unanswered'
      ? es
        ? 'hizo preguntas que el asistente no pudo responder'
        : 'asked questions the assistant could not answer'
      : es
        ? 'pidió hablar con una persona'
        : 'asked to talk to a person';
  return es
    ? `${bot.businessName}: ${who} ${why}. Responde en la bandeja de entrada: ${link}`
    : `${bot.businessName}: ${who} ${why}. Reply from the inbox: ${link}`;
}
