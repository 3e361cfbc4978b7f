import { describe, expect, it } from 'vitest';
import { ipAllowed, parseIpList } from './ip-list.rules.js';

describe('IP allow-list (spec §5)', () => {
  it('parses one address or range per line, IPv4 and IPv6, reporting bad lines by number', () => {
    expect(parseIpList('203.0.113.7\n\n198.51.100.0/24\n2001:db8::/32\nnot-an-ip\n10.0.0.0/33\n203.0.113.7')).toEqual({
      entries: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
      errors: [{ line: 5, value: 'not-an-ip' }, { line: 6, value: '10.0.0.0/33' }],
    });
  });

  it('matches addresses inside ranges and nothing outside', () => {
    const list = ['198.51.100.0/24', '2001:db8:abcd::/48', '203.0.113.7'];
    expect(ipAllowed('198.51.100.200', list)).toBe(true);
    expect(ipAllowed('198.51.101.1', list)).toBe(false);
    expect(ipAllowed('2001:db8:abcd:12::1', list)).toBe(true);
    expect(ipAllowed('2001:db8:abce::1', list)).toBe(false);
    expect(ipAllowed('203.0.113.7', list)).toBe(true);
    expect(ipAllowed('203.0.113.8', list)).toBe(false);
  });

  it('treats an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(ipAllowed('::ffff:198.51.100.9', ['198.51.100.0/24'])).toBe(true);
  });

  it('never allows a missing or malformed caller address', () => {
    expect(ipAllowed(undefined, ['0.0.0.0/0'])).toBe(false);
    expect(ipAllowed('garbage', ['0.0.0.0/0'])).toBe(false);
  });
});

describe('IP allow-list: every form of address (pure, no I/O)', () => {
  it('matches IPv4 exactly and by CIDR, edges included', () => {
    expect(ipAllowed('10.0.0.0', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('10.255.255.255', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('11.0.0.0', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('192.0.2.1', ['0.0.0.0/0'])).toBe(true);
    expect(ipAllowed('192.0.2.1', ['192.0.2.1/32'])).toBe(true);
    expect(ipAllowed('192.0.2.2', ['192.0.2.1/32'])).toBe(false);
  });

  it('matches IPv6 exactly and by CIDR, whatever the spelling', () => {
    expect(ipAllowed('2001:db8::1', ['2001:0DB8:0000::0001'])).toBe(true);
    expect(ipAllowed('::1', ['::1'])).toBe(true);
    expect(ipAllowed('::2', ['::1'])).toBe(false);
    expect(ipAllowed('2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::', ['2001:db8::/32'])).toBe(false);
    expect(ipAllowed('fe80::1', ['::/0'])).toBe(true);
  });

  it('never matches an IPv4 caller against IPv6 ranges or the reverse', () => {
    expect(ipAllowed('192.0.2.1', ['::/0'])).toBe(false);
    expect(ipAllowed('2001:db8::1', ['0.0.0.0/0'])).toBe(false);
  });

  it('treats IPv4-mapped IPv6 as IPv4, on either side', () => {
    expect(ipAllowed('::ffff:192.0.2.1', ['192.0.2.1'])).toBe(true);
    expect(ipAllowed('::ffff:c000:0201', ['192.0.2.0/24'])).toBe(true);
    expect(ipAllowed('192.0.2.77', ['::ffff:192.0.2.0/120'])).toBe(true);
    expect(ipAllowed('192.0.3.1', ['::ffff:192.0.2.0/120'])).toBe(false);
    expect(ipAllowed('192.0.2.1', ['::ffff:192.0.2.1'])).toBe(true);
  });

  it('skips stored entries that do not parse instead of failing the check', () => {
    expect(ipAllowed('192.0.2.1', ['nonsense', '192.0.2.0/24'])).toBe(true);
    expect(ipAllowed('192.0.2.1', ['nonsense'])).toBe(false);
    expect(ipAllowed('192.0.2.1', [])).toBe(false);
  });

  it('stores entries canonically: lower case, compressed, mapped IPv4 as IPv4, /32 and /128 as addresses', () => {
    expect(parseIpList('2001:0DB8::0001\r\n::ffff:192.0.2.7\n192.0.2.7/32\n2001:db8::1/128\n::ffff:192.0.2.0/120\n 10.0.0.0/8 ').entries)
      .toEqual(['2001:db8::1', '192.0.2.7', '192.0.2.0/24', '10.0.0.0/8']);
  });

  it('refuses prefixes out of range and half addresses', () => {
    expect(parseIpList('2001:db8::/129\n192.0.2.0/-1\n192.0.2\n192.0.2.256\n::ffff:192.0.2.0/95').errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 5]);
  });
});
