import ipaddr from 'ipaddr.js';

/** At most this many entries in an allow-list. */
export const MAX_IP_ENTRIES = 200;

export interface ParsedIpList {
  entries: string[];
  errors: { line: number; value: string }[];
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseEntry(raw: string): Range | null {
  const value = raw.trim();
  try {
    if (value.includes('/')) {
      const range = ipaddr.parseCIDR(value);
      return [normalise(range[0]), range[0].kind() === 'ipv6' && normalise(range[0]).kind() === 'ipv4' ? range[1] - 96 : range[1]];
    }
    if (!ipaddr.isValid(value)) return null;
    const address = normalise(ipaddr.parse(value));
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4 address it maps. */
function normalise(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/** One address or CIDR range per line (spec §5); blank lines ignored; duplicates dropped. */
export function parseIpList(text: string): ParsedIpList {
  const entries: string[] = [];
  const errors: ParsedIpList['errors'] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const value = raw.trim();
    if (!value) return;
    const range = parseEntry(value);
    if (!range) {
      errors.push({ line: index + 1, value: value.slice(0, 60) });
      return;
    }
    const canonical = range[1] === (range[0].kind() === 'ipv4' ? 32 : 128) ? range[0].toString() : `${range[0].toString()}/${range[1]}`;
    if (!entries.includes(canonical)) entries.push(canonical);
  });
  return { entries, errors };
}

/** Whether `ip` falls in any entry of the list. An unparsable address is never allowed. */
export function ipAllowed(ip: string | undefined, list: readonly string[]): boolean {
  if (!ip || !ipaddr.isValid(ip)) return false;
  const address = normalise(ipaddr.parse(ip));
  return list.some((entry) => {
    const range = parseEntry(entry);
    return range !== null && range[0].kind() === address.kind() && address.match(range as [never, number]);
  });
}
