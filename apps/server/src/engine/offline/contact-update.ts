import type { EngineAction, EngineContext } from '../types.ts';
import type { Lead } from './lead-capture.ts';
import { plainText } from './plain-text.ts';

/** The details the customer gave that the contact does not hold yet. */
export function contactUpdate(context: EngineContext, lead: Lead): EngineAction | undefined {
  const fields: { name?: string; email?: string; phone?: string } = {};
  const same = (a: string, b: string) => plainText(a) === plainText(b);
  if (lead.name && !same(lead.name, context.contact.name)) fields.name = lead.name;
  if (lead.email && lead.email !== context.contact.email.toLowerCase()) fields.email = lead.email;
  if (lead.phone && lead.phone.replace(/\D/g, '') !== context.contact.phone.replace(/\D/g, '')) fields.phone = lead.phone;
  return Object.keys(fields).length ? { type: 'update_contact', ...fields } : undefined;
}

