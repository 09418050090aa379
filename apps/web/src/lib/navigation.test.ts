import { describe, expect, it } from 'vitest';
import {
  defaultBotSection,
  isBotSection,
  isSectionAllowed,
  paths,
  usesLightTheme,
  visibleBotSections,
  visibleGeneralSections,
} from './navigation.ts';

describe('navigation rules', () => {
  it('shows every section on the main product on desktop', () => {
    const ctx = { isTenant: false, isMobile: false };
    expect(visibleBotSections(ctx)).toEqual(['personalizacion', 'crm', 'citas', 'recursos', 'productos', 'massive-sender']);
    expect(visibleGeneralSections(ctx)).toEqual(['clients', 'referidos', 'mi-cuenta', 'ayuda']);
  });

  it('hides personalizacion, citas, clients, referidos and ayuda on a tenant subdomain', () => {
    const ctx = { isTenant: true, isMobile: false };
    expect(visibleBotSections(ctx)).toEqual(['crm', 'recursos', 'productos', 'massive-sender']);
    expect(visibleGeneralSections(ctx)).toEqual(['mi-cuenta']);
    expect(isSectionAllowed('clients', true)).toBe(false);
    expect(isSectionAllowed('clients', false)).toBe(true);
    // The partner portal is a tenant where the clients section shows, on a phone too.
    expect(isSectionAllowed('clients', true, false, true)).toBe(true);
    expect(isSectionAllowed('referidos', true, false, true)).toBe(false);
    expect(visibleGeneralSections({ isTenant: true, isMobile: false, isPartnerPortal: true })).toEqual(['clients', 'mi-cuenta']);
    expect(visibleGeneralSections({ isTenant: true, isMobile: true, isPartnerPortal: true })).toEqual(['clients', 'mi-cuenta']);
    expect(visibleGeneralSections({ isTenant: true, isMobile: false, isPartnerPortal: false })).toEqual(['mi-cuenta']);
  });

  it('shows only personalizacion, mi-cuenta and ayuda on mobile', () => {
    const ctx = { isTenant: false, isMobile: true };
    expect(visibleBotSections(ctx)).toEqual(['personalizacion']);
    expect(visibleGeneralSections(ctx)).toEqual(['mi-cuenta', 'ayuda']);
    expect([...visibleBotSections({ isTenant: true, isMobile: true }), ...visibleGeneralSections({ isTenant: true, isMobile: true })]).toEqual([
      'mi-cuenta',
    ]);
  });

  it('defaults to personalizacion, or crm on a tenant subdomain', () => {
    expect(defaultBotSection(false)).toBe('personalizacion');
    expect(defaultBotSection(true)).toBe('crm');
  });

  it('recognizes bot sections and builds paths', () => {
    expect(isBotSection('massive-sender')).toBe(true);
    expect(isBotSection('mi-cuenta')).toBe(false);
    expect(isBotSection(undefined)).toBe(false);
    expect(paths.bot('b 1', 'crm')).toBe('/app/dashboard/b%201/crm');
    expect(paths.general('mi-cuenta')).toBe('/app/dashboard/mi-cuenta');
  });

  it('uses the light theme only on the CRM route of the admin account', () => {
    expect(usesLightTheme('admin', 'crm')).toBe(true);
    expect(usesLightTheme('admin', 'citas')).toBe(false);
    expect(usesLightTheme('admin', 'admin')).toBe(true);
    expect(usesLightTheme('owner', 'admin')).toBe(false);
    expect(usesLightTheme('owner', 'crm')).toBe(false);
  });
});

describe('a team agent', () => {
  it('sees only the CRM, the appointments and the account, and starts in the CRM', async () => {
    const nav = await import('./navigation.ts');
    expect(nav.visibleBotSections({ isTenant: false, isMobile: false, isAgent: true })).toEqual(['crm', 'citas']);
    expect(nav.isSectionAllowed('productos', false, true)).toBe(false);
    expect(nav.isSectionAllowed('crm', false, true)).toBe(true);
    expect(nav.defaultBotSection(false, true)).toBe('crm');
    // On a phone, the CRM (its inbox) stays within reach.
    expect(nav.visibleBotSections({ isTenant: false, isMobile: true, isAgent: true })).toEqual(['crm']);
  });
});
