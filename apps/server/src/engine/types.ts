import type { ChosenOption, MessageDirection, ModelStatus, ReplyChoice, ReplyChoices, SchedulingItem } from '@charla/shared';
import type { Passage } from './ports.ts';

export type { ChosenOption, ReplyChoice, ReplyChoices };

/** The bot's settings the engine needs to answer as its owner configured it. */
export interface EngineBot {
  id: string;
  botName: string;
  businessName: string;
  businessDesc: string;
  /** Template key (the business type). */
  template: string;
  purpose: 'sales' | 'appointments' | 'customer_service';
  tone: 'Formal' | 'Semiformal' | 'Informal';
  personality: 'Persuasivo' | 'Amigable' | 'Comprensible';
  identity: 'Humano' | 'Inteligencia Artificial';
  responseLength: 'short' | 'normal' | 'long';
  language: 'es' | 'en';
  timezone: string;
  redirectionEnabled: boolean;
  redirectionPhone: string;
  /** Length of one appointment, minutes. */
  appointmentMinutes: number;
  /** The weekly opening hours of the bot's settings (in its time zone), when set. */
  openingHours?: SchedulingItem['hours'];
}

export interface EngineContact {
  name: string;
  email: string;
  phone: string;
}

export interface HistoryMessage {
  direction: MessageDirection;
  text: string;
}

/** An upcoming appointment of this contact with the business (booked, or confirmed by the customer). */
export interface ContactAppointment {
  id: string;
  start: Date;
  end: Date;
  service: string;
  /** Booked, or confirmed by the customer; unknown when not given. */
  status?: 'booked' | 'confirmed';
}

/** What the engine may ask of the business while it answers. All read-only. */
export interface EngineTools {
  /**
   * Knowledge and catalog passages for a question, best first (score 0..1). `also`: words the
   * business may write instead, searched beside the question's but never read as a customer's
   * typos (only the customer's own words are corrected).
   */
  search(question: string, k?: number, also?: string): Promise<Passage[]>;
  /** Whether an appointment starting here fits the opening hours and no other appointment. */
  isFree(start: Date): Promise<'free' | 'closed' | 'taken' | 'past'>;
  /** The first free start at or after `from` (within two weeks), if any. */
  nextFree(from: Date): Promise<Date | undefined>;
  /** The contact's upcoming appointments (booked or confirmed). */
  upcomingAppointments(): Promise<ContactAppointment[]>;
  /** The picture of a product of the bot's catalog (an http or https address), if it has one. */
  productImage(productId: string): Promise<string | undefined>;
}

export interface EngineContext {
  bot: EngineBot;
  /** The conversation's clock: when the newest message arrived. */
  now: Date;
  contact: EngineContact;
  /** Earlier messages of the conversation, oldest first (the last 20). */
  history: HistoryMessage[];
  /** The customer's new messages of this turn (several when they wrote in a burst), oldest first. */
  incoming: string[];
  /**
   * The option the customer tapped in this turn (the newest tap of the burst), when they tapped
   * one of the choices a reply offered; its title is also in `incoming`.
   */
  chosen?: ChosenOption;
  /** What the engine stored at the end of its previous turn in this conversation. */
  state: Record<string, unknown>;
  tools: EngineTools;
}

/** Effects the pipeline applies, in one transaction with the outbound messages. */
export type EngineAction =
  | { type: 'book'; start: Date; end: Date; service: string }
  | { type: 'cancel'; appointmentId: string }
  /** The customer confirmed they will come (answering a reminder). */
  | { type: 'confirm'; appointmentId: string }
  | { type: 'reschedule'; appointmentId: string; start: Date; end: Date }
  | { type: 'update_contact'; name?: string; email?: string; phone?: string }
  /** What the customer wants, beyond who they are: kept on the contact for the CRM. */
  | { type: 'capture'; interest?: string; product?: string; budget?: string }
  | { type: 'handoff'; reason: string };

export interface EngineResult {
  /** Messages to send, in order. */
  replies: string[];
  /**
   * Options to tap, offered with the last reply (free times, "Sí" / "No"). The reply's text must
   * make sense without them: channels that cannot show them, and the dashboard, show the text.
   */
  choices?: ReplyChoices;
  /**
   * A picture shown with the last reply: the catalog product the reply is about. The text still
   * stands by itself; each channel sends the picture as it can (a caption, a header, its own message).
   */
  image?: { url: string };
  actions: EngineAction[];
  /** The passages the replies were built from. */
  sources: Passage[];
  /** The conversation goes to a person; the bot stops answering it. */
  handoff: boolean;
  /** The knowledge did not hold the answer to the customer's question (two in a row hand off). */
  unanswered?: boolean;
  /** Stored and given back on the next turn (pending booking, last topic…). */
  state: Record<string, unknown>;
}

/** How a language model behind an engine has been doing since the process started (see modelStatus in the shared package). */
export type EngineModelStatus = ModelStatus;

export interface Engine {
  name: string;
  /** Engines backed by a language model say how it is doing. */
  status?(): EngineModelStatus;
  respond(context: EngineContext): Promise<EngineResult>;
  /**
   * The slot the engine booked was taken a moment earlier by someone else: the reply that
   * offers `alternative` (or says nothing is free) instead, and the state that awaits the answer.
   */
  bookingConflict(context: EngineContext, alternative: Date | undefined): Pick<EngineResult, 'replies' | 'state' | 'choices'>;
}
