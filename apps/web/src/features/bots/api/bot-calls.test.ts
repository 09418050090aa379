import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../../lib/api-client.ts';
import { changeStatus, deleteBot, fetchBots, setRedirection, updateBot, updateMetaCredentials, updateReminders, updateScheduling, type BotCallDeps } from './bot-calls.ts';

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

/** The real API client over a fake fetch: one queued answer per call, every call recorded. */
function setup(...answers: Array<() => Response | Promise<Response>>) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${init.method} ${url}`);
    return next();
  });
  const client = createApiClient({ fetch, getLocale: () => 'es', onAuthFailure: () => undefined });
  const logError = vi.fn();
  const deps: BotCallDeps = { request: (path, options) => client.request(path, options), logError };
  return { deps, calls, logError };
}

const serverBot = { id: 'b1', bot_name: 'Sofía', bot_enabled: true };
const locked = () => json(423, { error: { code: 'BOT_LOCKED', message: 'Este asistente está bloqueado y no se puede modificar.' } }, 'Locked');

describe('bot calls', () => {
  it('GET /bot/{email} lists the owner bots flagged isClientsBot false', async () => {
    const s = setup(() => json(200, [serverBot]));
    await expect(fetchBots('ana+1@clinica.mx', s.deps)).resolves.toEqual([{ ...serverBot, isClientsBot: false }]);
    expect(s.calls).toEqual([{ url: '/bot/ana%2B1%40clinica.mx', method: 'GET', body: undefined }]);
  });

  it('a failed list raises "Failed to fetch bot data"', async () => {
    const s = setup(() => json(403, { error: { code: 'FORBIDDEN', message: 'No tienes permiso para hacer esto.' } }));
    const error = await fetchBots('ana@clinica.mx', s.deps).catch((e: unknown) => e);
    expect(error).toEqual(new Error('Failed to fetch bot data'));
    expect((error as Error).cause).toBeInstanceOf(ApiError);
    const broken = setup(() => json(200, { not: 'a list' }));
    await expect(fetchBots('ana@clinica.mx', broken.deps)).rejects.toThrow('Failed to fetch bot data');
  });

  it('PATCH /bot/{id} answers the saved bot; a failure logs "Failed to update bot" with status and status text', async () => {
    const ok = setup(() => json(200, { ok: true, bot: { ...serverBot, tone: 'Formal' } }));
    await expect(updateBot('b1', { tone: 'Formal' }, ok.deps)).resolves.toMatchObject({ tone: 'Formal' });
    expect(ok.calls).toEqual([{ url: '/bot/b1', method: 'PATCH', body: { tone: 'Formal' } }]);

    const failed = setup(locked);
    await expect(updateBot('b1', { tone: 'Formal' }, failed.deps)).rejects.toMatchObject({ code: 'BOT_LOCKED', status: 423 });
    expect(failed.logError).toHaveBeenCalledWith('Failed to update bot', 423, 'Locked');
  });

  it('scheduling, reminders and meta credentials go to their own paths', async () => {
    const hours = { monday: [{ start: '09:00', end: '18:00' }], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };
    const s = setup(
      () => json(200, { ok: true, bot: serverBot }),
      () => json(200, { ok: true, bot: serverBot }),
      () => json(200, { ok: true, bot: serverBot }),
      locked,
    );
    await updateScheduling('b1', { hours, appointment_minutes: 30 }, s.deps);
    await updateReminders('b1', { enabled: true, minutes_before: 60, message: 'Hola' }, s.deps);
    await updateMetaCredentials('b1', { phone_number_id: '12345', waba_id: '67890' }, s.deps);
    await expect(updateReminders('b1', { enabled: false, minutes_before: 60, message: 'Hola' }, s.deps)).rejects.toBeInstanceOf(ApiError);
    expect(s.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PATCH /bot/b1/scheduling',
      'PATCH /bot/b1/reminders',
      'PATCH /bot/b1/meta-credentials',
      'PATCH /bot/b1/reminders',
    ]);
    expect(s.calls[2]!.body).toEqual({ phone_number_id: '12345', waba_id: '67890' });
    expect(s.logError).toHaveBeenCalledWith('Update failed', 423, 'Locked');
  });

  it('DELETE /bot/delete-bot answers true, or false with "Failed to delete bot" logged', async () => {
    const ok = setup(() => json(200, true));
    await expect(deleteBot('b1', ok.deps)).resolves.toBe(true);
    expect(ok.calls).toEqual([{ url: '/bot/delete-bot', method: 'DELETE', body: { bot_id: 'b1' } }]);

    const gone = setup(() => json(404, { error: { code: 'NOT_FOUND', message: 'No encontramos lo que buscas.' } }));
    await expect(deleteBot('b1', gone.deps)).resolves.toBe(false);
    expect(gone.logError).toHaveBeenCalledWith('Failed to delete bot', expect.any(ApiError));

    const offline = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(deleteBot('b1', offline.deps)).resolves.toBe(false);
  });

  it('change-status, then the bot is re-read; a failure logs "Failed to change status"', async () => {
    const ok = setup(() => json(200, { ok: true, bot_enabled: false }));
    const reread = vi.fn(() => Promise.resolve());
    await expect(changeStatus('b1', { ...ok.deps, reread })).resolves.toEqual({ ok: true, value: false });
    expect(ok.calls).toEqual([{ url: '/bot/change-status', method: 'POST', body: { botId: 'b1' } }]);
    expect(reread).toHaveBeenCalledTimes(1);

    const failed = setup(locked);
    const rereadAfterFailure = vi.fn(() => Promise.resolve());
    const result = await changeStatus('b1', { ...failed.deps, reread: rereadAfterFailure });
    expect(result.ok).toBe(false);
    expect(rereadAfterFailure).not.toHaveBeenCalled();
    expect(failed.logError).toHaveBeenCalledWith('Failed to change status', expect.any(ApiError));
  });

  it('PATCH /bot/redirection/{botId}; a failure logs "Failed to update redirection status"', async () => {
    const ok = setup(() => json(200, { ok: true, redirection_enabled: true }));
    await expect(setRedirection('b1', true, ok.deps)).resolves.toEqual({ ok: true, value: true });
    expect(ok.calls).toEqual([{ url: '/bot/redirection/b1', method: 'PATCH', body: { redirection_enabled: true } }]);

    const missing = setup(() =>
      json(400, { error: { code: 'REDIRECTION_PHONE_MISSING', message: 'Primero agrega el número.', fields: { redirection_phone: 'Primero agrega el número.' } } }),
    );
    const result = await setRedirection('b1', true, missing.deps);
    expect(result).toMatchObject({ ok: false, error: { code: 'REDIRECTION_PHONE_MISSING', fields: { redirection_phone: 'Primero agrega el número.' } } });
    expect(missing.logError).toHaveBeenCalledWith('Failed to update redirection status', expect.any(ApiError));
  });
});
