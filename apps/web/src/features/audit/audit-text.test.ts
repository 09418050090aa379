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

  it('says how long ago in Spanish and English', () => {
    const now = new Date('2026-11-28T10:05:00.000Z');
    expect(timeAgo('2026-11-28T10:00:00.000Z', now, 'es')).toBe('hace 5 min');
    expect(timeAgo('2026-11-28T10:00:00.000Z', now, 'en')).toBe('5 min. ago');
    expect(timeAgo('2026-11-28T10:04:50.000Z', now, 'es')).toBe('ahora');
    expect(timeAgo('2026-11-27T09:00:00.000Z', now, 'es')).toBe('ayer');
  });
});
