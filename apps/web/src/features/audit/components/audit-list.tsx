import { useTranslation } from '../../../lib/use-translation.ts';
import type { AuditEntry } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { useAuditPages } from '../api/use-audit.ts';
import { auditActionKeys, auditValues, timeAgo } from '../audit-text.ts';
import { dateFormat, intlLocale } from '../../../lib/intl.ts';

/**
 * A readable list of audit entries, newest first ("Ana López cambió la configuración de Sofía ·
 * hace 5 min"), with "Cargar más": the account's activity, or the admin console's trail.
 */
export function AuditList({ path, emptyTitle }: { path: '/api/audit' | '/api/admin/audit'; emptyTitle?: string }) {
  const { t } = useTranslation('audit');
  const pages = useAuditPages(path);

  if (pages.isPending) return <ContentSpinner />;
  if (pages.isError) {
    return (
      <Card>
        <LoadFailed title={t('loadFailed')} error={pages.error} retryLabel={t('retry')} retrying={pages.isFetching} onRetry={() => void pages.refetch()} />
      </Card>
    );
  }
  const entries = pages.data.pages.flatMap((p) => p.entries);
  if (!entries.length) return <EmptyState title={emptyTitle ?? t('empty')} description={t('emptyHint')} />;

  return (
    <div className="space-y-4">
      <Card>
        <ul className="divide-y divide-line" aria-label={t('listLabel')}>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ul>
      </Card>
      {pages.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('audit');
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  const raw = auditValues(entry, t('someone'));
  // A role is a code in the entry: worded in the reader's language.
  const values = { ...raw, role: raw.role === 'admin' || raw.role === 'agent' ? t(`roles.${raw.role}`) : raw.role };
  const exact = dateFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.created_at));
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4 sm:px-5">
      <p className="min-w-0 text-sm break-words text-fg">{t(auditActionKeys[entry.action], values)}</p>
      <time dateTime={entry.created_at} title={exact} className="shrink-0 text-xs text-muted">
        {timeAgo(entry.created_at, new Date(), locale)}
      </time>
    </li>
  );
}
