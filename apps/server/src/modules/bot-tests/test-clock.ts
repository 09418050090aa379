import { addDays, localParts, weekdayOf, zonedTimeToUtc } from '@charla/shared/dates';

/**
 * When the saved tests are asked: a working morning, 10:00 on the next weekday (today when it is
 * one) in the bot's time zone, as the evaluation's cases are. The same clock all day, so a test
 * does not pass in the morning and fail at night because "are you open?" has another answer.
 */
export function testClock(now: Date, timeZone: string): Date {
  let day = localParts(now, timeZone);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = { ...day, ...addDays(day, 1) };
  return zonedTimeToUtc({ year: day.year, month: day.month, day: day.day, hour: 10, minute: 0 }, timeZone);
}
