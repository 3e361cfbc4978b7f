import { lazy } from 'react';

/** The auth feature's pages (lazy chunks) for the router: everything that gets a visitor in. */
export const LoginPage = lazy(() => import('./pages/LoginPage'));
export const PasswordResetRequestPage = lazy(() => import('./pages/PasswordResetRequestPage'));
export const PasswordResetPage = lazy(() => import('./pages/PasswordResetPage'));
export const SignupFormPage = lazy(() => import('./pages/SignupFormPage'));
export const SignupDonePage = lazy(() => import('./pages/SignupDonePage'));
export const SignupPage = lazy(() => import('./pages/SignupPage'));
export const AcceptInvitationPage = lazy(() => import('./pages/AcceptInvitationPage'));
export const ProxyLoginPage = lazy(() => import('./pages/ProxyLoginPage'));
export const ServiceLoginPage = lazy(() => import('./pages/ServiceLoginPage'));
export const LoginHandoffPage = lazy(() => import('./pages/LoginHandoffPage'));
