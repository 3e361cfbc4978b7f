import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from './events.js';
import { MAIL_CATALOGUE } from './mail-templates.js';

describe('system mail catalogue', () => {
  it('describes every mail the portal sends (a name, a trigger and a target on the operator screen)', () => {
    // A mail added to MAIL_TEMPLATES without a catalogue entry would show its raw subject and an
    // "undescribed" trigger on /operator/mails; web locales.spec.ts checks the names and triggers.
    expect(MAIL_TEMPLATES.filter((name) => !(name in MAIL_CATALOGUE))).toEqual([]);
    expect(Object.keys(MAIL_CATALOGUE).filter((name) => !(MAIL_TEMPLATES as readonly string[]).includes(name))).toEqual([]);
  });
});
