import { describe, expect, it } from 'vitest';
import { ipAllowed, parseIpList } from './ip-list.js';

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
