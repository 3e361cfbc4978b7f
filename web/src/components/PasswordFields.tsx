import { useState } from 'react';
import { Button, CopyButton, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordKinds } from '@portal/proto';
import { generatePassword } from '../lib/password';

/**
 * Languages whose input methods type full-width letters, where "half-width characters only" is a
 * rule people know (Japanese 半角, Chinese 半角/半形). Elsewhere the same rule (printable ASCII)
 * shows only once a password breaks it, worded without the term.
 */
const HALF_WIDTH_LANGUAGES: readonly string[] = ['ja-jp', 'zh-cn', 'zh-tw'];

/**
 * New password and confirmation with the rules of spec §5 shown live, and the generator of
 * spec §9 (no look-alike characters).
 */
export function PasswordFields({ password, confirm, onChange, errors }: {
  password: string;
  confirm: string;
  onChange: (password: string, confirm: string) => void;
  errors: { password?: string; password_confirm?: string };
}) {
  const { t, i18n } = useTranslation();
  const [generated, setGenerated] = useState('');
  const length = password.length >= 8 && password.length <= 32;
  const kinds = passwordKinds(password) >= 2;
  const halfWidth = /^[\x21-\x7e]*$/.test(password);
  const matches = password.length > 0 && password === confirm;
  const rule = (ok: boolean, label: string, broken = false) => (
    <List.Item><Text size="xs" c={ok ? 'teal' : broken ? 'red' : 'dimmed'}>{ok ? '✓ ' : '• '}{label}</Text></List.Item>
  );
  // Where "half-width" is no term people use, the rule shows only once it is broken (in red).
  const halfWidthListed = HALF_WIDTH_LANGUAGES.includes(i18n.language);
  return (
    <Stack gap="xs">
      <PasswordInput
        label={t('id.new_password')}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => onChange(e.currentTarget.value, confirm)}
        error={errors.password}
      />
      <List spacing={2} size="xs" listStyleType="none">
        {rule(length, t('id.rule_length'))}
        {rule(kinds, t('id.rule_kinds'))}
        {(halfWidthListed || !halfWidth) && rule(halfWidth && password.length > 0, t('id.rule_half_width'), !halfWidth)}
        {rule(matches, t('id.rule_match_ok'))}
      </List>
      <PasswordInput
        label={t('id.confirm_password')}
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => onChange(password, e.currentTarget.value)}
        error={errors.password_confirm ?? (confirm && !matches ? t('id.rule_match') : undefined)}
      />
      <Button variant="light" size="xs" w="fit-content" onClick={() => { const p = generatePassword(); setGenerated(p); onChange(p, p); }}>
        {t('id.generate')}
      </Button>
      {generated && generated === password && (
        <TextInput
          label={t('id.generated_password')}
          description={t('id.generated_password_help')}
          readOnly
          value={generated}
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: 'ui-monospace, monospace', letterSpacing: '0.05em' } }}
          rightSectionWidth={96}
          rightSection={(
            <CopyButton value={generated}>
              {({ copied, copy }) => (
                <Button variant="subtle" size="compact-xs" color={copied ? 'teal' : undefined} onClick={copy}>{copied ? t('id.copied') : t('id.copy')}</Button>
              )}
            </CopyButton>
          )}
        />
      )}
    </Stack>
  );
}
