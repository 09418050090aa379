import type { KnowledgeSearch } from '../../engine/ports.ts';
import type { Engine } from '../../engine/types.ts';
import type { AppModule, ModuleContext } from '../app-module.ts';
import type { AuthRepository } from '../auth/index.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AccessService } from '../access/access.module.ts';
import type { QuotaService } from '../quota/quota.module.ts';
import { productsRepository } from '../products/index.ts';
import type { TurnAppointments } from './appointments-port.ts';
import { channelRegistry } from './channel-registry.ts';
import { conversationsJobs } from './conversations.jobs.ts';
import { conversationsRepository, type MessageRow } from './conversations.repository.ts';
import { inboxRepository } from './inbox.repository.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { inboxService } from './inbox.service.ts';
import { pipeline } from './pipeline.ts';
import { rehearsal } from './rehearsal.ts';
import type { HandedOff } from './handoff.ts';
import type { CommittedTurn } from './turn.ts';
import { demoCustomerRepository } from './demo-customer.repository.ts';
import { demoCustomerRoutes } from './demo-customer.routes.ts';
import { demoCustomerService } from './demo-customer.service.ts';
import { playgroundRoutes } from './playground.routes.ts';
import { playgroundService } from './playground.service.ts';
import { playgroundSockets } from './playground.sockets.ts';

/** The address of a conversation in the app, for links sent outside it (the hand-off notice). */
const conversationLink = (ctx: ModuleContext) => (botId: string, conversationId: string) =>
  `${(ctx.config.APP_URL ?? ctx.config.ALLOWED_ORIGINS[0] ?? `http://localhost:${ctx.config.PORT}`).replace(/\/+$/, '')}/app/dashboard/${botId}/crm?c=${conversationId}`;

/**
 * Conversations: the road of every message (receive, turn, send), the channel registry the
 * channels fill, the inbox and the playground.
 */
export function conversationsModule(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    audit: AuditService;
    quota: QuotaService;
    users: Pick<AuthRepository, 'findUserById'>;
    search: KnowledgeSearch;
    /** The engine's calendar and the turn's bookings, from the appointments module. */
    appointments: TurnAppointments;
    engine: Engine;
    sendAttempts: number;
  },
) {
  const { database, jobs, storage } = ctx;
  const registry = channelRegistry();
  const repo = conversationsRepository(database.db);
  const inbox = inboxRepository(database.db);
  const appointmentsChanged: ((botId: string) => Promise<void>)[] = [];
  const turnCommitted: ((turn: CommittedTurn) => Promise<void>)[] = [];
  const handedOff: ((handoff: HandedOff) => Promise<void>)[] = [];
  const messageChanged: ((m: MessageRow) => void)[] = [];
  const optedOut: ((contactId: string) => Promise<void>)[] = [];
  const flow = pipeline({
    db: database.db,
    repo,
    appointments: deps.appointments,
    search: deps.search,
    engine: deps.engine,
    quota: deps.quota,
    jobs,
    emit: ctx.emit,
    registry,
    log: ctx.log,
    productImage: productsRepository(database.db).imageOf,
    inbox,
    storage,
    conversationLink: conversationLink(ctx),
    appointmentsChanged: async (botId) => {
      for (const listener of appointmentsChanged) await listener(botId);
    },
    turnCommitted: async (turn) => {
      for (const listener of turnCommitted) await listener(turn);
    },
    // A listener's failure is logged: the hand-off itself is done.
    handedOff: async (handoff) => {
      for (const listener of handedOff) await listener(handoff).catch((err) => ctx.log.error({ err, conversationId: handoff.conversationId }, 'hand-off follow-up failed'));
    },
    optedOut: async (contactId) => {
      for (const listener of optedOut) await listener(contactId);
    },
    messageChanged: (m) => {
      for (const listener of messageChanged) listener(m);
    },
  });
  // A question answered as a new conversation would be, with nothing stored (the assistant's saved tests).
  const rehearse = rehearsal({ search: deps.search, appointments: deps.appointments, engine: deps.engine, productImage: productsRepository(database.db).imageOf });
  const playground = playgroundService({ repo, appointments: deps.appointments, access: deps.access, pipeline: flow });
  const module: AppModule = {
    name: 'conversations',
    jobs: (app) => conversationsJobs(app, ctx.config, jobs, flow, deps.sendAttempts),
    sockets: (app) => playgroundSockets(app, deps.users, playground),
    async routes(app) {
      await app.register(playgroundRoutes, { service: playground });
      await app.register(demoCustomerRoutes, { service: demoCustomerService({ repo, customers: demoCustomerRepository(database.db), access: deps.access, pipeline: flow }) });
      await app.register(inboxRoutes, { service: inboxService({ repo: inbox, audit: deps.audit, access: deps.access, pipeline: flow, registry, storage }) });
    },
  };
  return {
    module,
    pipeline: flow,
    registry,
    rehearse,
    /** After a turn that booked, moved, confirmed or cancelled appointments. */
    onAppointmentsChanged(listener: (botId: string) => Promise<void>) {
      appointmentsChanged.push(listener);
    },
    /** After every committed turn, with the actions that took effect. */
    onTurnCommitted(listener: (turn: CommittedTurn) => Promise<void>) {
      turnCommitted.push(listener);
    },
    /** After a customer's conversation went to a person (not the playground's). */
    onHandoff(listener: (handoff: HandedOff) => Promise<void>) {
      handedOff.push(listener);
    },
    /** A contact asked to stop marketing messages and was opted out. */
    onOptedOut(listener: (contactId: string) => Promise<void>) {
      optedOut.push(listener);
    },
    /** Every message stored or changed: a customer's message, a send's status (the listener must not throw). */
    onMessageChanged(listener: (m: MessageRow) => void) {
      messageChanged.push(listener);
    },
  };
}

export type ConversationsModule = ReturnType<typeof conversationsModule>;
