import { lazy } from 'react';

/** Issue 12, slice B: notices (lazy pages), and the header's and menu's unread count. */
export const NoticeListPage = lazy(() => import('./pages/NoticeListPage'));
export const OperatorNoticesPage = lazy(() => import('./pages/OperatorNoticesPage'));
export { NoticeBell, NoticeMenuCount } from './components/NoticeBell';
