import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ReplyChoice } from '@charla/shared';
import { choosableReply, readThrough, type ChatMessage, type ChatState } from '../chat-state.ts';
import { MessageBubble } from './message-bubble.tsx';

/** Near the bottom, new messages keep the view at the bottom; reading older ones, they do not. */
const STICKY_PX = 96;

export function ChatMessages({
  state,
  name,
  timeZone,
  onRetry,
  onChoose,
  placeholder,
  plain = false,
}: {
  state: ChatState;
  name: string;
  timeZone: string | null;
  onRetry: (message: ChatMessage) => void;
  onChoose: (option: ReplyChoice) => void;
  placeholder: ReactNode;
  /** As the customer's phone shows it: no sources or actions of the bot's replies. */
  plain?: boolean;
}) {
  const { t } = useTranslation('playground');
  const scroller = useRef<HTMLDivElement>(null);
  const sticky = useRef(true);
  const last = state.messages.at(-1);
  const lastKey = last ? `${last.id}:${last.status}:${last.local?.state ?? ''}` : '';
  const read = readThrough(state);
  const choosable = choosableReply(state);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // What the owner just wrote is always shown.
    if (sticky.current || last?.local?.state === 'sending') el.scrollTop = el.scrollHeight;
  }, [lastKey, state.typing, state.messages.length, last?.local?.state]);

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const el = event.currentTarget;
        sticky.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
      }}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain bg-[color-mix(in_srgb,#25d366_4%,var(--bg-color))] px-3 py-4"
      style={{ backgroundImage: 'radial-gradient(color-mix(in srgb, var(--font-color) 7%, transparent) 1px, transparent 1px)', backgroundSize: '18px 18px' }}
    >
      {state.messages.length === 0 && !state.typing ? (
        placeholder
      ) : (
        <>
          <ol role="log" aria-label={t('conversation')} aria-live="polite" className="mt-auto flex flex-col gap-2">
            {state.messages.map((message, i) => (
              <MessageBubble
                key={message.local?.clientId ?? message.id}
                message={message}
                read={i < read}
                timeZone={timeZone}
                onRetry={onRetry}
                onChoose={message.id === choosable ? onChoose : undefined}
                plain={plain}
              />
            ))}
          </ol>
          {state.typing ? <Typing name={name} /> : null}
        </>
      )}
    </div>
  );
}

function Typing({ name }: { name: string }) {
  const { t } = useTranslation('playground');
  return (
    <div role="status" className="mt-2 w-fit rounded-2xl rounded-tl-md bg-card-strong px-4 py-3 shadow-sm ring-1 ring-line animate-fade-in" data-testid="typing">
      <span className="sr-only">{t('typing', { name })}</span>
      <span className="flex items-center gap-1" aria-hidden="true">
        {[0, 160, 320].map((delay) => (
          <span key={delay} className="size-2 animate-bounce rounded-full bg-muted" style={{ animationDelay: `${delay}ms`, animationDuration: '1s' }} />
        ))}
      </span>
    </div>
  );
}
