import { dateFormat, intlLocale } from '../../lib/intl.ts';

/** What the bot did in a turn, as the chat shows it under the reply. */
export type ActionChipKind = 'book' | 'cancel' | 'reschedule' | 'contact' | 'handoff';

export interface ActionChip {
  kind: ActionChipKind;
  text: string;
}

/** The label keys of `playground:actions`. */
export type ActionLabel = 'booked' | 'bookedService' | 'cancelled' | 'rescheduled' | 'contact' | 'captured' | 'handoff';

export interface ActionValues {
  when?: string;
  service?: string;
  value?: string;
}

export type ActionTranslate = (key: ActionLabel, values?: ActionValues) => string;

export interface ActionFormat {
  /** The UI language ('es', 'en'). */
  locale: string;
  /** The bot's IANA time zone; the viewer's own when missing or unknown. */
  timeZone?: string | null;
  t: ActionTranslate;
}

export function validTimeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    dateFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A moment as a person says it: "jueves 5 de marzo, 4:00 p.m." (es-MX) or
 * "Thursday, March 5, 4:00 PM" (en-US), in the bot's time zone. Null for anything that is not a date.
 */
export function formatWhen(iso: unknown, locale: string, timeZone?: string | null): string | null {
  if (typeof iso !== 'string' || !iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const lang = intlLocale(locale);
  const zone = validTimeZone(timeZone);
  const dayParts = dateFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }).formatToParts(date);
  // Spanish reads "jueves 5 de marzo": no comma after the weekday.
  const day = dayParts
    .map((part, i) => (lang.startsWith('es') && part.type === 'literal' && dayParts[i - 1]?.type === 'weekday' ? ' ' : part.value))
    .join('');
  const time = dateFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(date);
  // The bot writes "11:00 a. m." (one style in a whole chat, whatever the ICU version says).
  const clock = lang.startsWith('es') ? time.replace(/[\u202f\u00a0]/g, ' ').replace(/\s*([ap])\.\s?m\./i, (_, half: string) => ` ${half.toLowerCase()}. m.`) : time;
  return `${day}, ${clock}`;
}

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Services that only say "an appointment" add nothing to "Appointment booked". */
const genericServices = new Set(['', 'cita', 'reserva', 'visita', 'appointment', 'booking', 'reservation', 'visit']);
/** "Cita: Limpieza dental" is the service "Limpieza dental". */
const serviceOf = (value: unknown) => str(value).replace(/^(?:cita|reserva|visita|appointment|booking)\s*:\s*/i, '');

/** One chip per action the bot took; actions this version does not know are left out. */
export function actionChips(actions: readonly Record<string, unknown>[] | null | undefined, format: ActionFormat): ActionChip[] {
  if (!actions) return [];
  const { locale, timeZone, t } = format;
  const chips: ActionChip[] = [];
  for (const action of actions) {
    switch (action.type) {
      case 'book': {
        const when = formatWhen(action.start, locale, timeZone);
        if (!when) break;
        const service = serviceOf(action.service);
        chips.push({
          kind: 'book',
          text: genericServices.has(service.toLowerCase()) ? t('booked', { when }) : t('bookedService', { when, service }),
        });
        break;
      }
      case 'reschedule': {
        const when = formatWhen(action.start, locale, timeZone);
        if (when) chips.push({ kind: 'reschedule', text: t('rescheduled', { when }) });
        break;
      }
      case 'cancel':
        chips.push({ kind: 'cancel', text: t('cancelled') });
        break;
      case 'update_contact': {
        const value = [str(action.name), str(action.email), str(action.phone)].filter(Boolean).join(' · ');
        if (value) chips.push({ kind: 'contact', text: t('contact', { value }) });
        break;
      }
      case 'capture': {
        const value = [str(action.interest), str(action.product), str(action.budget)].filter(Boolean).join(' · ');
        if (value) chips.push({ kind: 'contact', text: t('captured', { value }) });
        break;
      }
      case 'handoff':
        // One is enough, however many the engine listed.
        if (!chips.some((chip) => chip.kind === 'handoff')) chips.push({ kind: 'handoff', text: t('handoff') });
        break;
    }
  }
  return chips;
}
