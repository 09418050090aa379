import { memo } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ContactNote, ConversationMessage, MessageMedia } from '@charla/shared';
import { noticeText } from '@charla/shared/notices';
import { currentLocale } from '../../../lib/i18n.ts';
import { AlertIcon, BotIcon, ClockIcon, DoubleTickIcon, FileIcon, GlobeIcon, LockIcon, RestartIcon, TickIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { mapLink, tickOf } from '../inbox-state.ts';
import { dateFormat } from '../../../lib/intl.ts';

function clock(iso: string, locale: string, timeZone?: string) {
  return dateFormat(locale, { hour: 'numeric', minute: '2-digit', ...(timeZone && { timeZone }) }).format(new Date(iso));
}

function Ticks({ message }: { message: ConversationMessage }) {
  const { t } = useTranslation('inbox');
  const tick = tickOf(message);
  if (!tick) return null;
  const label = t(`chat.ticks.${tick}`);
  const common = { role: 'img' as const, 'aria-label': label, 'aria-hidden': false, className: 'size-3.5' };
  if (tick === 'clock') return <ClockIcon {...common} />;
  if (tick === 'sent') return <TickIcon {...common} />;
  if (tick === 'delivered') return <DoubleTickIcon {...common} />;
  if (tick === 'read') return <DoubleTickIcon {...common} className="size-3.5 text-sky-500" />;
  return <AlertIcon {...common} className="size-3.5 text-danger" />;
}

/** A file of a message: a picture inline, audio with a player, a document to download, a place on the map. */
function Media({ media }: { media: MessageMedia }) {
  const { t } = useTranslation('inbox');
  const src = media.url;
  if (media.type === 'location' && media.latitude !== undefined && media.longitude !== undefined) {
    return (
      <a href={mapLink(media.latitude, media.longitude)} target="_blank" rel="noopener noreferrer" className="focus-ring mb-1 flex items-center gap-2 rounded-lg bg-card px-2 py-1.5 text-sm underline underline-offset-2">
        <GlobeIcon className="size-4 shrink-0" />
        <span>
          {media.latitude.toFixed(5)}, {media.longitude.toFixed(5)} · {t('chat.openMap')}
        </span>
      </a>
    );
  }
  if (!src) return null;
  if (media.type === 'image' || media.type === 'sticker') {
    return (
      <a href={src} target="_blank" rel="noopener noreferrer" className="focus-ring -mx-1.5 mb-1.5 block overflow-hidden rounded-xl">
        <img src={src} alt={media.caption ?? ''} loading="lazy" className={media.type === 'sticker' ? 'size-32 object-contain' : 'block max-h-72 w-full min-w-48 object-cover'} />
      </a>
    );
  }
  if (media.type === 'audio') return <audio controls preload="none" src={src} className="mb-1 w-64 max-w-full" />;
  if (media.type === 'video') return <video controls preload="none" src={src} className="mb-1 max-h-72 w-full rounded-xl" />;
  return (
    <a href={src} download={media.name ?? true} className="focus-ring mb-1 flex items-center gap-2 rounded-lg bg-card px-2 py-1.5 text-sm underline underline-offset-2">
      <FileIcon className="size-4 shrink-0" />
      <span className="truncate">{media.name ?? t('chat.download')}</span>
    </a>
  );
}

/**
 * One message in WhatsApp's manner: the customer's on the left, ours on the right; the bot's and a
 * person's told apart by a label and colour; ticks for delivery; a failed send with its reason and retry.
 */
export const InboxMessage = memo(function InboxMessage({
  message,
  locale,
  timeZone,
  onRetry,
  onTeach,
}: {
  message: ConversationMessage;
  locale: string;
  timeZone?: string | undefined;
  onRetry: (message: ConversationMessage) => void;
  /** A person's reply saved as the bot's knowledge ("Enseñar al asistente"). */
  onTeach?: ((message: ConversationMessage) => void) | undefined;
}) {
  const { t } = useTranslation('inbox');
  const ours = message.direction === 'out';
  const person = message.author === 'human';
  const failed = message.status === 'failed';
  const tone = !ours
    ? 'bg-card-strong ring-1 ring-line rounded-tl-md'
    : person
      ? 'bg-[color-mix(in_srgb,#25d366_26%,var(--bg-color))] rounded-tr-md'
      : 'bg-[color-mix(in_srgb,var(--highlight-color)_16%,var(--bg-color))] rounded-tr-md';
  return (
    <li className={`flex flex-col ${ours ? 'items-end' : 'items-start'}`} data-author={message.author} data-status={message.status}>
      <div className={`relative max-w-[85%] rounded-2xl px-3 pt-1.5 pb-1.5 text-[0.9375rem] leading-snug text-fg shadow-sm break-words whitespace-pre-wrap ${tone} ${failed ? 'ring-1 ring-danger/60' : ''}`}>
        {ours ? (
          <span className={`mb-0.5 flex items-center gap-1 text-xs font-semibold ${person ? 'text-[color-mix(in_srgb,#059669_55%,var(--font-color))]' : 'text-highlight-text'}`}>
            {person ? <UserIcon className="size-3.5" /> : <BotIcon className="size-3.5" />}
            {person ? t('chat.human') : t('chat.bot')}
            {message.template ? <span className="font-normal text-muted">· {t('chat.template', { name: message.template.name })}</span> : null}
          </span>
        ) : (
          <span className="sr-only">{t('chat.customer')}: </span>
        )}
        {message.media?.map((m, i) => <Media key={i} media={m} />)}
        {message.text ? <span data-text>{message.text}</span> : null}
        <span className="float-end ms-3 mt-1.5 inline-flex translate-y-0.5 items-center gap-1 text-[11px] leading-none text-fg/60">
          <time dateTime={message.createdAt}>{clock(message.createdAt, locale, timeZone)}</time>
          <Ticks message={message} />
        </span>
      </div>
      {failed ? (
        <p role="alert" className="mt-1 flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 text-end text-xs text-danger">
          <span>
            {t('chat.failed')}
            {message.error ? `: ${noticeText(message.error, currentLocale())}` : ''}
          </span>
          {(message.text && !message.media?.length) || message.media?.some((m) => m.file) ? (
            <button type="button" onClick={() => onRetry(message)} className="focus-ring inline-flex items-center gap-1 rounded font-semibold underline underline-offset-2">
              <RestartIcon className="size-3.5" />
              {t('chat.retry')}
            </button>
          ) : null}
        </p>
      ) : null}
      {ours && person && !failed && message.text && onTeach ? (
        <button type="button" onClick={() => onTeach(message)} className="focus-ring mt-0.5 inline-flex items-center gap-1 rounded px-1 text-xs font-semibold text-muted underline-offset-2 hover:text-fg hover:underline" data-teach>
          <BotIcon className="size-3.5" />
          {t('chat.teach')}
        </button>
      ) : null}
    </li>
  );
});

/** A note of the team in the thread, at its time: yellow, with its author, never sent to the customer. */
export const NoteBubble = memo(function NoteBubble({ note, locale, timeZone }: { note: ContactNote; locale: string; timeZone?: string | undefined }) {
  const { t } = useTranslation('inbox');
  return (
    <li className="flex flex-col items-end" data-note={note.id}>
      <div className="relative max-w-[85%] rounded-2xl rounded-tr-md border border-dashed border-amber-400/80 bg-[color-mix(in_srgb,#f59e0b_24%,var(--bg-color))] px-3 pt-1.5 pb-1.5 text-[0.9375rem] leading-snug text-fg shadow-sm break-words whitespace-pre-wrap">
        <span className="mb-0.5 flex items-center gap-1 text-xs font-semibold text-[color-mix(in_srgb,#d97706_55%,var(--font-color))]">
          <LockIcon className="size-3.5" />
          {t('chat.note')}
          <span className="font-normal">· {note.authorName ?? t('chat.noteTeam')}</span>
        </span>
        <span data-text>{note.text}</span>
        <span className="float-end ms-3 mt-1.5 inline-flex translate-y-0.5 items-center gap-1 text-[11px] leading-none text-fg/70">
          <time dateTime={note.createdAt}>{clock(note.createdAt, locale, timeZone)}</time>
        </span>
      </div>
    </li>
  );
});
