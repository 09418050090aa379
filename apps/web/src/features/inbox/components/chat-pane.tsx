import { Suspense, lazy, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ConversationDetail, ConversationMessage, PersonAction } from '@charla/shared';
import { attachmentLimits, crmLimits, messageLimits } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { ChatComposer, type ChatComposerHandle, type ComposerSuggestions } from '../../../components/chat-composer.tsx';
import { EmojiPicker } from '../../../components/emoji-picker.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ChatIcon, ChevronLeftIcon, CloseIcon, FileIcon, InfoIcon, LockIcon, PaperclipIcon, PhoneIcon, TextIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorFromResponse, isApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { demoCustomerPath } from '../../../lib/navigation.ts';
import { useAddContactNote, useContactNotes } from '../../crm/index.ts';
import { loadTeachDialog } from '../../knowledge-gaps/index.ts';
import { inboxApi } from '../api/inbox-api.ts';
import { useSavedReplies } from '../api/use-saved-replies.ts';
import { dayLabel, groupByDay, matchReplies, questionBefore, withNotes } from '../inbox-state.ts';
import { AssignControl, type Assigning } from './assign-control.tsx';
import { ConversationActions } from './conversation-actions.tsx';
import { InboxMessage, NoteBubble } from './inbox-message.tsx';

// The dialog that saves a person's reply as knowledge loads when first opened.
const TeachDialog = lazy(() => loadTeachDialog().then((m) => ({ default: m.TeachDialog })));
// So does the list of saved replies.
const SavedRepliesDialog = lazy(() => import('./saved-replies-dialog.tsx').then((m) => ({ default: m.SavedRepliesDialog })));

type ComposerMode = 'reply' | 'note';

/** What a picked file cannot be, said before it is sent (the server checks the same and its content). */
function attachmentProblem(file: File): 'attachType' | 'attachTooLarge' | null {
  if (!(attachmentLimits.types as readonly string[]).includes(file.type)) return 'attachType';
  if (file.size > attachmentLimits.bytes) return 'attachTooLarge';
  return null;
}

/**
 * The paperclip: picks a picture or PDF to send with the next reply. On a channel that cannot
 * send files it stays visible but inactive, its tooltip saying why.
 */
function AttachButton({ supported, onPick }: { supported: boolean; onPick: (file: File) => void }) {
  const { t } = useTranslation('inbox');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        aria-label={t('composer.attach')}
        aria-disabled={!supported}
        aria-describedby={supported ? undefined : 'inbox-attach-why'}
        title={supported ? t('composer.attach') : t('composer.attachUnsupported')}
        onClick={() => supported && input.current?.click()}
        className={`focus-ring inline-flex size-7 items-center justify-center rounded-md ${supported ? 'text-muted hover:text-fg' : 'cursor-not-allowed text-muted/45'}`}
        data-attach
      >
        <PaperclipIcon className="size-4" />
      </button>
      {supported ? null : (
        <span id="inbox-attach-why" className="sr-only">
          {t('composer.attachUnsupported')}
        </span>
      )}
      <input
        ref={input}
        type="file"
        accept={attachmentLimits.types.join(',')}
        className="hidden"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
        data-attach-input
      />
    </>
  );
}

/** The file waiting to go with the next reply, with a way to take it back; or why it cannot go. */
function PendingAttachment({ file, problem, onRemove }: { file: File | null; problem: 'attachType' | 'attachTooLarge' | null; onRemove: () => void }) {
  const { t } = useTranslation('inbox');
  if (problem) {
    return (
      <Alert tone="error" className="mb-2">
        {t(`composer.${problem}`, { mb: attachmentLimits.bytes / 1024 / 1024 })}
      </Alert>
    );
  }
  if (!file) return null;
  return (
    <div className="mb-2 flex min-w-0 items-center gap-2 rounded-lg border border-line bg-card px-2 py-1.5 text-sm" data-attach-pending>
      <FileIcon className="size-4 shrink-0 text-muted" />
      <span className="min-w-0 flex-1 truncate">{file.name}</span>
      <button type="button" onClick={onRemove} aria-label={t('composer.attachRemove')} title={t('composer.attachRemove')} className="focus-ring grid size-7 shrink-0 place-items-center rounded-md text-muted hover:text-fg">
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

/** Above the box: write to the customer or a note for the team, and the saved replies. */
function ComposerToolbar({
  mode,
  onMode,
  onSavedReplies,
  onEmoji,
  attach,
}: {
  mode: ComposerMode;
  onMode: (mode: ComposerMode) => void;
  onSavedReplies: (() => void) | null;
  /** Puts an emoji in the box (absent while the box is not shown). */
  onEmoji: ((emoji: string) => void) | null;
  /** The paperclip, while a reply is written (absent for notes). */
  attach: ReactNode;
}) {
  const { t } = useTranslation('inbox');
  return (
    <div className="mb-2 flex items-center gap-2">
      <div role="radiogroup" aria-label={t('composer.mode')} className="inline-flex rounded-lg bg-surface/70 p-0.5 text-xs font-semibold">
        {(['reply', 'note'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => onMode(m)}
            className={`focus-ring inline-flex h-7 items-center gap-1 whitespace-nowrap rounded-md px-2.5 transition ${mode === m ? (m === 'note' ? 'bg-amber-300 text-amber-950 shadow-sm' : 'bg-card-strong text-fg shadow-sm') : 'text-muted hover:text-fg'}`}
          >
            {m === 'note' ? <LockIcon className="size-3.5" /> : null}
            {t(m === 'note' ? 'composer.noteMode' : 'composer.replyMode')}
          </button>
        ))}
      </div>
      {onEmoji ? <EmojiPicker label={t('composer.emoji')} onPick={onEmoji} /> : null}
      {attach}
      {onSavedReplies ? (
        <button type="button" onClick={onSavedReplies} className="focus-ring ms-auto inline-flex h-7 items-center gap-1 whitespace-nowrap rounded-md px-2 text-xs font-semibold text-muted hover:text-fg" data-manage-saved-replies>
          <TextIcon className="size-3.5" />
          <span className="max-sm:sr-only">{t('saved.title')}</span>
        </button>
      ) : null}
    </div>
  );
}

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
  infoOpen,
  onInfo,
  onReply,
  onAttach,
  onTemplate,
  onAction,
  timeZone,
  assigning,
  side,
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
  /** Whether the contact's pane is open; the header's button opens and closes it. */
  infoOpen: boolean;
  onInfo: () => void;
  onReply: (text: string) => Promise<void>;
  /** A picture or PDF with the typed text as its caption. */
  onAttach: (file: File, text: string) => Promise<void>;
  onTemplate: (body: { name: string; language: string; text: string }) => Promise<void>;
  /** Take over, give back, close. */
  onAction: (action: PersonAction) => Promise<unknown>;
  timeZone?: string | undefined;
  /** Who answers the conversation, and the control to give it to someone. */
  assigning: Assigning;
  /** The contact's pane, over the chat under its header (at the side on a wide screen, all of it on a phone). */
  side?: ReactNode;
}) {
  const { t, i18n } = useTranslation(['inbox', 'common']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const scroller = useRef<HTMLDivElement>(null);
  const composer = useRef<ChatComposerHandle>(null);
  const [windowClosed, setWindowClosed] = useState(false);
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [managing, setManaging] = useState(false);
  const [attachment, setAttachment] = useState<{ file: File | null; problem: 'attachType' | 'attachTooLarge' | null }>({ file: null, problem: null });
  const contactId = conversation?.contact.id ?? '';
  const notes = useContactNotes(contactId, Boolean(conversation));
  const addNote = useAddContactNote();
  const botId = conversation?.botId ?? '';
  const saved = useSavedReplies(botId, Boolean(conversation));
  const thread = useMemo(() => withNotes(messages, notes.data ?? [], !hasOlder), [messages, notes.data, hasOlder]);
  const groups = useMemo(() => groupByDay(thread, timeZone), [thread, timeZone]);
  const last = thread.at(-1);
  const lastKey = last ? (last.kind === 'note' ? `note:${last.note.id}` : last.message.id) : '';
  const [teaching, setTeaching] = useState<{ question: string; answer: string } | null>(null);
  const savedItems = saved.list.data;
  const suggestions = useMemo<ComposerSuggestions>(
    () => ({
      find: (query) => matchReplies(savedItems ?? [], query),
      label: t('saved.title'),
      empty: savedItems?.length ? t('saved.noMatch') : t('saved.none'),
      ...(assigning.manage && {
        footer: (
          <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => setManaging(true)} className="focus-ring w-full rounded-md px-2 py-1 text-start text-xs font-semibold text-highlight-text hover:underline">
            {t('saved.manage')}
          </button>
        ),
      }),
    }),
    [savedItems, assigning.manage, t],
  );

  useEffect(() => {
    setWindowClosed(false);
    setMode('reply');
    setAttachment({ file: null, problem: null });
  }, [conversation?.id]);
  // New messages and notes scroll into view (older pages loaded above keep the place).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastKey]);
  // A picture that loads after it was scrolled to grows the thread: a reader at the end stays at the end.
  const hasChat = Boolean(conversation);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let atEnd = true;
    const onScroll = () => {
      atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    };
    const onLoad = (e: Event) => {
      if (atEnd && e.target instanceof HTMLImageElement) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('load', onLoad, true);
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('load', onLoad, true);
    };
  }, [hasChat]);

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
  const sendAttachment = async (file: File, text: string) => {
    try {
      await onAttach(file, text);
      setAttachment({ file: null, problem: null });
    } catch (e) {
      if (isApiError(e) && e.code === 'WINDOW_CLOSED') setWindowClosed(true);
      throw e;
    }
  };
  /** A reply that could not go out, sent again as a new one: its words, and the file it carried as it was kept. */
  const retry = async (failed: ConversationMessage) => {
    const kept = failed.media?.find((m) => m.file && m.url);
    if (!kept) return send(failed.text);
    const res = await fetch(kept.url!, { credentials: 'include' });
    // Gone (the contact was erased meanwhile) is said as such; any other refusal in the server's words.
    if (res.status === 404) return showToast(t('chat.retryFileGone'), 'error');
    if (!res.ok) throw await errorFromResponse(res);
    const blob = await res.blob();
    await sendAttachment(new File([blob], kept.name ?? kept.file!, { type: kept.mime ?? blob.type }), failed.text);
  };
  const pending = mode === 'reply' ? attachment.file : null;
  const writeNote = async (text: string) => {
    await addNote.mutateAsync({ id: conversation.contact.id, text });
  };
  const hint = mode === 'note' ? t('composer.noteHint') : conversation.status === 'bot' ? t('composer.botActive') : conversation.status === 'closed' ? t('composer.closed') : t('composer.hint');
  const writing = !(closedWindow && mode === 'reply');
  const toolbar = (
    <>
      <ComposerToolbar
        mode={mode}
        onMode={setMode}
        onSavedReplies={assigning.manage ? () => setManaging(true) : null}
        onEmoji={writing ? (emoji) => composer.current?.insert(emoji) : null}
        attach={writing && mode === 'reply' ? <AttachButton supported={conversation.attachments} onPick={(file) => setAttachment({ file, problem: attachmentProblem(file) })} /> : null}
      />
      {mode === 'reply' ? <PendingAttachment file={attachment.problem ? null : attachment.file} problem={attachment.problem} onRemove={() => setAttachment({ file: null, problem: null })} /> : null}
    </>
  );

  return (
    <section aria-label={name} className="flex min-h-0 min-w-0 flex-1 flex-col bg-[color-mix(in_srgb,var(--bg-color)_94%,#25d366)]" data-chat={conversation.id}>
      <header className="flex items-center gap-2 border-b border-line bg-card-strong px-3 py-2">
        <button type="button" onClick={onBack} className="focus-ring -ms-1 grid size-9 shrink-0 place-items-center rounded-lg lg:hidden" aria-label={t('chat.back')}>
          <ChevronLeftIcon className="size-5" />
        </button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-fg">{name}</h2>
          <p className="truncate text-xs text-muted" data-chat-status>
            {t(`common:channelNames.${conversation.channel}`)} · {t(`statusLabel.${conversation.status}`)}
          </p>
        </div>
        {conversation.channel === 'demo' ? (
          <a
            href={demoCustomerPath(conversation.botId, conversation.contact.id)}
            target="_blank"
            rel="noopener"
            title={t('demo.simulateTitle')}
            className={buttonClasses('secondary', 'sm', 'shrink-0 whitespace-nowrap max-2xl:w-9 max-2xl:!px-0')}
            data-simulate-customer
          >
            <PhoneIcon className="size-4" />
            <span className="max-2xl:sr-only">{t('demo.simulate')}</span>
          </a>
        ) : null}
        <ConversationActions conversation={conversation} onAction={onAction} />
        <button
          type="button"
          onClick={onInfo}
          aria-expanded={infoOpen}
          aria-controls="inbox-contact-panel"
          title={t('chat.info')}
          className={`focus-ring grid size-9 shrink-0 place-items-center rounded-lg ${infoOpen ? 'bg-highlight/15 text-fg' : 'text-muted hover:text-fg'}`}
          aria-label={t('chat.info')}
        >
          <InfoIcon className="size-5" />
        </button>
      </header>
      {conversation.channel === 'demo' ? (
        <p role="note" className="flex items-start gap-2 border-b border-highlight/30 bg-highlight/10 px-3 py-2 text-xs leading-relaxed text-fg/85 max-sm:hidden" data-demo-notice>
          <InfoIcon className="mt-px size-4 shrink-0 text-highlight" />
          <span>{t('demo.notice')}</span>
        </p>
      ) : null}
      <div className="relative flex min-h-0 flex-1 flex-col">
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
              {/* A day's separator scrolls with its messages: pinned, it covered the text beneath it. */}
              <p className="my-2 text-center" data-day-separator>
                <span className="inline-block rounded-lg bg-card-strong px-2.5 py-1 text-xs font-medium text-muted shadow-sm">
                  {dayLabel(g.day, new Date(), locale, { today: t('chat.today'), yesterday: t('chat.yesterday') }, timeZone)}
                </span>
              </p>
              <ul className="space-y-1.5">
                {g.messages.map((entry) =>
                  entry.kind === 'note' ? (
                    <NoteBubble key={`note-${entry.note.id}`} note={entry.note} locale={locale} timeZone={timeZone} />
                  ) : (
                    <InboxMessage
                      key={entry.message.id}
                      message={entry.message}
                      locale={locale}
                      timeZone={timeZone}
                      onRetry={(failed) => void retry(failed).catch((e: unknown) => showToast(errorText(e), 'error'))}
                      onTeach={(reply) => setTeaching({ question: questionBefore(messages, reply), answer: reply.text.slice(0, 4000) })}
                    />
                  ),
                )}
              </ul>
            </div>
          ))}
        </div>

        {!writing ? (
          <div className="space-y-2 border-t border-line bg-card-strong px-3 py-3">
            {toolbar}
            <Alert tone="info">{conversation.channel === 'whatsapp' ? t('composer.windowClosed') : t('composer.windowClosedOther')}</Alert>
            {conversation.channel === 'whatsapp' ? <TemplatePicker botId={conversation.botId} onSend={onTemplate} /> : null}
          </div>
        ) : (
          <ChatComposer
            ref={composer}
            // A reply and a note are kept apart: a note typed and left never comes back as a reply.
            key={`${conversation.id}:${mode}`}
            draftKey={`${conversation.id}:${mode}`}
            id="inbox-reply"
            label={mode === 'note' ? t('composer.noteLabel') : t('composer.label')}
            placeholder={mode === 'note' ? t('composer.notePlaceholder') : pending ? t('composer.attachCaption') : t('composer.placeholder')}
            sendLabel={mode === 'note' ? t('composer.saveNote') : t('composer.send')}
            sendTitle={mode === 'note' ? t('composer.noteHint') : t('composer.hint')}
            hint={hint}
            maxLength={mode === 'note' ? crmLimits.note : messageLimits.text}
            look="square"
            tone={mode}
            toolbar={toolbar}
            suggestions={suggestions}
            allowEmpty={Boolean(pending) && !attachment.problem}
            onSend={mode === 'note' ? writeNote : pending && !attachment.problem ? (text) => sendAttachment(pending, text) : send}
          />
        )}
        {side ? <div className="absolute inset-0 z-30 flex flex-col bg-surface lg:start-auto lg:w-[19rem] lg:border-s lg:border-line lg:shadow-2xl">{side}</div> : null}
      </div>
      {teaching ? (
        <Suspense fallback={null}>
          <TeachDialog botId={conversation.botId} open question={teaching.question} answer={teaching.answer} onClose={() => setTeaching(null)} />
        </Suspense>
      ) : null}
      {managing ? (
        <Suspense fallback={null}>
          <SavedRepliesDialog botId={conversation.botId} onClose={() => setManaging(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
