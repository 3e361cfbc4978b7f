import { useTranslation } from 'react-i18next';
import { MAIN_ID } from '../lib/focus-return';

export { MAIN_ID };

/**
 * Issue 26 (WCAG 2.4.1): the first Tab stop of every page, visible once focused, moves focus past
 * the header and the side menu to the page's content. The target takes focus itself (tabIndex -1),
 * so the next Tab goes on from there; the URL's hash is left alone (the router owns the URL).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="skip-link"
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      {t('common.skip_to_content')}
    </a>
  );
}
