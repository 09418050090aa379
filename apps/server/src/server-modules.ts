import type { Engine } from './engine/types.ts';
import type { KnowledgeSearch } from './engine/ports.ts';
import { channelsModule, SEND_ATTEMPTS } from './channels/channels.module.ts';
import { accessModule } from './modules/access/access.module.ts';
import type { AccessService } from './modules/access/access.module.ts';
import { adminModule } from './modules/admin/admin.module.ts';
import { affiliatesModule } from './modules/affiliates/affiliates.module.ts';
import type { AffiliatesService } from './modules/affiliates/affiliates.module.ts';
import { auditModule } from './modules/audit/audit.module.ts';
import type { AuditService } from './modules/audit/audit.module.ts';
import type { AppModule, ModuleContext } from './modules/app-module.ts';
import { appointmentsModule } from './modules/appointments/appointments.module.ts';
import { turnAppointments } from './modules/appointments/index.ts';
import type { AppointmentsService } from './modules/appointments/appointments.service.ts';
import type { AuthRepository } from './modules/auth/auth.repository.ts';
import { authModule } from './modules/auth/auth.module.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { AccessTokens } from './modules/auth/tokens.ts';
import { botsModule } from './modules/bots/bots.module.ts';
import { botTestsModule } from './modules/bot-tests/bot-tests.module.ts';
import type { BotTestsService } from './modules/bot-tests/bot-tests.module.ts';
import { savedRepliesModule } from './modules/saved-replies/saved-replies.module.ts';
import type { BotsService } from './modules/bots/bots.service.ts';
import { conversationsModule } from './modules/conversations/conversations.module.ts';
import type { Pipeline } from './modules/conversations/pipeline.ts';
import { campaignsModule } from './modules/campaigns/campaigns.module.ts';
import type { CampaignsService } from './modules/campaigns/campaigns.module.ts';
import { crmModule } from './modules/crm/crm.module.ts';
import type { CrmService } from './modules/crm/crm.service.ts';
import { mailModule } from './modules/mail/mail.module.ts';
import type { MailService } from './modules/mail/mail.module.ts';
import { knowledgeGapsModule } from './modules/knowledge-gaps/knowledge-gaps.module.ts';
import type { KnowledgeGapsService } from './modules/knowledge-gaps/knowledge-gaps.module.ts';
import { healthModule } from './modules/health/health.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { plansModule } from './modules/plans/plans.module.ts';
import type { PlansService } from './modules/plans/plans.module.ts';
import { productsModule } from './modules/products/products.module.ts';
import { quotaModule } from './modules/quota/quota.module.ts';
import { seatsModule } from './modules/seats/seats.module.ts';
import { partnersModule } from './modules/partners/partners.module.ts';
import type { PartnersService } from './modules/partners/partners.module.ts';
import type { SeatsService } from './modules/seats/seats.module.ts';
import type { QuotaService } from './modules/quota/quota.module.ts';
import { trainingModule } from './modules/training/training.module.ts';
import type { TrainingService } from './modules/training/training.service.ts';

/** The modules' faces that code outside the app calls: the start (admin and demo accounts), the eval, the benches and the tests. */
export interface ModuleFaces {
  auth: AuthService;
  mail: MailService;
  access: AccessService;
  quota: QuotaService;
  bots: BotsService;
  training: TrainingService;
  search: KnowledgeSearch;
  pipeline: Pipeline;
  appointments: AppointmentsService;
  crm: CrmService;
  plans: PlansService;
  audit: AuditService;
  seats: SeatsService;
  affiliates: AffiliatesService;
  partners: PartnersService;
  campaigns: CampaignsService;
  knowledgeGaps: KnowledgeGapsService;
  botTests: BotTestsService;
}

export interface ModuleDeps {
  auth: { repo: AuthRepository; tokens: AccessTokens };
  engine: Engine;
}

/**
 * Builds every module from one context and wires them to one another: the list the app
 * registers, in order, and their faces. The channels fill the conversations module's registry.
 */
export function buildModules(ctx: ModuleContext, { auth: authDeps, engine }: ModuleDeps): { modules: AppModule[]; faces: ModuleFaces } {
  const mail = mailModule(ctx);
  const access = accessModule(ctx);
  const audit = auditModule(ctx, { membership: access.service.membership });
  const auth = authModule(ctx, { ...authDeps, mail: mail.service, audit: audit.service, membership: access.service.membership, tenantGate: access.service.signInAllowed });
  const quota = quotaModule(ctx);
  const bots = botsModule(ctx, { access: access.service, quota: quota.service, audit: audit.service });
  const training = trainingModule(ctx, { bots: bots.service, access: access.service, audit: audit.service });
  const conversations = conversationsModule(ctx, { access: access.service, audit: audit.service, quota: quota.service, users: authDeps.repo, search: training.search, appointments: turnAppointments(ctx.database.db), engine, sendAttempts: SEND_ATTEMPTS });
  // A question the bot could not answer is kept for the owner once the turn committed (first: it never throws, so the listeners after it always run).
  const knowledgeGaps = knowledgeGapsModule(ctx, { access: access.service, training: training.service });
  conversations.onTurnCommitted((turn) => knowledgeGaps.service.afterTurn(turn));
  const appointments = appointmentsModule(ctx, { bots: bots.service, access: access.service, outbound: conversations.pipeline });
  conversations.onAppointmentsChanged((botId) => appointments.service.afterBotTurn(botId));
  const plans = plansModule(ctx, { access: access.service, quota: quota.service, audit: audit.service });
  const seats = seatsModule(ctx, { access: access.service, quota: quota.service, mail: mail.service, auth: auth.service, audit: audit.service });
  const affiliates = affiliatesModule(ctx, { auth: auth.service, plans: plans.service });
  const partners = partnersModule(ctx, { bots: bots.service, quota: quota.service, mail: mail.service, auth: auth.service });
  const crm = crmModule(ctx, { bots: bots.service, access: access.service, quota: quota.service, audit: audit.service });
  conversations.onTurnCommitted((turn) => crm.service.afterTurn(turn));
  // E-mail to the team after a hand-off or a booking, queued once the turn committed.
  const notifications = notificationsModule(ctx, { mail: mail.service, access: access.service });
  conversations.onHandoff((handoff) => notifications.service.handedOff(handoff));
  conversations.onTurnCommitted((turn) => notifications.service.afterTurn(turn));
  const campaigns = campaignsModule(ctx, { access: access.service, quota: quota.service, bots: bots.service, send: conversations.pipeline.send,
    sendMany: conversations.pipeline.sendMany,
    checkTemplate: async (bot, template) => {
      const check = conversations.registry.get('whatsapp')?.capabilities.templates?.approved;
      if (check) await check(bot, template);
    },
  });
  conversations.onMessageChanged(campaigns.messageChanged);
  conversations.onOptedOut((contactId) => campaigns.optedOut(contactId));
  const botTests = botTestsModule(ctx, { access: access.service, rehearse: conversations.rehearse });

  const modules = [
    healthModule(ctx, { engine }),
    mail.module,
    auth.module,
    access.module,
    bots.module,
    training.module,
    productsModule(ctx, { access: access.service, audit: audit.service }),
    appointments.module,
    conversations.module,
    notifications.module,
    channelsModule(ctx, {
      bots: bots.service,
      access: access.service,
      receive: conversations.pipeline.receive,
      messages: conversations.pipeline.channelMessages,
      register: conversations.registry.add,
    }),
    crm.module,
    knowledgeGaps.module,
    adminModule(ctx, { engine, audit: audit.service }).module,
    audit.module,
    plans.module,
    seats.module,
    affiliates.module,
    partners.module,
    campaigns.module,
    botTests.module,
    savedRepliesModule(ctx, { access: access.service }).module,
  ];
  const faces: ModuleFaces = {
    auth: auth.service,
    mail: mail.service,
    access: access.service,
    quota: quota.service,
    bots: bots.service,
    training: training.service,
    search: training.search,
    pipeline: conversations.pipeline,
    appointments: appointments.service,
    crm: crm.service,
    plans: plans.service,
    audit: audit.service,
    seats: seats.service,
    affiliates: affiliates.service,
    partners: partners.service,
    campaigns: campaigns.service,
    knowledgeGaps: knowledgeGaps.service,
    botTests: botTests.service,
  };
  return { modules, faces };
}
