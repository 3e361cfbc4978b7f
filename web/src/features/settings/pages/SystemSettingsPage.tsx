import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSystemSettings } from '@portal/proto';
import { FormAlert, errorLines } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { Section } from '../../../components/Section';
import { useFormErrors } from '../../../lib/forms';
import { currentPrincipal } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { canChangeSecuritySettings, useSaveIpSetting, useSaveMfaSetting, useSaveProxyLoginSetting, useSystemSettings } from '../api';

type TMfaValidity = TSystemSettings['mfa']['validity'];

/**
 * /user_system_settings (owner, admin): IP restriction, email MFA, support-login permission. A
 * support login sees them read-only (the save routes' policy refuses it; docs/decisions.md).
 */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const settings = useSystemSettings();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={2}>{t('route.system_settings')}</Title>
      <QueryState query={settings}>{(loaded) => <SettingsForms settings={loaded} />}</QueryState>
    </Stack>
  );
}

function SettingsForms({ settings }: { settings: TSystemSettings }) {
  const { t } = useTranslation();
  const readOnly = !canChangeSecuritySettings(currentPrincipal());
  const [ipEnabled, setIpEnabled] = useState(settings.ip_restriction.enabled);
  const [addresses, setAddresses] = useState(settings.ip_restriction.addresses.join('\n'));
  const [mfaEnabled, setMfaEnabled] = useState(settings.mfa.enabled);
  const [validity, setValidity] = useState<TMfaValidity>(settings.mfa.validity);
  const [partnerAllowed, setPartnerAllowed] = useState(settings.proxy_login.partner_allowed);
  const [operatorAllowed, setOperatorAllowed] = useState(settings.proxy_login.operator_allowed);
  const saveIpSetting = useSaveIpSetting();
  const saveMfaSetting = useSaveMfaSetting();
  const saveProxyLoginSetting = useSaveProxyLoginSetting();
  const ipForm = useFormErrors();
  const mfaForm = useFormErrors();
  const proxyForm = useFormErrors();

  /** A save answers all the settings: every card shows what is now stored. */
  function apply(next: TSystemSettings) {
    setIpEnabled(next.ip_restriction.enabled);
    setAddresses(next.ip_restriction.addresses.join('\n'));
    setMfaEnabled(next.mfa.enabled);
    setValidity(next.mfa.validity);
    setPartnerAllowed(next.proxy_login.partner_allowed);
    setOperatorAllowed(next.proxy_login.operator_allowed);
  }

  const lines = addresses.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const currentIncluded = lines.includes(settings.current_ip);

  async function save(form: ReturnType<typeof useFormErrors>, call: () => Promise<TSystemSettings>) {
    form.reset();
    try {
      apply(await call());
      toast(t('settings.saved'), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }

  function saveIp() {
    // Enabling with a list that lacks the saver's own address would lock them out: add it first.
    let text = addresses;
    if (ipEnabled && !currentIncluded && settings.current_ip) {
      text = [...lines, settings.current_ip].join('\n');
      setAddresses(text);
    }
    void save(ipForm, () => saveIpSetting.mutateAsync({ enabled: ipEnabled, addresses: text }));
  }

  return (
    <>
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
          error={errorLines(ipForm.errors['addresses'])}
          styles={{ input: { fontFamily: 'ui-monospace, monospace' } }}
        />
        <Group justify="space-between">
          <Text size="sm">
            {t('settings.current_ip', { ip: settings.current_ip || '—' })}
            {!readOnly && !currentIncluded && settings.current_ip && (
              <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => setAddresses([...lines, settings.current_ip].join('\n'))}>{t('settings.add_current')}</Button>
            )}
          </Text>
          {!readOnly && <Button onClick={saveIp} loading={saveIpSetting.isPending}>{t('settings.save')}</Button>}
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
            onChange={(v) => v && setValidity(v as TMfaValidity)}
            allowDeselect={false}
            disabled={readOnly || !mfaEnabled}
            w={220}
            error={mfaForm.error('validity')}
          />
          {!readOnly && <Button onClick={() => void save(mfaForm, () => saveMfaSetting.mutateAsync({ enabled: mfaEnabled, validity }))} loading={saveMfaSetting.isPending}>{t('settings.save')}</Button>}
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
            <Button onClick={() => void save(proxyForm, () => saveProxyLoginSetting.mutateAsync({ partner_allowed: partnerAllowed, operator_allowed: operatorAllowed }))}
              loading={saveProxyLoginSetting.isPending}>{t('settings.save')}</Button>
          </Group>
        )}
      </Section>
    </>
  );
}
