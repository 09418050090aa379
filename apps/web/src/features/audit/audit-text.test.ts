import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@charla/shared';
import { auditValues, timeAgo } from './audit-text.ts';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: '1',
  account_id: 'a',
  actor_id: 'u',
  actor_email: 'ana@sonrisa.mx',
  actor_name: 'Ana López',
  action: 'bot.settings_changed',
  target_type: 'bot',
  target_id: 'b',
  details: { bot_name: 'Sofía', fields: 'tone' },
  ip: null,
  created_at: '2026-11-28T10:00:00.000Z',
  ...over,
});

describe('audit entries in words', () => {
  it('names the actor by name, else e-mail, else someone; and the bot', () => {
    expect(auditValues(entry(), 'Alguien')).toMatchObject({ actor: 'Ana López', bot: 'Sofía', plan: '' });
    expect(auditValues(entry({ actor_name: null }), 'Alguien').actor).toBe('ana@sonrisa.mx');
    expect(auditValues(entry({ actor_name: null, actor_email: null }), 'Alguien').actor).toBe('Alguien');
  });

  it('names the team member, their role’s code and whom a conversation was given to', () => {
    const seat = entry({ action: 'seat.invited', target_type: 'seat', details: { seat_name: 'Rosa Díaz', seat_email: 'rosa@sonrisa.mx', role: 'agent' } });
    expect(auditValues(seat, 'Alguien')).toMatchObject({ seat: 'Rosa Díaz', email: 'rosa@sonrisa.mx', role: 'agent', assignee: '' });
    const given = entry({ action: 'conversation.assigned', details: { bot_name: 'Sofía', contact_name: 'Luis', assignee_name: 'Rosa Díaz' } });
    expect(auditValues(given, 'Alguien')).toMatchObject({ bot: 'Sofía', contact: 'Luis', assignee: 'Rosa Díaz' });
    expect(auditValues(entry({ action: 'document.deleted', details: { bot_name: 'Sofía', document_name: 'Horario' } }), 'Alguien').document).toBe('Horario');
    expect(auditValues(entry({ action: 'product.deleted', details: { bot_name: 'Sofía', product_name: 'Limpieza' } }), 'Alguien').product).toBe('Limpieza');
  });

  it('says how long ago in Spanish and English', () => {
    const now = new Date('2026-11-28T10:05:00.000Z');
    expect(timeAgo('2026-11-28T10:00:00.000Z', now, 'es')).toBe('hace 5 min');
    expect(timeAgo('2026-11-28T10:00:00.000Z', now, 'en')).toBe('5 min. ago');
    expect(timeAgo('2026-11-28T10:04:50.000Z', now, 'es')).toBe('ahora');
    expect(timeAgo('2026-11-27T09:00:00.000Z', now, 'es')).toBe('ayer');
  });
});
