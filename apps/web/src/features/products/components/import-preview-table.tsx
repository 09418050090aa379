import { useTranslation } from 'react-i18next';
import type { ImportPreviewResponse } from '@charla/shared';

/** The file's first rows under its column names. */
export function ImportPreviewTable({ preview, rows = 10 }: { preview: ImportPreviewResponse; rows?: number }) {
  const { t } = useTranslation('products');
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-max text-start text-sm">
        <caption className="sr-only">{t('import.preview.caption')}</caption>
        <thead className="bg-field">
          <tr>
            {preview.columns.map((column) => (
              <th key={column} scope="col" className="max-w-64 truncate px-3 py-2.5 text-start font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {preview.sample.slice(0, rows).map((row, i) => (
            <tr key={i}>
              {preview.columns.map((column) => (
                <td key={column} className="max-w-64 truncate px-3 py-2 text-muted" title={row[column]}>
                  {row[column] || '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

