import { describe, expect, it } from 'vitest';
import { tenantOfHost, tenantOrigin } from './tenant-host.ts';

describe('tenantOfHost', () => {
  it.each([
    ['localhost', null],
    ['localhost:3000', null],
    ['127.0.0.1:3000', null],
    ['www.localhost', null],
    ['acme.localhost:3000', 'acme'],
    ['ACME.LocalHost', 'acme'],
    ['partners.localhost', 'partners'],
    ['a.b.localhost', 'a.b'],
    ['otro.ejemplo.com', null],
    [undefined, null],
  ] as const)('%s → %s on localhost', (host, tenant) => {
    expect(tenantOfHost(host, 'localhost')).toBe(tenant);
  });

  it('uses the configured base domain', () => {
    expect(tenantOfHost('acme.charla.mx', 'charla.mx')).toBe('acme');
    expect(tenantOfHost('charla.mx', 'charla.mx')).toBeNull();
    expect(tenantOfHost('acme.localhost', 'charla.mx')).toBeNull();
    expect(tenantOfHost('evilcharla.mx', 'charla.mx')).toBeNull();
  });

  it('builds a tenant address beside the app address', () => {
    expect(tenantOrigin('http://localhost:3000', 'localhost', 'acme')).toBe('http://acme.localhost:3000');
    expect(tenantOrigin('http://partners.localhost:3000', 'localhost', 'acme')).toBe('http://acme.localhost:3000');
    expect(tenantOrigin('https://charla.mx', 'charla.mx', 'acme')).toBe('https://acme.charla.mx');
  });
});
