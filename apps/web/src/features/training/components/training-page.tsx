import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-delete-modal.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { BookIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { dismissToast, showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { readingOutcomeToast, useDeleteDocument, useDocuments } from '../api/use-documents.ts';
import { settleReadingToasts } from '../reading-toasts.ts';
import { useDocumentEvents } from '../api/use-document-events.ts';
import { documentsKey, type DocumentItem } from '../documents-cache.ts';
import { BotPlaygroundLauncher } from '../../playground/index.ts';
import { AddKnowledge } from './add-knowledge.tsx';
import { DocumentList } from './document-list.tsx';

const examples = ['prices', 'hours', 'policies', 'catalog'] as const;

/** Before anything is uploaded: what to teach first. */
function NothingYet() {
  const { t } = useTranslation('training');
  return (
    <section aria-labelledby="training-empty-title" className="rounded-3xl border border-line bg-card p-5 backdrop-blur-xl animate-rise sm:p-7">
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-gradient text-white shadow-xl shadow-brand-violet/25">
          <BookIcon className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id="training-empty-title" className="text-lg font-semibold text-balance">
            {t('empty.title')}
          </h2>
          <p className="mt-1 text-pretty text-muted">{t('empty.body')}</p>
        </div>
      </div>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {examples.map((key) => (
          <li key={key} className="rounded-xl border border-line bg-field px-4 py-3">
            <p className="font-semibold">{t(`empty.examples.${key}.title`)}</p>
            <p className="mt-0.5 text-sm text-muted">{t(`empty.examples.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /app/dashboard/{botId}/recursos: what the assistant knows, and where new knowledge comes in. */
export function TrainingPage() {
  const { botId = '' } = useParams();
  const { t, i18n } = useTranslation('training');
  const queryClient = useQueryClient();
  const live = useDocumentEvents(botId);
  const documents = useDocuments(botId, live);
  const remove = useDeleteDocument(botId);
  const [confirming, setConfirming] = useState<DocumentItem | null>(null);

  // Failure reasons come in the reader's language: ask again after a language change.
  const language = i18n.resolvedLanguage;
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    void queryClient.invalidateQueries({ queryKey: documentsKey(botId) });
  }, [language, botId, queryClient]);

  // "We are reading it" lasts until the document is ready or failed.
  useEffect(() => settleReadingToasts(documents.data, dismissToast, readingOutcomeToast(t)), [documents.data, t]);

  const confirmDelete = () => {
    const doc = confirming;
    setConfirming(null);
    if (!doc) return;
    remove.mutate(
      { documentId: doc.id },
      {
        onSuccess: () => showToast(t('delete.done', { name: doc.document_name }), 'success'),
        onError: (error) => {
          if (isApiError(error) && error.status === 404) return;
          showToast(t('delete.failed', { reason: errorText(error) }), 'error', 8000);
        },
      },
    );
  };

  const header = <PageHeader title={t('title')} description={t('description')} />;

  if (documents.isError && isApiError(documents.error) && (documents.error.status === 403 || documents.error.status === 404)) {
    return (
      <>
        {header}
        <EmptyState icon={<BookIcon className="size-8" />} title={t('notFound.title')} description={errorText(documents.error)} />
      </>
    );
  }

  const list = documents.data ?? [];
  const ready = list.filter((doc) => doc.status === 'ready').length;
  const processing = list.filter((doc) => doc.status === 'processing').length;
  const failed = list.filter((doc) => doc.status === 'failed').length;
  const empty = documents.isSuccess && list.length === 0;

  return (
    <>
      {header}
      <div className="space-y-6">
        {empty ? <NothingYet /> : null}
        <AddKnowledge botId={botId} />

        {empty ? null : (
          <Card className="render-later overflow-hidden">
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-line px-4 py-4 sm:px-5">
              <h2 className="text-lg font-semibold">{t('list.title')}</h2>
              {list.length > 0 ? (
                <p className="text-sm text-muted" aria-live="polite">
                  {[
                    t('list.summary.total', { count: list.length }),
                    ready ? t('list.summary.ready', { count: ready }) : null,
                    processing ? t('list.summary.processing', { count: processing }) : null,
                    failed ? t('list.summary.failed', { count: failed }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              ) : null}
            </div>
            {documents.isPending ? (
              <ContentSpinner />
            ) : documents.isError ? (
              <LoadFailed
                title={t('list.loadFailed')}
                error={documents.error}
                retryLabel={t('list.retry')}
                retrying={documents.isFetching}
                onRetry={() => void documents.refetch()}
              />
            ) : (
              <DocumentList documents={list} onDelete={setConfirming} />
            )}
          </Card>
        )}
      </div>

      <BotPlaygroundLauncher botId={botId} />
      <ConfirmDeleteModal
        open={confirming !== null}
        title={t('delete.title', { name: confirming?.document_name ?? '' })}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={confirmDelete}
      >
        {t('delete.body')}
      </ConfirmDeleteModal>
    </>
  );
}
