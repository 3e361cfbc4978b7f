import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import { FakeXhr } from '../../../test/fake-xhr';
import InviteCsvPage from './InviteCsvPage';

const ok = { code: 20000, message: 'Success.' };
async function chooseAndSend(button: 'Check the file' | 'Import and invite') {
  await screen.findByText('Download the template', undefined, { timeout: 5000 });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['email,family_name,given_name\r\na@example.com,Yamada,Hanako\r\n'], 'people.csv', { type: 'text/csv' })] } });
  const send = await screen.findByRole('button', { name: button });
  await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(send);
  await waitFor(() => expect(FakeXhr.last).toBeTruthy());
  return FakeXhr.last!;
}

describe('invite by CSV (/user/invite_csv)', () => {
  beforeEach(() => {
    FakeXhr.last = undefined;
    setCookie('level', '3');
    setCookie('csrf_token', 'csrf-123');
    mockApi();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('documents the columns and offers a UTF-8 template with a BOM built from them', { timeout: 20_000 }, async () => {
    const blobs: Blob[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = (blob: Blob) => { blobs.push(blob); return 'blob:template'; };
    URL.revokeObjectURL = () => undefined;
    await renderPage(<InviteCsvPage />, { url: '/user/invite_csv' });
    const columns = within(await screen.findByTestId('csv-columns')).getAllByRole('row').map((r) => r.textContent);
    expect(columns).toEqual(['ColumnContent', 'emailThe email address the invitation is sent to (each address once).', 'family_nameFamily name, up to 50 characters.', 'given_nameGiven name, up to 50 characters.']);
    expect(screen.getByText(/Everyone is invited as a user without products/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download the template' }));
    expect(blobs).toHaveLength(1);
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('email,family_name,given_name\r\nsample@example.com,Smith,Alex\r\n');
    vi.restoreAllMocks();
  });

  it('shows the real upload progress, then that the server is checking, then the dry run\'s errors', { timeout: 20_000 }, async () => {
    await renderPage(<InviteCsvPage />, { url: '/user/invite_csv' });
    const xhr = await chooseAndSend('Check the file');
    expect([xhr.method, xhr.url]).toEqual(['POST', '/v1/user/invite_csv']);
    expect(xhr.headers['x-csrf-token']).toBe('csrf-123');
    expect(xhr.body!.get('dry_run')).toBe('true');
    expect((xhr.body!.get('file') as File).name).toBe('people.csv');
    xhr.progress(40, 100);
    expect(screen.getByText('Uploading… 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    xhr.progress(100, 100);
    expect(screen.getByText('Uploading… 100%')).toBeTruthy();
    xhr.sent();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('File sent. The server is checking the rows…')).toBeTruthy();
    await xhr.respond(200, {
      access_status: ok, dry_run: true, registered: 1, error_count: 2,
      error_rows: [
        { line: 3, email: 'not-an-email', messages: ['Please enter a valid email address.'] },
        { line: 4, email: 'b@example.com', messages: ['Please enter given name.'] },
      ],
    });
    expect(await screen.findByText('Check result: 1 row can be invited, 2 rows have errors. Nothing has been sent yet.')).toBeTruthy();
    const rows = within(screen.getAllByRole('table')[1]!).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['LineEmailError', '3not-an-emailPlease enter a valid email address.', '4b@example.comPlease enter given name.']);
    expect(screen.queryByText(/File sent/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to the account list' })).toBeNull();
  });

  it('reports a partial completion with its counts and the rows that failed', { timeout: 20_000 }, async () => {
    await renderPage(<InviteCsvPage />, { url: '/user/invite_csv' });
    const xhr = await chooseAndSend('Import and invite');
    expect(xhr.body!.get('dry_run')).toBe('false');
    xhr.sent();
    expect(screen.getByText('File sent. The server is checking the rows and sending the invitations…')).toBeTruthy();
    await xhr.respond(200, {
      access_status: ok, dry_run: false, registered: 98, error_count: 2,
      error_rows: [{ line: 7, email: 'admin@example.com', messages: ['This email address is already registered.'] }, { line: 9, email: 'x@example.com', messages: ['This email address appears more than once in the file.'] }],
    });
    expect(await screen.findByText('Done: 98 accounts invited, 2 rows had errors. The rows with errors were also sent to you by email.')).toBeTruthy();
    expect(screen.getByText('This email address is already registered.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the account list' })).toBeTruthy();
  });

  it('shows a refused file on the file field (a file over the limit)', { timeout: 20_000 }, async () => {
    await renderPage(<InviteCsvPage />, { url: '/user/invite_csv' });
    const xhr = await chooseAndSend('Import and invite');
    xhr.sent();
    await xhr.respond(422, { access_status: { code: 40011, message: 'The file is too large (at most 1 MB).' }, errors: { file: ['The file is too large (at most 1 MB).'] } });
    expect(await screen.findByText('The file is too large (at most 1 MB).')).toBeTruthy();
    // Only the columns' table: no result.
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.queryByText(/File sent/)).toBeNull();
  });
});
