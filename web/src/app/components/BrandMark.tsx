import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import classes from '../layouts/layout.module.css';

/**
 * `compact` hides the name on phones, where the header is narrow: visually only, so that the
 * link keeps its name for screen readers (issue 26, link-name), with no aria-label that would
 * differ from the visible text on desktop.
 */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={classes.brand}>
      <Group gap={10} wrap="nowrap">
        <div className={classes.brandMark} aria-hidden>P</div>
        <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }} className={compact ? classes.brandNameCompact : undefined}>{t('common.product_name')}</Text>
      </Group>
    </Link>
  );
}
