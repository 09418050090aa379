import type { Db } from '../db/client.ts';
import { hashPassword, insertUserIn, setPlan, type UserRow } from '../modules/auth/index.ts';
import type { BotsService } from '../modules/bots/index.ts';
import type { PartnersService } from '../modules/partners/partners.module.ts';

/** The demo partner: an agency on Pro at partners.<base>, reselling to two clients on acme.<base>. */
export const demoPartner = {
  email: 'socio@charla.mx',
  name: 'Agencia Acme',
  slug: 'acme',
  colours: { bgColor: '#fdf6ec', fontColor: '#1f2937', unfocusedColor: '#6b7280', highlightColor: '#c2410c' },
  clients: [
    { email: 'clinica@acme.mx', name: 'Clínica Dental Sonrisa', plan: 'Basic', bot: { bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Clínica Dental Sonrisa' } },
    { email: 'padel@acme.mx', name: 'Club de Pádel Fuerza', plan: 'Mini', bot: { bot_name: 'Max', bot_objective: 'padel_club', business_name: 'Club de Pádel Fuerza' } },
  ],
} as const;

interface DemoPartnerDeps {
  db: Db;
  bots: Pick<BotsService, 'create'>;
  partners: PartnersService;
  findByEmail(email: string): Promise<UserRow | undefined>;
}

const monthBefore = (now: Date, months: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * Seeds the demo partner once (nothing when its account exists): the partner with its colours,
 * two clients with a bot each, and what they paid the last months. Everything goes through the
 * modules, as the partner's own calls would.
 */
export async function seedDemoPartner(password: string, deps: DemoPartnerDeps, now = new Date()): Promise<boolean> {
  if (await deps.findByEmail(demoPartner.email)) return false;
  const passwordHash = await hashPassword(password);
  const owner = await deps.db.transaction(async (tx) => {
    const user = await insertUserIn(tx, { name: demoPartner.name, email: demoPartner.email, passwordHash, phoneNumber: '+525512345678' });
    if (user) await setPlan(user.id, 'Pro', tx);
    return user;
  });
  if (!owner) return false;
  const partner = await deps.partners.ensurePartner(owner.id, demoPartner.slug, demoPartner.name);
  const link = { origin: 'http://localhost', locale: 'es' as const };
  await deps.partners.updateBranding({ ...owner, membershipType: 'Pro' }, 'partners', { ...demoPartner.colours }, link);
  for (const c of demoPartner.clients) {
    const user = await deps.db.transaction(async (tx) => {
      const row = await insertUserIn(tx, { name: c.name, email: c.email, passwordHash, phoneNumber: '' });
      if (row) await setPlan(row.id, c.plan, tx);
      return row;
    });
    if (!user) continue;
    const clientId = await deps.partners.addClient(partner.id, user.id);
    await deps.bots.create(owner, {
      ...c.bot,
      business_desc: '',
      business_url: '',
      user_email: c.email,
      business_phone: '',
      welcome_message: '',
      about_bot: '',
      language: 'es',
    });
    const amount = c.plan === 'Basic' ? 120_000 : 60_000;
    for (const [i, status] of (['paid', 'paid', 'pending'] as const).entries()) {
      await deps.partners.addPayment(partner, clientId, { month: monthBefore(now, 2 - i), amount, currency: 'mxn', status });
    }
  }
  return true;
}
