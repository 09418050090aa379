import type { ChosenOption, DemoCustomerChat, DemoCustomerList, DemoCustomerReadResponse, DemoCustomerSendResponse } from '@charla/shared';
import { api } from '../../../lib/api.ts';

const base = (botId: string) => `/api/demo-channel/${encodeURIComponent(botId)}`;

/** A new customer of the demonstration channel: their name and, optionally, the phone they write from. */
export interface NewDemoCustomer {
  name: string;
  phone?: string;
}

/** "Simular cliente": the customer's side of the demonstration channel. */
export const demoCustomerApi = {
  customers: (botId: string) => api.get<DemoCustomerList>(`${base(botId)}/customers`),
  chat: (botId: string, contactId: string) => api.get<DemoCustomerChat>(`${base(botId)}/customers/${encodeURIComponent(contactId)}`),
  /** An existing customer by contact, or a new one. */
  send: (botId: string, who: { contactId: string } | { customer: NewDemoCustomer }, text: string, clientMessageId: string, chosen?: ChosenOption) =>
    api.post<DemoCustomerSendResponse>(`${base(botId)}/messages`, {
      ...('contactId' in who ? { contact_id: who.contactId } : { customer: who.customer }),
      text,
      client_message_id: clientMessageId,
      ...(chosen && { chosen }),
    }),
  read: (botId: string, contactId: string) => api.post<DemoCustomerReadResponse>(`${base(botId)}/customers/${encodeURIComponent(contactId)}/read`),
};

export const demoCustomersKey = (botId: string) => ['demo-channel', botId, 'customers'] as const;
export const demoCustomerChatKey = (botId: string, contactId: string) => ['demo-channel', botId, 'chat', contactId] as const;
