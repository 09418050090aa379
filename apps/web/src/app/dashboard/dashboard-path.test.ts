import { describe, expect, it } from 'vitest';
import { parseDashboardPath } from './dashboard-path.ts';

describe('dashboard path', () => {
  it('reads general sections, bot sections and the home page', () => {
    expect(parseDashboardPath('/app/dashboard')).toEqual({ botId: null, section: null });
    expect(parseDashboardPath('/app/dashboard/')).toEqual({ botId: null, section: null });
    expect(parseDashboardPath('/app/dashboard/mi-cuenta')).toEqual({ botId: null, section: 'mi-cuenta' });
    expect(parseDashboardPath('/app/dashboard/b1/crm')).toEqual({ botId: 'b1', section: 'crm' });
    expect(parseDashboardPath('/app/dashboard/b%201/massive-sender')).toEqual({ botId: 'b 1', section: 'massive-sender' });
    expect(parseDashboardPath('/app/dashboard/b1')).toEqual({ botId: 'b1', section: null });
    expect(parseDashboardPath('/app/dashboard/nuevo')).toEqual({ botId: null, section: null });
    expect(parseDashboardPath('/login')).toEqual({ botId: null, section: null });
  });
});
