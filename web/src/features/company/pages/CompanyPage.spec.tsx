import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import CompanyPage from './CompanyPage';
import { logoProblem } from '../logo';

const company = {
  company_uuid: 'c-1', region: 'jpn', company_name: 'Demo KK', phone: '03-1234-5678', address: '', location: '', representative: '',
  corporate_number: '', postal_code: '', position: 'manager', division: 'marketing',
  industry: 'manufacturing', sub_industry: 'electronics', employees: '31-50', budget: 'yen_1m_10m',
  logo_url: null, logo_crop: null, locked: false,
};
const file = (type: string, size: number) => new File([new Uint8Array(size)], 'logo', { type });

describe('company page', () => {
  it('checks a logo in the browser with the spec\'s rules', () => {
    expect(logoProblem(file('image/gif', 10), null)).toEqual({ key: 'logo.file_type' });
    expect(logoProblem(file('image/png', 2 * 1024 * 1024 + 1), null)).toEqual({ key: 'logo.volume' });
    expect(logoProblem(file('image/png', 10), { width: 159, height: 500 })).toEqual({ key: 'logo.too_small' });
    expect(logoProblem(file('image/jpeg', 10), { width: 1201, height: 500 })).toEqual({ key: 'logo.too_large' });
    expect(logoProblem(file('image/jpeg', 10), { width: 100, height: 1300 })).toEqual({ key: 'logo.size_range', params: { width: 100, height: 1300 } });
    expect(logoProblem(file('image/png', 10), { width: 160, height: 1200 })).toBeNull();
  });

  it('shows the domestic lists and the corporate number for a Japanese company', async () => {
    setCookie('level', '3');
    mockApi({ 'GET /client/company': { result: company } });
    await renderPage(<CompanyPage />, { url: '/company' });
    expect(await screen.findByDisplayValue('Demo KK')).toBeTruthy();
    expect(screen.getByDisplayValue('Manufacturing')).toBeTruthy();
    expect(screen.getByDisplayValue('Electronics and electrical equipment')).toBeTruthy();
    expect(screen.getByDisplayValue('¥1 million – ¥10 million')).toBeTruthy();
    expect(screen.getByText('Corporate number')).toBeTruthy();
  });

  it('locks everything while the license is under review', async () => {
    setCookie('level', '6');
    mockApi({ 'GET /client/company': { result: { ...company, region: 'usa', industry: 'it_software', sub_industry: null, budget: 'hours_50_100', locked: true } } });
    await renderPage(<CompanyPage />, { url: '/company' });
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(screen.getByText('Company information cannot be changed while the license is under review.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Corporate number')).toBeNull();
    expect(screen.getByDisplayValue('50 – 100 hours')).toBeTruthy();
  });

  it('starts the crop at the largest square in the middle of the image, and saves that box', { timeout: 20_000 }, async () => {
    setCookie('level', '3');
    // happy-dom decodes no images: a stand-in reports the chosen file's size.
    vi.stubGlobal('Image', class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      naturalWidth = 1200;
      naturalHeight = 800;
      set src(_: string) { setTimeout(() => this.onload?.(), 0); }
    });
    const api = mockApi({
      'GET /client/company': { result: company },
      'PUT /client/company': (req) => ({ result: { ...company, logo_url: 'data:image/png;base64,AA==', logo_crop: (req.body!.logo as { crop: unknown }).crop } }),
    });
    await renderPage(<CompanyPage />, { url: '/company' });
    await screen.findByDisplayValue('Demo KK', undefined, { timeout: 5000 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' })] } });
    const box = await screen.findByRole('slider', { name: 'Crop area' }, { timeout: 5000 });
    // 1200 × 800: the whole height, centred (not the 160-pixel minimum).
    expect(box.getAttribute('aria-valuenow')).toBe('200');
    // A chosen image is discarded, not "removed": no logo is saved yet.
    expect(screen.queryByRole('button', { name: 'Remove the logo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard this image' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /client/company')).toHaveLength(1));
    expect((api.calls('PUT /client/company')[0]!.body!.logo as { crop: unknown }).crop).toEqual({ x: 200, y: 0, size: 800 });
  });

  it('offers to remove the logo only when the company has one', async () => {
    setCookie('level', '3');
    let current = { ...company, logo_url: null as string | null };
    mockApi({ 'GET /client/company': () => ({ result: current }) });
    const first = await renderPage(<CompanyPage />, { url: '/company' });
    await screen.findByDisplayValue('Demo KK');
    expect(screen.queryByRole('button', { name: 'Remove the logo' })).toBeNull();
    first.unmount();
    current = { ...company, logo_url: 'data:image/png;base64,AA==' };
    await renderPage(<CompanyPage />, { url: '/company' });
    await screen.findByDisplayValue('Demo KK');
    expect(screen.getByRole('button', { name: 'Remove the logo' })).toBeTruthy();
  });

  it('edits the registration survey and the postal code, checking the zip rule before sending (issue 22)', async () => {
    setCookie('level', '3');
    const api = mockApi({
      'GET /client/company': { result: company },
      'PUT /client/company': (req) => ({ result: { ...company, ...req.body } }),
    });
    await renderPage(<CompanyPage />, { url: '/company' });
    expect(await screen.findByDisplayValue('Manager or executive')).toBeTruthy();
    expect(screen.getByDisplayValue('Marketing')).toBeTruthy();
    const zip = screen.getByLabelText('Postal code');
    fireEvent.change(zip, { target: { value: '１００-０００５' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the 7-digit postal code in half-width digits, for example 100-0005.')).toBeTruthy();
    expect(api.calls('PUT /client/company')).toHaveLength(0);
    fireEvent.change(zip, { target: { value: '100-0005' } });
    fireEvent.click(screen.getByLabelText(/^Position/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Team leader', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /client/company')).toHaveLength(1));
    expect(api.calls('PUT /client/company')[0]!.body).toMatchObject({ postal_code: '100-0005', position: 'leader', division: 'marketing', industry: 'manufacturing' });
  });

  it('offers the overseas industries with their sub-industries outside Japan', async () => {
    setCookie('level', '3');
    mockApi({ 'GET /client/company': { result: { ...company, region: 'tha', industry: 'hospitality_travel', sub_industry: 'accommodation', budget: 'hours_50_100' } } });
    await renderPage(<CompanyPage />, { url: '/company' });
    expect(await screen.findByDisplayValue('Hospitality and travel')).toBeTruthy();
    expect(screen.getByDisplayValue('Accommodation')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Sub-industry/, { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Travel agencies', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Banking', hidden: true })).toBeNull();
  });

  it('names the address\'s top division as the region does: prefecture in Japan, state in the US, province in Thailand', async () => {
    setCookie('level', '3');
    for (const [region, label, absent] of [['jpn', 'Prefecture', 'State'], ['usa', 'State', 'Prefecture'], ['tha', 'Province', 'Prefecture']] as const) {
      mockApi({ 'GET /client/company': { result: { ...company, region, industry: null, sub_industry: null, budget: null } } });
      const view = await renderPage(<CompanyPage />, { url: '/company' });
      await screen.findByDisplayValue('Demo KK');
      expect(screen.getByLabelText(label)).toBeTruthy();
      expect(screen.queryByLabelText(absent)).toBeNull();
      // In the region's order: the prefecture before the address in Japan, the state or province after it elsewhere.
      const order = screen.getAllByRole('textbox').map((input) => input.closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent?.replace(/\s*\*$/, ''));
      const [first, second] = region === 'jpn' ? [label, 'Address'] : ['Address', label];
      expect(order).toContain(first);
      expect(order).toContain(second);
      expect(order.indexOf(first)).toBeLessThan(order.indexOf(second));
      view.unmount();
    }
  });
});
