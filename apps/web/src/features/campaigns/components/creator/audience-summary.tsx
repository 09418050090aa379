import { useTranslation } from '../../../../lib/use-translation.ts';
import type { AudiencePreviewResponse, CampaignChannel } from '@charla/shared';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { errorText } from '../../../../lib/error-text.ts';
import { useDurationText } from '../use-duration-text.ts';
import { intlLocale, numberFormat } from '../../../../lib/intl.ts';

/** The live count beside the filters: who would receive it, who was left out and why, and how long it would take. */
export function AudienceSummary({ preview, error, counting, channel }: { preview: AudiencePreviewResponse | null; error: unknown; counting: boolean; channel: CampaignChannel }) {
  const { t, i18n } = useTranslation('campaigns');
  const duration = useDurationText();
  const number = numberFormat(intlLocale(i18n.resolvedLanguage));
  const left = preview
    ? ([
        ['duplicates', preview.duplicates],
        ['optedOut', preview.optedOut],
        ['invalid', preview.invalidCount],
        ...(channel === 'messenger' || channel === 'instagram' ? ([['outsideWindow', preview.outsideWindow]] as const) : []),
      ] as const)
    : [];

  return (
    <Card className="p-4 lg:sticky lg:top-20" aria-live="polite" data-audience-count={counting || !preview ? undefined : preview.recipients}>
      <p className="flex items-center gap-2 text-sm font-medium text-muted">
        {t('audience.count.title')}
        {counting ? <Spinner className="size-3.5" /> : null}
      </p>
      {error ? (
        <Alert tone="error" className="mt-2">
          {errorText(error)}
        </Alert>
      ) : preview ? (
        <>
          <p className="mt-1 text-4xl font-bold tracking-tight text-fg tabular-nums">{number.format(preview.recipients)}</p>
          <p className="text-sm text-muted">{t('audience.count.recipients', { count: preview.recipients })}</p>
          <dl className="mt-4 space-y-1.5 border-t border-line pt-3 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t('audience.count.read')}</dt>
              <dd className="font-medium text-fg tabular-nums">{number.format(preview.total)}</dd>
            </div>
            {left.map(([key, value]) => (
              <div key={key} className="flex justify-between gap-3">
                <dt className="text-muted">{t(`audience.count.${key}`)}</dt>
                <dd className={`font-medium tabular-nums ${value > 0 ? 'text-fg' : 'text-muted'}`}>{value > 0 ? `−${number.format(value)}` : '0'}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-3 border-t border-line pt-2">
              <dt className="text-muted">{t('audience.count.duration')}</dt>
              <dd className="font-medium text-fg">{duration(preview.estimatedSeconds)}</dd>
            </div>
          </dl>
          {preview.invalid.length > 0 ? (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium text-danger">{t('audience.count.invalidRows', { count: preview.invalidCount })}</summary>
              <ul className="mt-2 max-h-48 space-y-1 overflow-auto text-xs" data-invalid-rows>
                {preview.invalid.map((row) => (
                  <li key={`${row.row}-${row.problem}`} className="rounded-lg bg-danger/10 px-2 py-1">
                    <span className="font-semibold">{t('audience.count.row', { row: row.row })}</span> {row.message}
                  </li>
                ))}
              </ul>
              {preview.invalidCount > preview.invalid.length ? <p className="mt-1 text-xs text-muted">{t('audience.count.moreInvalid', { count: preview.invalidCount - preview.invalid.length })}</p> : null}
            </details>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">{counting ? t('audience.count.counting') : t('audience.count.none')}</p>
      )}
    </Card>
  );
}
