import type { CampaignReason } from '@charla/shared';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../modules/auth/auth.repository.ts';
import { crmRecipients } from '../modules/campaigns/audience.ts';
import { campaignsRepository, type NewRecipient } from '../modules/campaigns/campaigns.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Made-up patients of last month's promotion beside the clinic's CRM contacts. */
const extraPatients = ['Rocío Mendoza', 'Iván Castro', 'Paola Ríos', 'Héctor Lara', 'Diana Cruz', 'Jorge Salas', 'Elena Vargas', 'Óscar Núñez', 'Lucía Soto', 'Ramiro Gil'];
/** How the finished campaign's failures ended, in order of the audience. */
const failures: { reason: CampaignReason; metaCode: number }[] = [
  { reason: 'NOT_ON_WHATSAPP', metaCode: 131026 },
  { reason: 'ECOSYSTEM_LIMIT', metaCode: 131049 },
  { reason: 'NOT_ON_WHATSAPP', metaCode: 131026 },
];

/**
 * The clinic's mass sender: last month's cleaning promotion, finished (most delivered and read, a
 * few failures with Meta's reasons, some replies), and next week's reminder campaign, scheduled.
 */
export async function seedDemoCampaigns(db: Db, owner: UserRow, botId: string, now: Date): Promise<void> {
  const repo = campaignsRepository(db);
  const fromCrm = crmRecipients(await repo.crmAudience(botId, 'whatsapp', {}, 200), 'whatsapp', now).recipients;
  const extra: NewRecipient[] = extraPatients.map((name, i) => {
    const phone = `+5233${String(1850_0000 + i * 137).padStart(8, '0')}`;
    return { address: phone, phone, name, contactId: null, variables: { nombre: name.split(' ')[0]!, nombre_completo: name, telefono: phone } };
  });
  const recipients = [...fromCrm, ...extra];
  const started = new Date(now.getTime() - 12 * DAY);
  const promo = await repo.create(
    {
      botId,
      accountId: owner.id,
      createdBy: owner.id,
      name: 'Limpieza dental 2×1 de noviembre',
      channel: 'whatsapp',
      status: 'completed',
      audience: { kind: 'crm', filters: {} },
      message: { kind: 'template', name: 'promo_limpieza', language: 'es_MX', bodyVariables: ['{{nombre}}', '2×1 en limpieza dental', '30 de noviembre'] },
      startedAt: started,
      finishedAt: new Date(started.getTime() + 4 * 60_000),
    },
    recipients,
  );
  await repo.recordOutcomes(
    promo.id,
    recipients.map((_, position) => {
      const sentAt = new Date(started.getTime() + position * 2_000);
      const failure = position % 7 === 3 ? failures[Math.floor(position / 7) % failures.length] : undefined;
      if (failure) return { position, status: 'failed' as const, ...failure, failedAt: new Date(sentAt.getTime() + 3_000) };
      const read = position % 3 !== 2;
      return {
        position,
        status: read ? ('read' as const) : ('delivered' as const),
        sentAt,
        deliveredAt: new Date(sentAt.getTime() + 5_000),
        ...(read ? { readAt: new Date(sentAt.getTime() + 40 * 60_000) } : {}),
        ...(position % 4 === 0 ? { repliedAt: new Date(sentAt.getTime() + 2 * HOUR) } : {}),
      };
    }),
  );

  await repo.create(
    {
      botId,
      accountId: owner.id,
      createdBy: owner.id,
      name: 'Recordatorio de revisión semestral',
      channel: 'whatsapp',
      status: 'scheduled',
      audience: { kind: 'crm', filters: {} },
      message: { kind: 'template', name: 'recordatorio_revision', language: 'es_MX', bodyVariables: ['{{nombre}}'] },
      scheduledAt: new Date(now.getTime() + 6 * DAY),
    },
    recipients,
  );
}
