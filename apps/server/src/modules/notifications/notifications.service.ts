import type { Locale } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../plugins/jobs.ts';
import type { AccessService } from '../access/access.module.ts';
import type { CommittedTurn, HandedOff } from '../conversations/index.ts';
import type { MailService } from '../mail/mail.module.ts';
import type { NoticeSubject, NotificationsRepository } from './notifications.repository.ts';

/** Sends one e-mail notice (a job: it runs after the turn committed, away from the message's road). */
export const NOTICE_JOB = 'notice.mail';

/** What a notice job carries: which conversation, and for a booking when it starts. */
export type NoticeJob =
  | { kind: 'handoff'; botId: string; conversationId: string }
  | { kind: 'booking'; botId: string; conversationId: string; startsAt: string };

export interface NotificationsDeps {
  repo: NotificationsRepository;
  mail: Pick<MailService, 'send'>;
  access: Pick<AccessService, 'assignees'>;
  jobs: Pick<Jobs, 'send'>;
  log: FastifyBaseLogger;
  /** The app's public address, for the links in the messages. */
  appUrl: string;
}

/** Which of the two languages a bot's notices are written in: the bot's own. */
const localeOf = (language: string): Locale => (language === 'en' ? 'en' : 'es');

/**
 * E-mail notices to the team: a customer handed off to a person, and an appointment the bot
 * booked. Each goes to the bot's owner and to the person the conversation is given to (when that
 * person still works on the bot). The conversations module tells this one after its transaction
 * committed; a notice is then a job of its own, so a slow or failing mail server never holds or
 * fails the message's road. There is no per-person notice setting yet: everyone named gets them.
 */
export function notificationsService(deps: NotificationsDeps) {
  const base = deps.appUrl.replace(/\/+$/, '');

  async function queue(data: NoticeJob): Promise<void> {
    try {
      await deps.jobs.send(NOTICE_JOB, data);
    } catch (err) {
      deps.log.error({ err, kind: data.kind, conversationId: data.conversationId }, 'e-mail notice not queued');
    }
  }

  /** The owner, and the conversation's assignee when they may still answer it; each address once. */
  async function recipients(subject: NoticeSubject): Promise<{ name: string; email: string }[]> {
    const people = [{ name: subject.owner.name, email: subject.owner.email }];
    const assignee = subject.assignedTo;
    if (assignee && assignee !== subject.owner.id && (await deps.access.assignees(subject.bot.id)).some((p) => p.userId === assignee)) {
      const person = await deps.repo.email(assignee);
      if (person && person.email.toLowerCase() !== subject.owner.email.toLowerCase()) people.push(person);
    }
    return people;
  }

  return {
    /** A customer's conversation went to a person. */
    handedOff: (h: HandedOff): Promise<void> => queue({ kind: 'handoff', botId: h.botId, conversationId: h.conversationId }),

    /** A committed turn: each appointment the bot booked in a customer's conversation (the playground is the owner's own test). */
    async afterTurn(turn: CommittedTurn): Promise<void> {
      if (turn.channel === 'playground') return;
      for (const action of turn.actions) {
        if (action.type === 'book') await queue({ kind: 'booking', botId: turn.botId, conversationId: turn.conversationId, startsAt: action.start.toISOString() });
      }
    },

    /** The job: the message in the bot's language to each recipient. Throws (to be retried) only when none could be sent. */
    async deliver(data: NoticeJob): Promise<void> {
      const subject = await deps.repo.subject(data.botId, data.conversationId);
      if (!subject) return;
      const locale = localeOf(subject.bot.language);
      const contact = subject.contact.name.trim() || subject.contact.phone.trim() || (locale === 'es' ? 'Un cliente' : 'A customer');
      const bot = subject.bot.name;
      const to = await recipients(subject);
      const results = await Promise.all(
        to.map((person) =>
          data.kind === 'handoff'
            ? deps.mail.send({ to: person.email, template: 'handoff-notice', locale, params: { contact, bot, link: `${base}/app/dashboard/${subject.bot.id}/crm?c=${data.conversationId}` } })
            : deps.mail.send({
                to: person.email,
                template: 'booking-notice',
                locale,
                params: { contact, bot, startsAt: data.startsAt, timeZone: subject.bot.timezone, link: `${base}/app/dashboard/${subject.bot.id}/citas` },
              }),
        ),
      );
      if (results.length > 0 && results.every((r) => !r.ok)) throw new Error(`${data.kind} notice not sent`);
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
