import { useTranslation } from '../../../lib/use-translation.ts';
import type { CampaignStatus } from '@charla/shared';
import { statusTone } from '../campaign-progress.ts';

/** A campaign's state in a small coloured label. */
export function StatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return (
    <span data-status={status} className={`inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${statusTone[status]}`}>
      {status === 'running' ? <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" /> : null}
      {t(`status.${status}`)}
    </span>
  );
}
