import { useTranslation } from 'react-i18next';
import { useTestMode } from '../../lib/test-mode';

/**
 * Issue 24: the test-mode strip above every page of a staging install on sandboxes (as Stripe
 * shows its test mode): no real money moves here. Nothing at all in a real install.
 */
export function TestModeBanner() {
  const { t } = useTranslation();
  if (!useTestMode()) return null;
  return (
    <div role="status" data-testid="test-mode-banner" style={{ background: '#f59f00', color: '#1f2430', textAlign: 'center', padding: '4px 12px', fontSize: 13, fontWeight: 600 }}>
      {t('common.test_mode')}
    </div>
  );
}
