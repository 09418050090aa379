import { z } from 'zod';
import { demoChannelLimits, messageLimits } from './constants.ts';
import { chosenOption, conversationMessage, conversationStatus } from './conversations.ts';
import { freeText } from './text.ts';

/**
 * The demonstration channel ("Canal de demostración"): conversations with customers the owner
 * plays in "Simular cliente", a phone-like chat page. What the customer writes goes through the
 * same receive path as a WhatsApp message; the business's replies (the bot's and the team's from
 * the inbox) leave through the one send path and are delivered and read there.
 */

export const demoChannelParams = z.strictObject({ botId: z.uuid() });
export const demoCustomerParams = z.strictObject({ botId: z.uuid(), contactId: z.uuid() });

/** A customer of the demonstration channel, for the picker of the customer page. */
export const demoCustomer = z.object({
  contactId: z.uuid(),
  name: z.string(),
  phone: z.string(),
  /** The customer's newest conversation on the channel, and who answers it. */
  conversationId: z.uuid().nullable(),
  status: conversationStatus.nullable(),
  lastMessageAt: z.string().nullable(),
});
export type DemoCustomer = z.infer<typeof demoCustomer>;

/** The business as its customers see it on their phone: its name, and the bot's time zone for times. */
export const demoBusiness = z.object({ name: z.string(), botName: z.string(), timeZone: z.string() });

/** GET /api/demo-channel/{botId}/customers: the bot's demonstration customers, newest activity first. */
export const demoCustomerList = z.object({ business: demoBusiness, customers: z.array(demoCustomer) });
export type DemoCustomerList = z.infer<typeof demoCustomerList>;

/** GET /api/demo-channel/{botId}/customers/{contactId}: the customer's chat as their phone shows it. */
export const demoCustomerChat = z.object({
  business: demoBusiness,
  customer: demoCustomer,
  messages: z.array(conversationMessage),
});
export type DemoCustomerChat = z.infer<typeof demoCustomerChat>;

const customerName = freeText(demoChannelLimits.name).pipe(z.string().min(1, { error: 'required' }));
const customerPhone = freeText(demoChannelLimits.phone).pipe(z.string().regex(/^[+\d\s().-]*$/, { error: 'phone' }));

/**
 * POST /api/demo-channel/{botId}/messages: the customer writes. An existing customer by
 * `contact_id`, or a new one (`customer`: the name and, optionally, the phone they write from).
 */
export const demoCustomerSendBody = z
  .strictObject({
    contact_id: z.uuid().optional(),
    customer: z.strictObject({ name: customerName, phone: customerPhone.optional() }).optional(),
    text: z.string().max(messageLimits.text).refine((t) => t.trim().length > 0, { error: 'required' }),
    /** The browser's id of the message: sending it twice stores it once. */
    client_message_id: z.uuid(),
    /** The option of a reply the customer tapped; `text` is its title. */
    chosen: chosenOption.optional(),
  })
  .refine((b) => (b.contact_id === undefined) !== (b.customer === undefined), { error: 'contact_or_customer', path: ['contact_id'] });
export type DemoCustomerSendBody = z.input<typeof demoCustomerSendBody>;

/** 202: the customer and the stored message (absent when it was sent before). */
export const demoCustomerSendResponse = z.object({ duplicate: z.boolean(), contactId: z.uuid(), message: conversationMessage.optional() });
export type DemoCustomerSendResponse = z.infer<typeof demoCustomerSendResponse>;

/** POST /api/demo-channel/{botId}/customers/{contactId}/read: the customer's phone shows the replies; how many turned read. */
export const demoCustomerReadResponse = z.object({ read: z.number().int() });
export type DemoCustomerReadResponse = z.infer<typeof demoCustomerReadResponse>;
