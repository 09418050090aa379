import { useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { errorText } from '../lib/error-text.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { SendIcon } from './ui/icons.tsx';

export interface ChatComposerHandle {
  focus(): void;
  /** Puts a draft in the box, cursor at the end, ready to be completed. */
  draft(text: string): void;
}

/** The counter shows up near the limit only. */
const COUNT_FROM = 300;

/** `round`: a rounded box beside a round send button (the playground); `square`: the inbox's reply box. */
const looks = {
  round: {
    box: 'block max-h-32 min-h-11 w-full rounded-3xl bg-field px-4 py-2.5 leading-snug',
    maxHeight: 128,
    enterKeyHint: 'send' as const,
  },
  square: {
    box: 'block max-h-36 min-h-10 w-full rounded-xl bg-card px-3 py-2',
    maxHeight: 140,
    enterKeyHint: undefined,
  },
};

/**
 * The message box of a chat: Enter sends, Shift+Enter starts a new line; it grows with the text.
 * An `onSend` that returns a promise keeps the text until it resolves, shows its failure above
 * the box and puts the focus back in the box; otherwise the box empties at once.
 */
export function ChatComposer({
  ref,
  id,
  label,
  placeholder,
  sendLabel,
  sendTitle = sendLabel,
  hint,
  remainingText,
  maxLength,
  look,
  disabled = false,
  onSend,
}: {
  ref?: Ref<ChatComposerHandle>;
  id: string;
  label: string;
  placeholder: string;
  sendLabel: string;
  sendTitle?: string;
  /** A line above the box. */
  hint?: string;
  /** The words of the counter of characters left, shown near the limit. */
  remainingText?: (count: number) => string;
  maxLength: number;
  look: keyof typeof looks;
  disabled?: boolean;
  onSend: (text: string) => void | Promise<void>;
}) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const { maxHeight } = looks[look];
  const remaining = maxLength - text.length;

  const fit = () => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, maxHeight)}px`;
  };

  useImperativeHandle(ref, () => ({
    focus: () => box.current?.focus(),
    draft: (value) => {
      setText(value);
      requestAnimationFrame(() => {
        const el = box.current;
        if (!el) return;
        el.focus();
        el.setSelectionRange(value.length, value.length);
        fit();
      });
    },
  }));

  const submit = () => {
    const value = text.trim();
    if (!value || disabled || sending) return;
    const sent = onSend(value);
    if (!sent) {
      setText('');
      requestAnimationFrame(fit);
      return;
    }
    setSending(true);
    setError(null);
    void sent
      .then(
        () => {
          setText('');
          if (box.current) box.current.style.height = 'auto';
        },
        (e: unknown) => setError(errorText(e)),
      )
      .finally(() => {
        setSending(false);
        box.current?.focus();
      });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <div className="border-t border-line bg-card-strong px-3 py-2.5">
      {error ? (
        <Alert tone="error" className="mb-2">
          {error}
        </Alert>
      ) : null}
      {hint ? <p className="mb-1.5 text-xs text-muted">{hint}</p> : null}
      <form
        className="flex items-end gap-2"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="min-w-0 flex-1">
          <label className="sr-only" htmlFor={id}>
            {label}
          </label>
          <textarea
            id={id}
            ref={box}
            rows={1}
            value={text}
            maxLength={maxLength}
            placeholder={placeholder}
            onChange={(event) => {
              setText(event.target.value);
              fit();
            }}
            onKeyDown={onKeyDown}
            enterKeyHint={looks[look].enterKeyHint}
            className={`focus-ring resize-none border border-line text-[0.9375rem] text-fg placeholder:text-muted ${looks[look].box}`}
          />
          {remainingText && remaining <= COUNT_FROM ? (
            <p className={`mt-1 px-3 text-[11px] ${remaining <= 0 ? 'text-danger' : 'text-muted'}`} aria-live="polite">
              {remainingText(remaining)}
            </p>
          ) : null}
        </div>
        {look === 'round' ? (
          <button
            type="submit"
            disabled={disabled || !text.trim()}
            aria-label={sendLabel}
            title={sendTitle}
            className="focus-ring grid size-11 shrink-0 place-items-center rounded-full bg-highlight text-on-highlight shadow-lg transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-45"
          >
            <SendIcon className="size-5" />
          </button>
        ) : (
          <Button type="submit" aria-label={sendLabel} title={sendTitle} loading={sending} disabled={disabled || !text.trim()} className="size-10 shrink-0 !px-0">
            <SendIcon className="size-5" />
          </Button>
        )}
      </form>
    </div>
  );
}
