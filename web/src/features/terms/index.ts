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
