import { Fragment, memo, useState, type ReactNode } from 'react';
import type { ReplyChoice, ReplyChoices } from '@charla/shared';
import { useTranslation } from '../../../lib/use-translation.ts';
import { AlertIcon, CalendarCheckIcon, ChevronDownIcon, ClockIcon, DoubleTickIcon, FileIcon, HandoffIcon, RestartIcon, SourceIcon, TickIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { actionChips, type ActionChip } from '../action-chips.ts';
import type { ChatMessage } from '../chat-state.ts';
import { dateFormat, intlLocale, numberFormat } from '../../../lib/intl.ts';

function timeOf(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** WhatsApp's own markup that assistants use most: *bold*. */
function richText(text: string): ReactNode[] {
  return text.split(/(\*[^*\n]+\*)/g).map((part, i) =>
    part.length > 2 && part.startsWith('*') && part.endsWith('*') ? <strong key={i}>{part.slice(1, -1)}</strong> : <Fragment key={i}>{part}</Fragment>,
  );
}

export const MessageBubble = memo(function MessageBubble({
  message,
  read,
  timeZone,
  onRetry,
  onChoose,
  plain = false,
}: {
  message: ChatMessage;
  /** The bot has taken this customer message in (it is answering or answered after it). */
  read: boolean;
  timeZone: string | null;
  onRetry: (message: ChatMessage) => void;
  /** Taps one of the reply's options; absent when they can no longer be tapped (answered already). */
  onChoose?: ((option: ReplyChoice) => void) | undefined;
  /** As the customer's phone shows it: without the sources and actions only the business sees. */
  plain?: boolean;
}) {
  const { t, i18n } = useTranslation('playground');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const fromCustomer = message.direction === 'in';
  const failed = message.local?.state === 'failed';
  const time = timeOf(message.createdAt, locale);

  if (fromCustomer) {
    return (
      <li className="flex flex-col items-end animate-fade-in" data-author="customer" data-status={message.local?.state ?? (read ? 'read' : 'delivered')}>
        <div
          className={`relative max-w-[85%] rounded-2xl rounded-tr-md px-3 pt-1.5 pb-1.5 text-[0.9375rem] leading-snug shadow-sm break-words whitespace-pre-wrap text-fg ${
            failed ? 'ring-1 ring-danger/60' : ''
          } bg-[color-mix(in_srgb,#25d366_24%,var(--bg-color))]`}
        >
          <span className="sr-only">{t('message.customer')}: </span>
          <span data-text>{richText(message.text)}</span>
          <span className="float-end ms-3 mt-1.5 inline-flex translate-y-0.5 items-center gap-1 text-[11px] leading-none text-fg/60">
            <time dateTime={message.createdAt}>{time}</time>
            <Ticks message={message} read={read} />
          </span>
        </div>
        {failed ? (
          <p role="alert" className="mt-1 flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 text-end text-xs text-danger">
            <span>
              {t('message.failed')}
              {message.local?.error ? `: ${message.local.error}` : ''}
            </span>
            <button type="button" onClick={() => onRetry(message)} className="focus-ring inline-flex items-center gap-1 rounded font-semibold underline underline-offset-2">
              <RestartIcon className="size-3.5" />
              {t('message.retry')}
            </button>
          </p>
        ) : null}
      </li>
    );
  }

  // A picture by its link, or one kept by the app (a person attached it in the inbox); a document as a chip with its name.
  const shown = (url: string | undefined) => Boolean(url && (/^https?:\/\//i.test(url) || url.startsWith('/api/')));
  const picture = message.media?.find((m) => m.type === 'image' && shown(m.url));
  const document = message.media?.find((m) => m.type === 'document' && shown(m.url));
  const chips = message.author === 'bot' && !plain ? actionChips(message.actions, { locale, timeZone, t: (key, values) => t(`actions.${key}`, { ...values }) }) : [];
  return (
    <li className="flex flex-col items-start animate-fade-in" data-author={message.author} data-status={message.status}>
      <div className="relative max-w-[85%] rounded-2xl rounded-tl-md bg-card-strong px-3 pt-1.5 pb-1.5 text-[0.9375rem] leading-snug text-fg shadow-sm ring-1 ring-line break-words whitespace-pre-wrap">
        {message.author === 'human' ? (
          <span className="mb-0.5 flex items-center gap-1 text-xs font-semibold text-brand-pink">
            <UserIcon className="size-3.5" />
            {t('message.human')}
          </span>
        ) : (
          <span className="sr-only">{t('message.bot')}: </span>
        )}
        {picture?.url ? <MessageImage url={picture.url} /> : null}
        {document?.url ? (
          <a href={document.url} download={document.name ?? true} className="focus-ring mb-1 flex items-center gap-2 rounded-lg bg-card px-2 py-1.5 text-sm underline underline-offset-2" data-message-file>
            <FileIcon className="size-4 shrink-0" />
            <span className="truncate">{document.name ?? t('message.file')}</span>
          </a>
        ) : null}
        {message.text ? <span data-text>{richText(message.text)}</span> : null}
        <span className="float-end ms-3 mt-1.5 inline-flex translate-y-0.5 items-center gap-1 text-[11px] leading-none text-fg/55">
          <time dateTime={message.createdAt}>{time}</time>
        </span>
      </div>
      {message.status === 'failed' ? (
        <p className="mt-1 flex items-center gap-1 text-xs text-danger">
          <AlertIcon className="size-3.5" />
          {t('message.notDelivered')}
        </p>
      ) : null}
      {message.choices ? <Choices choices={message.choices} onChoose={onChoose} /> : null}
      {chips.length > 0 ? <ActionChips chips={chips} /> : null}
      {message.author === 'bot' && !plain && message.sources ? <Sources sources={message.sources} /> : null}
    </li>
  );
});

/** A product's picture at the top of the reply, as WhatsApp shows an image with its caption. */
function MessageImage({ url }: { url: string }) {
  const { t } = useTranslation('playground');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="mb-1 flex items-center gap-1 text-xs text-muted" data-image-failed>
        <AlertIcon className="size-3.5" />
        {t('message.imageFailed')}
      </span>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="focus-ring -mx-1.5 mb-1.5 block overflow-hidden rounded-xl" title={t('message.openImage')}>
      <img
        src={url}
        alt={t('message.image')}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="block max-h-72 w-full min-w-48 bg-card object-cover sm:min-w-56"
        data-message-image
      />
    </a>
  );
}

/**
 * The reply's options as chips under the bubble, as a customer sees buttons or a list on WhatsApp.
 * Tapped, an option is sent as the customer's choice. A shared description (the day of the free
 * times) is said once, next to the label.
 */
function Choices({ choices, onChoose }: { choices: ReplyChoices; onChoose?: ((option: ReplyChoice) => void) | undefined }) {
  const { t } = useTranslation('playground');
  const descriptions = [...new Set(choices.options.map((o) => o.description ?? ''))];
  const shared = descriptions.length === 1 ? descriptions[0] : '';
  const caption = [choices.label, shared].filter(Boolean).join(' · ');
  return (
    <div role="group" aria-label={t('choices.label', { label: caption })} className="mt-1.5 w-full max-w-[92%]" data-choices>
      <p className="mb-1 text-[11px] font-semibold text-muted" aria-hidden="true">
        {caption}
      </p>
      <ul className="flex flex-wrap gap-1.5">
        {choices.options.map((option) => {
          const own = !shared && option.description ? option.description : '';
          return (
            <li key={option.id} className="max-w-full">
              <button
                type="button"
                disabled={!onChoose}
                onClick={() => onChoose?.(option)}
                title={onChoose ? t('choices.tap', { title: option.title }) : t('choices.answered')}
                className="focus-ring inline-flex min-h-9 max-w-full flex-col items-start rounded-2xl border border-highlight/55 bg-card-strong px-3 py-1.5 text-start text-sm font-semibold text-highlight-text shadow-sm transition hover:bg-highlight/15 disabled:cursor-default disabled:border-line disabled:text-muted disabled:shadow-none disabled:hover:bg-card-strong"
              >
                <span className="break-words">{option.title}</span>
                {own ? <span className="text-[11px] font-normal text-muted">{own}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Ticks({ message, read }: { message: ChatMessage; read: boolean }) {
  const { t } = useTranslation('playground');
  if (message.local?.state === 'sending') return <ClockIcon className="size-3.5" role="img" aria-label={t('message.sending')} aria-hidden={false} />;
  if (message.local?.state === 'failed') return <AlertIcon className="size-3.5 text-danger" role="img" aria-label={t('message.failed')} aria-hidden={false} />;
  if (!read) return <TickIcon className="h-3 w-4" role="img" aria-label={t('message.received')} aria-hidden={false} />;
  return <DoubleTickIcon className="h-3 w-4 text-[#53bdeb]" role="img" aria-label={t('message.processed')} aria-hidden={false} />;
}

const chipTone: Record<ActionChip['kind'], string> = {
  book: 'border-success/40 bg-success/12 text-success',
  reschedule: 'border-success/40 bg-success/12 text-success',
  cancel: 'border-danger/40 bg-danger/10 text-danger',
  contact: 'border-highlight/45 bg-highlight/15 text-fg',
  handoff: 'border-brand-pink/45 bg-brand-pink/12 text-brand-pink',
};

function ChipIcon({ kind }: { kind: ActionChip['kind'] }) {
  const className = 'size-3.5 shrink-0';
  if (kind === 'contact') return <UserIcon className={className} />;
  if (kind === 'handoff') return <HandoffIcon className={className} />;
  return <CalendarCheckIcon className={className} />;
}

function ActionChips({ chips }: { chips: ActionChip[] }) {
  const { t } = useTranslation('playground');
  return (
    <ul aria-label={t('actions.label')} className="mt-1.5 flex max-w-full flex-wrap gap-1.5">
      {chips.map((chip, i) => (
        <li key={`${chip.kind}-${i}`} className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold ${chipTone[chip.kind]}`}>
          <ChipIcon kind={chip.kind} />
          <span>{chip.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** Passages are shown short: the heading tells where, a few lines tell what. */
const SNIPPET = 220;
const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET).trimEnd()}…` : flat;
};

function Sources({ sources }: { sources: NonNullable<ChatMessage['sources']> }) {
  const { t, i18n } = useTranslation('playground');
  const percentFormat = numberFormat(intlLocale(i18n.resolvedLanguage ?? i18n.language), { style: 'percent' });
  if (sources.length === 0) return null;
  return (
    <details className="group mt-1.5 w-full max-w-[92%]">
      <summary className="focus-ring inline-flex cursor-pointer list-none items-center gap-1 rounded-md py-0.5 text-xs font-semibold text-muted select-none hover:text-fg [&::-webkit-details-marker]:hidden">
        <SourceIcon className="size-3.5" />
        {t('sources.toggle', { count: sources.length })}
        <ChevronDownIcon className="size-3.5 transition group-open:rotate-180" />
      </summary>
      <ol className="mt-1.5 space-y-1.5">
        {sources.map((source, i) => {
          const share = Math.min(1, Math.max(0, source.score));
          const percent = Math.round(share * 100);
          const label = percentFormat.format(share);
          return (
            <li key={i} className="rounded-xl border border-line bg-card px-3 py-2">
              <p className="text-xs font-semibold text-fg">{source.heading.trim() || t('sources.untitled')}</p>
              <p className="mt-0.5 text-xs leading-relaxed text-muted">{snippet(source.text)}</p>
              <div className="mt-1.5 flex items-center gap-2">
                <div
                  role="meter"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-label={t('sources.relevance', { percent: label })}
                  className="h-1.5 flex-1 overflow-hidden rounded-full bg-line"
                >
                  <div className="h-full rounded-full bg-brand-gradient" style={{ width: `${Math.max(percent, 3)}%` }} />
                </div>
                <span className="w-10 text-end text-[11px] text-muted tabular-nums" aria-hidden="true">
                  {label}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
