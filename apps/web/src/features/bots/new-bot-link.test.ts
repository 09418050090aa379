import { describe, expect, it } from 'vitest';
import { botLimitOf, newBotLink } from './new-bot-link.ts';

describe('new bot links', () => {
  it('opens the picker or the wizard of a template, keeping clientId', () => {
    expect(newBotLink()).toBe('/app/dashboard/nuevo');
    expect(newBotLink('doctor_appointment')).toBe('/app/dashboard/nuevo?template=doctor_appointment');
    expect(newBotLink('beauty_spa', 'c 1')).toBe('/app/dashboard/nuevo?template=beauty_spa&clientId=c+1');
    expect(newBotLink(null, 'c1')).toBe('/app/dashboard/nuevo?clientId=c1');
  });

  it('knows when the plan has no room for another bot (unknown plans count as Free: 1 bot)', () => {
    expect(botLimitOf('Free', 0)).toEqual({ limit: 1, reached: false });
    expect(botLimitOf('Free', 1)).toEqual({ limit: 1, reached: true });
    expect(botLimitOf(undefined, 1)).toEqual({ limit: 1, reached: true });
    expect(botLimitOf('Basic', 2)).toEqual({ limit: 3, reached: false });
    expect(botLimitOf('Basic', 3)).toEqual({ limit: 3, reached: true });
  });
});
