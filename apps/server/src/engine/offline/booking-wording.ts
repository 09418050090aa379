import type { CalendarDate } from '@charla/shared/dates';
import { formatWhen } from '@charla/shared/dates';
import { zonedTimeToUtc } from '@charla/shared/dates';
import type { EngineBot } from '../types.ts';
import type { BookingNoun } from './offline-state.ts';
import { voice, type Language } from './voice.ts';

const EN_NOUNS: Record<BookingNoun, string> = { cita: 'appointment', reserva: 'booking', visita: 'visit' };

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A sentence ending in "p. m." needs no second period. */
const period = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** The sentences of booking, moving and cancelling appointments, with exact dates and times. */
export function bookingWording(bot: EngineBot, language: Language) {
  const { es, say } = voice(bot, language);
  const tz = bot.timezone;
  const when = (start: Date) => formatWhen(start, tz, language);
  /** "del jueves 5 de marzo…", never "de el jueves". */
  const fromWhen = (start: Date) => `de ${when(start)}`.replace(/^de el /, 'del ');
  const toWhen = (start: Date) => `a ${when(start)}`.replace(/^a el /, 'al ');
  const day = (date: CalendarDate) => {
    const noon = zonedTimeToUtc({ ...date, hour: 12, minute: 0 }, tz);
    const text = new Intl.DateTimeFormat(es ? 'es-MX' : 'en-US', { timeZone: tz, weekday: 'long', day: 'numeric', month: 'long' }).format(noon);
    return es ? `el ${text.replace(',', '')}` : text;
  };
  /** "tu cita de limpieza dental", "tu reserva", "your visit (Loft en Roma Norte)". */
  const what = (noun: BookingNoun, rawService?: string, own = true) => {
    const service = rawService?.replace(/^(?:visita|cita|reserva)\s*:\s*/i, '');
    const generic = !service || service.toLowerCase() === noun || /^(?:cita|reserva|visita)$/i.test(service);
    if (es) {
      const owner = own ? (bot.tone === 'Formal' ? 'su' : 'tu') : 'la';
      if (generic) return `${owner} ${noun}`;
      return noun === 'visita' ? `${owner} visita (${service})` : `${owner} ${noun} de ${service.charAt(0).toLowerCase()}${service.slice(1)}`;
    }
    const owner = own ? 'your' : 'the';
    return generic ? `${owner} ${EN_NOUNS[noun]}` : `${owner} ${service.charAt(0).toLowerCase()}${service.slice(1)}${noun === 'visita' ? ' visit' : ''}`;
  };

  return {
    when,
    day,
    askWhen: (noun: BookingNoun, service?: string) =>
      say(`¿Qué día y a qué hora te gustaría ${what(noun, service)}?`, `¿Qué día y a qué hora le gustaría ${what(noun, service)}?`, `What day and time would you like for ${what(noun, service)}?`),
    askTime: (date: CalendarDate, free: Date[] = []) => {
      const ask = say(`¿A qué hora te gustaría ${day(date)}?`, `¿A qué hora le gustaría ${day(date)}?`, `What time would you like on ${day(date)}?`);
      if (!free.length) return ask;
      const clocks = free.map((f) => when(f).replace(/^.*?\s(a las?|at)\s/, ''));
      const list = clocks.length === 1 ? clocks[0]! : `${clocks.slice(0, -1).join(', ')} ${es ? 'o' : 'or'} ${clocks.at(-1)}`;
      return `${ask} ${period(say(`Hay lugar a las ${list}`, `Hay lugar a las ${list}`, `There is room at ${list}`))}`;
    },
    askName: (start: Date) =>
      `${capitalize(when(start))} ${say('está disponible. ¿A nombre de quién hago la reservación?', 'está disponible. ¿A nombre de quién hago la reservación?', 'is available. What name should I book it under?')}`,
    askNameAgain: () => say('¿Me compartes tu nombre completo para la reservación?', '¿Me comparte su nombre completo para la reservación?', 'Could you tell me your full name for the booking?'),
    confirm: (noun: BookingNoun, service: string | undefined, start: Date, name: string) =>
      say(
        `¿Confirmo ${what(noun, service)} a nombre de ${name} para ${when(start)}?`,
        `¿Confirmo ${what(noun, service)} a nombre de ${name} para ${when(start)}?`,
        `Shall I confirm ${what(noun, service)} for ${name} on ${when(start)}?`,
      ),
    booked: (noun: BookingNoun, service: string | undefined, start: Date, firstName: string) => {
      const done = say(
        period(`¡Listo, ${firstName}! ${capitalize(what(noun, service))} quedó agendada para ${when(start)}`),
        period(`Listo, ${firstName}. ${capitalize(what(noun, service))} quedó agendada para ${when(start)}`),
        period(`Done, ${firstName}! ${capitalize(what(noun, service))} is booked for ${when(start)}`),
      );
      const welcome = bot.personality === 'Amigable' ? say(' ¡Te esperamos!', ' Le esperamos.', ' See you then!') : '';
      return done + welcome;
    },
    past: () =>
      say(
        'Esa fecha y hora ya pasaron. ¿Qué otro día te queda bien?',
        'Esa fecha y hora ya pasaron. ¿Qué otro día le queda bien?',
        'That date and time have already passed. What other day works for you?',
      ),
    closedDay: (date: CalendarDate) =>
      say(`${capitalize(day(date))} no tenemos horarios disponibles.`, `${capitalize(day(date))} no tenemos horarios disponibles.`, `We have no times available on ${day(date)}.`),
    closedHour: () => say('A esa hora no tenemos servicio.', 'A esa hora no tenemos servicio.', "We're closed at that time."),
    taken: () => say('Ese horario ya está ocupado.', 'Ese horario ya está ocupado.', 'That time is already taken.'),
    justTaken: () => say('Lo siento, ese horario se acaba de ocupar.', 'Lo siento, ese horario se acaba de ocupar.', 'Sorry, that time was just taken.'),
    offer: (alternative: Date) =>
      say(
        `${period(`El siguiente horario libre es ${when(alternative)}`)} ¿Te funciona o prefieres otro?`,
        `${period(`El siguiente horario libre es ${when(alternative)}`)} ¿Le funciona o prefiere otro?`,
        `The next free time is ${when(alternative)}. Does that work, or would you prefer another?`,
      ),
    noFree: () =>
      !bot.redirectionEnabled
        ? say(
            'No encontré horarios libres en las próximas dos semanas. ¿Quieres que busque otro día?',
            'No encontré horarios libres en las próximas dos semanas. ¿Desea que busque otro día?',
            "I couldn't find free times in the next two weeks. Shall I look for another day?",
          )
        : say(
        'No encontré horarios libres en las próximas dos semanas. Si quieres, alguien de nuestro equipo te ayuda a encontrar un espacio.',
        'No encontré horarios libres en las próximas dos semanas. Si lo desea, alguien de nuestro equipo le ayuda a encontrar un espacio.',
        "I couldn't find free times in the next two weeks. If you'd like, someone from our team can help you find one.",
      ),
    anotherTime: () => say('De acuerdo. ¿Qué otro día u horario prefieres?', 'De acuerdo. ¿Qué otro día u horario prefiere?', 'All right. What other day or time would you prefer?'),
    dropped: () => say('Sin problema, no agendé nada.', 'Sin problema, no agendé nada.', "No problem, I didn't book anything."),
    noUpcoming: () =>
      say(
        'No encuentro citas próximas a tu nombre. ¿Te gustaría agendar una?',
        'No encuentro citas próximas a su nombre. ¿Le gustaría agendar una?',
        "I can't find any upcoming appointments for you. Would you like to book one?",
      ),
    askNewWhen: (start: Date, service: string) =>
      say(
        `${period(`Tienes ${what('cita', service, false)} ${when(start)}`)} ¿Para qué día y hora la quieres cambiar?`,
        `${period(`Tiene ${what('cita', service, false)} ${when(start)}`)} ¿Para qué día y hora la desea cambiar?`,
        `${period(`You have ${what('cita', service, false)} on ${when(start)}`)} What day and time would you like instead?`,
      ),
    confirmMove: (from: Date, to: Date) =>
      say(
        `¿Confirmo el cambio de tu cita ${fromWhen(from)} ${toWhen(to)}?`,
        `¿Confirmo el cambio de su cita ${fromWhen(from)} ${toWhen(to)}?`,
        `Shall I move your appointment from ${when(from)} to ${when(to)}?`,
      ),
    moved: (to: Date) =>
      period(say(`¡Listo! Tu cita quedó cambiada para ${when(to)}`, `Listo. Su cita quedó cambiada para ${when(to)}`, `Done! Your appointment is now on ${when(to)}`)),
    confirmCancel: (start: Date, service: string) =>
      say(
        `¿Confirmas que cancelo tu cita${service ? ` (${service})` : ''} ${fromWhen(start)}?`,
        `¿Confirma que cancelo su cita${service ? ` (${service})` : ''} ${fromWhen(start)}?`,
        `Do you confirm I should cancel your appointment${service ? ` (${service})` : ''} on ${when(start)}?`,
      ),
    cancelled: (start: Date) =>
      say(
        `${period(`Listo, cancelé tu cita ${fromWhen(start)}`)} Si quieres agendar otra fecha, aquí estoy.`,
        `${period(`Listo, cancelé su cita ${fromWhen(start)}`)} Si desea agendar otra fecha, aquí estoy.`,
        `${period(`Done, I cancelled your appointment on ${when(start)}`)} If you'd like another date, I'm here.`,
      ),
    attending: (start: Date) =>
      say(
        `${period(`¡Gracias! Tu cita ${fromWhen(start)} queda confirmada`)} Te esperamos.`,
        `${period(`¡Gracias! Su cita ${fromWhen(start)} queda confirmada`)} Le esperamos.`,
        `${period(`Thank you! Your appointment on ${when(start)} is confirmed`)} See you then.`,
      ),
    kept: () => say('De acuerdo, tu cita sigue en pie.', 'De acuerdo, su cita sigue en pie.', 'All right, your appointment stays as it is.'),
  };
}

export type BookingWording = ReturnType<typeof bookingWording>;
