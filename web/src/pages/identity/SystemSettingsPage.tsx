import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { Section } from '../../components/Section';
import { useTranslation } from 'react-i18next';
import { API_ROUTES, ZSystemSettings, evaluatePolicy, type TSystemSettings } from '@portal/proto';
import { FormAlert } from '../../components/FormAlert';
import { apiRequest } from '../../lib/api';
import { useFormErrors } from '../../lib/forms';
import { currentPrincipal } from '../../lib/session';
import { toast } from '../../lib/toast';

/**
 * /user_system_settings (owner, admin): IP restriction, email MFA, support-login permission. A
 * support login sees them read-only (the save routes' policy refuses it; docs/decisions.md).
 */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const readOnly = evaluatePolicy(API_ROUTES.ipSetting.policy, currentPrincipal()) !== 'allow';
  const [settings, setSettings] = useState<TSystemSettings | null>(null);
  const [ipEnabled, setIpEnabled] = useState(false);
  const [addresses, setAddresses] = useState('');
  const [mfaEnabled, setMfaEnabled] = useState(false);
  const [validity, setValidity] = useState<string>('24h');
  const [partnerAllowed, setPartnerAllowed] = useState(false);
  const [operatorAllowed, setOperatorAllowed] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const ipForm = useFormErrors();
  const mfaForm = useFormErrors();
  const proxyForm = useFormErrors();

  function apply(next: TSystemSettings) {
    setSettings(next);
    setIpEnabled(next.ip_restriction.enabled);
    setAddresses(next.ip_restriction.addresses.join('\n'));
    setMfaEnabled(next.mfa.enabled);
    setValidity(next.mfa.validity);
    setPartnerAllowed(next.proxy_login.partner_allowed);
    setOperatorAllowed(next.proxy_login.operator_allowed);
  }

  useEffect(() => {
    apiRequest('get', '/systemSetting').then((r) => apply(ZSystemSettings.parse(r)), () => undefined);
  }, []);

  const lines = addresses.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const currentIncluded = settings ? lines.includes(settings.current_ip) : true;

  async function save(kind: 'ip' | 'mfa' | 'proxy', form: ReturnType<typeof useFormErrors>, path: string, payload: Record<string, string | boolean>) {
    form.reset();
    setBusy(kind);
    try {
      apply(ZSystemSettings.parse(await apiRequest('put', path, { payload, quiet: true })));
      toast(t('settings.saved'), 'success');
    } catch (error) {
      form.fromError(error);
    } finally {
      setBusy(null);
    }
  }

  function saveIp() {
    // Enabling with a list that lacks the saver's own address would lock them out: add it first.
    let text = addresses;
    if (ipEnabled && settings && !currentIncluded && settings.current_ip) {
      text = [...lines, settings.current_ip].join('\n');
      setAddresses(text);
    }
    void save('ip', ipForm, '/ipSetting', { enabled: ipEnabled, addresses: text });
  }

  if (!settings) return <Loader />;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={2}>{t('route.system_settings')}</Title>
      {readOnly && <Alert variant="light" color="blue">{t('settings.read_only_support')}</Alert>}

      <Section title={t('settings.ip_title')} help={t('settings.ip_help')}
        action={<Switch checked={ipEnabled} disabled={readOnly} onChange={(e) => setIpEnabled(e.currentTarget.checked)} aria-label={t('settings.ip_title')} />}>
        <FormAlert message={ipForm.message} />
        <Textarea
          label={t('settings.ip_list')}
          description={t('settings.ip_list_help')}
          autosize minRows={4} maxRows={12}
          value={addresses}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          onChange={(e) => setAddresses(e.currentTarget.value)}
          error={ipForm.error('addresses')}
          styles={{ input: { fontFamily: 'ui-monospace, monospace' } }}
        />
        <Group justify="space-between">
          <Text size="sm">
            {t('settings.current_ip', { ip: settings.current_ip || '—' })}
            {!readOnly && !currentIncluded && settings.current_ip && (
              <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => setAddresses([...lines, settings.current_ip].join('\n'))}>{t('settings.add_current')}</Button>
            )}
          </Text>
          {!readOnly && <Button onClick={saveIp} loading={busy === 'ip'}>{t('settings.save')}</Button>}
        </Group>
      </Section>

      <Section title={t('settings.mfa_title')} help={t('settings.mfa_help')}
        action={<Switch checked={mfaEnabled} disabled={readOnly} onChange={(e) => setMfaEnabled(e.currentTarget.checked)} aria-label={t('settings.mfa_title')} />}>
        <FormAlert message={mfaForm.message} />
        <Group justify="space-between" align="flex-end">
          <Select
            label={t('settings.mfa_validity')}
            data={[{ value: '24h', label: t('settings.validity_24h') }, { value: '7d', label: t('settings.validity_7d') }, { value: '30d', label: t('settings.validity_30d') }]}
            value={validity}
            onChange={(v) => v && setValidity(v)}
            allowDeselect={false}
            disabled={readOnly || !mfaEnabled}
            w={220}
            error={mfaForm.error('validity')}
          />
          {!readOnly && <Button onClick={() => void save('mfa', mfaForm, '/mfaSetting', { enabled: mfaEnabled, validity })} loading={busy === 'mfa'}>{t('settings.save')}</Button>}
        </Group>
      </Section>

      <Section title={t('settings.proxy_title')} help={t('settings.proxy_help')}>
        <FormAlert message={proxyForm.message} />
        {!settings.proxy_login.available && <Alert variant="light" color="gray">{t('settings.proxy_unavailable')}</Alert>}
        <Switch
          label={settings.proxy_login.partner_name ? t('settings.proxy_partner', { partner: settings.proxy_login.partner_name }) : t('settings.proxy_partner_none')}
          checked={partnerAllowed}
          disabled={readOnly || !settings.proxy_login.available}
          onChange={(e) => setPartnerAllowed(e.currentTarget.checked)}
          error={proxyForm.error('partner_allowed')}
        />
        <Switch label={t('settings.proxy_operator')} checked={operatorAllowed} disabled={readOnly} onChange={(e) => setOperatorAllowed(e.currentTarget.checked)} />
        {!readOnly && (
          <Group justify="flex-end">
            <Button onClick={() => void save('proxy', proxyForm, '/proxyLoginSetting', { partner_allowed: partnerAllowed, operator_allowed: operatorAllowed })} loading={busy === 'proxy'}>{t('settings.save')}</Button>
          </Group>
        )}
      </Section>
    </Stack>
  );
}
