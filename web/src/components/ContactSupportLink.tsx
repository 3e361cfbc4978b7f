import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Where a message tells the user to contact support: the inquiry form (client area). Shared, not
 * exported from features/inquiries: that index is in the entry chunk, and a component there would
 * pull its Mantine parts into the first load.
 */
export function ContactSupportLink() {
  const { t } = useTranslation();
  return <Anchor component={Link} to="/user_inquiry" size="sm">{t('inquiries.contact_support')}</Anchor>;
}
