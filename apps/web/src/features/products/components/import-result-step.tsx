import { useTranslation } from 'react-i18next';
import type { ImportResult } from '@charla/shared';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';

/** What the import did: products created, updated and skipped, with the reason of each row skipped. */
export function ImportResultStep({ result }: { result: ImportResult }) {
  const { t } = useTranslation('products');
  const stats = [
    { key: 'created', value: result.created, tone: 'text-success' },
    { key: 'updated', value: result.updated, tone: 'text-highlight-text' },
    { key: 'skipped', value: result.skipped, tone: result.skipped ? 'text-danger' : 'text-muted' },
  ] as const;
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-success/15 text-success">
          <CheckCircleIcon className="size-6" />
        </span>
        <p className="font-semibold">{t('import.result.title', { count: result.created + result.updated })}</p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {stats.map(({ key, value, tone }) => (
          <div key={key} className="rounded-2xl border border-line bg-field px-4 py-3">
            <dt className="text-sm text-muted">{t(`import.result.${key}`)}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${tone}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 ? (
        <section aria-labelledby="import-errors" className="space-y-3">
          <h3 id="import-errors" className="font-semibold">
            {t('import.result.errorsTitle')}
          </h3>
          <div className="max-h-72 overflow-auto rounded-2xl border border-line">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-card-strong">
                <tr>
                  <th scope="col" className="w-20 px-3 py-2 text-start font-semibold">
                    {t('import.result.row')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t('import.result.reason')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {result.errors.map((error) => (
                  <tr key={`${error.row}-${error.message}`}>
                    <td className="px-3 py-2 tabular-nums text-muted">{error.row}</td>
                    <td className="px-3 py-2 text-danger">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {result.skipped > result.errors.length ? <p className="text-sm text-muted">{t('import.result.moreErrors', { count: result.skipped - result.errors.length })}</p> : null}
        </section>
      ) : null}
    </div>
  );
}

