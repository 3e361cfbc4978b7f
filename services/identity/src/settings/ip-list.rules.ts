/**
 * IP allow-lists (spec §5): parsing what an owner types and matching a caller against it. Pure: no
 * I/O, no clock, no configuration; settings, login, support login and the session re-check use it.
 */
import ipaddr from 'ipaddr.js';

/** At most this many entries in an allow-list. */
export const MAX_IP_ENTRIES = 200;

export interface ParsedIpList {
  entries: string[];
  errors: { line: number; value: string }[];
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/**
 * An address in its usual written form: IPv4 only as four decimal parts (ipaddr.js would also
 * take `192.0.2` or `0xc0000201`, which nobody means in an allow-list), or IPv6.
 */
function parseAddress(value: string): Address | null {
  if (value.includes(':')) return ipaddr.IPv6.isValid(value) ? normalise(ipaddr.IPv6.parse(value)) : null;
  return ipaddr.IPv4.isValidFourPartDecimal(value) ? ipaddr.IPv4.parse(value) : null;
}

function parseEntry(raw: string): Range | null {
  const value = raw.trim();
  const slash = value.indexOf('/');
  const address = parseAddress(slash < 0 ? value : value.slice(0, slash));
  if (!address) return null;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  if (slash < 0) return [address, max];
  const prefixText = value.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  // A mapped range (::ffff:192.0.2.0/120) is the IPv4 range it maps: its prefix counts from bit 96.
  const mapped = value.slice(0, slash).includes(':') && address.kind() === 'ipv4';
  const prefix = Number(prefixText) - (mapped ? 96 : 0);
  return prefix >= 0 && prefix <= max ? [address, prefix] : null;
}

/** IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4 address it maps. */
function normalise(address: ipaddr.IPv6): Address {
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
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
  const address = ip ? parseAddress(ip) : null;
  if (!address) return false;
  return list.some((entry) => {
    const range = parseEntry(entry);
    return range !== null && range[0].kind() === address.kind() && address.match(range as [never, number]);
  });
}
