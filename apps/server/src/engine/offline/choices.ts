import { formatWhen } from '@charla/shared/dates';
import type { ChosenOption, EngineBot, ReplyChoices } from '../types.ts';
import type { OfflineState } from './offline-state.ts';
import { voice, type Language } from './voice.ts';

/** Most free times one reply offers to tap (a WhatsApp list holds ten rows). */
export const SLOT_CHOICES = 10;
const SLOT_ID = 'slot:';

/**
 * The options the engine offers with a reply, in the bot's voice. Each title is something the
 * engine already understands when typed ("Sí", "No, otro horario", "9:45 a. m."), so a tap and a
 * typed answer go the same way; a free time's id also names the exact start.
 */
export function offlineChoices(bot: EngineBot, language: Language) {
  const { es, say } = voice(bot, language);
  const yesNo = (yes: string, no: string, label = es ? 'Responder' : 'Reply'): ReplyChoices => ({
    label,
    options: [
      { id: 'yes', title: yes },
      { id: 'no', title: no },
    ],
  });

  /** "9:45 a. m.", "viernes 6 de marzo": a time of one day, tapped to take it. */
  const slots = (starts: Date[]): ReplyChoices | undefined => {
    if (!starts.length) return undefined;
    return {
      label: es ? 'Ver horarios' : 'See times',
      options: starts.slice(0, SLOT_CHOICES).map((start) => {
        const when = formatWhen(start, bot.timezone, language);
        const [, day = '', clock = when] = when.match(/^(?:el\s+)?(.*?),?\s+(?:a las?|at)\s+(.*)$/) ?? [];
        return { id: `${SLOT_ID}${start.toISOString()}`, title: clock, ...(day && { description: day }) };
      }),
    };
  };

  /**
   * The options that answer the booking or cancellation question the reply ends with, read from
   * what the engine now waits for (its replies repeat that question until it is answered).
   */
  const forState = (state: OfflineState): ReplyChoices | undefined => {
    const b = state.booking;
    if (b?.step === 'confirm' && b.start) return yesNo(es ? 'Sí, confirmo' : 'Yes, confirm', 'No');
    if (b?.step === 'offer' && b.offered) return yesNo(es ? 'Sí, me funciona' : 'Yes, that works', es ? 'No, otro horario' : 'No, another time');
    if (b) return undefined;
    if (state.cancel) return yesNo(es ? 'Sí, cancelar' : 'Yes, cancel it', say('No, mantenerla', 'No, mantenerla', 'No, keep it'));
    return undefined;
  };

  /** "Sí" / "No" to the offer a reply ends with: to book, to help buy, to pass to a person. */
  const offer = () => yesNo(es ? 'Sí, por favor' : 'Yes, please', es ? 'No, gracias' : 'No, thanks');

  return { slots, forState, offer };
}

/** The exact start of a free time the customer tapped, if the option they tapped was one. */
export function chosenSlot(chosen: ChosenOption | undefined): Date | undefined {
  if (!chosen?.id.startsWith(SLOT_ID)) return undefined;
  const start = new Date(chosen.id.slice(SLOT_ID.length));
  return Number.isNaN(start.getTime()) ? undefined : start;
}
