import { useTranslation } from '../../../lib/use-translation.ts';
import type { CampaignPace } from '@charla/shared';
import { AlertIcon } from '../../../components/ui/icons.tsx';

/**
 * WhatsApp by QR, said plainly: unofficial numbers that send in bursts get banned, so the campaign
 * goes out at a human pace (the pause between messages, the daily cap, the business hours).
 */
export function HumanPaceNotice({ pace }: { pace: CampaignPace | null }) {
  const { t } = useTranslation('campaigns');
  const human = pace?.kind === 'human' ? pace : null;
  return (
    <div role="note" data-human-pace className="flex gap-3 rounded-xl border border-amber-400/50 bg-amber-400/10 px-4 py-3 text-sm text-fg">
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-500" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{t('pace.humanTitle')}</p>
        <p className="text-pretty">{t('pace.humanBody')}</p>
        {human ? (
          <p className="text-pretty">
            {t('pace.humanValues', { min: human.minSeconds, max: human.maxSeconds, cap: human.dailyCap })}
            {human.businessHoursOnly ? ` ${t('pace.businessHours')}` : ''}
          </p>
        ) : null}
      </div>
    </div>
  );
}
