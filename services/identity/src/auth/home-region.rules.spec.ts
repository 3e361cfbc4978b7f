import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST_MAP } from '@portal/proto';
import { handoffUrl, needsHandoff, regionOrigin } from './home-region.rules.js';

describe('login from any region\'s host', () => {
  it('hands off only an account of another region (operators log in anywhere)', () => {
    expect(needsHandoff('jpn', 'usa')).toBe(true);
    expect(needsHandoff('usa', 'usa')).toBe(false);
    expect(needsHandoff('jpn', 'global')).toBe(false);
  });

  it('continues on the first host of the home region, with the scheme and port the visitor used', () => {
    expect(regionOrigin('usa', DEFAULT_HOST_MAP, 'http://portal.example.jp:41234')).toBe('http://portal.example.com:41234');
    expect(regionOrigin('tha', DEFAULT_HOST_MAP, 'https://portal.example.jp')).toBe('https://th.portal.example.com');
    // localhost is jpn's alias, not its host.
    expect(regionOrigin('jpn', DEFAULT_HOST_MAP, 'https://portal.example.com')).toBe('https://portal.example.jp');
    expect(regionOrigin('jpn', { localhost: { region: 'jpn' } }, 'http://localhost:8080')).toBeNull();
  });

  it('puts the token in the path of the SPA\'s hand-off page', () => {
    expect(handoffUrl('https://portal.example.com', 'usa.abc/+=')).toBe('https://portal.example.com/login/handoff/usa.abc%2F%2B%3D');
  });
});
