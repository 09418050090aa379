import type { CalendarDate } from '@charla/shared/dates';
import type { ClockTime, DayPart } from '../dates/parse-time.ts';
import type { Topic } from './question.ts';
import type { FactKind } from './vocabulary.ts';

export type BookingNoun = 'cita' | 'reserva' | 'visita';

/** A booking, reschedule or its slot being settled across turns. Dates are ISO strings. */
export interface PendingBooking {
  mode: 'book' | 'reschedule';
  noun: BookingNoun;
  service?: string;
  date?: CalendarDate;
  time?: ClockTime;
  part?: DayPart;
  /** A free slot waiting for the name or the confirmation. */
  start?: string;
  /** A slot the engine proposed instead of the one asked. */
  offered?: string;
  step: 'when' | 'time' | 'name' | 'confirm' | 'offer';
  /** The appointment being moved. */
  appointmentId?: string;
  previous?: string;
  /** Turns spent asking without progress. */
  idle: number;
}

export interface PendingCancel {
  appointmentId: string;
  start: string;
  service: string;
}

/** The appointment a reminder just announced: the customer's "sí" or "no puedo" is about it. */
export interface Reminded {
  appointmentId: string;
  start: string;
}

export interface OfflineState {
  topic?: Topic;
  reminded?: Reminded;
  booking?: PendingBooking;
  cancel?: PendingCancel;
  /** What the last reply offered, so a "sí" takes it: a person, booking, or help to buy. */
  offer?: 'handoff' | 'booking' | 'purchase';
  /** Replies sent so far in this conversation. */
  turns: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function date(v: unknown): CalendarDate | undefined {
  if (!isObject(v)) return undefined;
  const [year, month, day] = [num(v.year), num(v.month), num(v.day)];
  return year && month && day ? { year, month, day } : undefined;
}

function time(v: unknown): ClockTime | undefined {
  if (!isObject(v)) return undefined;
  const [hour, minute] = [num(v.hour), num(v.minute)];
  return hour !== undefined && minute !== undefined ? { hour, minute } : undefined;
}

const iso = (v: unknown) => {
  const s = str(v);
  return s && !Number.isNaN(Date.parse(s)) ? s : undefined;
};

const KINDS: FactKind[] = ['price', 'duration', 'hours', 'place', 'when', 'requirements', 'capacity', 'who', 'count'];
const STEPS: PendingBooking['step'][] = ['when', 'time', 'name', 'confirm', 'offer'];
const NOUNS: BookingNoun[] = ['cita', 'reserva', 'visita'];
const PARTS: DayPart[] = ['morning', 'afternoon', 'evening'];

function booking(v: unknown): PendingBooking | undefined {
  if (!isObject(v)) return undefined;
  const step = STEPS.find((s) => s === v.step);
  if (!step) return undefined;
  const b: PendingBooking = {
    mode: v.mode === 'reschedule' ? 'reschedule' : 'book',
    noun: NOUNS.find((n) => n === v.noun) ?? 'cita',
    step,
    idle: num(v.idle) ?? 0,
  };
  const [service, d, t, start, offered, appointmentId, previous] = [str(v.service), date(v.date), time(v.time), iso(v.start), iso(v.offered), str(v.appointmentId), iso(v.previous)];
  const part = PARTS.find((p) => p === v.part);
  return {
    ...b,
    ...(service && { service }),
    ...(d && { date: d }),
    ...(t && { time: t }),
    ...(part && { part }),
    ...(start && { start }),
    ...(offered && { offered }),
    ...(appointmentId && { appointmentId }),
    ...(previous && { previous }),
  };
}

/** The engine's memory of a conversation, read defensively from whatever was stored. */
export function readState(raw: unknown): OfflineState {
  const v = isObject(raw) ? raw : {};
  const state: OfflineState = { turns: num(v.turns) ?? 0 };
  if (isObject(v.topic) && Array.isArray(v.topic.words) && Array.isArray(v.topic.kinds)) {
    state.topic = {
      words: v.topic.words.filter((w): w is string => typeof w === 'string').slice(0, 8),
      kinds: v.topic.kinds.filter((k): k is FactKind => KINDS.includes(k as FactKind)),
      query: str(v.topic.query) ?? '',
    };
  }
  const b = booking(v.booking);
  if (b) state.booking = b;
  if (isObject(v.cancel)) {
    const [appointmentId, start, service] = [str(v.cancel.appointmentId), iso(v.cancel.start), str(v.cancel.service)];
    if (appointmentId && start) state.cancel = { appointmentId, start, service: service ?? '' };
  }
  if (isObject(v.reminded)) {
    const [appointmentId, start] = [str(v.reminded.appointmentId), iso(v.reminded.start)];
    if (appointmentId && start) state.reminded = { appointmentId, start };
  }
  if (v.offer === 'handoff' || v.offer === 'booking' || v.offer === 'purchase') state.offer = v.offer;
  return state;
}

/** The state as plain JSON for storage. */
export const writeState = (state: OfflineState): Record<string, unknown> => JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
