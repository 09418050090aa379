import { useTranslation } from '../../../../lib/use-translation.ts';
import { busiestHours, formatCount, hourLabel, weekdayNames } from './summary-figures.ts';

/**
 * Conversations started per weekday and hour as a table whose cells are tinted by their count:
 * the numbers are the table's own text, so nothing else is needed for a screen reader.
 */
export function HoursHeatmap({ hours }: { hours: number[][] }) {
  const { t, i18n } = useTranslation('crmSummary');
  const lng = i18n.resolvedLanguage ?? 'es';
  const short = weekdayNames(lng, 'short');
  const long = weekdayNames(lng, 'long');
  const max = Math.max(0, ...hours.flat());
  const top = busiestHours(hours);
  return (
    <section>
      <h3 id="summary-hours-title" className="text-base font-bold">
        {t('hours.title')}
      </h3>
      <p className="text-sm text-muted">{t('hours.description')}</p>
      <p className="mt-2 text-sm font-medium" data-busiest>
        {top.length
          ? t('hours.busiest', { list: top.map((h) => t('hours.busiestItem', { day: long[h.weekday], hour: hourLabel(h.hour), count: formatCount(h.count, lng) })).join(', ') })
          : t('hours.empty')}
      </p>
      <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="summary-hours-title">
        <table className="border-separate border-spacing-0.5 text-[10px]">
          <caption className="sr-only">{t('hours.title')}</caption>
          <thead>
            <tr>
              <th scope="col" className="sr-only">
                {t('hours.day')}
              </th>
              {Array.from({ length: 24 }, (_, h) => (
                <th key={h} scope="col" className="w-6 font-normal text-muted">
                  <span aria-hidden="true">{h % 3 === 0 ? h : ''}</span>
                  <span className="sr-only">{hourLabel(h)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((row, d) => (
              <tr key={d}>
                <th scope="row" className="pe-1.5 text-start font-medium whitespace-nowrap text-muted">
                  <abbr title={long[d]} className="no-underline">
                    {short[d]}
                  </abbr>
                </th>
                {row.map((count, h) => {
                  const strength = max ? count / max : 0;
                  return (
                    <td
                      key={h}
                      title={t('hours.cell', { day: long[d], hour: hourLabel(h), count: formatCount(count, lng) })}
                      className="size-6 min-w-6 rounded text-center align-middle"
                      style={{ backgroundColor: count ? `color-mix(in srgb, #0ea5e9 ${Math.round(15 + strength * 85)}%, transparent)` : 'var(--field-color)' }}
                    >
                      <span className="sr-only">{formatCount(count, lng)}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
