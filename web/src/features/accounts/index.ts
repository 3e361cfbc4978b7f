import { lazy } from 'react';

/** The accounts feature's pages (lazy chunks) for the router. */
export const UserListPage = lazy(() => import('./pages/UserListPage'));
export const InviteUsersPage = lazy(() => import('./pages/InviteUsersPage'));
export const InviteCsvPage = lazy(() => import('./pages/InviteCsvPage'));
export const UserEditPage = lazy(() => import('./pages/UserEditPage'));
export const MailUpdatePage = lazy(() => import('./pages/MailUpdatePage'));
export const MailChangeResultPage = lazy(() => import('./pages/MailChangeResultPage'));
