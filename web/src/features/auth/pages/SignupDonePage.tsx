import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/StatusPage';

/** /temporalyregisterdone: the link was mailed; check the spam folder too. */
export default function SignupDonePage() {
  const { t } = useTranslation();
  return <StatusPage code="✉" title={t('id.signup_sent_title')} text={t('id.signup_sent_text')} action={false} />;
}
