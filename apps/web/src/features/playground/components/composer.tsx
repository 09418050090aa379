import { useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MESSAGE_CHARS } from '../message-text.ts';
import { SendIcon } from '../../../components/ui/icons.tsx';

export interface ComposerHandle {
  focus(): void;
  /** Puts a draft in the box, cursor at the end, ready to be completed. */
  draft(text: string): void;
}

const MAX_HEIGHT = 128;
/** The counter shows up near the limit only. */
const COUNT_FROM = 300;

/** The message box: Enter sends, Shift+Enter starts a new line; it grows with the text. */
export function Composer({ ref, disabled, onSend }: { ref?: Ref<ComposerHandle>; disabled: boolean; onSend: (text: string) => void }) {
  const { t } = useTranslation('playground');
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const remaining = MAX_MESSAGE_CHARS - text.length;

  const fit = () => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
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
    if (!value || disabled) return;
    onSend(value);
    setText('');
    requestAnimationFrame(fit);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-line bg-card-strong px-3 py-2.5"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="min-w-0 flex-1">
        <label className="sr-only" htmlFor="playground-message">
          {t('composer.label')}
        </label>
        <textarea
          id="playground-message"
          ref={box}
          rows={1}
          value={text}
          maxLength={MAX_MESSAGE_CHARS}
          placeholder={t('composer.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            fit();
          }}
          onKeyDown={onKeyDown}
          enterKeyHint="send"
          className="focus-ring block max-h-32 min-h-11 w-full resize-none rounded-3xl border border-line bg-field px-4 py-2.5 text-[0.9375rem] leading-snug text-fg placeholder:text-muted"
        />
        {remaining <= COUNT_FROM ? (
          <p className={`mt-1 px-3 text-[11px] ${remaining <= 0 ? 'text-danger' : 'text-muted'}`} aria-live="polite">
            {t('composer.remaining', { count: remaining })}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={disabled || !text.trim()}
        aria-label={t('composer.send')}
        title={t('composer.send')}
        className="focus-ring grid size-11 shrink-0 place-items-center rounded-full bg-highlight text-on-highlight shadow-lg transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-45"
      >
        <SendIcon className="size-5" />
      </button>
    </form>
  );
}
