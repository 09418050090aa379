import { randomUUID } from 'node:crypto';
import type { SchedulingItem } from '@charla/shared';
import type { Db } from '../db/client.ts';
import { addDays } from '@charla/shared/dates';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';
import { appointmentsRepository } from '../modules/appointments/appointments.repository.ts';
import { openingStarts } from '../modules/appointments/availability.ts';
import type { appointments } from '../modules/appointments/appointments.table.ts';
import { conversationsRepository } from '../modules/conversations/conversations.repository.ts';
import type { contactIdentities, contacts, conversations, messages } from '../modules/conversations/conversations.table.ts';
import type { contactStageChanges } from '../modules/crm/crm.table.ts';
import { crmRepository, type StageRow } from '../modules/crm/crm.repository.ts';

const MINUTE = 60_000;
const firstNames = ['Ana', 'Luis', 'María', 'José', 'Fernanda', 'Carlos', 'Daniela', 'Miguel', 'Sofía', 'Alejandro', 'Valeria', 'Jorge', 'Camila', 'Ricardo', 'Paola', 'Eduardo', 'Gabriela', 'Raúl', 'Andrea', 'Héctor', 'Lucía', 'Óscar', 'Renata', 'Iván'];
const lastNames = ['García', 'Hernández', 'López', 'Martínez', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Torres', 'Flores', 'Rivera', 'Gómez', 'Díaz', 'Cruz', 'Morales', 'Ortiz', 'Núñez'];
const questions = [
  ['¿Cuánto cuesta una limpieza dental?', 'La limpieza dental cuesta $650. ¿Te gustaría agendar una cita?'],
  ['Hola, ¿tienen citas para el sábado?', 'Sí, el sábado atendemos de 9:00 a 14:00. ¿Qué horario te acomoda?'],
  ['¿Hacen blanqueamiento?', 'Sí, hacemos blanqueamiento en consultorio. ¿Quieres que te aparte una valoración?'],
  ['Me duele una muela, ¿me pueden atender hoy?', 'Lamento la molestia. Tenemos espacio hoy por la tarde, ¿te agendo?'],
  ['¿Dónde están ubicados?', 'Estamos en Av. Chapultepec 480, Guadalajara. ¿Te ayudo con algo más?'],
  ['¿Aceptan tarjeta?', 'Sí, aceptamos tarjeta de crédito y débito. ¿Agendamos tu cita?'],
] as const;
const channels = ['whatsapp', 'whatsapp', 'whatsapp', 'messenger', 'instagram'] as const;
/** What a customer writes when they come back weeks later, in the same conversation. */
const returns = [
  ['Hola, ¿me pueden recordar la dirección?', 'Claro, estamos en Av. Chapultepec 480, Guadalajara. ¡Te esperamos!'],
  ['Quiero agendar otra limpieza, ¿tienen espacio la próxima semana?', 'Sí, tenemos espacio. ¿Prefieres mañana o tarde?'],
  ['¿Cuánto cuesta el blanqueamiento?', 'El blanqueamiento en consultorio cuesta $3,500. ¿Te aparto una valoración?'],
  ['Buenas tardes, ¿me pueden dar factura de mi limpieza?', 'Claro, emitimos factura. Envíanos por aquí tu RFC y tus datos fiscales.'],
] as const;
/** Of the earlier customers, those who write again some weeks later. */
const RETURNING = 0.22;

/** A small deterministic random source, so every demo account gets the same history. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hours customers write at, busier late morning and early evening. */
const hours = [9, 10, 10, 11, 11, 12, 12, 13, 16, 17, 18, 18, 19, 19, 20, 21];

/** The clinic's settings its history follows: its time zone, and its opening hours and appointment length. */
export interface DemoClinic {
  id: string;
  timezone: string;
  scheduling: SchedulingItem[];
}

/**
 * Ninety days of earlier customers of the demo clinic, so the CRM's summary has a history: each a
 * contact with one closed conversation (a question and the answer, a few a person gave), some who
 * left a phone or an e-mail, booked and were attended (moved to the stages), or did not come, and
 * about one in five who wrote again in the same conversation weeks later (so a period's
 * conversations are more than its new contacts, as in any business with returning customers). The
 * days before `now` only: today's activity is the demo's live conversations. The appointments follow
 * the clinic's own settings as the bot would book them: a free start of its opening hours on one
 * of the next days it is open, as long as the appointment length, never two at once, all over by now.
 */
export async function storeDemoHistory(db: Db, clinic: DemoClinic, stages: StageRow[], now: Date): Promise<number> {
  const { id: botId, timezone: timeZone } = clinic;
  const schedule = clinic.scheduling[0];
  const length = (schedule?.appointment_minutes ?? 30) * MINUTE;
  const next = random(20_261_125);
  const nextReturn = random(20_261_130);
  const today = localParts(now, timeZone);
  const todayStarts = zonedTimeToUtc({ ...today, hour: 0, minute: 0 }, timeZone).getTime();
  const stage = (name: string) => stages.find((s) => s.name === name);
  const [booked, attended, lost] = [stage('Cita agendada'), stage('Atendido'), stage('Perdido')];
  const rows = {
    contacts: [] as (typeof contacts.$inferInsert)[],
    identities: [] as (typeof contactIdentities.$inferInsert)[],
    conversations: [] as (typeof conversations.$inferInsert)[],
    messages: [] as (typeof messages.$inferInsert)[],
    appointments: [] as (typeof appointments.$inferInsert)[],
    changes: [] as (typeof contactStageChanges.$inferInsert)[],
  };
  const taken: number[] = [];
  /** A free start on one of the clinic's open days after `at` (the first or the second, as the customer chose), over before now. */
  const slotAfter = (at: Date): Date | undefined => {
    const asked = localParts(at, timeZone);
    let open = 0;
    const wanted = 1 + Math.floor(next() * 2);
    for (let ahead = 1; ahead <= 14; ahead++) {
      const starts = openingStarts(schedule, timeZone, addDays(asked, ahead));
      if (!starts.length || ++open < wanted) continue;
      const free = starts.filter((s) => s.getTime() + length <= now.getTime() && !taken.some((t) => Math.abs(t - s.getTime()) < length));
      if (!free.length) continue;
      const start = free[Math.floor(next() * free.length)]!;
      taken.push(start.getTime());
      return start;
    }
    return undefined;
  };
  let made = 0;
  for (let back = 89; back >= 1; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
    // More on weekdays, fewer on Sunday, and a slow rise over the quarter.
    const count = Math.round((weekday === 0 ? 2 : weekday === 6 ? 5 : 7) + next() * 4 + (89 - back) / 30);
    for (let i = 0; i < count; i++, made++) {
      const at = zonedTimeToUtc({ ...day, hour: hours[Math.floor(next() * hours.length)]!, minute: Math.floor(next() * 60) }, timeZone);
      const name = `${firstNames[Math.floor(next() * firstNames.length)]} ${lastNames[Math.floor(next() * lastNames.length)]}`;
      const channel = channels[Math.floor(next() * channels.length)]!;
      const digits = String(3_300_000_000 + made * 7919).slice(0, 10);
      const phone = channel === 'whatsapp' || next() < 0.3 ? `+52${digits}` : '';
      const email = next() < 0.35 ? `${name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').replace(' ', '.')}${made}@gmail.com` : '';
      const start = (phone || email) && next() < 0.45 ? slotAfter(at) : undefined;
      const fate = next();
      const toStage = start ? (fate < 0.7 ? attended : fate < 0.85 ? booked : lost) : fate < 0.08 ? lost : undefined;
      const contactId = randomUUID();
      const conversationId = randomUUID();
      const answered = new Date(at.getTime() + MINUTE);
      // Some come back 5 to 40 days later (before today, whose activity is the live demo), answered by the assistant.
      const back = nextReturn() < RETURNING ? zonedTimeToUtc({ ...addDays(localParts(at, timeZone), 5 + Math.floor(nextReturn() * 36)), hour: hours[Math.floor(nextReturn() * hours.length)]!, minute: Math.floor(nextReturn() * 60) }, timeZone) : undefined;
      const [again, reply] = returns[Math.floor(nextReturn() * returns.length)]!;
      const returned = back && back.getTime() + MINUTE < todayStarts ? back : undefined;
      const lastMessage = returned ? new Date(returned.getTime() + MINUTE) : answered;
      rows.contacts.push({ id: contactId, botId, name, phone, email, stageId: toStage?.id ?? null, stagePosition: made, createdAt: at, updatedAt: lastMessage });
      rows.identities.push({ botId, channel, externalId: `demo-history-${made}`, contactId });
      const person = next() < 0.15;
      const [question, answer] = questions[Math.floor(next() * questions.length)]!;
      rows.messages.push(
        { conversationId, botId, channel, direction: 'in', text: question, status: 'processed', author: 'customer', externalId: `demo-history:${botId}:${made}`, createdAt: at },
        { conversationId, botId, channel, direction: 'out', text: answer, status: 'read', author: person ? 'human' : 'bot', createdAt: answered },
      );
      if (returned) {
        rows.messages.push(
          { conversationId, botId, channel, direction: 'in', text: again, status: 'processed', author: 'customer', externalId: `demo-history:${botId}:${made}:again`, createdAt: returned },
          { conversationId, botId, channel, direction: 'out', text: reply, status: 'read', author: 'bot', createdAt: lastMessage },
        );
      }
      // A person who answered took the conversation the moment they wrote.
      rows.conversations.push({ id: conversationId, botId, contactId, channel, status: 'closed', createdAt: at, updatedAt: lastMessage, lastMessageAt: lastMessage, lastInboundAt: returned ?? at, humanAt: person ? answered : null });
      const end = start && new Date(start.getTime() + length);
      if (start && end) {
        rows.appointments.push({ botId, contactId, conversationId, startAt: start, endAt: end, service: 'Limpieza dental', status: toStage === lost ? 'no_show' : 'completed', createdAt: answered, updatedAt: end });
      }
      if (toStage) {
        // Booked by the bot as it answered; attended or not once the appointment was over (a person's call).
        const path: [StageRow | undefined, Date, 'bot' | 'person'][] = start && end
          ? toStage === booked ? [[booked, answered, 'bot']] : [[booked, answered, 'bot'], [toStage, end, 'person']]
          : [[toStage, new Date(Math.min(at.getTime() + 1440 * MINUTE, now.getTime() - MINUTE)), 'person']];
        let from = 'Nuevo';
        for (const [s, when, by] of path) {
          if (!s) continue;
          rows.changes.push({ botId, contactId, fromStage: from, toStage: s.name, by, createdAt: when });
          from = s.name;
        }
      }
    }
  }
  // A few hundred rows per statement, in one transaction, each table through the repository of its module.
  await db.transaction(async (tx) => {
    const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / 300) }, (_, i) => list.slice(i * 300, i * 300 + 300));
    const talk = conversationsRepository(tx);
    for (const c of chunks(rows.contacts)) await talk.insertHistory({ contacts: c });
    for (const c of chunks(rows.identities)) await talk.insertHistory({ identities: c });
    for (const c of chunks(rows.conversations)) await talk.insertHistory({ conversations: c });
    for (const c of chunks(rows.messages)) await talk.insertHistory({ messages: c });
    for (const c of chunks(rows.appointments)) await appointmentsRepository(tx).insertHistory(c);
    for (const c of chunks(rows.changes)) await crmRepository(tx).insertStageHistory(c);
  });
  return made;
}
