import { BlockList, isIP } from 'node:net';

/**
 * IPv4 ranges that are not public Internet addresses (IANA special-purpose registry): this host, private
 * networks, carrier-grade NAT, loopback, link-local (cloud metadata at 169.254.169.254), protocol assignments,
 * documentation, 6to4 relay, benchmarking, multicast and reserved (broadcast included).
 */
const V4_RANGES: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6 ranges that are not public: unspecified, loopback and IPv4-compatible (::/96), NAT64 local use, discard,
 * IETF protocol assignments (Teredo included), documentation, SRv6, unique local (fc00::/7), link-local and
 * the old site-local, multicast.
 */
const V6_RANGES: readonly (readonly [string, number])[] = [
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const hex = (a: number, b: number) => ((a << 8) | b).toString(16);

const blocked = (() => {
  const list = new BlockList();
  for (const [address, prefix] of V4_RANGES) {
    list.addSubnet(address, prefix, 'ipv4');
    // The same range embedded in IPv6: IPv4-mapped, NAT64 well-known prefix, 6to4.
    const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
    list.addSubnet(`::ffff:${address}`, 96 + prefix, 'ipv6');
    list.addSubnet(`64:ff9b::${address}`, 96 + prefix, 'ipv6');
    list.addSubnet(`2002:${hex(a, b)}:${hex(c, d)}::`, 16 + prefix, 'ipv6');
  }
  for (const [address, prefix] of V6_RANGES) list.addSubnet(address, prefix, 'ipv6');
  return list;
})();

/** One part of a numeric IPv4 host as inet_aton and the WHATWG URL parser read it: 0x hex, 0 octal, decimal. */
function ipv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return undefined;
}

/**
 * Every numeric IPv4 spelling a resolver or URL parser accepts, as dotted decimal: `2130706433`, `0x7f000001`,
 * `0177.0.0.1`, `127.1` all give `127.0.0.1`. Undefined when `host` is not a numeric IPv4 host.
 */
export function normaliseIpv4(host: string): string | undefined {
  const parts = host.replace(/\.$/, '').split('.');
  if (parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = ipv4Part(part);
    if (n === undefined) return undefined;
    numbers.push(n);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return undefined;
  const bytes = [...numbers];
  for (let i = 3 - numbers.length; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes.join('.');
}

/** The address `host` names, in canonical form, or undefined for a host name. Brackets and zone ids are dropped. */
export function parseAddress(host: string): { address: string; family: 4 | 6 } | undefined {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const v4 = normaliseIpv4(bare);
  if (v4) return { address: v4, family: 4 };
  const unzoned = bare.replace(/%.*$/, '');
  return isIP(unzoned) === 6 ? { address: unzoned, family: 6 } : undefined;
}

/** Whether `host` is an address on the public Internet, in any spelling. False for host names. */
export function isPublicAddress(host: string): boolean {
  const parsed = parseAddress(host);
  if (!parsed) return false;
  return !blocked.check(parsed.address, parsed.family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Whether a URL's host may be contacted without resolving it: a public address, or a name other than
 * `localhost` (names are checked again on every connection, after resolution).
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (parseAddress(host)) return isPublicAddress(host);
  return host !== '' && host !== 'localhost' && !host.endsWith('.localhost');
}
