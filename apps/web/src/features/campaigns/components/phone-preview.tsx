import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ChevronLeftIcon, ChevronRightIcon, FileIcon, ImageIcon } from '../../../components/ui/icons.tsx';

export interface PreviewMedia {
  kind: 'image' | 'video' | 'document';
  /** A picture to draw (an object URL or the file's address); none for a video or a document. */
  src?: string | null;
  name?: string | null;
}

/**
 * The message as one recipient will see it, in a phone: the business's name on top, the bubble
 * with its header media, text and footer, and arrows to look at it for another recipient.
 */
export function PhonePreview({
  business,
  recipient,
  position,
  onMove,
  media,
  header,
  text,
  footer,
  children,
}: {
  business: string;
  /** Who this preview is for ("Ana · +52 33…"), or null when the audience is empty. */
  recipient: string | null;
  /** Which recipient of how many ("2 de 5"), with the arrows' actions. */
  position?: { index: number; total: number };
  onMove?: (step: -1 | 1) => void;
  media?: PreviewMedia | null;
  header?: string | null;
  text: string;
  footer?: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation('campaigns');
  const many = position && position.total > 1 && onMove;
  return (
    <figure className="mx-auto w-full max-w-[18rem]" aria-label={t('preview.label')}>
      <div className="rounded-[2.2rem] border-4 border-slate-800 bg-slate-900 p-2 shadow-2xl">
        <div className="overflow-hidden rounded-[1.7rem] bg-[#efeae2] text-[#111b21]">
          <div className="flex items-center gap-2 bg-[#075e54] px-3 py-2.5 text-white">
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-white/20 text-xs font-bold" aria-hidden="true">
              {business.slice(0, 1).toUpperCase()}
            </span>
            <p className="min-w-0 truncate text-sm font-semibold">{business}</p>
          </div>
          <div className="min-h-64 space-y-2 p-3">
            <div data-preview-bubble className="w-fit max-w-[92%] rounded-xl rounded-tl-sm bg-white p-1.5 text-sm shadow-sm">
              {media ? <MediaBox media={media} /> : null}
              <div className="px-1.5 pb-0.5">
                {header ? <p className="mb-1 font-semibold break-words">{header}</p> : null}
                <p className="break-words whitespace-pre-line">{text || <span className="text-slate-400 italic">{t('preview.empty')}</span>}</p>
                {footer ? <p className="mt-1 text-xs break-words whitespace-pre-line text-slate-500">{footer}</p> : null}
              </div>
            </div>
            {children}
          </div>
        </div>
      </div>
      <figcaption className="mt-3 flex items-center justify-center gap-2 text-sm text-muted">
        {many ? (
          <button type="button" onClick={() => onMove(-1)} className="focus-ring grid size-8 place-items-center rounded-full border border-line hover:text-fg" aria-label={t('preview.previous')}>
            <ChevronLeftIcon className="size-4" />
          </button>
        ) : null}
        <span className="min-w-0 text-center">
          {recipient ? (
            <>
              <span className="block truncate font-medium text-fg" data-preview-recipient>
                {recipient}
              </span>
              {position ? <span className="block text-xs">{t('preview.position', { index: position.index + 1, total: position.total })}</span> : null}
            </>
          ) : (
            t('preview.noRecipient')
          )}
        </span>
        {many ? (
          <button type="button" onClick={() => onMove(1)} className="focus-ring grid size-8 place-items-center rounded-full border border-line hover:text-fg" aria-label={t('preview.next')}>
            <ChevronRightIcon className="size-4" />
          </button>
        ) : null}
      </figcaption>
    </figure>
  );
}

function MediaBox({ media }: { media: PreviewMedia }) {
  const { t } = useTranslation('campaigns');
  if (media.kind === 'image' && media.src) return <img src={media.src} alt="" className="mb-1 block max-h-48 w-full rounded-lg object-cover" />;
  const Icon = media.kind === 'image' ? ImageIcon : FileIcon;
  return (
    <div className="mb-1 flex items-center gap-2 rounded-lg bg-slate-100 px-2.5 py-3 text-xs text-slate-600">
      <Icon className="size-5 shrink-0" />
      <span className="min-w-0 truncate">{media.name || t(`preview.media.${media.kind}`)}</span>
    </div>
  );
}
