import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from '../layouts/layout.module.css';

/** `compact` hides the name on phones, where the header is narrow. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    // Issue 26: named by the product even where only the mark shows (phones).
    <Link to="/" className={classes.brand} aria-label={t('common.product_name')}>
      <Group gap={10} wrap="nowrap">
        <div className={classes.brandMark} aria-hidden>P</div>
        <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }} visibleFrom={compact ? 'sm' : undefined}>{t('common.product_name')}</Text>
      </Group>
    </Link>
  );
}
