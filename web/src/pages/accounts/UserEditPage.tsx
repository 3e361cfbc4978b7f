import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, MultiSelect, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REGION_PROFILES, ZAccountDetail, ZAccountUpdate, type TAuthority } from '@portal/proto';
import type { z } from 'zod';
import { FormAlert } from '../../components/FormAlert';
import { LANGUAGE_NAMES } from '../../components/LanguageSwitcher';
import { apiCall } from '../../lib/api';
import { useFormErrors, validate } from '../../lib/forms';
import { currentLocale } from '../../lib/locale';
import { toast } from '../../lib/toast';

type TAccount = z.infer<typeof ZAccountDetail>;
interface Draft { family_name: string; given_name: string; authority: TAuthority; products: string[]; email: string }

/**
 * /user/update?uuid=… (owner): name, authority, available products and email. Changing the
 * authority asks for confirmation (product availability may be removed); a new email is only
 * used once its owner opens the link mailed to it (spec §4).
 */
export default function UserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const uuid = params.get('uuid') ?? '';
  const [account, setAccount] = useState<TAccount | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();
  const regionProducts = REGION_PROFILES[currentLocale().region].products as readonly string[];

  useEffect(() => {
    apiCall('get', '/user', ZAccountDetail, { payload: { uuid }, quiet: true }).then((a) => {
      setAccount(a);
      setDraft({ family_name: a.family_name, given_name: a.given_name, authority: a.authority ?? 'user', products: a.products, email: a.pending_email ?? a.email });
    }, (error) => form.fromError(error));
  }, [uuid]);

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  function submit() {
    if (!account || !draft) return;
    form.reset();
    const checked = validate(ZAccountUpdate, { uuid, ...draft, email: draft.email.trim() });
    if (!checked.ok) return form.setErrors(checked.errors);
    if (draft.authority !== account.authority && !confirming) return setConfirming(true);
    setConfirming(false);
    setBusy(true);
    apiCall('put', '/user', ZAccountDetail, { payload: checked.data as never, quiet: true }).then((saved) => {
      toast(saved.pending_email && saved.pending_email !== account.pending_email ? t('accounts.edit_mail_sent', { email: saved.pending_email }) : t('accounts.edit_saved'), 'success');
      navigate('/user/list');
    }, (error) => {
      form.fromError(error);
      setBusy(false);
    });
  }

  if (!account || !draft) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={2}>{t('route.user_update')}</Title>
        {form.message ? <FormAlert message={form.message} /> : <Skeleton h={320} radius="md" />}
        <Button component={Link} to="/user/list" variant="default" w="fit-content">{t('csv.to_list')}</Button>
      </Stack>
    );
  }

  const products = [...new Set([...regionProducts, ...account.products])].map((p) => ({ value: p, label: p }));
  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between">
        <Title order={2}>{t('route.user_update')}</Title>
        <Badge variant="light" color={account.status === 'modifymail' ? 'grape' : account.status === 'active' ? 'teal' : 'gray'}>{t(`accounts.status_${account.status}`)}</Badge>
      </Group>
      <FormAlert message={form.message} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput label={t('id.family_name')} required value={draft.family_name} onChange={(e) => set({ family_name: e.currentTarget.value })} error={form.error('family_name')} />
            <TextInput label={t('id.given_name')} value={draft.given_name} onChange={(e) => set({ given_name: e.currentTarget.value })} error={form.error('given_name')} />
          </Group>
          <TextInput label={t('accounts.email')} type="email" required value={draft.email} onChange={(e) => set({ email: e.currentTarget.value })}
            error={form.error('email')} description={t('accounts.edit_email_help')} />
          {account.pending_email && (
            <Alert color="grape" variant="light" title={t('accounts.edit_pending_title')}>
              {t('accounts.edit_pending_text', { email: account.pending_email, current: account.email })}
            </Alert>
          )}
          <TextInput label={t('common.language')} value={LANGUAGE_NAMES[account.language]} readOnly variant="filled" description={t('accounts.edit_language_help')} styles={{ input: { maxWidth: 280 } }} />
          <Radio.Group label={t('accounts.authority')} value={draft.authority} onChange={(v) => set({ authority: v as TAuthority })} error={form.error('authority')}>
            <Group gap="lg" mt={6}>
              {(['owner', 'admin', 'user'] as const).map((a) => <Radio key={a} value={a} label={t(`accounts.authority_${a}`)} />)}
            </Group>
          </Radio.Group>
          <MultiSelect label={t('accounts.services')} data={products} value={draft.products} onChange={(v) => set({ products: v })} clearable error={form.error('products')} />
        </Stack>
      </Card>
      <Group justify="space-between">
        <Button component={Link} to="/user/list" variant="default">{t('common.cancel')}</Button>
        <Button onClick={submit} loading={busy}>{t('common.save')}</Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} centered title={t('accounts.authority_change_title')}>
        <Stack>
          <Text size="sm">{t('accounts.authority_change_warning', {
            before: t(`accounts.authority_${account.authority ?? 'user'}`), after: t(`accounts.authority_${draft.authority}`),
          })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            <Button color="orange" onClick={submit}>{t('accounts.authority_change_confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
