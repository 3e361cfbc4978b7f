import { describe, expect, it } from 'vitest';
import { loginTarget, productOrigins } from './target-url.rules.js';

const origins = productOrigins({ bownow: 'https://app.bownow.example/sso?token={token}', actibook: 'not a url', cmp: undefined });

describe('login target_url', () => {
  it('keeps a path on the portal', () => {
    for (const path of ['/', '/user/list', '/plan/list?pd=bownow&client_uuid=1#top', '/%2F%2Fevil.example']) {
      expect(loginTarget(path, origins), path).toBe(path);
    }
  });

  it('keeps a URL on a registered product\'s origin', () => {
    expect(origins).toEqual(['https://app.bownow.example']);
    expect(loginTarget('https://app.bownow.example/dashboard?x=1', origins)).toBe('https://app.bownow.example/dashboard?x=1');
    expect(loginTarget('HTTPS://APP.BOWNOW.EXAMPLE/a', origins)).toBe('https://app.bownow.example/a');
  });

  it('drops other hosts, protocol-relative and backslash paths, scripts and data', () => {
    for (const target of [
      'https://evil.example/', 'http://app.bownow.example/', 'https://app.bownow.example.evil.example/', 'https://app.bownow.example:8443/',
      '//evil.example', '//evil.example/path', '/\\evil.example', '\\\\evil.example', '/\t/evil.example', '/\n/evil.example',
      'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x',
      'evil.example', 'user/list', 'https://user:pass@app.bownow.example/', 'https:evil.example', 'ftp://app.bownow.example/',
      '', `/${'a'.repeat(2000)}`,
    ]) {
      expect(loginTarget(target, origins), JSON.stringify(target)).toBeUndefined();
    }
    expect(loginTarget(undefined, origins)).toBeUndefined();
  });

  it('admits no absolute URL when no product URL is registered', () => {
    expect(loginTarget('https://app.bownow.example/', productOrigins({}))).toBeUndefined();
    expect(loginTarget('/ok', [])).toBe('/ok');
  });
});
