import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../lib/memory-storage.ts';
import { buildNewBotPayload, creationPath, defaultBotTimeZone, styleFromWizard, submitBot, type SubmitDeps } from './create-bot.ts';
import { createWizardState, emptyWizardForm, type WizardForm } from './wizard-state.ts';

const form: WizardForm = {
  bot_name: 'Sofía',
  company: 'Clínica Santa Fe',
  url_company: 'https://clinicasantafe.mx',
  behavior: 'Amigable',
  communication: 'Formal',
  speciality: 'doctor_appointment',
  business_description: 'Consultas de medicina general.',
  isHuman: 'false',
};

const bot = { id: '0b6f2a52-54f5-4f43-9a43-bb1b7a2f3c11', bot_name: 'Sofía' };

function setup(answer: () => Promise<unknown>, { clientId = null as string | null, storage = new MemoryStorage({ email: 'ana@clinica.mx' }) } = {}) {
  const post = vi.fn<SubmitDeps['post']>(() => answer());
  const logError = vi.fn();
  const deps: SubmitDeps = { post, storage, clientId, logError };
  return { deps, post, logError };
}

const valid = createWizardState(form);

describe('wizard submit', () => {
  it('sends the creation payload and succeeds with the new bot id', async () => {
    const s = setup(() => Promise.resolve({ bot }));
    await expect(submitBot(valid, s.deps)).resolves.toEqual({ success: true, message: 'Bot created successfully', botId: bot.id, bot });
    expect(s.post).toHaveBeenCalledTimes(1);
    expect(s.post).toHaveBeenCalledWith('/bot/new-bot', {
      bot_name: 'Sofía',
      bot_objective: 'doctor_appointment',
      business_name: 'Clínica Santa Fe',
      business_desc: 'Consultas de medicina general.',
      business_url: 'https://clinicasantafe.mx',
      user_email: 'ana@clinica.mx',
      business_phone: '',
      welcome_message: '',
      about_bot: '',
      language: 'es',
    });
    // behavior, communication and isHuman are collected but not sent in the creation call.
    const sent = s.post.mock.calls[0]![1];
    expect(Object.keys(sent)).not.toEqual(expect.arrayContaining(['behavior']));
    expect(JSON.stringify(sent)).not.toMatch(/Amigable|Formal|isHuman/);
    expect(s.logError).not.toHaveBeenCalled();
  });

  it('refuses with "Validation failed" when the form is marked invalid, without calling the server', async () => {
    const s = setup(() => Promise.resolve({ bot }));
    await expect(submitBot({ ...valid, isValid: false }, s.deps)).resolves.toEqual({ success: false, message: 'Validation failed' });
    expect(s.post).not.toHaveBeenCalled();
  });

  it('throws "No user email found" without a stored e-mail', async () => {
    const s = setup(() => Promise.resolve({ bot }), { storage: new MemoryStorage() });
    await expect(submitBot(valid, s.deps)).rejects.toThrow('No user email found');
    const blocked = setup(() => Promise.resolve({ bot }), { storage: new MemoryStorage({ email: '' }) });
    await expect(submitBot(valid, blocked.deps)).rejects.toThrow(new Error('No user email found'));
    expect(s.post).not.toHaveBeenCalled();
  });

  it('sends the stored locale as the language, Spanish by default', async () => {
    const en = setup(() => Promise.resolve({ bot }), { storage: new MemoryStorage({ email: 'ana@clinica.mx', locale: 'en' }) });
    await submitBot(valid, en.deps);
    expect(en.post.mock.calls[0]![1].language).toBe('en');
    const unknown = setup(() => Promise.resolve({ bot }), { storage: new MemoryStorage({ email: 'ana@clinica.mx', locale: 'fr' }) });
    await submitBot(valid, unknown.deps);
    expect(unknown.post.mock.calls[0]![1].language).toBe('es');
  });

  it('sends an empty business_url when there is no URL, and converts the speciality to bot_objective', () => {
    const payload = buildNewBotPayload({ ...emptyWizardForm, speciality: 'Consultorio médico' }, 'ana@clinica.mx', 'es');
    expect(payload.business_url).toBe('');
    expect(buildNewBotPayload({ ...emptyWizardForm, url_company: 'sonrisaplena.mx' }, 'a@b.mx', 'es').business_url).toBe('https://sonrisaplena.mx');
    expect(payload.bot_objective).toBe('doctor_appointment');
    expect(buildNewBotPayload({ ...emptyWizardForm, speciality: 'beauty_spa' }, 'a@b.mx', 'es').bot_objective).toBe('beauty_spa');
    expect(buildNewBotPayload(emptyWizardForm, 'a@b.mx', 'es').bot_objective).toBe('creative');
  });

  it('creates the bot for a partner client when clientId is given, reading newBot', async () => {
    const s = setup(() => Promise.resolve({ newBot: bot }), { clientId: 'client 7' });
    await expect(submitBot(valid, s.deps)).resolves.toMatchObject({ success: true, message: 'Bot created successfully', botId: bot.id });
    expect(s.post.mock.calls[0]![0]).toBe('/api/partners/clients/client%207/bots');
    expect(s.post.mock.calls[0]![1]).toEqual(buildNewBotPayload(form, 'ana@clinica.mx', 'es'));
    expect(creationPath(null)).toBe('/bot/new-bot');

    // In that flow the answer's `bot` key is not the one read.
    const wrongKey = setup(() => Promise.resolve({ bot }), { clientId: 'c1' });
    await expect(submitBot(valid, wrongKey.deps)).resolves.toEqual({ success: false, message: 'Unexpected error occurred' });
  });

  it('does not check the HTTP status: an answer without the bot object is a logged failure', async () => {
    for (const answer of [{}, { bot: null }, { bot: {} }, { bot: { id: '' } }, null, undefined, 'ok', { newBot: bot }]) {
      const s = setup(() => Promise.resolve(answer));
      await expect(submitBot(valid, s.deps)).resolves.toEqual({ success: false, message: 'Unexpected error occurred' });
      expect(s.logError).toHaveBeenCalledWith('Unexpected error occurred', expect.any(Error));
    }
  });

  it('keeps the error body the server answered with (for the limit modal and field messages)', async () => {
    const body = { error: { code: 'BOT_LIMIT_REACHED', message: 'Alcanzaste el número máximo de asistentes de tu plan.' } };
    const s = setup(() => Promise.resolve(body));
    await expect(submitBot(valid, s.deps)).resolves.toEqual({ success: false, message: 'Unexpected error occurred', error: body.error });
    // A limit is not unexpected: nothing goes to the console.
    expect(s.logError).not.toHaveBeenCalled();
    const fields = { error: { code: 'VALIDATION_FAILED', message: 'Revisa los datos marcados.', fields: { bot_name: 'Este campo es obligatorio.' } } };
    const f = setup(() => Promise.resolve(fields));
    await expect(submitBot(valid, f.deps)).resolves.toEqual({ success: false, message: 'Unexpected error occurred', error: fields.error });
  });

  it('logs any thrown error and answers "Unexpected error occurred"', async () => {
    const failure = new TypeError('Failed to fetch');
    const s = setup(() => Promise.reject(failure));
    await expect(submitBot(valid, s.deps)).resolves.toEqual({ success: false, message: 'Unexpected error occurred' });
    expect(s.logError).toHaveBeenCalledWith('Unexpected error occurred', failure);
  });
});

describe('wizard style → bot settings', () => {
  it('maps communication to tone, behavior to personality and isHuman to identity, with the time zone', () => {
    expect(styleFromWizard(form, 'America/Monterrey')).toEqual({
      tone: 'Formal',
      personality: 'Amigable',
      identity: 'Inteligencia Artificial',
      timezone: 'America/Monterrey',
    });
    expect(styleFromWizard({ ...form, communication: 'Informal', behavior: 'Persuasivo', isHuman: 'true' })).toEqual({
      tone: 'Informal',
      personality: 'Persuasivo',
      identity: 'Humano',
    });
    expect(styleFromWizard({ ...form, communication: 'Semiformal', behavior: 'Comprensible' })).toMatchObject({ tone: 'Semiformal', personality: 'Comprensible' });
  });

  it('leaves out empty or unknown choices and time zones that are not IANA names', () => {
    expect(styleFromWizard(emptyWizardForm)).toEqual({});
    expect(styleFromWizard({ ...emptyWizardForm, communication: 'formal', behavior: 'x', isHuman: 'constructor' }, 'GMT-6')).toEqual({});
    expect(styleFromWizard(emptyWizardForm, 'UTC')).toEqual({ timezone: 'UTC' });
  });
});

describe('the time zone the wizard starts at', () => {
  it("is the browser's, unless it reports none or only UTC", () => {
    expect(defaultBotTimeZone('America/Monterrey')).toBe('America/Monterrey');
    expect(defaultBotTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(defaultBotTimeZone('UTC')).toBe('America/Mexico_City');
    expect(defaultBotTimeZone('Etc/UTC')).toBe('America/Mexico_City');
    expect(defaultBotTimeZone(null)).toBe('America/Mexico_City');
    expect(defaultBotTimeZone('Marte/Olympus')).toBe('America/Mexico_City');
  });
});
