import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Box, Button, Card, Checkbox, Group, Modal, ScrollArea, Stack, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAgreementInfo, TAgreementKind } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { agreedVersions, useAgreementState } from '../../../lib/agreement';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { logout } from '../../../lib/use-session';
import { useAgreementDocument, useGiveAgreement } from '../api';
import { TermsDiff } from './TermsDiff';

/** The kinds with a change the caller has not agreed to, terms first. */
export function pendingKinds(info: TAgreementInfo | undefined): TAgreementKind[] {
  if (!info) return [];
  return [...(info.terms?.pending ? ['terms' as const] : []), ...(info.privacy?.pending && info.privacy.has_text ? ['privacy' as const] : [])];
}

/** One revised document: its current text, and on request what changed since the version the caller agreed to. */
function RevisedDocument({ kind }: { kind: TAgreementKind }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const document = useAgreementDocument(kind);
  const [showDiff, setShowDiff] = useState(false);
  const title = kind === 'terms' ? t('terms.terms_of_use') : t('terms.privacy_policy');
  return (
    <Card withBorder padding="md" data-testid={`revised-${kind}`}>
      <QueryState query={document} isEmpty={(d) => d.current === null} empty={t('terms.none_published')}>
        {(d) => (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Title order={3} size="h4">{title}</Title>
                <Badge variant="light">{t('terms.version_n', { version: d.current!.version })}</Badge>
                {d.current!.change && <Badge variant="light" color={d.current!.change === 'major' ? 'red' : 'gray'}>{t(`terms.change_${d.current!.change}`)}</Badge>}
              </Group>
              {d.current!.published_at && <Text size="sm" c="dimmed">{t('terms.published_on', { date: format.date(d.current!.published_at) })}</Text>}
            </Group>
            {d.agreed && (
              <Button variant="subtle" size="compact-sm" px={4} style={{ alignSelf: 'flex-start' }} onClick={() => setShowDiff((v) => !v)} aria-expanded={showDiff}>
                {showDiff ? t('terms.show_text') : t('terms.show_diff', { version: d.agreed.version })}
              </Button>
            )}
            <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
              {showDiff && d.agreed ? (
                <TermsDiff before={d.agreed.content_html} after={d.current!.content_html} />
              ) : (
                <Typography>
                  {/* Sanitised on the server (service-common rich-text.ts) before it was stored. */}
                  <div data-testid={`revised-${kind}-content`} dangerouslySetInnerHTML={{ __html: d.current!.content_html }} />
                </Typography>
              )}
            </ScrollArea.Autosize>
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

/** The revised documents and the agreement to them (after login; before a start). */
function AgreementForm({ info, onAgreed, onCancel }: { info: TAgreementInfo; onAgreed?: () => void; onCancel?: { label: string; run: () => void } }) {
  const { t } = useTranslation();
  const give = useGiveAgreement();
  const form = useFormErrors();
  const [checked, setChecked] = useState(false);
  const kinds = pendingKinds(info);

  async function agree() {
    form.reset();
    if (!checked) return form.setErrors({ agreed: [t('terms.agree_required')] });
    const versions = agreedVersions(info);
    try {
      // The mutation settles once agreement_info has been read again: the screen closes at once.
      await give.mutateAsync({
        ...(kinds.includes('terms') ? { terms_version: versions.terms_version } : {}),
        ...(kinds.includes('privacy') ? { privacy_version: versions.privacy_version } : {}),
      });
      onAgreed?.();
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={form.message} />
      {kinds.map((kind) => <RevisedDocument key={kind} kind={kind} />)}
      <Checkbox label={t('terms.agree_revised')} checked={checked} onChange={(e) => setChecked(e.currentTarget.checked)} error={form.error('agreed')} />
      <Group justify="space-between" wrap="wrap">
        {onCancel ? <Button variant="default" onClick={onCancel.run}>{onCancel.label}</Button> : <span />}
        <Button onClick={() => void agree()} loading={give.isPending}>{t('terms.agree_and_continue')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Issue 25: after login, a major change to the terms or the privacy policy asks the account to
 * agree before anything else (a support login never agrees on the client's behalf: not shown).
 */
export function AgreementGate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { info } = useAgreementState();
  if (!info.data?.login_required) return null;
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} fullScreen
      title={t('terms.revised_title')} data-testid="agreement-screen"
      // The title lines up with the text column below it.
      styles={{ header: { maxWidth: 912, marginInline: 'auto', width: '100%' }, title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}>
      <Box maw={880} mx="auto">
        <Text size="sm" mb="md">{t('terms.revised_login')}</Text>
        <AgreementForm info={info.data} onCancel={{ label: t('common.logout'), run: () => void logout(queryClient) }} />
      </Box>
    </Modal>
  );
}

/**
 * Issue 25: beside a plan application's or a trial/free start's agreement: a revision the caller
 * has not agreed to yet (a minor one waits for this moment), with the new text and what changed.
 */
export function PendingAgreementNotice() {
  const { t } = useTranslation();
  const { info } = useAgreementState();
  const [open, setOpen] = useState(false);
  if (!info.data || pendingKinds(info.data).length === 0) return null;
  return (
    <>
      <Alert color="yellow" variant="light" title={t('terms.revised_title')} data-testid="pending-agreement">
        <Stack gap={6}>
          <Text size="sm">{t('terms.revised_start')}</Text>
          <Button variant="subtle" size="compact-sm" px={4} style={{ alignSelf: 'flex-start' }} onClick={() => setOpen(true)}>{t('terms.read_revised')}</Button>
        </Stack>
      </Alert>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('terms.revised_title')} size="xl">
        <AgreementForm info={info.data} onAgreed={() => setOpen(false)} onCancel={{ label: t('common.cancel'), run: () => setOpen(false) }} />
      </Modal>
    </>
  );
}
