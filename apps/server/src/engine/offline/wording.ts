import type { EngineBot } from '../types.ts';
import { voice, type Language } from './voice.ts';

/** Whether the bot may pass a conversation to a person: the owner's hand-off (redirection) switch. */
export const canHandOff = (bot: EngineBot): boolean => bot.redirectionEnabled;

/**
 * Every sentence the engine writes by itself, in the bot's voice: usted for a Formal tone, tú
 * otherwise; warm (Amigable), understanding (Comprensible) or inviting to book (Persuasivo);
 * a virtual assistant or just the bot's name by identity. Facts never come from here.
 */
/** Businesses whose customers come to see before they buy. */
const VISIT_TEMPLATES = new Set(['real_estate', 'properties', 'automobile', 'event_hall', 'school_enrollment', 'mortgage', 'credits', 'insurance_seller', 'financial_services', 'travel_agency']);

export function wording(bot: EngineBot, language: Language) {
  const { es, formal, say } = voice(bot, language);
  const informal = bot.tone === 'Informal';
  const name = bot.botName.trim() || (es ? 'el asistente' : 'the assistant');
  const company = bot.businessName.trim();
  const ai = bot.identity === 'Inteligencia Artificial';
  const short = bot.responseLength === 'short';
  /** The owner's hand-off switch ("Derivar a una persona"): off, no text offers a person. */
  const people = canHandOff(bot);

  const self = () => {
    if (ai) {
      return company
        ? say(`Soy ${name}, el asistente virtual de ${company}.`, `Soy ${name}, el asistente virtual de ${company}.`, `I'm ${name}, the virtual assistant of ${company}.`)
        : say(`Soy ${name}, asistente virtual.`, `Soy ${name}, asistente virtual.`, `I'm ${name}, a virtual assistant.`);
    }
    return company ? say(`Soy ${name}, de ${company}.`, `Soy ${name}, de ${company}.`, `I'm ${name}, from ${company}.`) : say(`Soy ${name}.`, `Soy ${name}.`, `I'm ${name}.`);
  };

  const help = () =>
    informal ? say('¿En qué te ayudo?', '¿En qué puedo ayudarle?', 'How can I help?') : say('¿En qué te puedo ayudar?', '¿En qué puedo ayudarle?', 'How can I help you?');

  return {
    language,
    formal,
    help,

    /** "¡Hola!" or the customer's own "buenas tardes", and on the first reply who is writing. */
    greeting(customerWords: string, introduce: boolean, customerName?: string): string {
      const part = customerWords.match(/buen[oa]s?\s+(d[ií]as|tardes|noches)|good\s+(morning|afternoon|evening)/i);
      let hello: string;
      if (part) {
        const said = part[0].toLowerCase().replace(/^buen\s+/, 'buenos ').replace(/^buena\s+/, 'buenas ');
        hello = es ? (formal ? `¡${said.charAt(0).toUpperCase()}${said.slice(1)}!` : `¡Hola, ${said}!`) : `Hello, ${said}!`;
      } else hello = es ? (customerName ? `¡Hola, ${customerName}!` : '¡Hola!') : customerName ? `Hello, ${customerName}!` : 'Hello!';
      return introduce ? `${hello} ${self()}` : hello;
    },

    /** A greeting with nothing else asked. */
    welcome(customerWords: string, introduce: boolean): string {
      return `${this.greeting(customerWords, introduce)} ${help()}`;
    },

    /** "¿Eres un bot?": a virtual assistant says so; a "Humano" identity gives its name and never claims to be a person. */
    identity(): string {
      if (!people) {
        return `${self()} ${say('Te doy información y te ayudo a agendar.', 'Le doy información y le ayudo a agendar.', 'I can give you information and help you book.')}`;
      }
      if (ai) {
        return `${self()} ${say(
          'Te doy información y te ayudo a agendar; si prefieres, te comunico con alguien de nuestro equipo.',
          'Le doy información y le ayudo a agendar; si lo prefiere, le comunico con alguien de nuestro equipo.',
          'I can give you information and help you book; if you prefer, I can put you in touch with someone from our team.',
        )}`;
      }
      return `${self()} ${say(
        'Estoy aquí para darte información y ayudarte a agendar; si prefieres, te comunico con alguien de nuestro equipo.',
        'Estoy aquí para darle información y ayudarle a agendar; si lo prefiere, le comunico con alguien de nuestro equipo.',
        "I'm here to give you information and help you book; if you prefer, I can put you in touch with someone from our team.",
      )}`;
    },

    /** Said before a grounded answer, by personality. */
    opener(distress: boolean): string {
      if (distress) {
        return bot.personality === 'Comprensible' || bot.personality === 'Amigable'
          ? say('Lamento mucho lo que estás pasando.', 'Lamento mucho lo que está pasando.', "I'm sorry you're going through this.")
          : say('Entiendo.', 'Entiendo.', 'I understand.');
      }
      if (short) return '';
      if (bot.personality === 'Amigable') return say('¡Con gusto!', 'Con gusto.', 'Happy to help!');
      if (bot.personality === 'Comprensible') return say('Claro, te explico.', 'Claro, le explico.', 'Sure, let me explain.');
      return '';
    },

    /**
     * Said after a grounded answer: an invitation to book or to buy (Persuasivo), or an offer of
     * more help; `offer` says what a "sí" to it would take.
     */
    closer(options: { fromProducts: boolean; bookingOpen: boolean }): { text: string; offer?: 'booking' | 'purchase' } {
      if (bot.personality === 'Persuasivo' && !options.bookingOpen) {
        // A shop sells; a real-estate agency, car dealer, venue or school invites to visit.
        const visits = VISIT_TEMPLATES.has(bot.template);
        if (options.fromProducts || (bot.purpose === 'sales' && !visits && bot.template !== 'creative')) {
          // A person closes the sale: without hand-off there is no one to pass the order to.
          if (!people) return { text: short ? '' : help() };
          return { text: say('¿Quieres que te ayude con tu compra?', '¿Desea que le ayude con su compra?', 'Would you like help placing your order?'), offer: 'purchase' };
        }
        if (bot.purpose === 'appointments') return { text: say('¿Te gustaría agendar una cita?', '¿Le gustaría agendar una cita?', 'Would you like to book an appointment?'), offer: 'booking' };
        if (bot.purpose === 'sales') return { text: say('¿Te gustaría agendar una visita?', '¿Le gustaría agendar una visita?', 'Would you like to schedule a visit?'), offer: 'booking' };
        return { text: say('¿Quieres que te ayude a reservar?', '¿Desea que le ayude a reservar?', 'Would you like me to help you book?'), offer: 'booking' };
      }
      if (short) return { text: '' };
      if (bot.responseLength === 'long' || bot.personality === 'Amigable') {
        return { text: say('¿Te ayudo con algo más?', '¿Le puedo ayudar con algo más?', 'Can I help you with anything else?') };
      }
      return { text: '' };
    },

    /** A "sí" to the offer to help with a purchase: a person closes the sale. */
    purchase(phone: string | undefined): string {
      const base = say(
        '¡Excelente! Le paso tus datos a alguien de nuestro equipo para completar tu compra; te contactará en breve.',
        'Excelente. Le paso sus datos a alguien de nuestro equipo para completar su compra; le contactará en breve.',
        "Great! I'm passing your details to someone from our team to complete your order; they will contact you shortly.",
      );
      return phone ? `${base} ${say(`También puedes escribir al ${phone}.`, `También puede escribir al ${phone}.`, `You can also reach us at ${phone}.`)}` : base;
    },

    verdict(v: 'yes' | 'no'): string {
      return v === 'yes' ? (es ? 'Sí.' : 'Yes.') : 'No.';
    },

    /** The knowledge does not hold the answer: say so and, when hand-off is on, offer a person. */
    fallback(distress: boolean): string {
      const sorry = distress
        ? say('Lamento la situación. ', 'Lamento la situación. ', "I'm sorry about this. ")
        : bot.personality === 'Comprensible'
          ? say('Entiendo tu duda. ', 'Entiendo su duda. ', 'I understand. ')
          : '';
      if (!people) {
        return `${sorry}${say('No tengo esa información por ahora.', 'No tengo esa información por el momento.', "I don't have that information right now.")} ${help()}`;
      }
      return (
        sorry +
        say(
          'No tengo esa información por ahora. Si quieres, alguien de nuestro equipo te puede ayudar con eso; solo dime y te comunico.',
          'No tengo esa información por el momento. Si lo desea, alguien de nuestro equipo puede ayudarle con eso; solo dígame y le comunico.',
          "I don't have that information right now. If you'd like, someone from our team can help you with it; just tell me and I'll put you in touch.",
        )
      );
    },

    /** Names asked about that the knowledge never mentions, before what it does say. */
    notKnown(names: string[]): string {
      const list = names.join(es ? ' ni ' : ' or ');
      return say(`No tengo información sobre ${list}.`, `No tengo información sobre ${list}.`, `I don't have information about ${list}.`);
    },

    /** The questions of a message the knowledge does not answer, after the answers to the others. */
    partlyUnknown(questions: string[]): string {
      const asked = questions.map((q) => `"${q.replace(/[¿?]/g, '').replace(/^(?:y|e|and)\s+/i, '').trim()}"`).join(es ? ' ni ' : ' or ');
      return say(`Sobre ${asked} no tengo información por ahora.`, `Sobre ${asked} no tengo información por el momento.`, `About ${asked} I don't have information right now.`);
    },

    /** A price or duration asked without saying of what. */
    whichOne(): string {
      return say('¿De qué servicio o producto te gustaría saber?', '¿De qué servicio o producto le gustaría saber?', 'Which service or product would you like to know about?');
    },

    /** Nothing to answer was found in the message (emoji, a lone "ok"). */
    notUnderstood(): string {
      return say(
        `No estoy seguro de haberte entendido. ${help()}`,
        `No estoy seguro de haberle entendido. ${help()}`,
        `I'm not sure I understood. ${help()}`,
      );
    },

    /** A request for a person while hand-off is off: honest, and the bot keeps helping. */
    noHandoff(): string {
      return say(
        'Por este medio no puedo comunicarte con una persona, pero con gusto te ayudo con lo que necesites.',
        'Por este medio no puedo comunicarle con una persona, pero con gusto le ayudo con lo que necesite.',
        "I can't put you in touch with a person here, but I'm happy to help with whatever you need.",
      ) + ` ${help()}`;
    },

    handoff(phone: string | undefined): string {
      const base = say(
        'Claro, le paso tu conversación a alguien de nuestro equipo; te contactará en breve.',
        'Por supuesto, le paso su conversación a alguien de nuestro equipo; le contactará en breve.',
        "Of course, I'm passing your conversation to someone from our team; they will contact you shortly.",
      );
      if (!phone) return base;
      return `${base} ${say(`Si prefieres, también puedes comunicarte al ${phone}.`, `Si lo prefiere, también puede comunicarse al ${phone}.`, `You can also reach us at ${phone}.`)}`;
    },

    thanks(): string {
      return bot.personality === 'Amigable'
        ? say('¡Con mucho gusto! ¿Te ayudo con algo más?', '¡Con mucho gusto! ¿Le puedo ayudar con algo más?', "You're very welcome! Anything else I can help with?")
        : say('Con gusto. ¿Te ayudo con algo más?', 'Con gusto. ¿Le puedo ayudar con algo más?', "You're welcome. Anything else I can help with?");
    },

    goodbye(): string {
      return say('¡Gracias por escribirnos! Que tengas un excelente día.', '¡Gracias por escribirnos! Que tenga un excelente día.', 'Thanks for writing to us! Have a great day.');
    },

    /** After the customer gave only their details. */
    savedDetails(firstName: string | undefined): string {
      const thanks = firstName ? say(`Gracias, ${firstName}.`, `Gracias, ${firstName}.`, `Thank you, ${firstName}.`) : es ? 'Gracias.' : 'Thank you.';
      return `${thanks} ${say('Ya guardé tus datos.', 'Ya registré sus datos.', 'I saved your details.')} ${help()}`;
    },

    /** A short acknowledgement of the details given along with a question. */
    noted(firstName: string | undefined): string {
      return firstName ? say(`Gracias, ${firstName}.`, `Gracias, ${firstName}.`, `Thank you, ${firstName}.`) : '';
    },
  };
}

export type Wording = ReturnType<typeof wording>;
