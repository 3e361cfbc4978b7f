import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from '@portal/proto';
import { chooseVersion } from './mail.service.js';
import { codesOf, renderTemplate, seededParts, seededVersions, unknownCodeErrors } from './templates.js';

const invitation = { company: 'Demo KK', inviter: 'Alex Smith', url: 'http://x/invite/t' };
const seeded = (language: 'ja-jp' | 'en-us', name = 'invitation') => seededVersions(name)[language]!;

describe('seeded templates: the texts in code, now editable', () => {
  it('renders exactly the mail the code used to send: greeting, body, footer', () => {
    const mail = renderTemplate('en-us', seeded('en-us'), seededParts('en-us'), invitation, 'Hanako Shinjin');
    expect(mail.subject).toBe('You are invited to Demo KK');
    expect(mail.text).toMatch(/^Dear Hanako Shinjin,\n\nAlex Smith has invited you to use the portal of Demo KK\./);
    expect(mail.text).toMatch(/ask for a new invitation\.\n\n--\nThis email was sent automatically\. Please do not reply to it\.\n$/);
    expect(mail.html).toContain('Dear Hanako Shinjin,<br><br>');
    expect(mail.html).toContain('<a href="http://x/invite/t">http://x/invite/t</a>');
  });

  it('leaves out the greeting when there is no one to greet, and greets in the mail\'s language', () => {
    expect(renderTemplate('en-us', seeded('en-us'), seededParts('en-us'), invitation).text).toMatch(/^Alex Smith has invited you/);
    expect(renderTemplate('en-us', seeded('en-us'), seededParts('en-us'), invitation, '  ').text).toMatch(/^Alex Smith has invited you/);
    expect(renderTemplate('ja-jp', seeded('ja-jp'), seededParts('ja-jp'), invitation, '新人花子').text).toMatch(/^新人花子 様\n\n/);
  });

  it('seeds every template of MAIL_TEMPLATES in every language the code has', () => {
    for (const name of MAIL_TEMPLATES) expect(Object.keys(seededVersions(name)).length, name).toBe(7);
  });

  it('renders plural blocks and the signature part when it has text', () => {
    const csv = renderTemplate('en-us', seeded('en-us', 'csv_errors'), { ...seededParts('en-us'), signature: 'The portal team' }, { registered: '1', errors: '2', details: 'row 2' });
    expect(csv.subject).toBe('CSV invitation: 2 rows could not be imported');
    expect(csv.text).toContain('1 account was invited and 2 rows had errors');
    expect(csv.text).toMatch(/again\.\n\nThe portal team\n\n--\n/);
  });
});

describe('insertion codes', () => {
  it('offers the codes the trigger\'s texts use, plus the addressee\'s name', () => {
    expect(codesOf('invitation').sort()).toEqual(['company', 'inviter', 'recipient', 'url']);
    expect(codesOf('csv_errors')).toEqual(expect.arrayContaining(['registered', 'errors', 'details']));
    // A mail the catalogue does not describe gets the codes of its texts in code only.
    expect(codesOf('no_such_mail')).toEqual(['recipient']);
  });

  it('names every unknown code and part, and accepts the valid ones', () => {
    expect(unknownCodeErrors('invitation', { body: 'Hi {{inviter}} {{url}} [[footer]]' })).toEqual({});
    expect(unknownCodeErrors('invitation', { subject: 'x {{code}}', body: '{{amount, plural, one {#} other {#}}} [[logo]]' })).toEqual({
      subject: [{ key: 'mail_template.unknown_code', params: { code: '{{code}}' } }],
      body: [{ key: 'mail_template.unknown_code', params: { code: '{{amount}}' } }, { key: 'mail_template.unknown_part', params: { part: '[[logo]]' } }],
    });
  });
});

describe('language fallback', () => {
  const v = (subject: string, disabled = false) => ({ subject, body: 'b', disabled, edited: false });
  it('uses the mail\'s language, else the region\'s default, else English', () => {
    const t = { versions: { 'th-th': v('th'), 'en-us': v('en'), 'ja-jp': v('ja'), 'vi-vn': v('vi', true) } };
    expect(chooseVersion(t, 'x', 'th-th', 'th-th')?.text.subject).toBe('th');
    expect(chooseVersion(t, 'x', 'vi-vn', 'ja-jp')?.language).toBe('ja-jp'); // vi switched off → the region's default
    expect(chooseVersion(t, 'x', 'zh-cn', 'ms-my')?.language).toBe('en-us');
  });
  it('falls back to the texts in code for a template not stored yet', () => {
    expect(chooseVersion(null, 'welcome', 'ja-jp', 'ja-jp')?.text.subject).toBe(seeded('ja-jp', 'welcome').subject);
  });
});
