import { useTranslation } from '../../../lib/use-translation.ts';
import type { CampaignCounts } from '@charla/shared';
import { progressOf } from '../campaign-progress.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

/** How far the campaign got, as a bar and "12 de 40 (30 %)". */
export function ProgressBar({ counts, large = false }: { counts: CampaignCounts; large?: boolean }) {
  const { t, i18n } = useTranslation('campaigns');
  const { done, total, percent } = progressOf(counts);
  const number = numberFormat(intlLocale(i18n.resolvedLanguage));
  const stopped = Math.min(done, counts.failed + counts.skipped);
  return (
    <div className="min-w-0">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('progress.label')}
        className={`flex overflow-hidden rounded-full bg-field ${large ? 'h-3' : 'h-2'}`}
      >
        {/* What left well, then what failed or was skipped, side by side. */}
        <div className="h-full bg-highlight transition-[width] duration-500" style={{ width: `${total ? (Math.max(0, done - stopped) / total) * 100 : 0}%` }} />
        {stopped > 0 ? <div className="h-full bg-danger/70 transition-[width] duration-500" style={{ width: `${(stopped / total) * 100}%` }} title={t('progress.failedShare')} /> : null}
      </div>
      <p className={`mt-1 text-muted tabular-nums ${large ? 'text-sm' : 'text-xs'}`} data-progress={percent}>
        {t('progress.text', { done: number.format(done), total: number.format(total), percent })}
      </p>
    </div>
  );
}
