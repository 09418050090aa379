import type { BotRow } from '../bots/index.ts';
import type { AppointmentView } from './appointments.repository.ts';

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const STATUS: Record<string, string> = { booked: 'TENTATIVE', confirmed: 'CONFIRMED', cancelled: 'CANCELLED', completed: 'CONFIRMED', no_show: 'CANCELLED' };

/** Lines longer than 75 octets are folded (RFC 5545 §3.1), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = Buffer.byteLength(ch);
    if (size + bytes > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A bot's appointments as an iCalendar feed (RFC 5545) for Google Calendar or Apple Calendar. */
export function icsCalendar(bot: Pick<BotRow, 'id' | 'businessName' | 'timezone'>, rows: AppointmentView[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Charla//Citas//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escape(bot.businessName)}`,
    `X-WR-TIMEZONE:${bot.timezone}`,
  ];
  for (const a of rows) {
    const who = a.contact.name || a.contact.phone || a.contact.email;
    const description = [a.contact.phone, a.contact.email, a.notes].filter(Boolean).join('\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${a.id}@charla`,
      `DTSTAMP:${stamp(now)}`,
      `LAST-MODIFIED:${stamp(a.updatedAt)}`,
      `DTSTART:${stamp(a.startAt)}`,
      `DTEND:${stamp(a.endAt)}`,
      `SUMMARY:${escape([a.service, who].filter(Boolean).join(' — ') || bot.businessName)}`,
      ...(description ? [`DESCRIPTION:${escape(description)}`] : []),
      `STATUS:${STATUS[a.status] ?? 'TENTATIVE'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
