import { useTranslation } from '../../../lib/use-translation.ts';
import { durationParts } from '../duration.ts';

/** "2 h 5 min", "3 días 4 h" in the reader's language. */
export function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation('campaigns');
  return (seconds) =>
    durationParts(seconds)
      .map(({ unit, count }) => t(`duration.${unit}`, { count }))
      .join(' ');
}
