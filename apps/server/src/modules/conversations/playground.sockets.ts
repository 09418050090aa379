import { playgroundSendBody } from '@charla/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthRepository } from '../auth/index.ts';
import type { PlaygroundService } from './playground.service.ts';

/** The playground's socket event: the owner's message to their bot, checked like a request body. */
export function playgroundSockets(app: FastifyInstance, users: Pick<AuthRepository, 'findUserById'>, playground: PlaygroundService): void {
  app.realtime.handle('playgroundSend', async (userId, payload) => {
    const body = playgroundSendBody.safeParse({ text: payload?.text, client_message_id: payload?.client_message_id, chosen: payload?.chosen });
    const user = await users.findUserById(userId);
    if (!body.success || typeof payload?.botId !== 'string' || !user) throw new AppError('VALIDATION_FAILED');
    await playground.send(user, payload.botId, body.data.text, body.data.client_message_id, body.data.chosen);
  });
}
