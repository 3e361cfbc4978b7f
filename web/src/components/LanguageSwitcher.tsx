import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type TLanguage } from '@portal/proto';
import { switchLanguage } from '../i18n';
import { currentLocale } from '../lib/locale';

/**
 * Offers only the region's languages; hidden when the region has one. A native select: the
 * platform's own picker (on phones too), and no Combobox and floating-ui in the layouts' chunks
 * (docs/decisions.md, "Hardening: static assets").
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { languages } = currentLocale();
  if (languages.length < 2) return null;
  return (
    <NativeSelect
      aria-label={t('common.language')}
      size="xs"
      w={120}
      value={i18n.language}
      data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(event) => { void switchLanguage(event.currentTarget.value as TLanguage); }}
    />
  );
}
