import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TRegion } from '@portal/proto';
import { useClientSearch } from '../api';

interface Props {
  region: TRegion;
  value: string;
  /** The chosen client's name when the form opens (an existing one-client notice). */
  initialName?: string;
  onChange: (uuid: string) => void;
  disabled?: boolean;
  error?: string | null;
}

/**
 * A one-client notice's client, searched by company name in the operator's client list (the
 * notice's region only: notices live in the host region's shard). The list shows names; the
 * UUID is what the form sends.
 */
export function ClientPicker({ region, value, initialName, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(initialName ?? '');
  const [q] = useDebouncedValue(search.trim(), 250);
  const list = useClientSearch(q, !disabled);
  const rows = (list.data?.clients ?? []).filter((c) => c.region === region);
  const data = rows.map((c) => ({ value: c.uuid, label: c.company_name }));
  if (value && !data.some((d) => d.value === value) && initialName) data.unshift({ value, label: initialName });
  return (
    <Select
      label={t('notices.client')}
      description={t('notices.client_help')}
      placeholder={t('notices.client_placeholder')}
      required
      searchable
      disabled={disabled}
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v) => onChange(v ?? '')}
      nothingFoundMessage={list.isFetching ? t('notices.client_searching') : t('notices.client_none')}
      error={error}
      filter={({ options }) => options}
    />
  );
}
