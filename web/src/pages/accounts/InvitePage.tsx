import { useState } from 'react';
import { ActionIcon, Button, Card, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVITE_SCREEN_MAX, REGION_PROFILES, ZInviteRequest, type TLanguage } from '@portal/proto';
import { LANGUAGE_NAMES } from '../../components/LanguageSwitcher';
import { FormAlert } from '../../components/FormAlert';
import { apiRequest } from '../../lib/api';
import { useFormErrors, validate } from '../../lib/forms';
import { currentLanguage, currentLocale } from '../../lib/locale';
import { toast } from '../../lib/toast';

interface Row { email: string; name: string; authority: string; products: string[]; language: TLanguage }
const blank = (): Row => ({ email: '', name: '', authority: 'user', products: [], language: currentLanguage() });

/** /user/invite (owner): up to 10 people at once, each with email, account name, authority and products. */
export default function AccountInvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[]>([blank()]);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();
  const products = REGION_PROFILES[currentLocale().region].products.map((p) => ({ value: p, label: p }));
  const languages = currentLocale().languages;

  const update = (index: number, patch: Partial<Row>) => setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  async function submit() {
    form.reset();
    const payload = { users: rows.map((r) => ({ ...r, email: r.email.trim(), name: r.name.trim() })) };
    const checked = validate(ZInviteRequest, payload);
    if (!checked.ok) return form.setErrors(checked.errors);
    setBusy(true);
    try {
      await apiRequest('post', '/user/invite', { payload: checked.data as never });
      toast(t('accounts.invited', { count: rows.length }), 'success');
      navigate('/user/list');
    } catch (error) {
      form.fromError(error);
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={1000}>
      <Title order={2}>{t('route.user_invite')}</Title>
      <Text size="sm" c="dimmed">{t('accounts.invite_help', { max: INVITE_SCREEN_MAX })}</Text>
      <FormAlert message={form.message} />
      {form.error('users') && <FormAlert message={form.error('users')!} />}
      {rows.map((row, i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Group align="flex-start" wrap="wrap" gap="sm">
            <TextInput label={t('accounts.email')} type="email" required value={row.email} onChange={(e) => update(i, { email: e.currentTarget.value })} error={form.error(`users.${i}.email`)} w={260} />
            <TextInput label={t('accounts.name')} required value={row.name} onChange={(e) => update(i, { name: e.currentTarget.value })} error={form.error(`users.${i}.name`)} w={200} />
            <Select label={t('accounts.authority')} data={['owner', 'admin', 'user'].map((a) => ({ value: a, label: t(`accounts.authority_${a}`) }))} value={row.authority} onChange={(v) => v && update(i, { authority: v })} allowDeselect={false} w={150} />
            <MultiSelect label={t('accounts.services')} data={products} value={row.products} onChange={(v) => update(i, { products: v })} w={220} clearable />
            {languages.length > 1 && (
              <Select label={t('accounts.mail_language')} data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} value={row.language}
                onChange={(v) => v && update(i, { language: v as TLanguage })} allowDeselect={false} w={140} />
            )}
            {rows.length > 1 && (
              <ActionIcon variant="subtle" color="red" mt={28} onClick={() => setRows((all) => all.filter((_, j) => j !== i))} aria-label={t('accounts.remove_row')}>✕</ActionIcon>
            )}
          </Group>
        </Card>
      ))}
      <Group justify="space-between">
        <Button variant="default" onClick={() => setRows((all) => [...all, blank()])} disabled={rows.length >= INVITE_SCREEN_MAX}>
          {t('accounts.add_row', { count: rows.length, max: INVITE_SCREEN_MAX })}
        </Button>
        <Button onClick={() => void submit()} loading={busy}>{t('accounts.send_invitations')}</Button>
      </Group>
    </Stack>
  );
}
