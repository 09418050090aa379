import { useEffect, useId, useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { errorText } from '../lib/error-text.ts';
import { keepDraft, readDraft } from '../lib/drafts.ts';
import { slashQuery } from './slash-query.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { SendIcon } from './ui/icons.tsx';

export interface ChatComposerHandle {
  focus(): void;
  /** Puts a draft in the box, cursor at the end, ready to be completed. */
  draft(text: string): void;
  /** Puts text where the cursor is (or over the selection), the cursor after it. */
  insert(text: string): void;
}

/** A text the box offers to put in when the reader types `/` (the inbox's saved replies). */
export interface ComposerSuggestion {
  id: string;
  title: string;
  text: string;
}

/** What `/` opens: the suggestions a search finds, the list's name, its words when nothing matches, and what goes under it. */
export interface ComposerSuggestions {
  find: (query: string) => ComposerSuggestion[];
  label: string;
  empty: string;
  footer?: ReactNode;
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
 * the box and puts the focus back in the box; otherwise the box empties at once. With a
 * `draftKey`, what is typed and not sent is still there when the box comes back (another
 * conversation opened and this one again, the box drawn anew while the page's data reloads).
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
  tone = 'reply',
  toolbar,
  suggestions,
  disabled = false,
  allowEmpty = false,
  draftKey,
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
  /** `note`: the box writes a note for the team (yellow), not a message. */
  tone?: 'reply' | 'note';
  /** A row above the box (the inbox's reply / note switch and saved replies). */
  toolbar?: ReactNode;
  /** Texts `/` offers, chosen with the arrow keys and Enter. */
  suggestions?: ComposerSuggestions | undefined;
  disabled?: boolean;
  /** Sends with the box empty too (a file goes with the message; the text is its caption). */
  allowEmpty?: boolean;
  /** Keeps the unsent text under this name (a conversation's id) when the box goes away. */
  draftKey?: string;
  onSend: (text: string) => void | Promise<void>;
}) {
  const [text, setText] = useState(() => (draftKey ? readDraft(draftKey) : undefined) ?? '');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const { maxHeight } = looks[look];
  const remaining = maxLength - text.length;
  const listId = useId();
  const [active, setActive] = useState(0);
  // Escape closes the suggestions until the text changes.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = suggestions && dismissed !== text ? slashQuery(text) : null;
  const found = query !== null && suggestions ? suggestions.find(query) : [];
  const picking = query !== null;
  const current = Math.min(active, Math.max(found.length - 1, 0));

  const fit = () => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, maxHeight)}px`;
  };

  useEffect(() => {
    if (draftKey) keepDraft(draftKey, text);
  }, [draftKey, text]);
  // A draft brought back is shown whole.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => fit(), []);

  /** Sets the text and puts the caret at `at` (its end by default), in the box, grown to fit. */
  const put = (value: string, at = value.length) => {
    setText(value);
    requestAnimationFrame(() => {
      const el = box.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(at, at);
      fit();
    });
  };

  useImperativeHandle(ref, () => ({
    insert: (value) => {
      const el = box.current;
      const start = el?.selectionStart ?? text.length;
      const end = el?.selectionEnd ?? text.length;
      const next = (text.slice(0, start) + value + text.slice(end)).slice(0, maxLength);
      put(next, Math.min(start + value.length, next.length));
    },
    focus: () => box.current?.focus(),
    draft: (value) => put(value),
  }));

  const submit = () => {
    const value = text.trim();
    if ((!value && !allowEmpty) || disabled || sending) return;
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

  /** The chosen suggestion's text replaces the `/` search, ready to be completed and sent. */
  const insert = (item: ComposerSuggestion) => {
    setActive(0);
    put(item.text.slice(0, maxLength));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picking && !event.nativeEvent.isComposing) {
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (step && found.length) {
        event.preventDefault();
        setActive((current + step + found.length) % found.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && found[current]) {
        event.preventDefault();
        insert(found[current]);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(text);
        return;
      }
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const note = tone === 'note';
  return (
    <div className={`relative border-t px-3 py-2.5 ${note ? 'border-amber-400/70 bg-[color-mix(in_srgb,#f59e0b_12%,var(--bg-color))]' : 'border-line bg-card-strong'}`} data-composer={tone}>
      {picking && suggestions ? (
        <div className="absolute inset-x-3 bottom-full z-20 mb-1 overflow-hidden rounded-xl border border-line bg-surface shadow-xl" data-suggestions>
          <ul id={listId} role="listbox" aria-label={suggestions.label} className="max-h-56 overflow-y-auto py-1">
            {found.map((item, i) => (
              <li
                key={item.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(item)}
                onMouseEnter={() => setActive(i)}
                className={`cursor-pointer px-3 py-2 text-sm ${i === current ? 'bg-highlight/15' : ''}`}
              >
                <span className="block truncate font-semibold text-fg">/{item.title}</span>
                <span className="block truncate text-muted">{item.text}</span>
              </li>
            ))}
          </ul>
          {found.length === 0 ? <p className="px-3 py-2 text-sm text-muted">{suggestions.empty}</p> : null}
          {suggestions.footer ? <div className="border-t border-line px-2 py-1.5">{suggestions.footer}</div> : null}
        </div>
      ) : null}
      {toolbar}
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
              setActive(0);
              fit();
            }}
            onKeyDown={onKeyDown}
            enterKeyHint={looks[look].enterKeyHint}
            aria-autocomplete={suggestions ? 'list' : undefined}
            aria-controls={picking ? listId : undefined}
            aria-activedescendant={picking && found.length ? `${listId}-${current}` : undefined}
            className={`focus-ring resize-none border text-[0.9375rem] text-fg placeholder:text-muted ${looks[look].box} ${note ? 'border-amber-400/80 !bg-[color-mix(in_srgb,#f59e0b_24%,var(--bg-color))]' : 'border-line'}`}
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
            disabled={disabled || (!allowEmpty && !text.trim())}
            aria-label={sendLabel}
            title={sendTitle}
            className="focus-ring grid size-11 shrink-0 place-items-center rounded-full bg-highlight text-on-highlight shadow-lg transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-45"
          >
            <SendIcon className="size-5" />
          </button>
        ) : (
          <Button type="submit" aria-label={sendLabel} title={sendTitle} loading={sending} disabled={disabled || (!allowEmpty && !text.trim())} className="size-10 shrink-0 !px-0">
            <SendIcon className="size-5" />
          </Button>
        )}
      </form>
    </div>
  );
}
