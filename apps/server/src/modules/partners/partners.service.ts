import { randomUUID } from 'node:crypto';
import {
  normalizePlan,
  partnerLogo,
  partnersPortal,
  tenantSlug,
  wholesalePrice,
  type ClientPayment,
  type Locale,
  type NewBotBody,
  type PartnerBot,
  type PartnerClient,
  type PartnerProfile,
  type PlanLevel,
  type RecordClientPaymentBody,
  type TenantConfig,
  type UpdateBrandingBody,
  type UpdatePartnerClientBody,
  createPartnerClientBody,
  recordClientPaymentBody,
} from '@charla/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken } from '../../lib/secrets.ts';
import type { FileStorage, StoredFileStream } from '../../lib/storage.ts';
import { hashPassword, insertUserIn, markPartner, setPlan, type AuthService, type UserRow } from '../auth/index.ts';
import type { BotsService } from '../bots/index.ts';
import type { MailService } from '../mail/mail.module.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { logoImages } from './logo-image.ts';
import type { ClientBotRow, ClientRow, PartnerRow, PartnersRepository } from './partners.repository.ts';
import { tenantOrigin } from './tenant-host.ts';

/** How long the link to choose a password, sent to a new client, works. */
const welcomeDays = 7;

export interface PartnersDeps {
  repo: PartnersRepository;
  db: Db;
  storage: FileStorage;
  baseDomain: string;
  bots: Pick<BotsService, 'create' | 'listByEmail'>;
  quota: Pick<QuotaService, 'requireFeature'>;
  mail: Pick<MailService, 'send'>;
  auth: Pick<AuthService, 'choosePasswordLink' | 'revokeAllSessions'>;
}

/** Where the request came from, to build the client's sign-in links. */
export interface LinkContext {
  origin: string;
  locale: Locale;
}

const stamp = (row: PartnerRow) => row.updatedAt.getTime().toString(36);

export function publicConfigOf(row: PartnerRow): TenantConfig {
  return {
    logoUrl: row.logoKey ? `/api/partners/public/logo/${row.slug}?v=${stamp(row)}` : null,
    bgColor: row.bgColor,
    fontColor: row.fontColor,
    unfocusedColor: row.unfocusedColor,
    highlightColor: row.highlightColor,
  };
}

/**
 * Partners: their subdomain and branding, their clients (accounts that sign in only on the
 * partner's subdomain), the bots made for them and what the clients paid. Every call starts from
 * the caller's own partner; a client, bot or payment of another partner answers NOT_FOUND.
 */
export function partnersService(deps: PartnersDeps) {
  const { repo, db } = deps;

  /** The caller's partner, on the partner portal, with the plan's partners feature; FORBIDDEN for anyone else. */
  async function partnerOf(actor: UserRow, tenant: string | null): Promise<PartnerRow> {
    if (tenant !== partnersPortal) throw new AppError('FORBIDDEN');
    const partner = await repo.byOwner(actor.id);
    if (!partner) throw new AppError('FORBIDDEN');
    await deps.quota.requireFeature(actor.id, 'partners');
    return partner;
  }

  async function clientOf(partner: PartnerRow, clientId: string): Promise<ClientRow> {
    const client = await repo.client(partner.id, clientId);
    if (!client) throw new AppError('NOT_FOUND');
    return client;
  }

  function toClient(partner: PartnerRow, row: ClientRow, bots: ClientBotRow[]): PartnerClient {
    const own = bots.filter((b) => b.userId === row.userId);
    const live = own.filter((b) => !b.locked).length;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      plan: normalizePlan(row.plan),
      active: row.active,
      createdAt: row.createdAt.toISOString(),
      bots: own.map((b) => ({ id: b.id, bot_name: b.botName })),
      monthlyCost: row.active ? live * wholesalePrice(row.plan, partner.currency) : 0,
      currency: partner.currency,
    };
  }

  function profile(partner: PartnerRow, link: Pick<LinkContext, 'origin'>): PartnerProfile {
    return { id: partner.id, slug: partner.slug, name: partner.name, clientUrl: tenantOrigin(link.origin, deps.baseDomain, partner.slug), config: publicConfigOf(partner) };
  }

  async function clientView(partner: PartnerRow, clientId: string): Promise<PartnerClient> {
    const row = await clientOf(partner, clientId);
    return toClient(partner, row, await repo.clientBots(partner.id, [row.userId]));
  }

  async function insertPayment(partner: PartnerRow, client: ClientRow, input: RecordClientPaymentBody): Promise<ClientPayment> {
    const body = recordClientPaymentBody.parse(input);
    const id = await repo.insertPayment({ partnerId: partner.id, clientId: client.id, month: body.month, amount: body.amount, currency: body.currency, status: body.status });
    return { id, month: body.month, clientId: client.id, client: client.name, amount: body.amount, currency: body.currency, status: body.status, createdAt: new Date().toISOString() };
  }

  return {
    partnerOf,

    /** The public look of a subdomain: the partner's colours and logo; the partner portal shows the defaults. Undefined for an unknown one. */
    async publicConfig(subdomain: string): Promise<{ config: TenantConfig; etag: string } | undefined> {
      if (subdomain === partnersPortal) {
        return { config: { logoUrl: null, bgColor: null, fontColor: null, unfocusedColor: null, highlightColor: null }, etag: 'W/"partners"' };
      }
      const partner = await repo.bySlug(subdomain);
      if (!partner) return undefined;
      return { config: publicConfigOf(partner), etag: `W/"${partner.slug}-${stamp(partner)}"` };
    },

    /** A stored logo or favicon of a subdomain (PNG) as a stream, or undefined when it has none. */
    async image(slug: string, kind: 'logo' | 'favicon'): Promise<StoredFileStream | undefined> {
      const partner = await repo.bySlug(slug);
      const key = kind === 'logo' ? partner?.logoKey : partner?.faviconKey;
      return key ? deps.storage.stream(key) : undefined;
    },

    /** The caller's partner as their portal shows it (FORBIDDEN for an account that is not one). */
    async me(actor: UserRow, link: LinkContext): Promise<PartnerProfile> {
      const partner = await repo.byOwner(actor.id);
      if (!partner) throw new AppError('FORBIDDEN');
      return profile(partner, link);
    },

    /** Makes the caller a partner with their own subdomain (the plan must include partners). */
    async register(actor: UserRow, tenant: string | null, body: { slug: string; name: string }, link: LinkContext): Promise<PartnerProfile> {
      if (tenant !== null && tenant !== partnersPortal) throw new AppError('FORBIDDEN');
      await deps.quota.requireFeature(actor.id, 'partners');
      const slug = tenantSlug.parse(body.slug);
      const partner = await db.transaction(async (tx) => {
        const row = await repo.insert(tx, { ownerId: actor.id, slug, name: body.name });
        if (!row) throw new AppError('SLUG_TAKEN', { slug: 'SLUG_TAKEN' });
        await markPartner(actor.id, tx);
        return row;
      });
      return profile(partner, link);
    },

    async updateBranding(actor: UserRow, tenant: string | null, body: UpdateBrandingBody, link: LinkContext): Promise<PartnerProfile> {
      const partner = await partnerOf(actor, tenant);
      const { removeLogo, ...colours } = body;
      const updated = await repo.updateBranding(partner.id, { ...colours, ...(removeLogo ? { logoKey: null, faviconKey: null } : {}) });
      if (removeLogo) await Promise.all([partner.logoKey, partner.faviconKey].filter((k): k is string => Boolean(k)).map((k) => deps.storage.delete(k)));
      return profile(updated ?? partner, link);
    },

    /** Stores a new logo (and the favicon made from it); the earlier files are removed. */
    async uploadLogo(actor: UserRow, tenant: string | null, bytes: Buffer | undefined, link: LinkContext): Promise<PartnerProfile> {
      const partner = await partnerOf(actor, tenant);
      if (!bytes || bytes.length > partnerLogo.maxBytes) throw new AppError('LOGO_INVALID');
      const images = await logoImages(bytes);
      const id = randomUUID();
      const logoKey = `partners/${partner.id}/logo-${id}.png`;
      const faviconKey = `partners/${partner.id}/favicon-${id}.png`;
      await deps.storage.put(logoKey, images.logo, { contentType: 'image/png' });
      await deps.storage.put(faviconKey, images.favicon, { contentType: 'image/png' });
      const updated = await repo.updateBranding(partner.id, { logoKey, faviconKey });
      await Promise.all([partner.logoKey, partner.faviconKey].filter((k): k is string => Boolean(k)).map((k) => deps.storage.delete(k)));
      return profile(updated ?? partner, link);
    },

    /** The partner's clients, each with their bots; `partnerId` is the partner's id or its owner's user id. */
    async clients(actor: UserRow, tenant: string | null, partnerId: string): Promise<PartnerClient[]> {
      const partner = await partnerOf(actor, tenant);
      if (partnerId !== partner.id && partnerId !== partner.ownerId) throw new AppError('NOT_FOUND');
      const [rows, bots] = await Promise.all([repo.clients(partner.id), repo.clientBots(partner.id)]);
      return rows.map((row) => toClient(partner, row, bots));
    },

    /**
     * A new client account on the partner's subdomain. With a password it can sign in at once;
     * without one the client gets an e-mail with a link (on the partner's subdomain) to choose it.
     */
    async createClient(actor: UserRow, tenant: string | null, input: z.input<typeof createPartnerClientBody>, link: LinkContext): Promise<PartnerClient> {
      const partner = await partnerOf(actor, tenant);
      const body = createPartnerClientBody.parse(input);
      const passwordHash = await hashPassword(body.password ?? randomToken());
      const { clientId, userId } = await db.transaction(async (tx) => {
        const user = await insertUserIn(tx, { name: body.name, email: body.email, passwordHash });
        if (!user) throw new AppError('CLIENT_EMAIL_TAKEN', { email: 'CLIENT_EMAIL_TAKEN' });
        await setPlan(user.id, body.plan, tx);
        return { clientId: await repo.insertClient(tx, partner.id, user.id), userId: user.id };
      });
      if (!body.password) {
        const url = await deps.auth.choosePasswordLink(userId, tenantOrigin(link.origin, deps.baseDomain, partner.slug), welcomeDays * 24 * 60 * 60);
        await deps.mail.send({ to: body.email, template: 'client-welcome', locale: link.locale, params: { partner: partner.name, name: body.name, link: url, days: welcomeDays } });
      }
      return clientView(partner, clientId);
    },

    /** A client's plan, or turning the client off (their sessions end at once) and on. */
    async updateClient(actor: UserRow, tenant: string | null, clientId: string, body: UpdatePartnerClientBody): Promise<PartnerClient> {
      const partner = await partnerOf(actor, tenant);
      const client = await clientOf(partner, clientId);
      if (body.plan) await setPlan(client.userId, body.plan as PlanLevel, db);
      if (body.active !== undefined && body.active !== client.active) {
        await repo.setClientActive(partner.id, clientId, body.active);
        if (!body.active) await deps.auth.revokeAllSessions(client.userId, 'partner-client-inactive');
      }
      return clientView(partner, clientId);
    },

    /** A bot for a client, made by the bots module as for any account (the client's plan limits it). */
    async createClientBot(actor: UserRow, tenant: string | null, clientId: string, body: NewBotBody) {
      const partner = await partnerOf(actor, tenant);
      const client = await clientOf(partner, clientId);
      return deps.bots.create(actor, { ...body, user_email: client.email });
    },

    /** Every live bot of the partner's clients, as the bots module answers them, flagged as a client's. */
    async bots(actor: UserRow, tenant: string | null): Promise<PartnerBot[]> {
      const partner = await partnerOf(actor, tenant);
      const clients = await repo.clients(partner.id);
      const lists = await Promise.all(clients.map((c) => deps.bots.listByEmail(actor, c.email)));
      return clients.flatMap((c, i) => lists[i]!.map((b) => ({ ...b, clientId: c.id, clientName: c.name, isClientsBot: true as const })));
    },

    async payments(actor: UserRow, tenant: string | null): Promise<ClientPayment[]> {
      const partner = await partnerOf(actor, tenant);
      const rows = await repo.payments(partner.id);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    async recordPayment(actor: UserRow, tenant: string | null, clientId: string, input: RecordClientPaymentBody): Promise<ClientPayment> {
      const partner = await partnerOf(actor, tenant);
      const client = await clientOf(partner, clientId);
      return insertPayment(partner, client, input);
    },

    /** For the demo: a partner for the owner unless it exists (answers it either way). */
    async ensurePartner(ownerId: string, slug: string, name: string): Promise<PartnerRow> {
      const found = await repo.byOwner(ownerId);
      if (found) return found;
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, { ownerId, slug, name });
        if (!row) throw new Error(`the subdomain ${slug} is taken`);
        await markPartner(ownerId, tx);
        return row;
      });
    },

    /** For the demo: adds an existing account as a client of the partner (answers the client's id). */
    async addClient(partnerId: string, userId: string): Promise<string> {
      return db.transaction((tx) => repo.insertClient(tx, partnerId, userId));
    },

    /** For the demo: a payment of a client of the partner, as the partner would record it. */
    async addPayment(partner: PartnerRow, clientId: string, input: RecordClientPaymentBody): Promise<ClientPayment> {
      return insertPayment(partner, await clientOf(partner, clientId), input);
    },
  };
}

export type PartnersService = ReturnType<typeof partnersService>;
