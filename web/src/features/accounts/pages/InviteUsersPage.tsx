import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVITE_SCREEN_MAX, LANGUAGE_NAMES, ZInviteRequest, type TLanguage } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { useFormErrors, validate } from '../../../lib/forms';
import { currentLanguage, currentLocale } from '../../../lib/locale';
import { toast } from '../../../lib/toast';
import { useInviteUsers } from '../api';
import { grantableAuthorities, inSupportSession } from '../authority';
import { ProductPicker } from '../components/ProductPicker';

interface Row { email: string; family_name: string; given_name: string; authority: string; products: string[]; language: TLanguage }
const blank = (): Row => ({ email: '', family_name: '', given_name: '', authority: 'user', products: [], language: currentLanguage() });

/**
 * /user/invite (owner): invite up to 10 people at once, each with email, family and given name (in
 * the region's order), authority, products the company holds and the language of their mail.
 */
export default function InviteUsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[]>([blank()]);
  const inviteUsers = useInviteUsers();
  const form = useFormErrors();
  const languages = currentLocale().languages;
  // A support session invites users only (the server refuses the rest).
  const [support] = useState(inSupportSession);

  const update = (index: number, patch: Partial<Row>) => setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  async function submit() {
    form.reset();
    const payload = { users: rows.map((r) => ({ ...r, email: r.email.trim() })) };
    const checked = validate(ZInviteRequest, payload);
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await inviteUsers.mutateAsync(checked.data);
      toast(t('accounts.invited', { count: rows.length }), 'success');
      navigate('/user/list');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md" maw={1000}>
      <Title order={2}>{t('route.user_invite')}</Title>
      <Text size="sm" c="dimmed">{t('accounts.invite_help', { max: INVITE_SCREEN_MAX })}</Text>
      <FormAlert message={form.message} />
      {form.error('users') && <FormAlert message={form.error('users')!} />}
      {support && <Text size="sm" c="dimmed">{t('support_limits.user_level_only')}</Text>}
      {rows.map((row, i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text size="sm" fw={600}>{t('accounts.person', { number: i + 1 })}</Text>
            {rows.length > 1 && (
              <ActionIcon variant="subtle" color="red" onClick={() => setRows((all) => all.filter((_, j) => j !== i))} aria-label={t('accounts.remove_row')}>✕</ActionIcon>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={t('accounts.email')} type="email" required value={row.email} onChange={(e) => update(i, { email: e.currentTarget.value })} error={form.error(`users.${i}.email`)} />
            <PersonNameFields value={row} onChange={(patch) => update(i, patch)} error={(field) => form.error(`users.${i}.${field}`)} />
            <Select label={t('accounts.authority')} data={grantableAuthorities(support).map((a) => ({ value: a, label: t(`accounts.authority_${a}`) }))} value={row.authority} onChange={(v) => v && update(i, { authority: v })} allowDeselect={false} />
            <ProductPicker value={row.products} onChange={(products) => update(i, { products })} error={form.error(`users.${i}.products`)} />
            {languages.length > 1 && (
              <Select label={t('accounts.mail_language')} data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} value={row.language}
                onChange={(v) => v && update(i, { language: v as TLanguage })} allowDeselect={false} />
            )}
          </SimpleGrid>
        </Card>
      ))}
      <Group justify="space-between">
        <Button variant="default" onClick={() => setRows((all) => [...all, blank()])} disabled={rows.length >= INVITE_SCREEN_MAX}>
          {t('accounts.add_row', { count: rows.length, max: INVITE_SCREEN_MAX })}
        </Button>
        <Button onClick={() => void submit()} loading={inviteUsers.isPending}>{t('accounts.send_invitations')}</Button>
      </Group>
    </Stack>
  );
}
