import type { CrmSummary } from '@charla/shared';
import { Card } from '../../../../components/ui/card.tsx';
import { DailyChart } from './daily-chart.tsx';
import { FunnelChart } from './funnel-chart.tsx';

/** The summary's two charts, each with its table: the days and the funnel. */
export function SummaryCharts({ summary }: { summary: CrmSummary }) {
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-5">
      <Card className="min-w-0 p-4 xl:col-span-3">
        <DailyChart summary={summary} />
      </Card>
      <Card className="min-w-0 p-4 xl:col-span-2">
        <FunnelChart totals={summary.totals} />
      </Card>
    </div>
  );
}
