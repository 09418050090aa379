import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { addDays } from '@charla/shared/dates';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';
import { appointmentsRepository } from '../modules/appointments/appointments.repository.ts';
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

/**
 * Ninety days of earlier customers of the demo clinic, so the CRM's summary has a history: each a
 * contact with one closed conversation (a question and the bot's answer), some who left a phone or
 * an e-mail, booked and were attended (moved to the stages), a few a person answered. The days
 * before `now` only: today's activity is the demo's live conversations.
 */
export async function storeDemoHistory(db: Db, botId: string, stages: StageRow[], timeZone: string, now: Date): Promise<number> {
  const next = random(20_261_125);
  const today = localParts(now, timeZone);
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
      const books = (phone || email) && next() < 0.45 && back >= 3;
      const fate = next();
      const toStage = books ? (fate < 0.7 ? attended : fate < 0.85 ? booked : lost) : fate < 0.08 ? lost : undefined;
      const contactId = randomUUID();
      const conversationId = randomUUID();
      rows.contacts.push({ id: contactId, botId, name, phone, email, stageId: toStage?.id ?? null, stagePosition: made, createdAt: at, updatedAt: at });
      rows.identities.push({ botId, channel, externalId: `demo-history-${made}`, contactId });
      const person = next() < 0.15;
      rows.conversations.push({ id: conversationId, botId, contactId, channel, status: 'closed', createdAt: at, updatedAt: at, lastMessageAt: new Date(at.getTime() + 2 * MINUTE), lastInboundAt: at, humanAt: person ? new Date(at.getTime() + 3 * MINUTE) : null });
      const [question, answer] = questions[Math.floor(next() * questions.length)]!;
      rows.messages.push(
        { conversationId, botId, channel, direction: 'in', text: question, status: 'processed', author: 'customer', externalId: `demo-history-${made}`, createdAt: at },
        { conversationId, botId, channel, direction: 'out', text: answer, status: 'read', author: person ? 'human' : 'bot', createdAt: new Date(at.getTime() + MINUTE) },
      );
      if (books) {
        const start = new Date(at.getTime() + (1 + Math.floor(next() * 2)) * 1440 * MINUTE);
        rows.appointments.push({ botId, contactId, conversationId, startAt: start, endAt: new Date(start.getTime() + 45 * MINUTE), service: 'Limpieza dental', status: toStage === lost ? 'no_show' : 'completed', createdAt: new Date(at.getTime() + MINUTE), updatedAt: start });
      }
      if (toStage) {
        const path = toStage === attended ? [booked, attended] : toStage === booked ? [booked] : [toStage];
        let from = 'Nuevo';
        for (const [k, s] of path.entries()) {
          if (!s) continue;
          rows.changes.push({ botId, contactId, fromStage: from, toStage: s.name, by: k === 0 && books ? 'bot' : 'person', createdAt: new Date(at.getTime() + (k + 1) * 1440 * MINUTE) });
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
