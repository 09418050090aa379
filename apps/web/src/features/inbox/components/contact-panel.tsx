import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Bot, ConversationAssignee, ConversationDetail } from '@charla/shared';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { CalendarIcon, ChatIcon, ChevronLeftIcon, CloseIcon, PhoneIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatInZone, loadBookDialog, useContactAppointments } from '../../appointments/index.ts';
import { useContact, useContactNotes, useStages } from '../../crm/index.ts';
import { usePhoneFormat } from '../../../lib/phone-input.ts';
import { assigneeLabel, initialsOf, whatsappDigits } from '../inbox-state.ts';

// Citas' booking dialog, downloaded when "Agendar cita" is first pressed.
const BookDialog = lazy(() => loadBookDialog().then((m) => ({ default: m.BookDialog })));

/** The notes the pane lists (the newest); the chat shows them all at their time. */
const NOTES_SHOWN = 5;

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="mt-4 border-t border-line pt-3">
      <div className="mb-1.5 flex items-center gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
        {action ? <div className="ms-auto">{action}</div> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * Who the customer is: how to reach them (a call, WhatsApp), who answers them, their stage and
 * tags in the CRM, their next appointments with "Agendar cita", and the team's latest notes.
 */
export function ContactPanel({
  bot,
  conversation,
  userId,
  people,
  onClose,
}: {
  bot: Bot;
  conversation: ConversationDetail;
  userId: string;
  people: ConversationAssignee[] | undefined;
  /** Closes the pane (on a phone: back to the chat). */
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['inbox', 'common']);
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  const c = conversation;
  const contact = useContact(c.contact.id);
  const stages = useStages(c.botId);
  const notes = useContactNotes(c.contact.id);
  const appointments = useContactAppointments(c.botId, c.contact.id);
  const [booking, setBooking] = useState<{ start: string; end: string } | null>(null);

  const who = assigneeLabel(c, userId, people);
  const assigned = !who ? t('contact.nobody') : who.kind === 'you' ? t('contact.you') : who.kind === 'person' ? who.name : t('contact.someone');
  const stage = stages.data?.find((s) => s.id === (contact.data?.stageId ?? stages.data?.[0]?.id));
  const tags = contact.data?.tags ?? [];
  const wa = whatsappDigits(c.contact.phone);
  const formatPhone = usePhoneFormat();
  const latestNotes = (notes.data ?? []).slice(-NOTES_SHOWN).reverse();
  const book = () => {
    // The next whole hour, half an hour long: the dialog changes both.
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    setBooking({ start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() });
  };
  const rows: [string, string][] = [
    [t('contact.email'), c.contact.email || '—'],
    [t('contact.channel'), t(`common:channelNames.${c.channel}`)],
    [t('contact.status'), t(`statusLabel.${c.status}`)],
    [t('contact.assigned'), assigned],
  ];

  return (
    <aside
      id="inbox-contact-panel"
      aria-label={t('contact.title')}
      className="flex min-h-0 min-w-0 flex-1 flex-col overflow-y-auto bg-card p-4"
      data-contact-panel
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="mb-2 flex items-center">
        <button type="button" onClick={onClose} className="focus-ring inline-flex items-center gap-1 rounded-lg text-sm text-muted lg:hidden">
          <ChevronLeftIcon className="size-4" />
          {t('chat.backToChat')}
        </button>
        <button type="button" onClick={onClose} aria-label={t('contact.hide')} title={t('contact.hide')} className="focus-ring ms-auto hidden size-8 place-items-center rounded-lg text-muted hover:text-fg lg:grid">
          <CloseIcon className="size-4" />
        </button>
      </div>
      <div className="flex flex-col items-center text-center">
        <span aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-brand-gradient text-lg font-bold text-white">
          {initialsOf(c.contact.name, c.contact.phone)}
        </span>
        <h2 className="mt-2 text-lg font-semibold break-words text-fg">{c.contact.name || c.contact.phone || t('list.unknownContact')}</h2>
        {c.contact.phone ? (
          <>
            <p className="text-sm text-muted" data-field={t('contact.phone')}>
              {formatPhone(c.contact.phone)}
            </p>
            <div className="mt-2 flex flex-wrap justify-center gap-2">
              <a href={`tel:${c.contact.phone.replace(/[^\d+]/g, '')}`} className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')} data-call>
                <PhoneIcon className="size-4" />
                {t('contact.call')}
              </a>
              {wa ? (
                <a href={`https://wa.me/${wa}`} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')} data-whatsapp>
                  <ChatIcon className="size-4" />
                  {t('contact.whatsapp')}
                </a>
              ) : null}
            </div>
          </>
        ) : null}
      </div>

      <dl className="mt-4 space-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-xs text-muted">{k}</dt>
            <dd className="break-words text-fg" data-field={k}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {c.status === 'human' ? <p className="mt-3 text-xs text-muted">{c.idleMinutes > 0 ? t('contact.idle', { minutes: c.idleMinutes }) : t('contact.idleNever')}</p> : null}

      <Section title={t('contact.stage')}>
        {contact.isPending || stages.isPending ? (
          <Spinner className="size-4" />
        ) : stage ? (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-line px-2.5 py-0.5 text-sm font-medium text-fg" data-stage>
            <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: stage.color }} />
            {stage.name}
          </span>
        ) : (
          <p className="text-sm text-muted">—</p>
        )}
      </Section>

      <Section title={t('contact.tags')}>
        {tags.length ? (
          <ul className="flex flex-wrap gap-1.5" data-tags>
            {tags.map((tag) => (
              <li key={tag} className="rounded-full bg-highlight/12 px-2 py-0.5 text-xs font-medium text-fg">
                {tag}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{contact.isPending ? '…' : t('contact.noTags')}</p>
        )}
      </Section>

      <Section title={t('contact.appointments')}>
        {appointments.isPending ? (
          <Spinner className="size-4" />
        ) : appointments.data?.length ? (
          <ul className="space-y-1.5" data-next-appointments>
            {appointments.data.slice(0, 3).map((a) => (
              <li key={a.id} className="rounded-lg bg-card-strong px-2.5 py-1.5 text-sm">
                <span className="block font-medium text-fg first-letter:uppercase">{formatInZone(a.start, bot.timezone, locale)}</span>
                {a.service ? <span className="block truncate text-xs text-muted">{a.service}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{t('contact.noAppointments')}</p>
        )}
        <Button size="sm" variant="secondary" className="mt-2 w-full" icon={<CalendarIcon className="size-4" />} onClick={book}>
          {t('contact.book')}
        </Button>
      </Section>

      <Section title={t('contact.notes')}>
        {latestNotes.length ? (
          <ul className="space-y-1.5" data-contact-notes>
            {latestNotes.map((n) => (
              <li key={n.id} className="rounded-lg border border-dashed border-amber-400/80 bg-[color-mix(in_srgb,#f59e0b_24%,var(--bg-color))] px-2.5 py-1.5 text-sm text-fg">
                <p className="line-clamp-3 whitespace-pre-wrap">{n.text}</p>
                <p className="mt-0.5 text-[11px] text-fg/70">
                  {n.authorName ?? t('chat.noteTeam')} · {formatInZone(n.createdAt, bot.timezone, locale)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{notes.isPending ? '…' : t('contact.noNotes')}</p>
        )}
      </Section>

      {booking ? (
        <Suspense fallback={null}>
          <BookDialog bot={bot} start={booking.start} end={booking.end} contact={c.contact} onClose={() => setBooking(null)} />
        </Suspense>
      ) : null}
    </aside>
  );
}
