import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicTerms } from '../api';

/**
 * Links to the current terms of use (the public terms page, in a new tab) and the privacy policy
 * (its installed URL), beside the agreement checkboxes of login, invitation and sign-up.
 */
export function AgreementLinks({ terms = true }: { terms?: boolean }) {
  const { t } = useTranslation();
  const current = usePublicTerms();
  const privacyUrl = current.data?.privacy_url;
  return (
    <Group gap="md">
      <Text size="sm" c="dimmed">{t('terms.read_before_agreeing')}</Text>
      {terms && <Anchor href="/terms" target="_blank" rel="noopener noreferrer" size="sm">{t('terms.terms_of_use')}</Anchor>}
      {privacyUrl && <Anchor href={privacyUrl} target="_blank" rel="noopener noreferrer" size="sm">{t('terms.privacy_policy')}</Anchor>}
    </Group>
  );
}
