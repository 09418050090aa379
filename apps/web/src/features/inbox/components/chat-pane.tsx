import { Suspense, lazy, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConversationDetail, ConversationMessage } from '@charla/shared';
import { messageLimits } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { ChatComposer } from '../../../components/chat-composer.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ChatIcon, ChevronLeftIcon, InfoIcon, PhoneIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { demoCustomerPath } from '../../../lib/navigation.ts';
import { loadTeachDialog } from '../../knowledge-gaps/index.ts';
import { inboxApi } from '../api/inbox-api.ts';
import { dayLabel, groupByDay, questionBefore } from '../inbox-state.ts';
import { AssignControl, type Assigning } from './assign-control.tsx';
import { InboxMessage } from './inbox-message.tsx';

// The dialog that saves a person's reply as knowledge loads when first opened.
const TeachDialog = lazy(() => loadTeachDialog().then((m) => ({ default: m.TeachDialog })));

/** After 24 hours on WhatsApp: one of the number's approved templates, its {{1}} filled. */
function TemplatePicker({ botId, onSend }: { botId: string; onSend: (body: { name: string; language: string; text: string }) => Promise<void> }) {
  const { t } = useTranslation(['inbox', 'common']);
  const templates = useQuery({ queryKey: ['inbox', botId, 'templates'], queryFn: () => inboxApi.templates(botId), retry: 1 });
  const usable = useMemo(() => (templates.data?.templates ?? []).filter((x) => x.problem === null), [templates.data]);
  const [chosen, setChosen] = useState('');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const picked = usable.find((x) => `${x.name}|${x.language}` === chosen) ?? usable[0];

  if (templates.isPending) return <Spinner />;
  if (templates.isError) return <Alert tone="error">{`${t('composer.templatesFailed')} ${errorText(templates.error)}`}</Alert>;
  if (!picked) return <Alert tone="info">{t('composer.noTemplates')}</Alert>;
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setSending(true);
        setError(null);
        onSend({ name: picked.name, language: picked.language, text: picked.with_text ? text.trim() : '' })
          .then(() => setText(''))
          .catch((err: unknown) => setError(errorText(err)))
          .finally(() => setSending(false));
      }}
    >
      <label className="block text-sm font-medium text-fg">
        {t('composer.template')}
        <select value={`${picked.name}|${picked.language}`} onChange={(e) => setChosen(e.target.value)} className="focus-ring mt-1 block h-9 w-full rounded-lg border border-line bg-card px-2 text-sm">
          {usable.map((x) => (
            <option key={`${x.name}|${x.language}`} value={`${x.name}|${x.language}`}>
              {x.name} ({x.language})
            </option>
          ))}
        </select>
      </label>
      <p className="rounded-lg bg-card px-3 py-2 text-sm whitespace-pre-wrap text-muted">{picked.body}</p>
      {picked.with_text ? (
        <label className="block text-sm font-medium text-fg">
          {t('composer.templateText')}
          <input value={text} maxLength={1024} required onChange={(e) => setText(e.target.value)} className="focus-ring mt-1 block h-9 w-full rounded-lg border border-line bg-card px-2 text-sm" />
        </label>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="sm" loading={sending}>
        {t('composer.sendTemplate')}
      </Button>
    </form>
  );
}

export function ChatPane({
  conversation,
  messages,
  loading,
  error,
  onRetryLoad,
  hasOlder,
  loadingOlder,
  onOlder,
  onBack,
  onInfo,
  onReply,
  onTemplate,
  timeZone,
  assigning,
}: {
  conversation: ConversationDetail | undefined;
  messages: ConversationMessage[];
  loading: boolean;
  error: unknown;
  onRetryLoad: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder: () => void;
  onBack: () => void;
  onInfo: () => void;
  onReply: (text: string) => Promise<void>;
  onTemplate: (body: { name: string; language: string; text: string }) => Promise<void>;
  timeZone?: string | undefined;
  /** Who answers the conversation, and the control to give it to someone. */
  assigning: Assigning;
}) {
  const { t, i18n } = useTranslation(['inbox', 'common']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const scroller = useRef<HTMLDivElement>(null);
  const [windowClosed, setWindowClosed] = useState(false);
  const groups = useMemo(() => groupByDay(messages, timeZone), [messages, timeZone]);
  const lastId = messages.at(-1)?.id;
  const [teaching, setTeaching] = useState<{ question: string; answer: string } | null>(null);

  useEffect(() => setWindowClosed(false), [conversation?.id]);
  // New messages scroll into view (older pages loaded above keep the place).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  if (!conversation) {
    return (
      <section className="hidden min-h-0 flex-1 flex-col items-center justify-center gap-3 p-8 text-center lg:flex" data-empty-chat>
        {loading ? (
          <Spinner />
        ) : error ? (
          <LoadFailed title={t('chat.failedLoad')} error={error} retryLabel={t('list.retry')} retrying={false} onRetry={onRetryLoad} />
        ) : (
          <>
            <ChatIcon className="size-10 text-muted" />
            <h2 className="text-lg font-semibold text-fg">{t('chat.pick')}</h2>
            <p className="max-w-sm text-sm text-muted">{t('chat.pickBody')}</p>
          </>
        )}
      </section>
    );
  }

  const name = conversation.contact.name || conversation.contact.phone || t('list.unknownContact');
  const closedWindow = !conversation.windowOpen || windowClosed;
  const send = async (text: string) => {
    try {
      await onReply(text);
    } catch (e) {
      if (isApiError(e) && e.code === 'WINDOW_CLOSED') setWindowClosed(true);
      throw e;
    }
  };
  const hint = conversation.status === 'bot' ? t('composer.botActive') : conversation.status === 'closed' ? t('composer.closed') : t('composer.hint');

  return (
    <section aria-label={name} className="flex min-h-0 min-w-0 flex-1 flex-col bg-[color-mix(in_srgb,var(--bg-color)_94%,#25d366)]" data-chat={conversation.id}>
      <header className="flex items-center gap-2 border-b border-line bg-card-strong px-3 py-2">
        <button type="button" onClick={onBack} className="focus-ring -ms-1 grid size-9 place-items-center rounded-lg lg:hidden" aria-label={t('chat.back')}>
          <ChevronLeftIcon className="size-5" />
        </button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-fg">{name}</h2>
          <p className="truncate text-xs text-muted">
            {t(`common:channelNames.${conversation.channel}`)} · {t(`statusLabel.${conversation.status}`)}
          </p>
        </div>
        {conversation.channel === 'demo' ? (
          <a
            href={demoCustomerPath(conversation.botId, conversation.contact.id)}
            target="_blank"
            rel="noopener"
            title={t('demo.simulateTitle')}
            className={buttonClasses('secondary', 'sm', 'shrink-0')}
            data-simulate-customer
          >
            <PhoneIcon className="size-4" />
            <span className="max-sm:sr-only">{t('demo.simulate')}</span>
          </a>
        ) : null}
        <button type="button" onClick={onInfo} className="focus-ring grid size-9 place-items-center rounded-lg xl:hidden" aria-label={t('chat.info')}>
          <InfoIcon className="size-5" />
        </button>
      </header>
      {conversation.channel === 'demo' ? (
        <p role="note" className="flex items-start gap-2 border-b border-highlight/30 bg-highlight/10 px-3 py-2 text-xs leading-relaxed text-fg/85" data-demo-notice>
          <InfoIcon className="mt-px size-4 shrink-0 text-highlight" />
          <span>{t('demo.notice')}</span>
        </p>
      ) : null}
      <AssignControl conversation={conversation} assigning={assigning} />

      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-3" aria-live="polite">
        {hasOlder ? (
          <div className="mb-3 text-center">
            <Button variant="secondary" size="sm" loading={loadingOlder} onClick={onOlder}>
              {t('chat.older')}
            </Button>
          </div>
        ) : null}
        {loading && !messages.length ? (
          <div className="grid place-items-center p-8">
            <Spinner />
          </div>
        ) : null}
        {groups.map((g) => (
          <div key={g.day}>
            <p className="sticky top-0 z-10 my-2 text-center">
              <span className="inline-block rounded-lg bg-card-strong px-2.5 py-1 text-xs font-medium text-muted shadow-sm">
                {dayLabel(g.day, new Date(), locale, { today: t('chat.today'), yesterday: t('chat.yesterday') }, timeZone)}
              </span>
            </p>
            <ul className="space-y-1.5">
              {g.messages.map((m) => (
                <InboxMessage
                  key={m.id}
                  message={m}
                  locale={locale}
                  timeZone={timeZone}
                  onRetry={(failed) => void send(failed.text).catch(() => undefined)}
                  onTeach={(reply) => setTeaching({ question: questionBefore(messages, reply), answer: reply.text.slice(0, 4000) })}
                />
              ))}
            </ul>
          </div>
        ))}
      </div>

      {closedWindow ? (
        <div className="space-y-2 border-t border-line bg-card-strong px-3 py-3">
          <Alert tone="info">{conversation.channel === 'whatsapp' ? t('composer.windowClosed') : t('composer.windowClosedOther')}</Alert>
          {conversation.channel === 'whatsapp' ? <TemplatePicker botId={conversation.botId} onSend={onTemplate} /> : null}
        </div>
      ) : (
        <ChatComposer
          key={conversation.id}
          id="inbox-reply"
          label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          sendLabel={t('composer.send')}
          sendTitle={t('composer.hint')}
          hint={hint}
          maxLength={messageLimits.text}
          look="square"
          onSend={send}
        />
      )}
      {teaching ? (
        <Suspense fallback={null}>
          <TeachDialog botId={conversation.botId} open question={teaching.question} answer={teaching.answer} onClose={() => setTeaching(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
