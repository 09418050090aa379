import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PlaygroundBot } from '../playground-bot.ts';
import { useBots } from '../../bots/index.ts';

const loadPanel = () => import('./playground-panel.tsx');
const PlaygroundPanel = lazy(() => loadPanel().then((module) => ({ default: module.PlaygroundPanel })));

/**
 * "Probar asistente": a floating button that opens the chat with the bot. The chat itself
 * (and what it needs) loads the first time it is opened.
 */
export function PlaygroundLauncher({ bot }: { bot: PlaygroundBot }) {
  return (
    <>
      {/* Room at the end of the page so the button never covers its last lines; there from the
          first render, so nothing moves when the button's words arrive. */}
      <div aria-hidden="true" className="h-20" />
      <Suspense fallback={null}>
        <Launcher bot={bot} />
      </Suspense>
    </>
  );
}

/** The launcher on a page that knows only the bot's id (Recursos, Productos): test right after training. */
export function BotPlaygroundLauncher({ botId }: { botId: string }) {
  const bots = useBots();
  const bot = bots.data?.find((b) => b.id === botId);
  return bot ? <PlaygroundLauncher bot={bot} /> : null;
}

function Launcher({ bot }: { bot: PlaygroundBot }) {
  const { t } = useTranslation('playground');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadPanel().catch(() => undefined);

  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        aria-expanded={open}
        title={t('launcherHint')}
        className={`focus-ring fixed end-4 bottom-4 z-40 items-center gap-2 rounded-full bg-highlight py-3 ps-4 pe-5 text-sm font-semibold text-on-highlight shadow-xl shadow-[color-mix(in_srgb,var(--highlight-color)_40%,transparent)] transition hover:brightness-110 active:brightness-95 sm:end-6 sm:bottom-6 ${
          open ? 'hidden' : 'inline-flex animate-rise'
        }`}
      >
        <ChatIcon className="size-5" />
        {t('launcher')}
      </button>
      {open ? (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 grid place-items-center bg-surface sm:start-auto sm:w-[26rem] sm:border-s sm:border-line" role="status">
              <Spinner className="size-6 text-muted" />
            </div>
          }
        >
          <PlaygroundPanel bot={bot} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
