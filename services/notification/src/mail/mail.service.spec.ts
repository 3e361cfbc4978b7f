import { describe, expect, it } from 'vitest';
import { renderMail } from './mail.service.js';

const invitation = { to: 'hanako@example.com', template: 'invitation' as const, params: { company: 'Demo KK', inviter: 'Alex Smith', url: 'http://x/invite/t' } };

describe('renderMail', () => {
  it('greets the addressee by the name the producer wrote, in the mail\'s language', () => {
    expect(renderMail({ ...invitation, language: 'ja-jp', recipient: '新人花子' }).text).toMatch(/^新人花子 様\n\n/);
    expect(renderMail({ ...invitation, language: 'en-us', recipient: 'Hanako Shinjin' }).text).toMatch(/^Dear Hanako Shinjin,\n\nAlex Smith has invited you/);
    expect(renderMail({ ...invitation, language: 'en-us', recipient: 'Hanako Shinjin' }).html).toContain('Dear Hanako Shinjin,<br><br>');
  });

  it('starts with the body when there is no one to greet', () => {
    expect(renderMail({ ...invitation, language: 'en-us' }).text).toMatch(/^Alex Smith has invited you/);
    expect(renderMail({ ...invitation, language: 'en-us', recipient: '  ' }).text).toMatch(/^Alex Smith has invited you/);
  });
});
