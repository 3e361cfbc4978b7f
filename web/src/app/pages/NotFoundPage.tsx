import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/StatusPage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage code="404" title={t('errors.not_found_title')} text={t('errors.not_found_text')} />;
}
