import { eq, sql } from 'drizzle-orm';
import { noticeText } from '@charla/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { migrationsUpTo } from '../../db/test-support/migrations-up-to.ts';
import { createTestDatabase, engines } from '../../test/harness.ts';
import { whatsappWebSessions } from '../../channels/whatsapp-web/whatsapp-web.table.ts';
import { messages } from './conversations.table.ts';

const TAG = '0018_message_notices';

describe.each(engines)('the message notices migration on %s', (engine) => {
  const folders: { remove(): void }[] = [];
  afterAll(() => folders.forEach((f) => f.remove()));

  it('turns the Spanish words stored on failed messages and ended sessions into codes and their values', async () => {
    const folder = migrationsUpTo(TAG);
    folders.push(folder);
    const { database, drop } = await createTestDatabase(engine, { migrationsFolder: folder.dir });
    try {
      const db = database.db;
      const [{ id: userId }] = await queryRows<{ id: string }>(db, sql`insert into users (name, email, password_hash) values ('Ana', 'ana@clinica.mx', 'x') returning id`) as [{ id: string }];
      const [{ id: botId }] = await queryRows<{ id: string }>(
        db,
        sql`insert into bots (user_id, bot_name, bot_objective, business_name, purpose) values (${userId}, 'B', 'creative', 'N', 'sales') returning id`,
      ) as [{ id: string }];
      const [{ id: contactId }] = await queryRows<{ id: string }>(db, sql`insert into contacts (bot_id) values (${botId}) returning id`) as [{ id: string }];
      const [{ id: conversationId }] = await queryRows<{ id: string }>(
        db,
        sql`insert into conversations (bot_id, contact_id, channel) values (${botId}, ${contactId}, 'whatsapp') returning id`,
      ) as [{ id: string }];
      const stored = async (error: string | null) =>
        (
          await queryRows<{ id: string }>(
            db,
            sql`insert into messages (conversation_id, bot_id, channel, direction, status, author, error) values (${conversationId}, ${botId}, 'whatsapp', 'out', ${error ? 'failed' : 'sent'}, 'bot', ${error}) returning id`,
          )
        )[0]!.id;
      const ids = {
        window: await stored(
          'Han pasado más de 24 horas desde el último mensaje del cliente: Meta no deja escribirle hasta que vuelva a escribir (en WhatsApp, solo con una plantilla aprobada). (Meta 131047)',
        ),
        unconfirmed: await stored('Meta no confirmó el envío y no lo reintentamos para que nunca llegue dos veces. Revisa la conversación antes de reenviarlo.'),
        qr: await stored('WhatsApp (QR) no está conectado y el mensaje no se envió tras varios intentos. Conecta el número en Canales.'),
        refused: await stored('WhatsApp no aceptó el mensaje: Connection Closed'),
        code: await stored('CHANNEL_NOT_CONNECTED'),
        other: await stored('Algo que nadie escribió'),
        sent: await stored(null),
      };
      await db.execute(
        sql`insert into whatsapp_web_sessions (bot_id, status, pair_error) values (${botId}, 'disconnected', 'La sesión de WhatsApp se cerró desde el teléfono (Dispositivos vinculados). Conecta de nuevo y escanea un código QR nuevo.')`,
      );

      folder.complete();
      await database.migrate();

      const row = async (id: string) => {
        const [m] = await db.select({ error: messages.error, errorParams: messages.errorParams }).from(messages).where(eq(messages.id, id));
        return m!;
      };
      expect(await row(ids.window)).toEqual({ error: 'WINDOW_CLOSED', errorParams: { metaCode: 131047 } });
      expect(await row(ids.unconfirmed)).toEqual({ error: 'SEND_UNCONFIRMED', errorParams: null });
      expect(await row(ids.qr)).toEqual({ error: 'CHANNEL_NOT_CONNECTED', errorParams: null });
      expect(await row(ids.refused)).toEqual({ error: 'WHATSAPP_REFUSED', errorParams: { detail: 'Connection Closed' } });
      expect(await row(ids.code)).toEqual({ error: 'CHANNEL_NOT_CONNECTED', errorParams: null });
      expect(await row(ids.other)).toEqual({ error: 'SEND_FAILED', errorParams: { detail: 'Algo que nadie escribió' } });
      expect(await row(ids.sent)).toEqual({ error: null, errorParams: null });
      // Each reader sees them in their own language.
      const window = await row(ids.window);
      const notice = { code: window.error!, params: window.errorParams! };
      expect(noticeText(notice, 'es')).toMatch(/^Pasaron más de 24 horas.*\(Meta 131047\)$/);
      expect(noticeText(notice, 'en')).toMatch(/^More than 24 hours have passed.*\(Meta 131047\)$/);
      expect(noticeText({ code: 'WHATSAPP_REFUSED', params: { detail: 'Connection Closed' } }, 'en')).toBe('WhatsApp did not accept the message: Connection Closed');
      const [session] = await db.select().from(whatsappWebSessions).where(eq(whatsappWebSessions.botId, botId));
      expect(session!.pairError).toBe('WHATSAPP_LOGGED_OUT');
    } finally {
      await drop();
    }
  });
});
