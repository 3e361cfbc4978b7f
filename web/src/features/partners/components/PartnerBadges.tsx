import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPartnerRow } from '@portal/proto';
import { REVIEW_COLOR, REVIEW_LABEL, STATUS_COLOR, STATUS_LABEL } from './labels';

/** The partner's status, and its review state while it is not approved (a sub-partner awaiting the operator). */
export function PartnerBadges({ row }: { row: Pick<TPartnerRow, 'status' | 'review_state'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {row.review_state === 'approved'
        ? <Badge color={STATUS_COLOR[row.status]} variant="light">{t(STATUS_LABEL[row.status])}</Badge>
        : <Badge color={REVIEW_COLOR[row.review_state]} variant="light">{t(REVIEW_LABEL[row.review_state])}</Badge>}
    </Group>
  );
}

/** Primary partner, or the sub-partner of its primary partner. */
export function partnerKind(t: (key: string, options?: Record<string, string>) => string, row: Pick<TPartnerRow, 'is_primary' | 'parent_name'>): string {
  if (row.is_primary) return t('partners.kind_primary');
  return row.parent_name ? t('partners.kind_sub_of', { parent: row.parent_name }) : t('partners.kind_partner');
}
