import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { AlertIcon, BotIcon, CloseIcon, HandoffIcon, RestartIcon, WifiOffIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TabList, tabId, tabPanelId } from '../../../components/ui/tabs.tsx';
import { useLasting } from '../../../lib/use-lasting.ts';
import { usePlaygroundChat } from '../api/use-playground-chat.ts';
import type { PlaygroundBot } from '../playground-bot.ts';
import { useBotPower } from '../../bots/index.ts';
import { ChatComposer, type ChatComposerHandle } from '../../../components/chat-composer.tsx';
import { MAX_MESSAGE_CHARS } from '../message-text.ts';
import { EmptyChat, type Suggestion } from './empty-chat.tsx';
import { ChatMessages } from './chat-messages.tsx';

const BotTestsView = lazy(() => import('./bot-tests-view.tsx').then((module) => ({ default: module.BotTestsView })));

/** The panel's two views: the chat, and the saved tests ("Pruebas"). */
const views = ['chat', 'tests'] as const;
type View = (typeof views)[number];
const TABS = 'playground';

/** Live events can take a moment to connect; only a lasting outage is worth a notice. */
const OFFLINE_NOTICE_MS = 3000;

/**
 * The owner writes as a customer and sees what the customer would get on WhatsApp: a side panel
 * on wide screens, the whole screen on phones. Not modal, so settings stay at hand while testing.
 */
export function PlaygroundPanel({ bot, onClose }: { bot: PlaygroundBot; onClose: () => void }) {
  const { t } = useTranslation('playground');
  const chat = usePlaygroundChat(bot.id);
  const { state } = chat;
  const composer = useRef<ChatComposerHandle>(null);
  const panel = useRef<HTMLElement>(null);
  const name = bot.bot_name.trim() || t('message.bot');
  const human = state.status === 'human';
  const offline = useLasting(!chat.live, OFFLINE_NOTICE_MS);
  const ready = !chat.loading && !chat.loadError;
  const [view, setView] = useState<View>('chat');
  const testing = view === 'tests';

  useEffect(() => {
    // A keyboard at hand: straight to the box. On a phone, no keyboard over the suggestions.
    if (window.matchMedia('(pointer: fine)').matches) composer.current?.focus();
    else panel.current?.focus();
  }, []);

  const send = (text: string) => chat.send(text);
  const pick = (suggestion: Suggestion) => {
    if (suggestion === 'price') composer.current?.draft(t('suggestions.priceDraft'));
    else send(t(`suggestions.${suggestion}`));
  };
  const reset = async () => {
    if (await chat.reset()) composer.current?.focus();
  };

  const off = !bot.bot_enabled;
  const status = state.typing ? t('header.typing') : human ? t('header.human') : off ? t('header.off') : t('header.online');
  const power = useBotPower(bot);

  return (
    <section
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-label={t('title')}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
          event.stopPropagation();
          onClose();
        }
      }}
      className={`fixed inset-0 z-50 flex flex-col bg-surface text-fg outline-none animate-fade-in sm:start-auto sm:w-[26rem] sm:border-s sm:border-line sm:shadow-2xl sm:shadow-black/40 ${testing ? 'lg:w-[36rem]' : ''}`}
    >
      <header className="flex h-16 shrink-0 items-center gap-3 border-b border-line bg-card-strong px-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-gradient text-white" aria-hidden="true">
          <BotIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold">{name}</h2>
          <p className={`truncate text-xs ${human ? 'text-brand-pink' : off ? 'text-muted' : 'text-success'}`}>{status}</p>
        </div>
        <button
          type="button"
          hidden={testing}
          onClick={() => void reset()}
          disabled={chat.resetting || !ready}
          aria-label={t('reset')}
          title={t('reset')}
          className="focus-ring grid size-10 place-items-center rounded-full text-muted transition hover:bg-card hover:text-fg disabled:opacity-45"
        >
          {chat.resetting ? <Spinner className="size-5" /> : <RestartIcon className="size-5" />}
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('close')}
          title={t('close')}
          className="focus-ring grid size-10 place-items-center rounded-full text-muted transition hover:bg-card hover:text-fg"
        >
          <CloseIcon className="size-5" />
        </button>
      </header>
      <TabList
        tabs={views}
        value={view}
        onChange={setView}
        label={t('tabs.label')}
        idPrefix={TABS}
        labelOf={(v) => t(`tabs.${v}`)}
        className="shrink-0 border-b border-line px-3"
      />

      {off ? (
        <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-danger/30 bg-danger/10 px-4 py-2.5 text-xs leading-relaxed text-danger">
          <AlertIcon className="size-4 shrink-0" />
          <span className="min-w-0 flex-1">{t('disabled')}</span>
          {/* The switch is here too: the page's one may be behind this panel. */}
          <Button size="sm" variant="secondary" loading={power.switching} onClick={() => void power.toggle()}>
            {t('turnOn')}
          </Button>
        </div>
      ) : null}
      {testing ? (
        <div role="tabpanel" id={tabPanelId(TABS, 'tests')} aria-labelledby={tabId(TABS, 'tests')} className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain">
          <Suspense
            fallback={
              <div className="m-auto" role="status">
                <Spinner className="size-6 text-muted" />
              </div>
            }
          >
            <BotTestsView botId={bot.id} />
          </Suspense>
        </div>
      ) : (
        <div role="tabpanel" id={tabPanelId(TABS, 'chat')} aria-labelledby={tabId(TABS, 'chat')} className="flex min-h-0 flex-1 flex-col">
        {offline && ready ? (
          <Notice tone="muted" icon={<WifiOffIcon className="size-4 shrink-0" />}>
            {t('offline')}
          </Notice>
        ) : null}
        {chat.resetError ? (
          <div className="px-3 pt-2">
            <Alert tone="error" title={t('errors.reset')}>
              {chat.resetError}
            </Alert>
          </div>
        ) : null}

        <ChatMessages
          state={state}
          name={name}
          timeZone={bot.timezone || null}
          onRetry={chat.retry}
          onChoose={chat.choose}
          placeholder={
            chat.loading ? (
              <div className="m-auto flex items-center gap-2 text-sm text-muted" role="status">
                <Spinner className="size-5" />
                {t('loading')}
              </div>
            ) : chat.loadError ? (
              <div className="m-auto w-full max-w-sm px-2">
                <Alert tone="error" title={t('errors.load')}>
                  <p>{chat.loadError}</p>
                  <Button size="sm" variant="secondary" className="mt-3" onClick={chat.reload}>
                    {t('errors.retry')}
                  </Button>
                </Alert>
              </div>
            ) : (
              <EmptyChat name={name} onPick={pick} />
            )
          }
        />

        {human ? (
          <div role="status" className="border-t border-brand-pink/30 bg-brand-pink/10 px-4 py-3">
            <p className="flex items-center gap-2 text-sm font-semibold">
              <HandoffIcon className="size-4 shrink-0 text-brand-pink" />
              {t('handoff.title')}
            </p>
            <p className="mt-1 text-xs leading-relaxed text-muted">{t('handoff.body')}</p>
            <Button size="sm" variant="secondary" className="mt-2.5" loading={chat.resetting} icon={<RestartIcon className="size-4" />} onClick={() => void reset()}>
              {t('reset')}
            </Button>
          </div>
        ) : null}

        <ChatComposer
          ref={composer}
          id="playground-message"
          label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          sendLabel={t('composer.send')}
          remainingText={(count) => t('composer.remaining', { count })}
          maxLength={MAX_MESSAGE_CHARS}
          look="round"
          disabled={!ready}
          onSend={send}
        />
        </div>
      )}
    </section>
  );
}

function Notice({ tone, icon, children }: { tone: 'warning' | 'muted'; icon?: ReactNode; children: ReactNode }) {
  return (
    <p
      role="status"
      className={`flex items-start gap-2 border-b px-4 py-2 text-xs leading-relaxed ${
        tone === 'warning' ? 'border-danger/30 bg-danger/10 text-danger' : 'border-line bg-card text-muted'
      }`}
    >
      {icon ?? <AlertIcon className="size-4 shrink-0" />}
      <span>{children}</span>
    </p>
  );
}
