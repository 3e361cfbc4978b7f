import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../test/api-mock';
import { renderApp, setCookie } from '../../test/render';
import { logoProblem } from './CompanyPage';

const company = {
  company_uuid: 'c-1', region: 'jpn', company_name: 'Demo KK', phone: '03-1234-5678', address: '', location: '', representative: '',
  corporate_number: '', industry: 'manufacturing', sub_industry: 'electronics', employees: '31-50', budget: 'yen_1m_10m',
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
    await renderApp('/company');
    expect(await screen.findByDisplayValue('Demo KK')).toBeTruthy();
    expect(screen.getByDisplayValue('Manufacturing')).toBeTruthy();
    expect(screen.getByDisplayValue('Electronics and electrical equipment')).toBeTruthy();
    expect(screen.getByDisplayValue('¥1 million – ¥10 million')).toBeTruthy();
    expect(screen.getByText('Corporate number')).toBeTruthy();
  });

  it('locks everything while the licence is under review', async () => {
    setCookie('level', '6');
    mockApi({ 'GET /client/company': { result: { ...company, region: 'usa', industry: 'it_software', sub_industry: null, budget: 'hours_50_100', locked: true } } });
    await renderApp('/company');
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(screen.getByText('Company information cannot be changed while the licence is under review.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Corporate number')).toBeNull();
    expect(screen.getByDisplayValue('50 – 100 hours')).toBeTruthy();
  });

  it('starts the crop at 160 × 160 image pixels in the middle, and saves that box', { timeout: 20_000 }, async () => {
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
    await renderApp('/company');
    await screen.findByDisplayValue('Demo KK', undefined, { timeout: 5000 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' })] } });
    const box = await screen.findByRole('slider', { name: 'Crop area' }, { timeout: 5000 });
    expect(box.getAttribute('aria-valuenow')).toBe('520');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /client/company')).toHaveLength(1));
    expect((api.calls('PUT /client/company')[0]!.body!.logo as { crop: unknown }).crop).toEqual({ x: 520, y: 320, size: 160 });
  });
});
