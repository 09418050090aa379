import { describe, expect, it } from 'vitest';
import type { SchedulingItem } from '@charla/shared';
import { nextHumanSend, type HumanPaceState } from './human-pace.ts';

const weekday = [{ start: '09:00', end: '18:00' }];
const hours: SchedulingItem['hours'] = { monday: weekday, tuesday: weekday, wednesday: weekday, thursday: weekday, friday: weekday, saturday: [], sunday: [] };
const rules = { minSeconds: 8, maxSeconds: 20, dailyCap: 3, timezone: 'America/Mexico_City', hours };

/** Plays `n` sends on a clock that jumps to each send's moment. */
function play(start: Date, n: number, random: () => number) {
  let state: HumanPaceState = { nextAt: null, day: null, sentToday: 0 };
  let clock = start;
  const sent: Date[] = [];
  for (let i = 0; i < n; i++) {
    const slot = nextHumanSend(clock, state, rules, random);
    sent.push(slot.sendAt);
    state = slot.next;
    clock = slot.sendAt;
  }
  return sent;
}

describe('WhatsApp by QR at a human pace', () => {
  it('waits 8 to 20 seconds between messages, at most the daily cap a day, only inside the hours', () => {
    // Monday 2026-11-30 17:59:30 in Mexico City (UTC-6).
    const sent = play(new Date('2026-11-30T23:59:30Z'), 5, () => 0.5);
    expect(sent.map((d) => d.toISOString())).toEqual([
      '2026-11-30T23:59:30.000Z',
      // 14 s later: still before 18:00.
      '2026-11-30T23:59:44.000Z',
      '2026-11-30T23:59:58.000Z',
      // The day's cap (3) is reached: Tuesday at 09:00.
      '2026-12-01T15:00:00.000Z',
      '2026-12-01T15:00:14.000Z',
    ]);
  });

  it('keeps the random pause inside its bounds and waits for the opening on a closed day', () => {
    expect(play(new Date('2026-11-30T16:00:00Z'), 2, () => 0).map((d) => d.getTime() - new Date('2026-11-30T16:00:00Z').getTime())).toEqual([0, 8_000]);
    expect(play(new Date('2026-11-30T16:00:00Z'), 2, () => 0.999999)[1]!.getTime() - new Date('2026-11-30T16:00:00Z').getTime()).toBeLessThanOrEqual(20_000);
    // Saturday noon: Monday 09:00.
    expect(play(new Date('2026-12-05T18:00:00Z'), 1, () => 0)[0]!.toISOString()).toBe('2026-12-07T15:00:00.000Z');
  });
});
