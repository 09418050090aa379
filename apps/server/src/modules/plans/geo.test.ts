import { describe, expect, it } from 'vitest';
import { geoOfIp } from './geo.ts';

describe('the visitor’s country from the address', () => {
  it('reads public IPv4, IPv4 mapped in IPv6 and IPv6 addresses offline', () => {
    expect(geoOfIp('187.190.1.1')).toEqual({ country: 'MX', currency: 'mxn' });
    expect(geoOfIp('::ffff:181.49.1.1')).toEqual({ country: 'CO', currency: 'cop' });
    expect(geoOfIp('2001:4860:4860::8888')).toEqual({ country: 'US', currency: 'usd' });
  });

  it('answers US and USD for private, loopback, malformed or missing addresses', () => {
    for (const ip of ['10.0.0.1', '192.168.1.20', '127.0.0.1', '::1', 'fe80::1', '1.2.3', 'not an ip', '', undefined]) {
      expect(geoOfIp(ip)).toEqual({ country: 'US', currency: 'usd' });
    }
  });
});
