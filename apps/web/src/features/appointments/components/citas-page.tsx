import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { CalendarIcon } from '../../../components/ui/icons.tsx';
import { storeSelectedBotId, useBots } from '../../bots/index.ts';
import { AppointmentsCalendar } from './appointments-calendar.tsx';

/** /app/dashboard/{botId}/citas: the business's calendar (its own chunk, with the calendar library). */
export function CitasPage() {
  const { t } = useTranslation('citas');
  const { botId = '' } = useParams();
  const bots = useBots();
  const bot = bots.data?.find((candidate) => candidate.id === botId) ?? null;

  useEffect(() => {
    if (bot) storeSelectedBotId(bot.id);
  }, [bot]);

  if (bots.isPending) return <ContentSpinner />;
  if (!bot) return <EmptyState icon={<CalendarIcon className="size-8" />} title={t('notFound')} />;
  return <AppointmentsCalendar bot={bot} />;
}
