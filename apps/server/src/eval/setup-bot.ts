import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { weekdays, specialityToObjective, type SchedulingItem } from '@charla/shared';
import type { UserRow } from '../modules/auth/index.ts';
import type { ModuleFaces } from '../server-modules.ts';
import type { Dataset, WeekdayKey } from './dataset.ts';

const dayKeys: Record<(typeof weekdays)[number], WeekdayKey> = {
  monday: 'mon', tuesday: 'tue', wednesday: 'wed', thursday: 'thu', friday: 'fri', saturday: 'sat', sunday: 'sun',
};

/**
 * Creates the dataset's business through the product's own services: an owner account, the bot
 * as the wizard and personalization would set it, and its knowledge trained through the real
 * training pipeline (an .html file is served on loopback and trained by URL). Resolves once
 * every document is processed; a failed document is an error. `owner`: an account the caller
 * already made (signed in through the API), instead of a new one.
 */
export async function setupDatasetBot(
  { auth, bots, training }: Pick<ModuleFaces, 'auth' | 'bots' | 'training'>,
  dataset: Dataset,
  opts: { timeoutMs?: number; owner?: UserRow } = {},
) {
  const user = opts.owner ?? (await signUp(auth, dataset));
  const b = dataset.bot;
  const created = await bots.create(user, {
    bot_name: b.bot_name,
    bot_objective: specialityToObjective(b.speciality),
    business_name: b.company,
    business_desc: b.business_description,
    business_url: b.url_company,
    user_email: user.email,
    business_phone: '',
    welcome_message: '',
    about_bot: '',
    language: b.language,
  });
  await bots.update(user, created.id, {
    purpose: b.purpose,
    tone: b.tone,
    personality: b.personality,
    identity: b.identity,
    response_length: b.response_length,
    timezone: b.timezone,
  });
  const scheduling: SchedulingItem = {
    hours: Object.fromEntries(weekdays.map((d) => [d, (b.scheduling[dayKeys[d]] ?? []).map(([start, end]) => ({ start, end }))])) as SchedulingItem['hours'],
    appointment_minutes: b.scheduling.slot_minutes,
  };
  let bot = await bots.setScheduling(user, created.id, scheduling);
  // The hand-off switch ("Derivar a una persona") is on unless the dataset turns it off; the
  // product asks for the WhatsApp of the person who takes over before it can be turned on.
  if (b.handoff !== false) {
    await bots.update(user, created.id, { redirection_phone: '+52 33 0000 0000' });
    await bots.setRedirection(user, created.id, true);
    bot = { ...bot, redirection_enabled: true };
  }

  const pages = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    if (!body) {
      res.statusCode = 404;
      return res.end();
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    for (const file of dataset.knowledge) {
      const name = path.basename(file);
      const bytes = readFileSync(file);
      const ext = path.extname(name).toLowerCase();
      if (ext === '.txt' || ext === '.md') await training.trainText(user, bot.id, bytes.toString('utf8'), name, 'es');
      else if (ext === '.csv') await training.upload(user, bot.id, { filename: name, mimetype: 'text/csv', bytes }, undefined, 'es');
      else if (ext === '.pdf') await training.upload(user, bot.id, { filename: name, mimetype: 'application/pdf', bytes }, undefined, 'es');
      else if (ext === '.html' || ext === '.htm') {
        pages.set(`/${name}`, bytes);
        await training.trainUrl(user, bot.id, `http://127.0.0.1:${port}/${name}`, 'es');
      }
    }
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    for (;;) {
      const docs = await training.list(user, bot.id, 'es');
      const failed = docs.find((d) => d.status === 'failed');
      if (failed) throw new Error(`${failed.document_name}: ${failed.error}`);
      if (docs.every((d) => d.status === 'ready')) break;
      if (Date.now() > deadline) throw new Error('knowledge was not processed in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    server.close();
  }
  return { user, bot };
}

/** A new owner account for the dataset's business. */
async function signUp(auth: ModuleFaces['auth'], dataset: Dataset): Promise<UserRow> {
  const { user } = await auth.signup(
    {
      name: dataset.bot.company,
      email: `${dataset.name}.${randomBytes(4).toString('hex')}@eval.charla.mx`,
      phone_number: '+52 33 0000 0000',
      password: randomBytes(16).toString('hex'),
    },
    { ip: '127.0.0.1' },
  );
  return user;
}
