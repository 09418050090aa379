import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/navigation.ts';
import { accountTabOf, withAccountTab } from './account-tabs.ts';

describe('Mi cuenta tabs in the address', () => {
  it('opens the profile by default, and the tab named by ?tab=', () => {
    expect(accountTabOf(new URLSearchParams(''))).toBe('profile');
    expect(accountTabOf(new URLSearchParams('tab=perfil'))).toBe('profile');
    expect(accountTabOf(new URLSearchParams('tab=plan'))).toBe('plan');
    expect(accountTabOf(new URLSearchParams('tab=actividad'))).toBe('activity');
    expect(accountTabOf(new URLSearchParams('tab=equipo'))).toBe('team');
    expect(accountTabOf(new URLSearchParams('tab=nada'))).toBe('profile');
  });

  it('opens the plan when coming back from Checkout', () => {
    expect(accountTabOf(new URLSearchParams('checkout=success'))).toBe('plan');
    expect(accountTabOf(new URLSearchParams('checkout=cancel'))).toBe('plan');
  });

  it('the plan path every limit notice links to opens the plan tab', () => {
    const [, query = ''] = paths.plan.split('?');
    expect(accountTabOf(new URLSearchParams(query))).toBe('plan');
  });

  it('keeps other parameters', () => {
    expect(withAccountTab(new URLSearchParams('checkout=success'), 'plan').toString()).toBe('checkout=success&tab=plan');
    expect(withAccountTab(new URLSearchParams('tab=plan'), 'profile').toString()).toBe('tab=perfil');
  });
});

describe('the tabs a person sees', () => {
  it('shows the owner every tab, a team admin all but the plan, an agent only the profile', async () => {
    const { accountTabsFor } = await import('./account-tabs.ts');
    expect(accountTabsFor(null)).toEqual(['profile', 'plan', 'team', 'activity']);
    expect(accountTabsFor('admin')).toEqual(['profile', 'team', 'activity']);
    expect(accountTabsFor('agent')).toEqual(['profile']);
  });
});
