import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import { rememberLanguage } from '../../lib/locale';
import { checkMaintenance } from '../../lib/maintenance';
import { setTestMode } from '../../lib/test-mode';
import { mockApi } from '../../test/api-mock';
import { TestModeBanner } from './TestModeBanner';

/** Issue 24: a staging install on sandboxes says so on every page; a real one shows nothing. */
describe('the test-mode banner', () => {
  afterEach(() => setTestMode(false));

  async function load(testMode: boolean | undefined) {
    rememberLanguage('en-us');
    await initI18n('en-us');
    mockApi({ 'GET /maintenance/status': { result: { maintenance: false, window: null, ...(testMode === undefined ? {} : { test_mode: testMode }) } } });
    await checkMaintenance();
    return render(<TestModeBanner />);
  }

  it('shows when the maintenance status read on load says test mode', async () => {
    await load(true);
    expect(screen.getByTestId('test-mode-banner').textContent).toBe('Test mode: this portal runs on sandboxes. No real charges or payments are made.');
  });

  it('shows nothing in a real install', async () => {
    await load(undefined);
    expect(screen.queryByTestId('test-mode-banner')).toBeNull();
  });
});
