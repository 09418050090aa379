import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { TrainingType } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { FileIcon, GlobeIcon, PlayIcon, TableIcon, TextIcon, TrashIcon, type IconProps } from '../../../components/ui/icons.tsx';
import type { DocumentItem } from '../documents-cache.ts';
import { formatBytes, formatDocumentDate } from '../training-type.ts';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { retryDocument } from '../api/documents-api.ts';
import { documentsKey } from '../documents-cache.ts';
import { PassagesView } from './passages-view.tsx';
import { StatusBadge } from './status-badge.tsx';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

/** An address as a person reads it ("Odontolog%C3%ADa" → "Odontología"). */
export function readableAddress(address: string): string {
  try {
    return decodeURI(address);
  } catch {
    return address;
  }
}

const readableName = (doc: Pick<DocumentItem, 'document_name' | 'training_type'>) =>
  doc.training_type === 'URL' ? readableAddress(doc.document_name) : doc.document_name;

/** A failed document, read again; the row shows "processing" until its new status comes. */
function useRetry(doc: DocumentItem) {
  const { t } = useTranslation('training');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryDocument(doc.bot_id, doc.id),
    onSuccess: ({ document }) =>
      queryClient.setQueryData<DocumentItem[]>(documentsKey(doc.bot_id), (list) =>
        // Only over the failure: a status that came meanwhile is newer.
        list?.map((item) => (item.id === document.id && item.status === 'failed' ? { ...item, ...document } : item)),
      ),
    onError: (error) => showToast(t('list.retryFailed', { reason: errorText(error) }), 'error', 8000),
  });
}

const typeIcons: Record<TrainingType, (p: IconProps) => ReactNode> = {
  PDF: FileIcon,
  CSV: TableIcon,
  TEXT: TextIcon,
  URL: GlobeIcon,
  YOUTUBE: PlayIcon,
};

/** A colour per kind of source, so a long list is easy to scan. */
const typeTones: Record<TrainingType, string> = {
  PDF: 'bg-rose-500/15 text-rose-500',
  CSV: 'bg-emerald-500/15 text-emerald-500',
  TEXT: 'bg-sky-500/15 text-sky-500',
  URL: 'bg-violet-500/15 text-violet-500',
  YOUTUBE: 'bg-red-500/15 text-red-500',
};

function UploadProgress({ fraction, name }: { fraction: number; name: string }) {
  const { t, i18n } = useTranslation('training');
  const percent = Math.round(fraction * 100);
  const label = numberFormat(intlLocale(i18n.resolvedLanguage), { style: 'percent' }).format(fraction);
  return (
    <div className="mt-2 flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={t('list.uploadingName', { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-[color-mix(in_srgb,var(--font-color)_12%,transparent)]"
      >
        <div className="h-full rounded-full bg-brand-gradient transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-24 shrink-0 text-end text-xs text-muted tabular-nums">{percent < 100 ? t('list.uploading', { percent: label }) : t('list.saving')}</span>
    </div>
  );
}

function DocumentRow({ doc, onDelete }: { doc: DocumentItem; onDelete: (doc: DocumentItem) => void }) {
  const { t, i18n } = useTranslation('training');
  const locale = intlLocale(i18n.resolvedLanguage);
  const Icon = typeIcons[doc.training_type];
  const uploading = doc.optimistic && (doc.training_type === 'PDF' || doc.training_type === 'CSV');
  const name = readableName(doc);
  const retry = useRetry(doc);
  const [showPassages, setShowPassages] = useState(false);
  const meta = [
    t(`types.${doc.training_type}`),
    formatDocumentDate(doc.createdAt, i18n.resolvedLanguage ?? 'es'),
    doc.size_bytes > 0 ? formatBytes(doc.size_bytes, locale) : null,
    doc.status === 'ready' ? t('list.chunks', { count: doc.chunk_count }) : null,
  ].filter(Boolean);

  return (
    <li className="px-4 py-4 sm:px-5 animate-fade-in" aria-busy={doc.status === 'processing' || undefined}>
      <div className="flex items-start gap-3 sm:gap-4">
        <span className={`grid size-10 shrink-0 place-items-center rounded-xl ${typeTones[doc.training_type]}`}>
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <p className="min-w-0 max-w-full truncate font-semibold" title={name}>
              {name}
            </p>
            <StatusBadge status={doc.status} />
          </div>
          <p className="mt-1 text-sm text-muted">{meta.join(' · ')}</p>
          {doc.source && (doc.training_type === 'URL' || doc.training_type === 'YOUTUBE') ? (
            <p className="mt-0.5 truncate text-xs text-muted/80" title={doc.source}>
              {readableAddress(doc.source)}
            </p>
          ) : null}
          {doc.status === 'failed' && doc.error ? (
            <p className="mt-2 rounded-lg border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger">{doc.error}</p>
          ) : null}
          {doc.status === 'failed' && !doc.optimistic ? (
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              loading={retry.isPending}
              onClick={() => retry.mutate()}
              aria-label={t('list.retryDocumentName', { name })}
            >
              {t('list.retryDocument')}
            </Button>
          ) : null}
          {uploading ? <UploadProgress fraction={doc.progress ?? 0} name={doc.document_name} /> : null}
          {doc.status === 'ready' && doc.chunk_count > 0 ? (
            <details className="group mt-2" onToggle={(event) => setShowPassages(event.currentTarget.open)}>
              <summary className="focus-ring w-fit cursor-pointer rounded text-sm font-medium text-highlight-text hover:underline">{t('list.showContent')}</summary>
              {showPassages ? <PassagesView botId={doc.bot_id} documentId={doc.id} /> : null}
            </details>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="-me-1 shrink-0 px-2 hover:text-danger"
          disabled={doc.optimistic}
          onClick={() => onDelete(doc)}
          aria-label={t('list.delete', { name })}
          title={t('list.deleteShort')}
        >
          <TrashIcon className="size-5" />
        </Button>
      </div>
    </li>
  );
}

export function DocumentList({ documents, onDelete }: { documents: readonly DocumentItem[]; onDelete: (doc: DocumentItem) => void }) {
  const { t } = useTranslation('training');
  return (
    <ul aria-label={t('list.title')} className="divide-y divide-line">
      {documents.map((doc) => (
        <DocumentRow key={doc.id} doc={doc} onDelete={onDelete} />
      ))}
    </ul>
  );
}
