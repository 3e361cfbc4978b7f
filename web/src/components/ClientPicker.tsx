import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LICENCE_ROUTES, type TRegion } from '@portal/proto';
import { routeQuery } from '../lib/api-query';

/** Clients whose company name matches `q` (operators see every region's; partners their own). */
function useClientSearch(q: string, enabled: boolean) {
  return useQuery({
    ...routeQuery(LICENCE_ROUTES.clientList, { q: q || undefined, per_page: 20, page: 1, sort: 'company_name', order: 'asc' }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

interface Props {
  region: TRegion;
  value: string;
  /** The chosen client's name when the form opens (an existing one-client notice). */
  initialName?: string;
  /** The chosen client's UUID and company name (empty when cleared). */
  onChange: (uuid: string, name: string) => void;
  disabled?: boolean;
  error?: string | null;
  /** The field's label and help (a one-client notice's by default). */
  label?: string;
  description?: string;
}

/**
 * One client, searched by company name in the operator's client list, of one region (a one-client
 * notice's: notices live in the host region's shard; a bank payment method's: Japan). The list
 * shows names; the UUID is what the form sends.
 */
export function ClientPicker({ region, value, initialName, onChange, disabled, error, label, description }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(initialName ?? '');
  const [q] = useDebouncedValue(search.trim(), 250);
  const list = useClientSearch(q, !disabled);
  const rows = (list.data?.clients ?? []).filter((c) => c.region === region);
  const data = rows.map((c) => ({ value: c.uuid, label: c.company_name }));
  if (value && !data.some((d) => d.value === value) && initialName) data.unshift({ value, label: initialName });
  return (
    <Select
      label={label ?? t('clients.picker_label')}
      description={description ?? t('clients.picker_help')}
      placeholder={t('clients.picker_placeholder')}
      required
      searchable
      disabled={disabled}
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v, option) => onChange(v ?? '', option?.label ?? '')}
      nothingFoundMessage={list.isFetching ? t('clients.picker_searching') : t('clients.picker_none')}
      error={error}
      filter={({ options }) => options}
    />
  );
}
