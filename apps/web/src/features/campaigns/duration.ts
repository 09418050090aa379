export type DurationUnit = 'days' | 'hours' | 'minutes' | 'seconds';

/**
 * A duration as people say it: its two largest units ("2 h 5 min", "3 días 4 h"), rounded up to
 * the smaller one so an estimate never promises less; under a minute in seconds.
 */
export function durationParts(totalSeconds: number): { unit: DurationUnit; count: number }[] {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  if (seconds < 60) return [{ unit: 'seconds', count: seconds }];
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return [{ unit: 'minutes', count: minutes }];
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes - hours * 60;
    return rest ? [{ unit: 'hours', count: hours }, { unit: 'minutes', count: rest }] : [{ unit: 'hours', count: hours }];
  }
  const totalHours = Math.ceil(minutes / 60);
  const days = Math.floor(totalHours / 24);
  const rest = totalHours - days * 24;
  return rest ? [{ unit: 'days', count: days }, { unit: 'hours', count: rest }] : [{ unit: 'days', count: days }];
}
