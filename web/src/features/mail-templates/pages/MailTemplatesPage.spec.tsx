import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import MailLogPage from './MailLogPage';
import MailTemplatesPage from './MailTemplatesPage';

const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };
const summary = { template: 'invitation', target: 'all', described: true, subject: 'You are invited to {{company}}', edited: [], updated_at: null };
const detail = {
  template: {
    ...summary, sender_address: '', sender_name: '', to: '', bcc: '', codes: ['inviter', 'company', 'url', 'recipient'], parts: ['header', 'footer', 'signature'],
    versions: { 'en-us': { subject: 'You are invited to {{company}}', body: '[[header]]\n\nHello', disabled: false, edited: false } },
  },
};

describe('system mails (operator)', () => {
  it('lists each mail with its name, trigger and target; a mail the catalogue does not describe reads its subject and the generic trigger', async () => {
    asOperator();
    mockApi({ 'GET /operator/mails': { result: { templates: [summary, { ...summary, template: 'quarterly_report', described: false, target: 'all', subject: 'Your invoice' }] } } });
    await renderPage(<MailTemplatesPage />, { url: '/operator/mails' });
    const table = within(await screen.findByRole('table'));
    expect(table.getByText('Invitation')).toBeTruthy();
    expect(table.getByText('An administrator invites a user (form or CSV).')).toBeTruthy();
    expect(table.getAllByText('All users')).toHaveLength(2);
    expect(table.getAllByText('Your invoice')).toHaveLength(2); // name and subject
    expect(table.getByText('When the portal requests this mail (not yet described).')).toBeTruthy();
  });

  it('inserts a code from the palette, refuses an empty title without a call, and shows the server\'s refusal of a code under the body', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/mails': { result: { templates: [summary] } },
      'GET /operator/mails/detail': { result: detail },
      'PUT /operator/mails': { code: 40011, message: 'Check the form.', errors: { 'versions.en-us.body': ['The insertion code {{amount}} cannot be used in this mail.'] } },
    });
    await renderPage(<MailTemplatesPage />, { url: '/operator/mails' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const body = await screen.findByLabelText(/^Body/) as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole('button', { name: '{{inviter}}' }));
    await waitFor(() => expect(body.value).toContain('{{inviter}}'));
    const title = screen.getByLabelText(/^Title/);
    fireEvent.change(title, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter title.')).toBeTruthy();
    expect(api.calls('PUT /operator/mails')).toHaveLength(0);
    fireEvent.change(title, { target: { value: 'Join us' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The insertion code {{amount}} cannot be used in this mail.')).toBeTruthy();
    expect(api.calls('PUT /operator/mails')[0]!.body).toMatchObject({ template: 'invitation', versions: { 'en-us': { subject: 'Join us' } } });
  });

  it('searches the mail log by recipient and shows each mail\'s status and the server\'s answer', async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/mail_log': { result: { has_more: false, mails: [{ id: 'm1', to: 'a@example.com', subject: 'Hello', template: 'welcome', language: 'en-us', status: 'bounced', attempts: 1, error: '550 no such user', created_at: '2026-11-24T01:00:00.000Z', sent_at: null }] } },
    });
    await renderPage(<MailLogPage />, { url: '/operator/mail_log' });
    expect(await screen.findByText('550 no such user')).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('Bounced')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Recipient'), { target: { value: ' a@example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls('GET /operator/mail_log').some((c) => c.query.get('recipient') === 'a@example')).toBe(true));
  });
});
