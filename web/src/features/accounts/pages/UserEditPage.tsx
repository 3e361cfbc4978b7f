import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Radio, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, ZAccountUpdate, type TAuthority } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useAccount, useUpdateAccount, type TAccount } from '../api';
import { AUTHORITIES, grantableAuthorities, inSupportSession, reservedForOwners } from '../authority';
import { ProductPicker } from '../components/ProductPicker';
import { SupportMark } from '../components/SupportMark';

interface Draft { family_name: string; given_name: string; authority: TAuthority; products: string[]; email: string }

const STATUS_COLOR: Record<string, string> = { modifymail: 'grape', active: 'teal' };

/**
 * /user/update?uuid=… (owner): name, authority, available products and email. Changing the
 * authority asks for confirmation (product availability may be removed); a new email is only
 * used once its owner opens the link mailed to it (spec §4).
 */
export default function UserEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const account = useAccount(params.get('uuid') ?? '');
  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between">
        <Title order={2}>{t('route.user_update')}</Title>
        {account.data && (
          <Badge variant="light" color={STATUS_COLOR[account.data.status] ?? 'gray'}>{t(`accounts.status_${account.data.status}`)}</Badge>
        )}
      </Group>
      <QueryState query={account} loading={<Skeleton h={320} radius="md" />}>
        {(loaded) => <AccountForm key={loaded.uuid} account={loaded} />}
      </QueryState>
      {!account.data && <Button component={Link} to="/user/list" variant="default" w="fit-content">{t('csv.to_list')}</Button>}
    </Stack>
  );
}

function AccountForm({ account }: { account: TAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>({
    family_name: account.family_name, given_name: account.given_name, authority: account.authority ?? 'user', products: account.products,
    email: account.pending_email ?? account.email,
  });
  const [confirming, setConfirming] = useState(false);
  const updateAccount = useUpdateAccount();
  const form = useFormErrors();
  // A support session works at the user level: no admin's or owner's account, no authority or email change (the server refuses them).
  const [support] = useState(inSupportSession);
  const reserved = reservedForOwners(support, account.authority);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit() {
    form.reset();
    const checked = validate(ZAccountUpdate, { uuid: account.uuid, ...draft, email: draft.email.trim() });
    if (!checked.ok) return form.setErrors(checked.errors);
    if (draft.authority !== account.authority && !confirming) return setConfirming(true);
    setConfirming(false);
    try {
      const saved = await updateAccount.mutateAsync(checked.data);
      toast(saved.pending_email && saved.pending_email !== account.pending_email ? t('accounts.edit_mail_sent', { email: saved.pending_email }) : t('accounts.edit_saved'), 'success');
      navigate('/user/list');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <>
      <FormAlert message={form.message} />
      {reserved && (
        <Alert color="orange" variant="light" title={t('support_limits.reserved_title')}>{t('support_limits.user_level_only')}</Alert>
      )}
      <SupportMark account={account} detailed />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <PersonNameFields value={draft} onChange={set} error={form.error} />
          </SimpleGrid>
          <TextInput label={t('accounts.email')} type="email" required value={draft.email} onChange={(e) => set({ email: e.currentTarget.value })}
            error={form.error('email')} description={t(support ? 'support_limits.email_reserved' : 'accounts.edit_email_help')}
            readOnly={support} variant={support ? 'filled' : 'default'} />
          {account.pending_email && (
            <Alert color="grape" variant="light" title={t('accounts.edit_pending_title')}>
              {t('accounts.edit_pending_text', { email: account.pending_email, current: account.email })}
            </Alert>
          )}
          <TextInput label={t('common.language')} value={LANGUAGE_NAMES[account.language]} readOnly variant="filled" description={t('accounts.edit_language_help')} styles={{ input: { maxWidth: 280 } }} />
          <Radio.Group label={t('accounts.authority')} value={draft.authority} onChange={(v) => set({ authority: v as TAuthority })} error={form.error('authority')}>
            <Group gap="lg" mt={6}>
              {(reserved ? AUTHORITIES : grantableAuthorities(support)).map((a) => <Radio key={a} value={a} label={t(`accounts.authority_${a}`)} disabled={reserved} />)}
            </Group>
          </Radio.Group>
          <ProductPicker value={draft.products} onChange={(products) => set({ products })} kept={account.products} error={form.error('products')} />
        </Stack>
      </Card>
      <Group justify="space-between">
        <Button component={Link} to="/user/list" variant="default">{t('common.cancel')}</Button>
        <Button onClick={() => void submit()} loading={updateAccount.isPending} disabled={reserved}>{t('common.save')}</Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} centered title={t('accounts.authority_change_title')}>
        <Stack>
          <Text size="sm">{t('accounts.authority_change_warning', {
            before: t(`accounts.authority_${account.authority ?? 'user'}`), after: t(`accounts.authority_${draft.authority}`),
          })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            <Button color="orange" onClick={() => void submit()}>{t('accounts.authority_change_confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
