import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/use-translation.ts';

/** A chart's numbers as a table, folded under the chart: what a screen reader (or anyone) reads instead. */
export function DataTable({ caption, head, rows }: { caption: string; head: ReactNode[]; rows: ReactNode[][] }) {
  const { t } = useTranslation('crmSummary');
  return (
    <details className="mt-2 text-sm">
      <summary className="focus-ring inline-block cursor-pointer rounded text-muted hover:text-fg">{t('table.show')}</summary>
      <div className="relative mt-2 max-h-72 overflow-auto rounded-xl border border-line" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-surface text-xs text-muted">
            <tr>
              {head.map((h, i) => (
                <th key={i} scope="col" className="px-3 py-1.5 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r} className="border-t border-line">
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="px-3 py-1 font-medium whitespace-nowrap">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="px-3 py-1 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
