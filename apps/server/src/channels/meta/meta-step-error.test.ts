import Fastify from 'fastify';
import { metaStepErrorBody } from '@charla/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { MetaStepError } from './channels.service.ts';
import { GraphError } from './graph-client.ts';

describe('a failed step of connecting', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    registerErrorHandler(app);
    app.get('/step', async () => {
      throw new MetaStepError('register', new GraphError('rejected', 400, { message: 'Permissions error', code: 200, error_subcode: 1349174, fbtrace_id: 'Abc' }));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('is an AppError answered by the one error handler: 502 META_STEP_FAILED with its step and Meta\'s fields', async () => {
    expect(new MetaStepError('exchange', new GraphError('rejected', 400, {}))).toBeInstanceOf(AppError);
    const es = await app.inject({ method: 'GET', url: '/step', headers: { 'accept-language': 'es-MX' } });
    expect(es.statusCode).toBe(502);
    const body = metaStepErrorBody.parse(es.json());
    expect(body.error).toEqual({
      code: 'META_STEP_FAILED',
      message: 'No se pudo registrar el número en la API de WhatsApp. El token no tiene los permisos necesarios para este número o página. Vuelve a conectar el canal. (Meta 200) Meta dijo: «Permissions error». Puedes reintentar.',
      step: 'register',
      retryable: true,
      meta: { code: 200, subcode: 1349174, message: 'Permissions error', fbtrace_id: 'Abc' },
    });
    const en = await app.inject({ method: 'GET', url: '/step', headers: { 'accept-language': 'en-US' } });
    expect(en.json().error.message).toBe(
      'Could not register the number on the WhatsApp API. The token lacks the permissions this number or page needs. Connect the channel again. (Meta 200) Meta said: «Permissions error». You can try again.',
    );
  });
});
