import { z } from 'zod';
import { apiErrorSchema } from './errors.ts';
import { appointmentStatuses } from './constants.ts';

export type AppointmentStatus = (typeof appointmentStatuses)[number];
/** Who booked an appointment: the bot in a conversation, or the owner from the calendar. */
export const appointmentSources = ['bot', 'owner'] as const;
export type AppointmentSource = (typeof appointmentSources)[number];

export const appointmentLimits = { rangeDays: 92, service: 200, notes: 2000, contactName: 120, nextSlots: 5, contactSearch: 20 } as const;

/** An ISO 8601 instant with its offset ("2026-11-26T17:00:00.000Z", "2026-11-26T11:00:00-06:00"). */
const instant = z.iso.datetime({ offset: true });

export const appointmentListQuery = z.strictObject({
  botId: z.uuid(),
  from: instant,
  to: instant,
  status: z.enum(appointmentStatuses).optional(),
  /** Only one contact's appointments (the inbox's contact pane). */
  contactId: z.uuid().optional(),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuery>;

const newContact = z.strictObject({
  name: z.string().trim().min(1).max(appointmentLimits.contactName),
  phone: z.string().trim().max(40).default(''),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().max(254).pipe(z.email())]).default(''),
});

/** The owner books: for a contact of the bot (`contactId`) or a new one (`contact`). */
export const createAppointmentBody = z
  .strictObject({
    botId: z.uuid(),
    contactId: z.uuid().optional(),
    contact: newContact.optional(),
    start: instant,
    /** Defaults to the start plus the bot's appointment length. */
    end: instant.optional(),
    service: z.string().trim().max(appointmentLimits.service).default(''),
    notes: z.string().trim().max(appointmentLimits.notes).default(''),
    /** Book outside the opening hours on purpose. */
    force: z.boolean().default(false),
  })
  .refine((b) => Boolean(b.contactId) !== Boolean(b.contact), { error: 'contact', path: ['contactId'] });
export type CreateAppointmentBody = z.input<typeof createAppointmentBody>;

export const updateAppointmentBody = z.strictObject({
  start: instant.optional(),
  end: instant.optional(),
  service: z.string().trim().max(appointmentLimits.service).optional(),
  notes: z.string().trim().max(appointmentLimits.notes).optional(),
  status: z.enum(appointmentStatuses).optional(),
  force: z.boolean().default(false),
});
export type UpdateAppointmentBody = z.input<typeof updateAppointmentBody>;

export const appointmentIdParams = z.strictObject({ id: z.uuid() });
export const appointmentBotQuery = z.strictObject({ botId: z.uuid() });
/** `{token}.ics`; anything else is answered 404, like a wrong token. */
export const feedTokenParams = z.strictObject({ token: z.string() });

export const appointment = z.object({
  id: z.uuid(),
  botId: z.uuid(),
  contact: z.object({ id: z.uuid(), name: z.string(), phone: z.string(), email: z.string() }),
  conversationId: z.uuid().nullable(),
  /** The channel of the conversation it was booked in (or the contact's latest), if any. */
  channel: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  service: z.string(),
  notes: z.string(),
  status: z.enum(appointmentStatuses),
  /** Who booked it. */
  source: z.enum(appointmentSources),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointment>;

export const appointmentListResponse = z.object({ items: z.array(appointment) });
export type AppointmentListResponse = z.infer<typeof appointmentListResponse>;
export const appointmentResponse = z.object({
  ok: z.literal(true),
  appointment,
  /** After a move or a cancellation: whether a notice to the customer went into their conversation. */
  customerNotified: z.boolean().optional(),
});
export type AppointmentResponse = z.infer<typeof appointmentResponse>;
export const feedUrlResponse = z.object({ url: z.string() });
export type FeedUrlResponse = z.infer<typeof feedUrlResponse>;

export const contactSearchQuery = z.strictObject({ botId: z.uuid(), q: z.string().trim().max(120).default('') });
export const contactSearchResponse = z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string(), phone: z.string(), email: z.string() })) });
export type ContactSearchResponse = z.infer<typeof contactSearchResponse>;

/** 409 SLOT_TAKEN: the time overlaps another appointment; the next free starts come with it. */
export const slotTakenError = apiErrorSchema.extend({
  error: apiErrorSchema.shape.error.extend({ nextSlots: z.array(z.string()).optional() }),
});

export const appointmentChangedEvent = z.object({
  botId: z.uuid(),
  appointment,
  change: z.enum(['created', 'updated', 'cancelled']),
  /** Who changed it: the owner from the dashboard, or the bot in a conversation. */
  by: z.enum(appointmentSources),
});
export type AppointmentChangedEvent = z.infer<typeof appointmentChangedEvent>;
