import type { Passage } from '../../ports.ts';
import type { ChosenOption, ContactAppointment, EngineAction, EngineBot, EngineContact, EngineResult, HistoryMessage } from '../../types.ts';
import { offlineEngine } from '../offline-engine.ts';
import { memoryTools, type WeeklyHours } from './memory-tools.ts';

export const WEEKDAYS_9_TO_7: WeeklyHours = {
  mon: [['09:00', '19:00']],
  tue: [['09:00', '19:00']],
  wed: [['09:00', '19:00']],
  thu: [['09:00', '19:00']],
  fri: [['09:00', '19:00']],
  sat: [['09:00', '14:00']],
  sun: [],
};

export const testBot = (overrides: Partial<EngineBot> = {}): EngineBot => ({
  id: 'bot-1',
  botName: 'Sofía',
  businessName: 'Clínica Dental Sonrisa',
  businessDesc: 'Clínica dental familiar en Guadalajara.',
  template: 'doctor_appointment',
  purpose: 'appointments',
  tone: 'Semiformal',
  personality: 'Amigable',
  identity: 'Humano',
  responseLength: 'normal',
  language: 'es',
  timezone: 'America/Mexico_City',
  redirectionEnabled: true,
  redirectionPhone: '',
  appointmentMinutes: 45,
  ...overrides,
});

export interface ConversationOptions {
  bot?: Partial<EngineBot>;
  passages?: Passage[];
  hours?: WeeklyHours;
  /** The clock of the first message; each next message comes a minute later. */
  now: Date;
  contact?: Partial<EngineContact>;
  taken?: { start: Date; end: Date }[];
  upcoming?: ContactAppointment[];
  /** A search that fails, to test that the engine still answers. */
  failingSearch?: boolean;
  /** Pictures of catalog products, by product id. */
  images?: Record<string, string>;
}

/**
 * A conversation with the offline engine over in-memory tools: state, history and contact are
 * carried between messages, and the engine's actions are applied as the pipeline would.
 */
export function conversation(options: ConversationOptions) {
  const engine = offlineEngine();
  const bot = testBot(options.bot);
  let contact: EngineContact = { name: '', email: '', phone: '', ...options.contact };
  let state: Record<string, unknown> = {};
  /** The state the last message was answered with, as the pipeline passes it on a booking conflict. */
  let before: Record<string, unknown> = {};
  let lastIncoming: string[] = [];
  let now = options.now;
  const history: HistoryMessage[] = [];
  const actions: EngineAction[] = [];
  const taken = [...(options.taken ?? [])];
  const upcoming = [...(options.upcoming ?? [])];
  let handedOff = false;

  const tools = () => {
    const t = memoryTools({ now, passages: options.passages, hours: options.hours ?? WEEKDAYS_9_TO_7, timeZone: bot.timezone, slotMinutes: bot.appointmentMinutes, taken, upcoming, ...(options.images && { images: options.images }) });
    if (options.failingSearch) t.search = async () => Promise.reject(new Error('search is down'));
    return t;
  };

  async function answer(incoming: string[], chosen?: ChosenOption): Promise<EngineResult & { text: string }> {
    const result = await engine.respond({ bot, now, contact, history: history.slice(-20), incoming, ...(chosen && { chosen }), state, tools: tools() });
    for (const a of result.actions) {
      actions.push(a);
      if (a.type === 'update_contact') {
        const { type: _type, ...fields } = a;
        contact = { ...contact, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) };
      }
      if (a.type === 'book') {
        taken.push({ start: a.start, end: a.end });
        upcoming.push({ id: `a${upcoming.length + 1}`, start: a.start, end: a.end, service: a.service });
      }
      if (a.type === 'cancel') upcoming.splice(upcoming.findIndex((u) => u.id === a.appointmentId), 1);
    }
    if (result.handoff) handedOff = true;
    before = state;
    lastIncoming = incoming;
    state = result.state;
    history.push(...incoming.map((text) => ({ direction: 'in' as const, text })), ...result.replies.map((text) => ({ direction: 'out' as const, text })));
    now = new Date(now.getTime() + 60_000);
    return { ...result, text: result.replies.join('\n') };
  }

  return {
    bot,
    engine,
    actions,
    get contact() {
      return contact;
    },
    get state() {
      return state;
    },
    get handedOff() {
      return handedOff;
    },
    /** Sends one or more messages (a burst) and returns the engine's result. */
    send: (...incoming: string[]) => answer(incoming),
    /** Taps one of the options a reply offered: its title is the message, its id comes along. */
    tap: (option: ChosenOption) => answer([option.title], { id: option.id, title: option.title }),
    /** The last booking failed (someone took the slot): the engine's reply instead, and its state. */
    conflict(alternative: Date | undefined) {
      const booked = actions.findLastIndex((a) => a.type === 'book');
      if (booked >= 0) {
        const [a] = actions.splice(booked, 1);
        if (a?.type === 'book') upcoming.splice(upcoming.findIndex((u) => u.start.getTime() === a.start.getTime()), 1);
      }
      const out = engine.bookingConflict({ bot, now, contact, history, incoming: lastIncoming, state: before, tools: tools() }, alternative);
      state = out.state;
      return out;
    },
  };
}
