import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { productName } from '@portal/proto';

/**
 * Issue 22: what a package plan (or a package contract) gives a licence for: "Includes BowNow,
 * IZANAI, BlueMonkey". Nothing for a product's own plan (no grants). A block-level span, so that it
 * may sit inside a radio's description (a paragraph).
 */
export function PackageGrants({ grants, ...props }: { grants: readonly string[] } & TextProps) {
  const { t } = useTranslation();
  if (grants.length === 0) return null;
  return (
    <Text component="span" display="block" size="xs" c="dimmed" data-testid="package-grants" {...props}>
      {t('plans.includes', { products: grants.map(productName).join(', ') })}
    </Text>
  );
}
