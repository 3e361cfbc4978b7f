import { Suspense, createElement, lazy } from 'react';
import type { TPrincipal } from '@portal/proto';

/** Issue 12, slice B: notices (lazy pages), and the header's and menu's unread count. */
export const NoticeListPage = lazy(() => import('./pages/NoticeListPage'));
export const OperatorNoticesPage = lazy(() => import('./pages/OperatorNoticesPage'));

const LazyNoticeBell = lazy(() => import('./components/NoticeBell').then((m) => ({ default: m.NoticeBell })));
const LazyNoticeMenuCount = lazy(() => import('./components/NoticeBell').then((m) => ({ default: m.NoticeMenuCount })));

/**
 * The unread count in the header and beside "Notices" in the menu. Their own small chunk (with the
 * notice contracts), so that the entry, which imports this index through the router, carries none
 * of it; nothing shows until it has arrived.
 */
export function NoticeBell(props: { principal: TPrincipal | null }) {
  return createElement(Suspense, { fallback: null }, createElement(LazyNoticeBell, props));
}
export function NoticeMenuCount(props: { principal: TPrincipal | null }) {
  return createElement(Suspense, { fallback: null }, createElement(LazyNoticeMenuCount, props));
}
