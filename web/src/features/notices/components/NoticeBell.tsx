import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPrincipal } from '@portal/proto';
import { useNewsNum } from '../api';

/** Clients and partners read notices; an operator writes them. */
export const readsNotices = (principal: TPrincipal | null) => principal !== null && principal.context !== 'operator';

/** The header's notices link with the unread count (GET /v1/notice/news_num). */
export function NoticeBell({ principal }: { principal: TPrincipal | null }) {
  const { t } = useTranslation();
  const enabled = readsNotices(principal);
  const count = useNewsNum(enabled).data?.news_num ?? 0;
  if (!enabled) return null;
  const label = count > 0 ? t('notices.unread_count', { count }) : t('notices.bell');
  return (
    <Tooltip label={label}>
      <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} color="red" offset={4} data-testid="notice-badge">
        <ActionIcon component={Link} to="/notice/list" variant="subtle" size="lg" aria-label={label}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
            <path d="M13.73 21a2 2 0 0 1-3.46 0" />
          </svg>
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

/** The side menu's count beside "Notices". */
export function NoticeMenuCount({ principal }: { principal: TPrincipal | null }) {
  const { t } = useTranslation();
  const enabled = readsNotices(principal);
  const count = useNewsNum(enabled).data?.news_num ?? 0;
  if (!enabled || count === 0) return null;
  return <Indicator inline label={count > 99 ? '99+' : count} size={18} color="red" aria-label={t('notices.unread_count', { count })} position="middle-center" />;
}
