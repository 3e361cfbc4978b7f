import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen } from '../../../test/render';
import PlanFlowGate from '../components/PlanFlowGate';
import { EMPTY_DRAFT, writeDraft } from '../draft';
import PlanOptionsPage from './PlanOptionsPage';
import PlanUpdatePage from './PlanUpdatePage';

const item = (id: string, name: string, amount: number, over: Record<string, unknown> = {}) => ({
  id, name, type: 'plan', contract_kind: 'monthly', billing_type: 'fixed', currency: 'JPY', amount, unit_value: null, unit: null,
  range_lower: null, range_upper: null, explanation: '', initial_cost: null, exclusive: [], grants: [], ...over,
});

beforeEach(() => writeDraft(null));

describe('/plan/update and /plan/options', () => {
  it('requires a plan once a product is chosen, then goes on to the options', async () => {
    mockApi({
      'GET /plan/base-list': { result: { product: 'bownow', currency: 'JPY', plans: [item('bownow_free', 'Free plan', 0), item('bownow_pro', 'Pro plan', 40000)] } },
    });
    writeDraft({ ...EMPTY_DRAFT, product: 'bownow' });
    await renderPage(<PlanUpdatePage />, { url: '/plan/update', auth: 'owner' });
    const pro = await screen.findByLabelText(/^Pro plan — ¥40,000/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please choose a plan.')).toBeTruthy();
    fireEvent.click(pro);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.pathname).toBe('/plan/options'));
  }, 20_000);

  it('issue 22: offers the packages after the products, and says what each package plan includes', async () => {
    const api = mockApi({
      'GET /plan/base-list': { result: { product: 'ccfwe', currency: 'USD', plans: [
        item('ccfwe_standard', 'Standard plan', 44900, { currency: 'USD', grants: ['bownow', 'izanai', 'bluemonkey'], explanation: 'Three products together' }),
      ] } },
    });
    await renderPage(<PlanUpdatePage />, { url: '/plan/update', auth: 'owner', region: 'tha' });
    fireEvent.click((await screen.findAllByLabelText(/^Product/))[0]!);
    expect(await screen.findByText('Packages (several products in one contract)')).toBeTruthy();
    // Thailand offers neither cmp nor lpbuilder, and all three packages.
    expect(screen.queryByText('CMP', { selector: '[role=option] *, [role=option]' })).toBeNull();
    expect(screen.getByText('CCF Media Pack', { selector: '[role=option] *, [role=option]' })).toBeTruthy();
    fireEvent.click(screen.getByText('CCF Web Growth Pack', { selector: '[role=option] *, [role=option]' }));
    const standard = await screen.findByLabelText(/^Standard plan — \$449\.00/);
    expect(screen.getByText('Includes BowNow, IZANAI, BlueMonkey')).toBeTruthy();
    expect(api.calls('GET /plan/base-list')[0]!.query.get('product')).toBe('ccfwe');
    fireEvent.click(standard);
    expect(sessionStorage.getItem('plan.draft')).toContain('"product":"ccfwe"');
  }, 20_000);

  it('sends a client under review to the under-review page (the flow\'s gate, as the router mounts the step)', async () => {
    mockApi({ 'GET /plan/modify_check': { result: { allowed: false, paid_allowed: false, reason: 'under_review' } } });
    await renderPage(<PlanFlowGate><PlanUpdatePage /></PlanFlowGate>, { url: '/plan/update', auth: 'owner' });
    await waitFor(() => expect(seen.pathname).toBe('/plan/underreview'));
  });

  it('disables an option that cannot be combined with a chosen one', async () => {
    writeDraft({ ...EMPTY_DRAFT, product: 'bownow', plan_id: 'bownow_pro' });
    mockApi({
      'GET /plan/option-list': { result: { product: 'bownow', plan_id: 'bownow_pro', currency: 'JPY', options: [
        item('crm_basic', 'CRM basic', 10000, { type: 'option', exclusive: ['crm_advanced'] }),
        item('crm_advanced', 'CRM advanced', 25000, { type: 'option', exclusive: ['crm_basic'] }),
      ] } },
    });
    await renderPage(<PlanOptionsPage />, { url: '/plan/options', auth: 'owner' });
    fireEvent.click(await screen.findByLabelText(/^CRM basic/));
    await waitFor(() => expect(screen.getByLabelText(/^CRM advanced/)).toHaveProperty('disabled', true));
    expect(sessionStorage.getItem('plan.draft')).toContain('"option_ids":["crm_basic"]');
  }, 20_000);
});
