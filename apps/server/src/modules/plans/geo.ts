import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { currencyOfCountry, type BillingGeoResponse } from '@charla/shared';

type Lookup = (ip: string) => { country?: string } | null;
let lookup: Lookup | undefined;

/** The offline country database, loaded at the first lookup (a few MB, some milliseconds). */
function countryLookup(): Lookup {
  if (!lookup) {
    const geoip = createRequire(import.meta.url)('geoip-country') as { lookup: Lookup };
    lookup = (ip) => geoip.lookup(ip);
  }
  return lookup;
}

const fallback: BillingGeoResponse = { country: 'US', currency: 'usd' };

/** A visitor's country and the currency prices are shown in, from the address alone: US for private, loopback, malformed or unknown ones. */
export function geoOfIp(ip: string | undefined): BillingGeoResponse {
  const address = (ip ?? '').replace(/^::ffff:/i, '');
  if (!isIP(address)) return fallback;
  const country = countryLookup()(address)?.country;
  if (!country || !/^[A-Z]{2}$/.test(country)) return fallback;
  return { country, currency: currencyOfCountry(country) };
}
