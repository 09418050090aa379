import { BlockList, isIPv4, isIPv6 } from 'node:net';

const v4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  v4.addSubnet(net, prefix, 'ipv4');
}

const v6 = new BlockList();
for (const [net, prefix] of [
  ['::', 96], // unspecified (::), loopback (::1), IPv4-compatible
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  v6.addSubnet(net, prefix, 'ipv6');
}

/**
 * Whether a server must not be reached at this IP address: loopback, private, link-local,
 * carrier-grade NAT, multicast, reserved, broadcast, unspecified, documentation ranges, and
 * IPv6 forms that carry such an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96,
 * 6to4 2002::/16). Anything that is not an IP address is blocked too.
 */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(ip)) return v4.check(ip, 'ipv4');
  if (!isIPv6(ip)) return true;
  const bytes = ipv6Bytes(ip);
  if (!bytes) return true;
  const embedded = embeddedIPv4(bytes);
  if (embedded) return v4.check(embedded, 'ipv4');
  return v6.check(ip, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped, NAT64 (well-known prefix) or 6to4 address. */
function embeddedIPv4(b: number[]): string | undefined {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const quad = (at: number) => b.slice(at, at + 4).join('.');
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return quad(12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return quad(12);
  if (b[0] === 0x20 && b[1] === 0x02) return quad(2);
  return undefined;
}

function ipv6Bytes(ip: string): number[] | undefined {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const parts = dotted[1].split('.').map(Number);
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    text = text.slice(0, -dotted[1].length) + `${hex(parts[0] ?? 0, parts[1] ?? 0)}:${hex(parts[2] ?? 0, parts[3] ?? 0)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return undefined;
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}
