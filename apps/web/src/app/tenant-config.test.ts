import { describe, expect, it } from 'vitest';
import { faviconHref, pageTitle, safeColor, safeLogoUrl, tenantConfigPath, themeVariables } from './tenant-config.ts';

describe('tenant config', () => {
  it('titles the page CRM {tenant} on a tenant subdomain, else the Spanish product title', () => {
    expect(pageTitle('acme')).toBe('CRM acme');
    expect(pageTitle(null)).toBe('Charla — Asistentes de ventas con IA');
  });

  it('uses a different favicon for a tenant', () => {
    expect(faviconHref('acme')).toBe('/api/partners/public/favicon/acme');
    expect(faviconHref('partners')).toBe('/favicon-tenant.svg');
    expect(faviconHref(null)).toBe('/favicon.svg');
  });

  it('asks for the config of the tenant from the cookie', () => {
    expect(tenantConfigPath('acme crm')).toBe('/api/partners/public/config?subdomain=acme%20crm');
  });

  it('maps the config colours to the theme variables and picks readable text on the highlight', () => {
    expect(
      themeVariables({ bgColor: '#ffffff', fontColor: '#111', unfocusedColor: 'rgb(90, 90, 90)', highlightColor: '#ffd400' }),
    ).toEqual({
      '--bg-color': '#ffffff',
      '--font-color': '#111',
      '--unfocused-color': 'rgb(90, 90, 90)',
      '--highlight-color': '#ffd400',
      '--on-highlight-color': '#0a0a0a',
      'color-scheme': 'light',
    });
    expect(themeVariables({ highlightColor: '#1d4ed8' })['--on-highlight-color']).toBe('#ffffff');
  });

  it('ignores values that are not plain colours', () => {
    expect(safeColor('red; background: url(x)')).toBeNull();
    expect(safeColor('url(javascript:alert(1))')).toBeNull();
    expect(safeColor(' #0B1026 ')).toBe('#0B1026');
    expect(themeVariables({ bgColor: 'expression(alert(1))', fontColor: null })).toEqual({});
  });

  it('accepts only web logos', () => {
    expect(safeLogoUrl('https://cdn.acme.mx/logo.png')).toBe('https://cdn.acme.mx/logo.png');
    expect(safeLogoUrl('/files/logo.svg')).toBe('/files/logo.svg');
    expect(safeLogoUrl('javascript:alert(1)')).toBeNull();
    expect(safeLogoUrl('//evil.example/logo.png')).toBeNull();
    expect(safeLogoUrl(null)).toBeNull();
  });
});
