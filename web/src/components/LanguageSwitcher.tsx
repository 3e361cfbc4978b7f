import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type TLanguage } from '@portal/proto';
import { switchLanguage } from '../i18n';
import { currentLocale } from '../lib/locale';

/** Offers only the region's languages; hidden when the region has one. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { languages } = currentLocale();
  if (languages.length < 2) return null;
  return (
    <Select
      aria-label={t('common.language')}
      size="xs"
      w={120}
      allowDeselect={false}
      value={i18n.language}
      data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(value) => { if (value) void switchLanguage(value as TLanguage); }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
