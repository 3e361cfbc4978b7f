import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../components/StatusPage';

export type TErrorCode = '403' | '404' | '500';

const KEYS: Record<TErrorCode, { title: string; text: string }> = {
  '403': { title: 'errors.forbidden_title', text: 'errors.forbidden_text' },
  '404': { title: 'errors.not_found_title', text: 'errors.not_found_text' },
  '500': { title: 'errors.server_error_title', text: 'errors.server_error_text' },
};

/** /500 and the hash error pages /#/403, /#/404, /#/500 (spec §8). */
export default function ErrorPage({ code }: { code: TErrorCode }) {
  const { t } = useTranslation();
  return <StatusPage code={code} title={t(KEYS[code].title)} text={t(KEYS[code].text)} />;
}
