import { useTranslation } from '../../../lib/use-translation.ts';
import type { CampaignReason } from '@charla/shared';

/** A recipient's failure reason in plain words of the reader's language, with Meta's number when there is one. */
export function useReasonText(): (reason: CampaignReason, metaCode?: number | null) => string {
  const { t } = useTranslation('campaigns');
  return (reason, metaCode) => {
    const words = t(`reasons.${reason}`);
    return metaCode ? `${words} (Meta ${metaCode})` : words;
  };
}
