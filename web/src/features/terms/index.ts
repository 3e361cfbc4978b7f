import { Suspense, createElement, lazy } from 'react';

/** Terms of use: the operator's screens and the public terms page (lazy chunks). */
export const TermsPage = lazy(() => import('./pages/TermsPage'));
export const TermsUrlsPage = lazy(() => import('./pages/TermsUrlsPage'));
export const PublicTermsPage = lazy(() => import('./pages/PublicTermsPage'));

const LazyAgreementLinks = lazy(() => import('./components/AgreementLinks').then((m) => ({ default: m.AgreementLinks })));

/**
 * The links to the current terms and the privacy policy beside agreement checkboxes (login,
 * invitation, sign-up). Its own small chunk, so that the entry (which imports this index through
 * the router) carries none of it; nothing shows until it has arrived.
 */
export function AgreementLinks() {
  return createElement(Suspense, { fallback: null }, createElement(LazyAgreementLinks));
}

const LazyAgreementGate = lazy(() => import('./components/AgreementScreen').then((m) => ({ default: m.AgreementGate })));
const LazyPendingAgreementNotice = lazy(() => import('./components/AgreementScreen').then((m) => ({ default: m.PendingAgreementNotice })));

/**
 * Issue 25: the agreement screen after login when a major revision of the terms or the privacy
 * policy is pending (in the client area, not in a support login). Its own lazy chunk.
 */
export function AgreementGate() {
  return createElement(Suspense, { fallback: null }, createElement(LazyAgreementGate));
}

/** Issue 25: the revision notice beside a plan application's or a trial/free start's agreement. */
export function PendingAgreementNotice() {
  return createElement(Suspense, { fallback: null }, createElement(LazyPendingAgreementNotice));
}
