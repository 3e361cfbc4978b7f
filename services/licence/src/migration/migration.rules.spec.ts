import { describe, expect, it } from 'vitest';
import { embedKey, signEmbedToken, verifyEmbedToken } from './embed-token.js';
import { emailRefusal, embedSnippet, normaliseOrigins } from './migration.rules.js';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('migration rules', () => {
  it('accepts a new email, or the migrated client\'s own owner; refuses any other company\'s', () => {
    expect(emailRefusal(null, null)).toBeNull();
    expect(emailRefusal({ kind: 'client', tenant_uuid: CLIENT }, CLIENT)).toBeNull();
    expect(emailRefusal({ kind: 'client', tenant_uuid: OTHER }, CLIENT)).toEqual({ key: 'migration.email_other_company' });
    expect(emailRefusal({ kind: 'client', tenant_uuid: CLIENT }, null)).toEqual({ key: 'migration.email_other_company' });
    expect(emailRefusal({ kind: 'partner', tenant_uuid: CLIENT }, CLIENT)).toEqual({ key: 'migration.email_other_company' });
  });

  it('normalises origins as browsers send them', () => {
    expect(normaliseOrigins(['https://B.example.com', 'https://b.example.com', 'http://a.example:8080'])).toEqual(['http://a.example:8080', 'https://b.example.com']);
  });

  it('signs form tokens that verify, and refuses a tampered or foreign one', () => {
    const key = embedKey('x'.repeat(40));
    const token = signEmbedToken(key, { partnerUuid: CLIENT, region: 'jpn', version: 3 });
    expect(verifyEmbedToken(key, token)).toEqual({ partnerUuid: CLIENT, region: 'jpn', version: 3 });
    expect(verifyEmbedToken(key, token.replace('.3.', '.4.'))).toBeNull();
    expect(verifyEmbedToken(key, token.replace(CLIENT, OTHER))).toBeNull();
    expect(verifyEmbedToken(embedKey('y'.repeat(40)), token)).toBeNull();
    expect(verifyEmbedToken(key, 'nonsense')).toBeNull();
    expect(embedSnippet('https://portal.example', token)).toContain(`data-token="${token}"`);
  });
});
