import { Input, MultiSelect, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { productName } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useClientProducts } from '../api';

interface ProductPickerProps {
  value: string[];
  onChange: (products: string[]) => void;
  error?: string;
  /** Products the account already has: offered too, even if the company's list lacks them (they stay until removed). */
  kept?: readonly string[];
  w?: number | string;
}

/**
 * The products an owner may give an account: those the company holds (GET /v1/client/products),
 * by their display names, never by id. The server refuses any other.
 */
export function ProductPicker({ value, onChange, error, kept = [], w }: ProductPickerProps) {
  const { t } = useTranslation();
  const held = useClientProducts();
  return (
    <QueryState query={held} loading={<Skeleton h={60} w={w} radius="sm" />}>
      {(data) => {
        const ids = [...new Set([...data.products, ...kept])];
        if (!ids.length) {
          return (
            <Input.Wrapper label={t('accounts.services')} w={w} error={error}>
              <Text size="sm" c="dimmed" mt={6}>{t('accounts.no_products')}</Text>
            </Input.Wrapper>
          );
        }
        return (
          <MultiSelect label={t('accounts.services')} data={ids.map((id) => ({ value: id, label: productName(id) }))} value={value}
            onChange={onChange} error={error} w={w} clearable placeholder={value.length ? undefined : t('accounts.products_placeholder')} />
        );
      }}
    </QueryState>
  );
}
