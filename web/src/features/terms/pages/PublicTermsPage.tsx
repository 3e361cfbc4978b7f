import { Anchor, Card, Stack, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { usePublicTerms } from '../api';

/**
 * The public terms page (/terms): the current terms of use in the visitor's language (else
 * English, else Japanese), with version and last update, and the privacy policy's link. The HTML
 * was sanitised by the server when it was saved.
 */
export default function PublicTermsPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const terms = usePublicTerms();
  return (
    <Stack gap="md" maw={880} mx="auto" w="100%">
      <Title order={2}>{t('route.terms')}</Title>
      <QueryState query={terms} isEmpty={(data) => data.terms === null} empty={t('terms.none_published')}>
        {(data) => (
          <Card padding="xl">
            <Text size="sm" c="dimmed" mb="md">{t('terms.version_updated', { version: data.terms!.version, date: format.date(data.terms!.updated_at) })}</Text>
            <Typography>
              {/* Sanitised on the server (service-common rich-text.ts) before it was stored. */}
              <div data-testid="terms-content" dangerouslySetInnerHTML={{ __html: data.terms!.content_html }} />
            </Typography>
            {data.privacy_url && <Anchor href={data.privacy_url} target="_blank" rel="noopener noreferrer" mt="lg" display="block">{t('terms.privacy_policy')}</Anchor>}
          </Card>
        )}
      </QueryState>
    </Stack>
  );
}
