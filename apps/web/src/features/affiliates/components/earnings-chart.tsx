import { useTranslation } from '../../../lib/use-translation.ts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AffiliateProfile } from '@charla/shared';
import { formatPrice } from '../../billing/index.ts';
import { formatMonth, monthlySeries } from '../money.ts';
import { intlLocale } from '../../../lib/intl.ts';

const tooltipStyle = { background: 'var(--bg-color)', border: '1px solid var(--line-color)', borderRadius: 12, color: 'var(--font-color)', fontSize: 13 };

/** Earnings of the last twelve months as bars (recharts: this file is loaded only with the page), the same figures in a table for screen readers. */
export default function EarningsChart({ monthly }: { monthly: AffiliateProfile['monthly'] }) {
  const { t, i18n } = useTranslation('referrals');
  const locale = intlLocale(i18n.resolvedLanguage);
  const series = monthlySeries(monthly, new Date());
  const data = series.points.map((p) => ({ ...p, label: formatMonth(p.month, locale) }));
  const money = (v: number) => formatPrice(v, series.currency, locale);
  return (
    <>
      <div className="h-56 text-xs text-muted" aria-hidden="true" data-chart="earnings">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
            <XAxis dataKey="label" tick={{ fill: 'currentColor' }} tickLine={false} axisLine={false} minTickGap={8} />
            <YAxis tick={{ fill: 'currentColor' }} tickLine={false} axisLine={false} width={64} tickFormatter={(v: number) => money(v)} />
            <Tooltip contentStyle={tooltipStyle} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} formatter={(v) => [money(Number(v)), t('chart.earned')]} />
            <Bar dataKey="amount" fill="var(--highlight-color)" radius={[6, 6, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{t('chart.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.month')}</th>
            <th scope="col">{t('chart.earned')}</th>
          </tr>
        </thead>
        <tbody>
          {series.points.map((p) => (
            <tr key={p.month}>
              <td>{formatMonth(p.month, locale, 'long')}</td>
              <td>{money(p.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
