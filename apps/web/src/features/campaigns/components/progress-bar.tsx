import { useTranslation } from 'react-i18next';
import type { CampaignCounts } from '@charla/shared';
import { progressOf } from '../campaign-progress.ts';

/** How far the campaign got, as a bar and "12 de 40 (30 %)". */
export function ProgressBar({ counts, large = false }: { counts: CampaignCounts; large?: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const { done, total, percent } = progressOf(counts);
  const number = new Intl.NumberFormat(i18n.resolvedLanguage === 'en' ? 'en-US' : 'es-MX');
  const failedShare = total ? (counts.failed + counts.skipped) / total : 0;
  return (
    <div className="min-w-0">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('progress.label')}
        className={`relative overflow-hidden rounded-full bg-field ${large ? 'h-3' : 'h-2'}`}
      >
        <div className="absolute inset-y-0 start-0 rounded-full bg-highlight transition-[width] duration-500" style={{ width: `${percent}%` }} />
        {failedShare > 0 ? (
          <div className="absolute inset-y-0 end-0 bg-danger/70" style={{ width: `${Math.min(100, failedShare * 100)}%` }} title={t('progress.failedShare')} />
        ) : null}
      </div>
      <p className={`mt-1 text-muted tabular-nums ${large ? 'text-sm' : 'text-xs'}`} data-progress={percent}>
        {t('progress.text', { done: number.format(done), total: number.format(total), percent })}
      </p>
    </div>
  );
}
